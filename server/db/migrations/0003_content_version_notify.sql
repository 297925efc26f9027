-- Every change of the content version is announced on the channel 'content_version', so that
-- every process drops its response caches at once (server/db/version.ts).
CREATE OR REPLACE FUNCTION notify_content_version() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('content_version', NEW.version::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS content_version_notify ON content_version;
--> statement-breakpoint
CREATE TRIGGER content_version_notify AFTER INSERT OR UPDATE OF version ON content_version
  FOR EACH ROW EXECUTE FUNCTION notify_content_version();

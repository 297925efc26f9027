-- The console's counts read indexes instead of every enquiry (npm run bench:scale).
-- The dashboard's counts by status, source and assignment, and the inbox's "not counting spam",
-- read one narrow index (an index-only scan once the table is vacuumed: on PGlite by the daily
-- upkeep, server/db/upkeep.ts; on PostgreSQL by autovacuum); the twelve months' counts read the
-- time and status from the index on the time received. enquiries_status_idx (migration 0008) was
-- the same index as enquiries_status_created_idx (migration 0031): it goes.
DROP INDEX IF EXISTS "enquiries_status_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enquiries_counts_idx" ON "enquiries" USING btree ("status", "source", "assigned_to");
--> statement-breakpoint
DROP INDEX IF EXISTS "enquiries_created_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enquiries_created_idx" ON "enquiries" USING btree ("created_at", "status");

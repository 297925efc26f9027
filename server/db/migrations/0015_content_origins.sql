-- The content files never undo or duplicate a console change. Each item made from a content file
-- remembers which file (its origin: the collection and the file's slug, "safaris/old-name"), so a
-- start or a deliberate re-import finds it again after staff renamed it; an item deleted in the
-- console leaves a tombstone, so its file does not bring it back (server/content/store.ts,
-- importContentFiles).
ALTER TABLE "content_items" ADD COLUMN "origin" text;
--> statement-breakpoint
-- The origin of an existing item: the address of its first revision, when that was an import.
UPDATE "content_items" i SET "origin" = i."collection" || '/' || f."slug"
FROM (SELECT DISTINCT ON ("item_id") "item_id", "slug", "action" FROM "content_revisions" WHERE "item_id" IS NOT NULL ORDER BY "item_id", "id") f
WHERE f."item_id" = i."id" AND f."action" = 'import';
--> statement-breakpoint
-- Before this, a start imported the file of a renamed item a second time, as a new item at the old
-- address. Such a copy that nobody changed since (published, only ever written by imports) goes;
-- the renamed item keeps the file's origin and the redirect from the old address works again.
DELETE FROM "content_items" d USING "content_items" k
WHERE d."origin" = k."origin" AND d."id" > k."id" AND d."seed_hash" IS NOT NULL AND d."status" = 'published'
  AND NOT EXISTS (SELECT 1 FROM "content_revisions" r WHERE r."item_id" = d."id" AND r."action" <> 'import');
--> statement-breakpoint
-- A copy staff changed since is theirs: it stays, as an item of the console (no origin).
UPDATE "content_items" d SET "origin" = NULL FROM "content_items" k WHERE d."origin" = k."origin" AND d."id" > k."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_origin_idx" ON "content_items" ("origin");
--> statement-breakpoint
-- Items deleted in the console: the origin of each (its file's collection and slug; for an item
-- made in the console, its address when deleted), so the content files never bring it back.
CREATE TABLE "content_tombstones" (
	"origin" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" integer REFERENCES "staff"("id") ON DELETE set null
);
--> statement-breakpoint
-- Deletions made before this migration: their deletion revision names the address the item had.
INSERT INTO "content_tombstones" ("origin", "slug", "deleted_at", "deleted_by")
SELECT DISTINCT ON ("collection", "slug") "collection" || '/' || "slug", "slug", "saved_at", "saved_by"
FROM "content_revisions" WHERE "action" = 'delete' ORDER BY "collection", "slug", "saved_at" DESC
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A state chosen in the console (unpublished, scheduled) was not marked as a console change
-- before: an imported item is published, so one that is not was changed by staff.
UPDATE "content_items" SET "seed_hash" = NULL WHERE "status" <> 'published';

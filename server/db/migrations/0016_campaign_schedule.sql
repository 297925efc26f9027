-- A campaign can be scheduled: a draft with a time to be sent at (entered in the operator's time
-- zone, stored as an instant). Every process looks for due drafts; the change draft → sending is
-- still the one guard, so a scheduled campaign is sent once (server/newsletter/scheduled-send.ts).
ALTER TABLE "newsletter_campaigns" ADD COLUMN "scheduled_for" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "scheduled_by" integer;
--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_scheduled_by_staff_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_scheduled_idx" ON "newsletter_campaigns" USING btree (scheduled_for) WHERE status = 'draft' and scheduled_for is not null;

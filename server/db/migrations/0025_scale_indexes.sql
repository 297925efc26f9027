-- The inbox and the dashboard with many enquiries (npm run bench:scale): a filter by status lists
-- its newest first from this index instead of reading every enquiry, and counts by status
-- (the inbox's total, the dashboard's figures) read the index alone.
CREATE INDEX IF NOT EXISTS "enquiries_status_created_idx" ON "enquiries" USING btree ("status", "created_at");

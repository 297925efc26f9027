-- Spent form tokens (server/spam/form-token.ts): the id of an accepted token is inserted in the
-- submission's transaction, so a second use conflicts; rows are pruned after the token expired.
CREATE TABLE "form_tokens_used" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_tokens_used_expires_idx" ON "form_tokens_used" USING btree ("expires_at");
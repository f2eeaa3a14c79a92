CREATE TABLE "sign_in_backoff" (
	"email_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_backoff_last_failed_at_idx" ON "sign_in_backoff" USING btree ("last_failed_at");
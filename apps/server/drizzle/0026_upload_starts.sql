CREATE TABLE "upload_starts" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upload_starts" ADD CONSTRAINT "upload_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_starts_user_id_started_at_idx" ON "upload_starts" USING btree ("user_id","started_at");
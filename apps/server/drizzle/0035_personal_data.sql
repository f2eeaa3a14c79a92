-- Account deletion and data export (issue 31, ADR 0031): deletions in their grace period, tombstones and legal holds, exports.
CREATE TABLE "account_deletion_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_deletion_tokens_purpose_check" CHECK ("account_deletion_tokens"."purpose" in ('keep', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"token_hash" text NOT NULL,
	"folder_key" text,
	"size_bytes" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"failed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('preparing', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "deleted_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deleted_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_type" text NOT NULL,
	"banned_at" timestamp with time zone,
	"banned_reason" text
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tombstone_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_table" text NOT NULL,
	"source_id" text NOT NULL,
	"record" jsonb,
	"files" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_deletion_tokens" ADD CONSTRAINT "account_deletion_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_tombstone_id_deleted_accounts_id_fk" FOREIGN KEY ("tombstone_id") REFERENCES "public"."deleted_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletion_tokens_user_idx" ON "account_deletion_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_user_key" ON "data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_key" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_ticket_key" ON "data_exports" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "legal_holds_tombstone_idx" ON "legal_holds" USING btree ("tombstone_id");

CREATE TABLE "hash_list_hashes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hash_list_hashes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"list_name" text NOT NULL,
	"hash" bigint NOT NULL,
	"c0" integer NOT NULL,
	"c1" integer NOT NULL,
	"c2" integer NOT NULL,
	"c3" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" bigint
);
--> statement-breakpoint
CREATE TABLE "video_fingerprint_chunks" (
	"key" integer NOT NULL,
	"fingerprint_id" bigint NOT NULL,
	"hash" bigint NOT NULL,
	CONSTRAINT "video_fingerprint_chunks_key_fingerprint_id_hash_pk" PRIMARY KEY("key","fingerprint_id","hash")
);
--> statement-breakpoint
CREATE TABLE "video_fingerprints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_fingerprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"fps" real NOT NULL,
	"duration_seconds" real NOT NULL,
	"hashes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hash_list_hashes" ADD CONSTRAINT "hash_list_hashes_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hash_list_hashes_list_hash_key" ON "hash_list_hashes" USING btree ("list_name","hash");--> statement-breakpoint
CREATE INDEX "hash_list_hashes_c0_idx" ON "hash_list_hashes" USING btree ("c0");--> statement-breakpoint
CREATE INDEX "hash_list_hashes_c1_idx" ON "hash_list_hashes" USING btree ("c1");--> statement-breakpoint
CREATE INDEX "hash_list_hashes_c2_idx" ON "hash_list_hashes" USING btree ("c2");--> statement-breakpoint
CREATE INDEX "hash_list_hashes_c3_idx" ON "hash_list_hashes" USING btree ("c3");--> statement-breakpoint
CREATE UNIQUE INDEX "video_fingerprints_video_key" ON "video_fingerprints" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_fingerprints_user_idx" ON "video_fingerprints" USING btree ("user_id");
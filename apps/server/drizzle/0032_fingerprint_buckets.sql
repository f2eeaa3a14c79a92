CREATE TABLE "video_fingerprint_buckets" (
	"key" integer PRIMARY KEY NOT NULL,
	"entries" "bytea" NOT NULL
);
--> statement-breakpoint
-- Hashes do not compress: stored out of line as they are, without a try at compressing them.
ALTER TABLE "video_fingerprint_buckets" ALTER COLUMN "entries" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- The index rows so far, one bucket a key (12 bytes an entry: fingerprint id, whole hash).
INSERT INTO "video_fingerprint_buckets" ("key", "entries")
SELECT "key", string_agg(int4send("fingerprint_id"::int4) || int8send("hash"), ''::bytea ORDER BY "fingerprint_id", "hash")
FROM "video_fingerprint_chunks"
GROUP BY "key";
--> statement-breakpoint
DROP TABLE "video_fingerprint_chunks" CASCADE;

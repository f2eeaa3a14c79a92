-- A bucket is read whole by every lookup that shares its key (ADR 0028). Kept in its row (up to a page,
-- about 675 entries) rather than out of line, a read is one heap page instead of a TOAST index search
-- and its chunks. Measured at a million (a lookup's 128 buckets, read warm): p50 2.2-2.8 ms out of line,
-- 1.4-1.5 ms in the row; the index 1,057 MB against 1,102. Fuller buckets still go out of line, as
-- PostgreSQL does for any row over a page.
ALTER TABLE "video_fingerprint_buckets" SET (toast_tuple_target = 8160);
--> statement-breakpoint
ALTER TABLE "video_fingerprint_buckets" ALTER COLUMN "entries" SET STORAGE MAIN;
--> statement-breakpoint
-- The rows so far are rewritten (a new value is stored by the new rules; an unchanged one keeps its place).
UPDATE "video_fingerprint_buckets" SET "entries" = "entries" || ''::bytea;

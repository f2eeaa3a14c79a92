ALTER TABLE "users" ADD COLUMN "search_words" text GENERATED ALWAYS AS (flick_search_norm(coalesce(slug, '') || ' ' || name)) STORED;--> statement-breakpoint
-- Misspelt creators are read nearest first from a GiST trigram index over the stored words, a bounded walk however many names look alike (ADR 0011).
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_words_idx" ON "users" USING gist ("search_words" gist_trgm_ops) WHERE "type" IN ('model', 'channel') AND "slug" IS NOT NULL;

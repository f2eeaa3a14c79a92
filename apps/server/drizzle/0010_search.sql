CREATE TABLE "searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"query" text NOT NULL,
	"normalized" text NOT NULL,
	"user_id" bigint,
	"guest_id" uuid,
	"results" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_created_at_idx" ON "searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "searches_no_results_idx" ON "searches" USING btree ("created_at") WHERE "searches"."results" = 0;--> statement-breakpoint
-- Search (ADR 0011): trigram similarity and accent folding ship with PostgreSQL (both extensions are trusted, so the database owner may create them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (it looks its dictionary up by name); pinned to one dictionary it is a pure function of its text, so it can be indexed.
CREATE FUNCTION flick_search_norm(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
-- The LIKE pattern "starts with": %, _ and \ typed by the user match themselves.
CREATE FUNCTION flick_search_prefix(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ select replace(replace(replace(public.flick_search_norm($1), '\', '\\'), '%', '\%'), '_', '\_') || '%' $$;--> statement-breakpoint
-- Words of a title search: plainto_tsquery ignores every operator typed; the last word may be a prefix (still being typed).
CREATE FUNCTION flick_search_tsquery(text, boolean) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ select case when not $2 or numnode(q) = 0 then q else (q::text || ':*')::tsquery end from plainto_tsquery('simple', public.flick_search_norm($1)) q $$;--> statement-breakpoint
-- Creators and channels by the start of their handle or name (btree ranges), by a misspelling (trigrams), and most followed first.
CREATE INDEX "users_search_slug_idx" ON "users" (flick_search_norm("slug") text_pattern_ops) WHERE "type" IN ('model', 'channel') AND "slug" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users" (flick_search_norm("name") text_pattern_ops) WHERE "type" IN ('model', 'channel') AND "slug" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (flick_search_norm("slug" || ' ' || "name") gin_trgm_ops) WHERE "type" IN ('model', 'channel') AND "slug" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_followers_idx" ON "users" ("followers_count" DESC, "id" DESC) WHERE "type" IN ('model', 'channel') AND "slug" IS NOT NULL;--> statement-breakpoint
-- Tags by the start of their name and by a misspelling.
CREATE INDEX "tags_search_name_idx" ON "tags" (flick_search_norm("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tags_search_trgm_idx" ON "tags" USING gin (flick_search_norm("name") gin_trgm_ops);--> statement-breakpoint
-- Titles by their words (no stemming: titles come in every language), and approved videos most liked first for words most titles have.
CREATE INDEX "videos_search_title_idx" ON "videos" USING gin (to_tsvector('simple', flick_search_norm("title"))) WHERE "status" = 'approved' AND "details_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "videos_search_popular_idx" ON "videos" ("like_count" DESC, "view_count" DESC, "id" DESC) WHERE "status" = 'approved' AND "details_at" IS NOT NULL;--> statement-breakpoint
-- A tag's published videos per category, for ranking tags by how much they hold: counting them per search would read thousands of rows a tag. Refreshed by the search service every few minutes.
CREATE MATERIALIZED VIEW "tag_search_counts" AS
	SELECT vt.tag_id, u.gender, count(*)::bigint AS videos
	FROM video_tags vt JOIN videos v ON v.id = vt.video_id JOIN users u ON u.id = v.user_id
	WHERE v.status = 'approved' AND v.details_at IS NOT NULL AND v.upload_date <= now()
	GROUP BY vt.tag_id, u.gender;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_search_counts_key" ON "tag_search_counts" (tag_id, gender);

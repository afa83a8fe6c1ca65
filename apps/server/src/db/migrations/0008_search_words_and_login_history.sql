CREATE TABLE "catalog_search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"item_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "catalog_search_words_prefix_idx" ON "catalog_search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalog_search_words_trgm_idx" ON "catalog_search_words" USING gin ("word" gin_trgm_ops);
ALTER TABLE "catalog_company_reviews" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_company_reviews" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "catalog_company_reviews" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_company_reviews_confirm_token_key" ON "catalog_company_reviews" USING btree ("confirm_token_hash") WHERE "catalog_company_reviews"."confirm_token_hash" IS NOT NULL;--> statement-breakpoint
-- Issue 9: a store review is verified by its store's account; an existing public review stays
-- unverified until its author submits it again and confirms the e-mailed link.
UPDATE "catalog_company_reviews" SET "verified_at" = "created_at" WHERE "store_id" IS NOT NULL;--> statement-breakpoint
-- Suppliers with public reviews: the rating, count and source follow the verified reviews only
-- (the demo rating again when none is left), as refreshSupplierRating computes them.
WITH "stats" AS (
	SELECT "company_id",
		(count(*) FILTER (WHERE "verified_at" IS NOT NULL))::int AS "verified_count",
		round(avg("rating") FILTER (WHERE "verified_at" IS NOT NULL), 1)::float8 AS "average"
	FROM "catalog_company_reviews"
	GROUP BY "company_id"
	HAVING count(*) FILTER (WHERE "store_id" IS NULL) > 0
)
UPDATE "catalog_companies" AS "company" SET
	"review_count" = "stats"."verified_count",
	"rating" = CASE WHEN "stats"."verified_count" > 0 THEN "stats"."average" ELSE "company"."demo_rating" END,
	"field_sources" = CASE
		WHEN "stats"."verified_count" > 0 THEN "company"."field_sources" || '{"rating":"reviews"}'::jsonb
		WHEN "company"."demo_rating" IS NOT NULL THEN "company"."field_sources" || '{"rating":"demo"}'::jsonb
		ELSE "company"."field_sources" - 'rating'
	END
FROM "stats"
WHERE "company"."id" = "stats"."company_id";--> statement-breakpoint
UPDATE "catalog_items" AS "item" SET
	"company_rating" = "company"."rating",
	"field_sources" = "item"."field_sources" || jsonb_build_object('companyRating', coalesce("company"."field_sources" ->> 'rating', 'demo'))
FROM "catalog_companies" AS "company"
WHERE "item"."company_id" = "company"."id"
	AND "company"."id" IN (SELECT "company_id" FROM "catalog_company_reviews" WHERE "store_id" IS NULL);

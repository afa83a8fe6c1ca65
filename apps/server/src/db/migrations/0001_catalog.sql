CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalog_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"address" text,
	"country_code" text NOT NULL,
	"region_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"utc_offset_minutes" integer DEFAULT 0 NOT NULL,
	"offerings" text[] NOT NULL,
	"capabilities" text[] NOT NULL,
	"category_ids" integer[] NOT NULL,
	"sample_price_cents" integer,
	"moq" integer,
	"production_time_days" integer NOT NULL,
	"order_volume" integer NOT NULL,
	"order_count" integer NOT NULL,
	"rating" double precision,
	"demo_rating" double precision,
	"review_count" integer DEFAULT 0 NOT NULL,
	"website" text,
	"is_concierge_recommended" boolean DEFAULT false NOT NULL,
	"rank" double precision NOT NULL,
	"detail_view_count" integer DEFAULT 0 NOT NULL,
	"recommend_count" integer DEFAULT 0 NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"field_sources" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer,
	"category_path" integer[] NOT NULL,
	"price_cents" integer NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"sample_price_cents" integer,
	"moq" integer,
	"production_time_days" integer NOT NULL,
	"image_url" text,
	"is_sample_kit" boolean DEFAULT false NOT NULL,
	"rank" double precision NOT NULL,
	"detail_view_count" integer DEFAULT 0 NOT NULL,
	"recommend_count" integer DEFAULT 0 NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL,
	"company_country_code" text NOT NULL,
	"company_region_code" text,
	"company_rating" double precision,
	"company_order_volume" integer NOT NULL,
	"company_order_count" integer NOT NULL,
	"source" text NOT NULL,
	"field_sources" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_company_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"store_id" text,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"author_email" text,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_favorites" (
	"store_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_favorites_store_id_target_type_target_id_pk" PRIMARY KEY("store_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "custom_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"title" text,
	"material" text,
	"print_detail" text,
	"quantity" integer,
	"completion_date" date,
	"company_id" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"invited_by_user_id" text NOT NULL,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_company_id_catalog_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."catalog_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_company_reviews" ADD CONSTRAINT "catalog_company_reviews_company_id_catalog_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."catalog_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_companies_search_idx" ON "catalog_companies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_companies_name_trgm_idx" ON "catalog_companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_companies_rank_idx" ON "catalog_companies" USING btree ("rank" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_companies_enabled_idx" ON "catalog_companies" USING btree ("enabled_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_companies_country_idx" ON "catalog_companies" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "catalog_companies_category_idx" ON "catalog_companies" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "catalog_items_search_idx" ON "catalog_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_items_title_trgm_idx" ON "catalog_items" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_items_rank_idx" ON "catalog_items" USING btree ("rank" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_enabled_idx" ON "catalog_items" USING btree ("enabled_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_price_idx" ON "catalog_items" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "catalog_items_company_idx" ON "catalog_items" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "catalog_items_category_idx" ON "catalog_items" USING gin ("category_path");--> statement-breakpoint
CREATE INDEX "catalog_items_kind_idx" ON "catalog_items" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_company_reviews_store_key" ON "catalog_company_reviews" USING btree ("company_id","store_id") WHERE "catalog_company_reviews"."store_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_company_reviews_email_key" ON "catalog_company_reviews" USING btree ("company_id","author_email") WHERE "catalog_company_reviews"."author_email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_company_reviews_company_idx" ON "catalog_company_reviews" USING btree ("company_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_favorites_store_idx" ON "catalog_favorites" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_projects_store_idx" ON "custom_projects" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_invites_store_idx" ON "supplier_invites" USING btree ("store_id","created_at" DESC NULLS LAST);
ALTER TABLE "catalog_companies" ADD COLUMN "certifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_companies" ADD COLUMN "logo_file_id" text;--> statement-breakpoint
ALTER TABLE "catalog_companies" ADD COLUMN "cover_file_id" text;--> statement-breakpoint
ALTER TABLE "catalog_companies" ADD COLUMN "photo_file_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "image_file_id" text;
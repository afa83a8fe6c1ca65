DROP INDEX "catalog_items_rank_idx";--> statement-breakpoint
DROP INDEX "catalog_items_enabled_idx";--> statement-breakpoint
DROP INDEX "catalog_items_price_idx";--> statement-breakpoint
DROP INDEX "catalog_items_price_desc_idx";--> statement-breakpoint
CREATE INDEX "catalog_items_region_idx" ON "catalog_items" USING btree ("company_region_code");--> statement-breakpoint
CREATE INDEX "catalog_items_country_idx" ON "catalog_items" USING btree ("company_country_code");--> statement-breakpoint
CREATE INDEX "catalog_items_rank_idx" ON "catalog_items" USING btree ("rank" DESC NULLS LAST,"id","company_region_code","company_country_code","moq","sample_price_cents","production_time_days","company_order_volume","company_order_count","company_rating","kind","is_sample_kit","category_path");--> statement-breakpoint
CREATE INDEX "catalog_items_enabled_idx" ON "catalog_items" USING btree ("enabled_at" DESC NULLS LAST,"id","company_region_code","company_country_code","moq","sample_price_cents","production_time_days","company_order_volume","company_order_count","company_rating","kind","is_sample_kit","category_path");--> statement-breakpoint
CREATE INDEX "catalog_items_price_idx" ON "catalog_items" USING btree ("price_cents","id","company_region_code","company_country_code","moq","sample_price_cents","production_time_days","company_order_volume","company_order_count","company_rating","kind","is_sample_kit","category_path");--> statement-breakpoint
CREATE INDEX "catalog_items_price_desc_idx" ON "catalog_items" USING btree ("price_cents" DESC NULLS LAST,"id","company_region_code","company_country_code","moq","sample_price_cents","production_time_days","company_order_volume","company_order_count","company_rating","kind","is_sample_kit","category_path");
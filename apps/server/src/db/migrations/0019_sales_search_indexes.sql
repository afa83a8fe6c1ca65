DROP INDEX "sales_order_lines_store_sku_idx";--> statement-breakpoint
CREATE INDEX "sales_customers_store_email_prefix_idx" ON "sales_customers" USING btree ("store_id","email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sales_order_lines_store_sku_idx" ON "sales_order_lines" USING btree ("store_id","sku","order_id");
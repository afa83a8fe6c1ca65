CREATE TABLE "fulfillment_order_options" (
	"order_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"shipping_method" text,
	"is_priority" boolean DEFAULT false NOT NULL,
	"priority_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfillment_wholesale_requirements" (
	"order_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"purchase_order_number" text,
	"ship_window_start" date,
	"ship_window_end" date,
	"is_packing_slip_required" boolean DEFAULT true NOT NULL,
	"is_carton_label_required" boolean DEFAULT false NOT NULL,
	"is_palletized" boolean DEFAULT false NOT NULL,
	"instructions" text,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfillment_inventory_levels" ADD COLUMN "bin_code" text;--> statement-breakpoint
CREATE INDEX "fulfillment_order_options_store_idx" ON "fulfillment_order_options" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "fulfillment_wholesale_requirements_store_idx" ON "fulfillment_wholesale_requirements" USING btree ("store_id");--> statement-breakpoint
-- Issue 15: an order's options and wholesale requirements go with the order (written here, as
-- the table files do not import the sales tables). Existing stock gets its bin, one per SKU and
-- warehouse, numbered in the order the levels were made.
ALTER TABLE "fulfillment_order_options" ADD CONSTRAINT "fulfillment_order_options_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_wholesale_requirements" ADD CONSTRAINT "fulfillment_wholesale_requirements_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
UPDATE "fulfillment_inventory_levels" AS level SET "bin_code" = numbered.code FROM (
  SELECT "variant_id", "warehouse_id",
    'A-' || lpad((row_number() OVER (PARTITION BY "warehouse_id" ORDER BY "updated_at", "variant_id"))::text, 4, '0') AS code
  FROM "fulfillment_inventory_levels"
) AS numbered
WHERE level."variant_id" = numbered."variant_id" AND level."warehouse_id" = numbered."warehouse_id";--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_inventory_levels_bin_key" ON "fulfillment_inventory_levels" USING btree ("warehouse_id","bin_code");

CREATE TABLE "fulfillment_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"receiving_id" text,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_fees_amount_check" CHECK ("fulfillment_fees"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_receiving_counts" (
	"receiving_id" text NOT NULL,
	"item_id" text NOT NULL,
	"carton_number" integer NOT NULL,
	"store_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"damaged" integer NOT NULL,
	CONSTRAINT "fulfillment_receiving_counts_pk" PRIMARY KEY("receiving_id","carton_number","item_id"),
	CONSTRAINT "fulfillment_receiving_counts_check" CHECK ("fulfillment_receiving_counts"."quantity" >= 0 and "fulfillment_receiving_counts"."damaged" between 0 and "fulfillment_receiving_counts"."quantity")
);
--> statement-breakpoint
CREATE TABLE "fulfillment_receiving_items" (
	"id" text PRIMARY KEY NOT NULL,
	"receiving_id" text NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"variant_id" text,
	"creator_order_item_id" text,
	"expected_quantity" integer NOT NULL,
	"received_quantity" integer,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fulfillment_receiving_items_expected_check" CHECK ("fulfillment_receiving_items"."expected_quantity" > 0),
	CONSTRAINT "fulfillment_receiving_items_received_check" CHECK ("fulfillment_receiving_items"."received_quantity" is null or ("fulfillment_receiving_items"."received_quantity" >= 0 and "fulfillment_receiving_items"."damaged_quantity" between 0 and "fulfillment_receiving_items"."received_quantity"))
);
--> statement-breakpoint
CREATE TABLE "fulfillment_receivings" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"expected_arrival_date" text,
	"notes" text,
	"carton_count" integer,
	"canceled_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fulfillment_inventory_movements" ADD COLUMN "receiving_id" text;--> statement-breakpoint
ALTER TABLE "fulfillment_fees" ADD CONSTRAINT "fulfillment_fees_receiving_id_fulfillment_receivings_id_fk" FOREIGN KEY ("receiving_id") REFERENCES "public"."fulfillment_receivings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_receiving_counts" ADD CONSTRAINT "fulfillment_receiving_counts_receiving_id_fulfillment_receivings_id_fk" FOREIGN KEY ("receiving_id") REFERENCES "public"."fulfillment_receivings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_receiving_counts" ADD CONSTRAINT "fulfillment_receiving_counts_item_id_fulfillment_receiving_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fulfillment_receiving_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_receiving_items" ADD CONSTRAINT "fulfillment_receiving_items_receiving_id_fulfillment_receivings_id_fk" FOREIGN KEY ("receiving_id") REFERENCES "public"."fulfillment_receivings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_receivings" ADD CONSTRAINT "fulfillment_receivings_warehouse_id_fulfillment_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."fulfillment_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfillment_fees_store_idx" ON "fulfillment_fees" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "fulfillment_fees_receiving_idx" ON "fulfillment_fees" USING btree ("receiving_id");--> statement-breakpoint
CREATE INDEX "fulfillment_receiving_items_receiving_idx" ON "fulfillment_receiving_items" USING btree ("receiving_id","position");--> statement-breakpoint
CREATE INDEX "fulfillment_receiving_items_order_item_idx" ON "fulfillment_receiving_items" USING btree ("creator_order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_receivings_number_key" ON "fulfillment_receivings" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_receivings_store_idx" ON "fulfillment_receivings" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
-- Issue 15: foreign keys to the sales and orders modules' tables, written here as
-- fulfillment.table.ts does not import them. An item keeps its count when its variant or
-- sourcing order item is deleted.
ALTER TABLE "fulfillment_receiving_items" ADD CONSTRAINT "fulfillment_receiving_items_variant_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "fulfillment_receiving_items" ADD CONSTRAINT "fulfillment_receiving_items_order_item_fk" FOREIGN KEY ("creator_order_item_id") REFERENCES "public"."creator_order_items"("id") ON DELETE set null;

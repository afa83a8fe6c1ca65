CREATE TABLE "creator_order_item_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"store_id" text NOT NULL,
	"company_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"created_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "creator_order_items" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_order_items" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN "shipping_address_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_order_item_shipments" ADD CONSTRAINT "creator_order_item_shipments_item_id_creator_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."creator_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_order_item_shipments_item_idx" ON "creator_order_item_shipments" USING btree ("item_id","shipped_at");--> statement-breakpoint
CREATE INDEX "creator_order_item_shipments_store_idx" ON "creator_order_item_shipments" USING btree ("store_id","shipped_at");--> statement-breakpoint
UPDATE "creator_order_items" SET "shipped_quantity" = "quantity" WHERE "status" = 'SHIPPED';--> statement-breakpoint
UPDATE "creator_order_items" SET "received_quantity" = "quantity" WHERE "receiving_status" = 'RECEIVED';--> statement-breakpoint
INSERT INTO "creator_order_item_shipments" ("id", "item_id", "store_id", "company_id", "quantity", "carrier", "tracking_number", "shipped_at", "received_at")
SELECT 'shp_' || "id", "id", "store_id", "company_id", "quantity", coalesce("carrier", ''), coalesce("tracking_number", ''), coalesce("shipped_at", "updated_at"), "received_at"
FROM "creator_order_items" WHERE "status" = 'SHIPPED';

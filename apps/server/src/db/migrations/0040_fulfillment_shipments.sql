CREATE TABLE "fulfillment_shipment_lines" (
	"shipment_id" text NOT NULL,
	"order_line_id" text NOT NULL,
	"store_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "fulfillment_shipment_lines_pk" PRIMARY KEY("shipment_id","order_line_id"),
	CONSTRAINT "fulfillment_shipment_lines_quantity_check" CHECK ("fulfillment_shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text,
	"warehouse_id" text,
	"status" text NOT NULL,
	"label_status" text NOT NULL,
	"label_error" text,
	"provider" text NOT NULL,
	"service_level" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"rate_amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"zone" integer,
	"from_address" jsonb NOT NULL,
	"to_address" jsonb NOT NULL,
	"parcel" jsonb NOT NULL,
	"weight_g" integer NOT NULL,
	"notes" text,
	"label_key" text,
	"replaces_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"label_ready_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "fulfillment_shipments_weight_check" CHECK ("fulfillment_shipments"."weight_g" > 0)
);
--> statement-breakpoint
ALTER TABLE "fulfillment_inventory_movements" ADD COLUMN "shipment_id" text;--> statement-breakpoint
ALTER TABLE "fulfillment_shipment_lines" ADD CONSTRAINT "fulfillment_shipment_lines_shipment_id_fulfillment_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."fulfillment_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_shipments" ADD CONSTRAINT "fulfillment_shipments_warehouse_id_fulfillment_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."fulfillment_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_shipments_number_key" ON "fulfillment_shipments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_shipments_store_idx" ON "fulfillment_shipments" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fulfillment_shipments_order_idx" ON "fulfillment_shipments" USING btree ("order_id");--> statement-breakpoint
-- Issue 15: a store order's shipments go with it (written here, as fulfillment.table.ts does not
-- import the sales tables).
ALTER TABLE "fulfillment_shipments" ADD CONSTRAINT "fulfillment_shipments_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;

CREATE TABLE "fulfillment_freight_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"status" text NOT NULL,
	"origin" jsonb NOT NULL,
	"pickup_ready_date" date NOT NULL,
	"mode" text NOT NULL,
	"handling_unit" text NOT NULL,
	"unit_count" integer NOT NULL,
	"weight" double precision NOT NULL,
	"weight_unit" text NOT NULL,
	"weight_g" integer NOT NULL,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"dimension_unit" text NOT NULL,
	"commodity" text NOT NULL,
	"receiving_id" text,
	"notes" text,
	"quote_amount" integer,
	"quote_currency_code" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "fulfillment_freight_bookings_status_check" CHECK ("fulfillment_freight_bookings"."status" in ('REQUESTED', 'QUOTED', 'BOOKED', 'DELIVERED', 'CANCELED')),
	CONSTRAINT "fulfillment_freight_bookings_weight_check" CHECK ("fulfillment_freight_bookings"."weight_g" > 0),
	CONSTRAINT "fulfillment_freight_bookings_units_check" CHECK ("fulfillment_freight_bookings"."unit_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_packaging_defaults" (
	"store_id" text NOT NULL,
	"category" text NOT NULL,
	"packaging_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_packaging_defaults_pk" PRIMARY KEY("store_id","category")
);
--> statement-breakpoint
CREATE TABLE "fulfillment_pre_sales" (
	"store_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"ends_on" date,
	"max_units" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_pre_sales_pk" PRIMARY KEY("store_id","variant_id"),
	CONSTRAINT "fulfillment_pre_sales_limit_check" CHECK ("fulfillment_pre_sales"."ends_on" is not null or "fulfillment_pre_sales"."max_units" is not null)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_quality_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"status" text NOT NULL,
	"product_name" text NOT NULL,
	"creator_order_item_id" text,
	"receiving_id" text,
	"inspection_type" text NOT NULL,
	"inspection_level" text NOT NULL,
	"aql_major" text NOT NULL,
	"aql_minor" text NOT NULL,
	"units_to_inspect" integer NOT NULL,
	"preferred_date" date NOT NULL,
	"notes" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "fulfillment_quality_checks_status_check" CHECK ("fulfillment_quality_checks"."status" in ('REQUESTED', 'SCHEDULED', 'PASSED', 'FAILED', 'CANCELED'))
);
--> statement-breakpoint
CREATE TABLE "fulfillment_support_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"shipment_id" text,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"answer" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "fulfillment_support_tickets_status_check" CHECK ("fulfillment_support_tickets"."status" in ('OPEN', 'ANSWERED', 'CLOSED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_freight_bookings_number_key" ON "fulfillment_freight_bookings" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_freight_bookings_store_idx" ON "fulfillment_freight_bookings" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_quality_checks_number_key" ON "fulfillment_quality_checks" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_quality_checks_store_idx" ON "fulfillment_quality_checks" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_support_tickets_number_key" ON "fulfillment_support_tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_support_tickets_store_idx" ON "fulfillment_support_tickets" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fulfillment_support_tickets_order_idx" ON "fulfillment_support_tickets" USING btree ("order_id");--> statement-breakpoint
-- Issue 15 bookings: written here, as bookings.table.ts does not import other modules' tables.
-- A pre-sale and a ticket go with their variant and order; links to a receiving, a sourcing
-- order item or a shipment are cleared when those go.
ALTER TABLE "fulfillment_pre_sales" ADD CONSTRAINT "fulfillment_pre_sales_variant_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_support_tickets" ADD CONSTRAINT "fulfillment_support_tickets_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_support_tickets" ADD CONSTRAINT "fulfillment_support_tickets_shipment_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."fulfillment_shipments"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "fulfillment_freight_bookings" ADD CONSTRAINT "fulfillment_freight_bookings_receiving_fk" FOREIGN KEY ("receiving_id") REFERENCES "public"."fulfillment_receivings"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "fulfillment_quality_checks" ADD CONSTRAINT "fulfillment_quality_checks_receiving_fk" FOREIGN KEY ("receiving_id") REFERENCES "public"."fulfillment_receivings"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "fulfillment_quality_checks" ADD CONSTRAINT "fulfillment_quality_checks_order_item_fk" FOREIGN KEY ("creator_order_item_id") REFERENCES "public"."creator_order_items"("id") ON DELETE set null;

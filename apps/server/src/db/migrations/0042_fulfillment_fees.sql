CREATE TABLE "fulfillment_fee_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"month" text NOT NULL,
	"order_id" text,
	"shipment_id" text,
	"plan_type" text,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_fee_charges_quantity_check" CHECK ("fulfillment_fee_charges"."quantity" >= 0),
	CONSTRAINT "fulfillment_fee_charges_sign_check" CHECK (("fulfillment_fee_charges"."kind" = 'CASH_BACK' and "fulfillment_fee_charges"."amount" <= 0) or ("fulfillment_fee_charges"."kind" <> 'CASH_BACK' and "fulfillment_fee_charges"."amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "fulfillment_low_stock" (
	"store_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"threshold" integer,
	"alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_low_stock_pk" PRIMARY KEY("store_id","variant_id"),
	CONSTRAINT "fulfillment_low_stock_threshold_check" CHECK ("fulfillment_low_stock"."threshold" is null or "fulfillment_low_stock"."threshold" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_fee_charges_key" ON "fulfillment_fee_charges" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fulfillment_fee_charges_store_idx" ON "fulfillment_fee_charges" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "fulfillment_fee_charges_order_idx" ON "fulfillment_fee_charges" USING btree ("order_id");--> statement-breakpoint
-- Issue 15: an order's fee charges and a variant's low-stock setting go with them (written here,
-- as fees.table.ts does not import the sales tables).
ALTER TABLE "fulfillment_fee_charges" ADD CONSTRAINT "fulfillment_fee_charges_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_low_stock" ADD CONSTRAINT "fulfillment_low_stock_variant_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;

CREATE TABLE "fulfillment_return_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"store_id" text NOT NULL,
	"order_line_id" text NOT NULL,
	"variant_id" text,
	"sku" text,
	"title" text NOT NULL,
	"variant_title" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"reason" text NOT NULL,
	"resolution" text NOT NULL,
	"exchange_variant_id" text,
	"exchange_sku" text,
	"position" integer NOT NULL,
	CONSTRAINT "fulfillment_return_lines_quantity_check" CHECK ("fulfillment_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_return_settings" (
	"store_id" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean NOT NULL,
	"window_days" integer NOT NULL,
	"fee_type" text NOT NULL,
	"fee_amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"refund_method" text NOT NULL,
	"refund_destination" text NOT NULL,
	"allow_exchanges" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_return_settings_window_check" CHECK ("fulfillment_return_settings"."window_days" > 0),
	CONSTRAINT "fulfillment_return_settings_fee_check" CHECK ("fulfillment_return_settings"."fee_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_return_units" (
	"line_id" text NOT NULL,
	"unit_index" integer NOT NULL,
	"store_id" text NOT NULL,
	"condition" text NOT NULL,
	"note" text,
	"is_restocked" boolean NOT NULL,
	CONSTRAINT "fulfillment_return_units_pk" PRIMARY KEY("line_id","unit_index")
);
--> statement-breakpoint
CREATE TABLE "fulfillment_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"refund_method" text NOT NULL,
	"refund_destination" text NOT NULL,
	"fee_type" text NOT NULL,
	"fee_amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"refund_amount" integer,
	"receipt" text,
	"shipment_id" text,
	"carrier" text,
	"tracking_number" text,
	"note" text,
	"cancel_reason" text,
	"exchange_order_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "fulfillment_returns_fee_check" CHECK ("fulfillment_returns"."fee_amount" >= 0),
	CONSTRAINT "fulfillment_returns_refund_check" CHECK ("fulfillment_returns"."refund_amount" is null or "fulfillment_returns"."refund_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fulfillment_return_lines" ADD CONSTRAINT "fulfillment_return_lines_return_id_fulfillment_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."fulfillment_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_return_units" ADD CONSTRAINT "fulfillment_return_units_line_id_fulfillment_return_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."fulfillment_return_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_returns" ADD CONSTRAINT "fulfillment_returns_shipment_id_fulfillment_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."fulfillment_shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfillment_return_lines_return_idx" ON "fulfillment_return_lines" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "fulfillment_return_lines_order_line_idx" ON "fulfillment_return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_returns_number_key" ON "fulfillment_returns" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_returns_store_idx" ON "fulfillment_returns" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fulfillment_returns_order_idx" ON "fulfillment_returns" USING btree ("order_id");--> statement-breakpoint
-- Issue 15: a store order's returns go with it, and their lines with its lines; the exchange
-- order is kept apart (written here, as return.table.ts does not import the sales tables).
ALTER TABLE "fulfillment_returns" ADD CONSTRAINT "fulfillment_returns_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_returns" ADD CONSTRAINT "fulfillment_returns_exchange_order_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "fulfillment_return_lines" ADD CONSTRAINT "fulfillment_return_lines_order_line_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE cascade;

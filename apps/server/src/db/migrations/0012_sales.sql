CREATE TABLE "sales_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"default_address" jsonb,
	"accepts_marketing" boolean DEFAULT false NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"marketing_consent_source" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"channel" text,
	"external_id" text,
	"first_order_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"currency_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"variant_id" text,
	"sku" text,
	"title" text NOT NULL,
	"variant_title" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"canceled_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_series" (
	"store_id" text NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "sales_order_series_store_id_prefix_pk" PRIMARY KEY("store_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"origin" text NOT NULL,
	"prefix" text NOT NULL,
	"number" integer NOT NULL,
	"channel" text,
	"external_id" text,
	"placed_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"currency_code" text NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"shipping_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"discount_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_id" text,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"financial_status" text NOT NULL,
	"production_status" text NOT NULL,
	"cancel_state" text DEFAULT 'NONE' NOT NULL,
	"fulfillment_state" text DEFAULT 'NONE' NOT NULL,
	"has_refunds" boolean DEFAULT false NOT NULL,
	"item_count" integer NOT NULL,
	"landing_site" text,
	"referring_site" text,
	"utm_source" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_refund_lines" (
	"refund_id" text NOT NULL,
	"line_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "sales_refund_lines_refund_id_line_id_pk" PRIMARY KEY("refund_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "sales_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"store_id" text NOT NULL,
	"external_id" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_customer_id_sales_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sales_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_refund_lines" ADD CONSTRAINT "sales_refund_lines_refund_id_sales_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."sales_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_refund_lines" ADD CONSTRAINT "sales_refund_lines_line_id_sales_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_refunds" ADD CONSTRAINT "sales_refunds_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_customers_store_email_key" ON "sales_customers" USING btree ("store_id","email") WHERE "sales_customers"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_customers_store_external_key" ON "sales_customers" USING btree ("store_id","channel","external_id") WHERE "sales_customers"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_order_lines_order_idx" ON "sales_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "sales_order_lines_store_sku_idx" ON "sales_order_lines" USING btree ("store_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_store_number_key" ON "sales_orders" USING btree ("store_id","prefix","number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_channel_external_key" ON "sales_orders" USING btree ("store_id","channel","external_id") WHERE "sales_orders"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_orders_store_placed_idx" ON "sales_orders" USING btree ("store_id","placed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sales_refunds_order_idx" ON "sales_refunds" USING btree ("order_id");
CREATE TABLE "creator_order_item_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_item_id" text NOT NULL,
	"store_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sequence" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"catalog_item_id" text,
	"invoice_id" text,
	"invoice_item_id" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"shipping_mode" text NOT NULL,
	"shipping_amount" bigint DEFAULT 0 NOT NULL,
	"receiving_status" text DEFAULT 'NONE' NOT NULL,
	"delivery_status" text DEFAULT 'IN_QUEUE' NOT NULL,
	"destination" text DEFAULT 'FORWARDED_TO_CREATOR' NOT NULL,
	"payment_id" text,
	"tracking_number" text,
	"carrier" text,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"provider" text NOT NULL,
	"provider_charge_id" text,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"totals" jsonb NOT NULL,
	"item_ids" text[] NOT NULL,
	"shipping_address" jsonb,
	"card_brand" text,
	"card_last4" text,
	"failure_reason" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"store_id" text NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"is_complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_store_id_key_pk" PRIMARY KEY("store_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_invoice_items" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"catalog_item_id" text,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supplier_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"sn" text NOT NULL,
	"store_id" text NOT NULL,
	"company_id" text NOT NULL,
	"status" text NOT NULL,
	"currency_code" text NOT NULL,
	"shipping_mode" text NOT NULL,
	"shipping_amount" bigint NOT NULL,
	"lead_time_days" integer NOT NULL,
	"notes" text,
	"created_by_user_id" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_order_item_events" ADD CONSTRAINT "creator_order_item_events_order_item_id_creator_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."creator_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger_entries" ADD CONSTRAINT "payment_ledger_entries_payment_id_creator_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."creator_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_items" ADD CONSTRAINT "supplier_invoice_items_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_order_item_events_item_idx" ON "creator_order_item_events" USING btree ("order_item_id","sequence");--> statement-breakpoint
CREATE INDEX "creator_order_items_store_status_idx" ON "creator_order_items" USING btree ("store_id","status","created_at");--> statement-breakpoint
CREATE INDEX "creator_order_items_company_idx" ON "creator_order_items" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "creator_order_items_invoice_idx" ON "creator_order_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_order_items_invoice_item_key" ON "creator_order_items" USING btree ("invoice_item_id") WHERE invoice_item_id is not null and status <> 'CANCELED';--> statement-breakpoint
CREATE INDEX "creator_payments_store_idx" ON "creator_payments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_ledger_entries_payment_idx" ON "payment_ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "supplier_invoice_items_invoice_idx" ON "supplier_invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_invoices_sn_key" ON "supplier_invoices" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "supplier_invoices_store_idx" ON "supplier_invoices" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_invoices_company_idx" ON "supplier_invoices" USING btree ("company_id","created_at");
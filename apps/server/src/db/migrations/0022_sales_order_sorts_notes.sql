CREATE TABLE "sales_order_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"store_id" text NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sales_orders_store_placed_idx";--> statement-breakpoint
DROP INDEX "sales_orders_customer_idx";--> statement-breakpoint
ALTER TABLE "sales_customers" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (lower(coalesce(nullif(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email, 'customer ' || external_id, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_status_events" ADD COLUMN "kind" text DEFAULT 'STATUS_CHANGED' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_status_events" ADD COLUMN "line_id" text;--> statement-breakpoint
ALTER TABLE "sales_order_status_events" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "sales_order_status_events" ADD COLUMN "cancel_state" text;--> statement-breakpoint
ALTER TABLE "sales_order_notes" ADD CONSTRAINT "sales_order_notes_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_notes_order_idx" ON "sales_order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_customers_store_sort_name_idx" ON "sales_customers" USING btree ("store_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "sales_orders_store_number_idx" ON "sales_orders" USING btree ("store_id","number","id");--> statement-breakpoint
CREATE INDEX "sales_orders_store_total_idx" ON "sales_orders" USING btree ("store_id","total","id");--> statement-breakpoint
CREATE INDEX "sales_orders_store_placed_idx" ON "sales_orders" USING btree ("store_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_id","number","id");
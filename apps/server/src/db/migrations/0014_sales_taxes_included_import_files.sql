CREATE TABLE "sales_order_import_files" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"compression" text,
	"layout" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "taxes_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_order_import_files_store_idx" ON "sales_order_import_files" USING btree ("store_id","created_at");
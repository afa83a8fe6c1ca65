CREATE TABLE "sales_product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"option_values" text[] NOT NULL,
	"sku" text,
	"barcode" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"compare_at_price" bigint,
	"weight_grams" integer,
	"tracked" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_products" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"vendor" text,
	"product_type" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" integer,
	"currency_code" text NOT NULL,
	"options" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"status" text NOT NULL,
	"channel" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_product_variants" ADD CONSTRAINT "sales_product_variants_product_id_sales_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sales_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_product_variants_product_idx" ON "sales_product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_product_variants_store_sku_key" ON "sales_product_variants" USING btree ("store_id","sku") WHERE "sales_product_variants"."sku" is not null;--> statement-breakpoint
CREATE INDEX "sales_product_variants_store_barcode_idx" ON "sales_product_variants" USING btree ("store_id","barcode");--> statement-breakpoint
CREATE INDEX "sales_products_store_status_idx" ON "sales_products" USING btree ("store_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sales_products_channel_external_key" ON "sales_products" USING btree ("store_id","channel","external_id") WHERE "sales_products"."external_id" is not null;
CREATE TABLE "fulfillment_bundle_components" (
	"store_id" text NOT NULL,
	"bundle_variant_id" text NOT NULL,
	"component_variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_bundle_components_pk" PRIMARY KEY("bundle_variant_id","component_variant_id"),
	CONSTRAINT "fulfillment_bundle_components_quantity_check" CHECK ("fulfillment_bundle_components"."quantity" > 0),
	CONSTRAINT "fulfillment_bundle_components_not_itself_check" CHECK ("fulfillment_bundle_components"."bundle_variant_id" <> "fulfillment_bundle_components"."component_variant_id")
);
--> statement-breakpoint
CREATE TABLE "fulfillment_kitting_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"bundle_variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "fulfillment_kitting_requests_quantity_check" CHECK ("fulfillment_kitting_requests"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "fulfillment_bundle_components_store_idx" ON "fulfillment_bundle_components" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_kitting_requests_number_key" ON "fulfillment_kitting_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "fulfillment_kitting_requests_store_idx" ON "fulfillment_kitting_requests" USING btree ("store_id","number" DESC NULLS LAST);--> statement-breakpoint
-- Issue 15: bundles and kitting requests go with their variants (written here, as
-- kitting.table.ts does not import the sales tables).
ALTER TABLE "fulfillment_bundle_components" ADD CONSTRAINT "fulfillment_bundle_components_bundle_fk" FOREIGN KEY ("bundle_variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_bundle_components" ADD CONSTRAINT "fulfillment_bundle_components_component_fk" FOREIGN KEY ("component_variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_kitting_requests" ADD CONSTRAINT "fulfillment_kitting_requests_bundle_fk" FOREIGN KEY ("bundle_variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;

CREATE TABLE "fulfillment_inventory_levels" (
	"variant_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"store_id" text NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_inventory_levels_pk" PRIMARY KEY("variant_id","warehouse_id"),
	CONSTRAINT "fulfillment_inventory_levels_on_hand_check" CHECK ("fulfillment_inventory_levels"."on_hand" >= 0),
	CONSTRAINT "fulfillment_inventory_levels_reserved_check" CHECK ("fulfillment_inventory_levels"."reserved" >= 0 and "fulfillment_inventory_levels"."reserved" <= "fulfillment_inventory_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "fulfillment_inventory_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"store_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"kind" text NOT NULL,
	"on_hand_change" integer NOT NULL,
	"reserved_change" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"reason" text,
	"note" text,
	"order_id" text,
	"order_line_id" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfillment_reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_line_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfillment_reservations_quantity_check" CHECK ("fulfillment_reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "fulfillment_warehouses" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"state_code" text NOT NULL,
	"country_code" text NOT NULL,
	"time_zone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfillment_inventory_levels" ADD CONSTRAINT "fulfillment_inventory_levels_warehouse_id_fulfillment_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."fulfillment_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_inventory_movements" ADD CONSTRAINT "fulfillment_inventory_movements_warehouse_id_fulfillment_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."fulfillment_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_reservations" ADD CONSTRAINT "fulfillment_reservations_warehouse_id_fulfillment_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."fulfillment_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfillment_inventory_levels_store_idx" ON "fulfillment_inventory_levels" USING btree ("store_id","variant_id");--> statement-breakpoint
CREATE INDEX "fulfillment_inventory_movements_variant_idx" ON "fulfillment_inventory_movements" USING btree ("store_id","variant_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_reservations_line_key" ON "fulfillment_reservations" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "fulfillment_reservations_order_idx" ON "fulfillment_reservations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_warehouses_code_key" ON "fulfillment_warehouses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_warehouses_default_key" ON "fulfillment_warehouses" USING btree ("is_default") WHERE "fulfillment_warehouses"."is_default";--> statement-breakpoint
-- Issue 15: the rows of a variant, order or order line of the sales module go with it (these
-- foreign keys are written here, as fulfillment.table.ts does not import the sales tables).
ALTER TABLE "fulfillment_inventory_levels" ADD CONSTRAINT "fulfillment_inventory_levels_variant_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_inventory_movements" ADD CONSTRAINT "fulfillment_inventory_movements_variant_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_reservations" ADD CONSTRAINT "fulfillment_reservations_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_reservations" ADD CONSTRAINT "fulfillment_reservations_order_line_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."sales_order_lines"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_reservations" ADD CONSTRAINT "fulfillment_reservations_variant_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."sales_product_variants"("id") ON DELETE cascade;--> statement-breakpoint
-- Issue 15: the fulfillment center's default warehouse, in North Carolina (spec §9).
INSERT INTO "fulfillment_warehouses" ("id", "code", "name", "state_code", "country_code", "time_zone", "is_default")
VALUES ('whs_north_carolina', 'NC1', 'North Carolina fulfillment center', 'NC', 'US', 'America/New_York', true)
ON CONFLICT DO NOTHING;

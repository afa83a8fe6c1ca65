CREATE TABLE "fulfillment_hold_digests" (
	"store_id" text NOT NULL,
	"day" text NOT NULL,
	"hold_count" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fulfillment_hold_digests_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "fulfillment_order_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"rule_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"released_by_name" text,
	"release_note" text,
	CONSTRAINT "fulfillment_order_holds_reason_check" CHECK ("fulfillment_order_holds"."reason" in ('MISSING_STOCK', 'ADDRESS_PROBLEM', 'RULE'))
);
--> statement-breakpoint
CREATE TABLE "fulfillment_order_instructions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"inserts" jsonb NOT NULL,
	"packaging" text,
	"shipping_method" text,
	"matched_rule_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfillment_order_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"then_rule_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fulfillment_order_holds_order_idx" ON "fulfillment_order_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfillment_order_holds_open_idx" ON "fulfillment_order_holds" USING btree ("store_id","created_at") WHERE "fulfillment_order_holds"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_order_holds_open_key" ON "fulfillment_order_holds" USING btree ("order_id","reason",coalesce("rule_id", '')) WHERE "fulfillment_order_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "fulfillment_order_instructions_store_idx" ON "fulfillment_order_instructions" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "fulfillment_order_rules_store_idx" ON "fulfillment_order_rules" USING btree ("store_id","position");--> statement-breakpoint
-- Issue 15: an order's instructions and holds go with it (written here, as rules.table.ts does
-- not import the sales tables); a rule's chain is cleared when the rule it names is deleted.
ALTER TABLE "fulfillment_order_instructions" ADD CONSTRAINT "fulfillment_order_instructions_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_order_holds" ADD CONSTRAINT "fulfillment_order_holds_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "fulfillment_order_holds" ADD CONSTRAINT "fulfillment_order_holds_rule_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."fulfillment_order_rules"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "fulfillment_order_rules" ADD CONSTRAINT "fulfillment_order_rules_then_rule_fk" FOREIGN KEY ("then_rule_id") REFERENCES "public"."fulfillment_order_rules"("id") ON DELETE set null;

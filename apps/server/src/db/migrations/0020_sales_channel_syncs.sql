CREATE TABLE "sales_channel_syncs" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"step" text NOT NULL,
	"operation_id" text,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"tallies" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_channel_syncs" ADD CONSTRAINT "sales_channel_syncs_connection_id_sales_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sales_channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_channel_syncs_connection_idx" ON "sales_channel_syncs" USING btree ("connection_id","created_at");
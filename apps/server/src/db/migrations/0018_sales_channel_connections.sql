CREATE TABLE "sales_channel_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"channel" text NOT NULL,
	"shop" text NOT NULL,
	"token_ciphertext" text,
	"token_iv" text,
	"token_tag" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_channel_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"channel" text NOT NULL,
	"shop" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_channel_webhook_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"webhook_id" text NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"store_id" text,
	"body" text,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_channel_connections_store_shop_key" ON "sales_channel_connections" USING btree ("store_id","channel","shop");--> statement-breakpoint
CREATE INDEX "sales_channel_connections_shop_idx" ON "sales_channel_connections" USING btree ("channel","shop");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_channel_webhook_receipts_webhook_key" ON "sales_channel_webhook_receipts" USING btree ("channel","webhook_id");
ALTER TABLE "creator_order_items" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_order_items" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "creator_order_items" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;
ALTER TABLE "sales_channel_connections" ADD COLUMN "sync_job_id" text;--> statement-breakpoint
ALTER TABLE "sales_channel_connections" ADD COLUMN "sync_state" jsonb;
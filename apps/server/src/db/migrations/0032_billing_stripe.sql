CREATE TABLE "billing_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "billing_invoices_provider_invoice" ON "billing_invoices" USING btree ("provider_invoice_id");
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider_charge_id" text,
	"received_at" timestamp with time zone NOT NULL
);

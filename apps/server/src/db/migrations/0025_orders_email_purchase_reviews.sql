CREATE TABLE "orders_email_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"email_count" integer NOT NULL,
	"handled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_company_reviews" ADD COLUMN "purchased_at" timestamp with time zone;
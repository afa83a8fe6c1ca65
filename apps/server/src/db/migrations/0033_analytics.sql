CREATE TABLE "analytics_events" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"source_client" text NOT NULL,
	"anonymous_user_id" text NOT NULL,
	"user_id" text,
	"store_id" text,
	"common_type" text NOT NULL,
	"event_name" text NOT NULL,
	"common_content" jsonb NOT NULL,
	"properties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_model_fits" (
	"store_id" text NOT NULL,
	"calibration_end" text NOT NULL,
	"time_unit" text NOT NULL,
	"horizon_days" integer NOT NULL,
	"orders_version" text NOT NULL,
	"result" jsonb NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_model_fits_store_id_calibration_end_time_unit_horizon_days_pk" PRIMARY KEY("store_id","calibration_end","time_unit","horizon_days")
);
--> statement-breakpoint
CREATE TABLE "analytics_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"view" text NOT NULL,
	"query" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "analytics_events_name_received" ON "analytics_events" USING btree ("event_name","received_at");--> statement-breakpoint
CREATE INDEX "analytics_shares_store" ON "analytics_shares" USING btree ("store_id","created_at");
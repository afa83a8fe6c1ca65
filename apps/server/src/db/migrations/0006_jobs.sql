CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queue_job_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_progress_check" CHECK (progress BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_key" ON "jobs" USING btree ("store_id","kind","key") WHERE status IN ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "jobs_store_idx" ON "jobs" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_store_kind_idx" ON "jobs" USING btree ("store_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
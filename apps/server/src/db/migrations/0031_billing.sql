CREATE TABLE "billing_accounts" (
	"store_id" text PRIMARY KEY NOT NULL,
	"clock_offset_ms" bigint DEFAULT 0 NOT NULL,
	"trial_used_at" timestamp with time zone,
	"provider_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_cancellation_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"user_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"subscription_id" text,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"currency_code" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_payment_attempt_at" timestamp with time zone,
	"payment_method_id" text,
	"provider_charge_id" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_modules" (
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"welcome_credits_granted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_modules_store_id_name_pk" PRIMARY KEY("store_id","name")
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_promotion_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"duration_invoices" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"unit_amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"resumes_at" timestamp with time zone,
	"pending_plan_type" text,
	"pending_interval" text,
	"discount_code" text,
	"discount_percent_off" integer,
	"discount_invoices_remaining" integer,
	"additional_seats" integer DEFAULT 0 NOT NULL,
	"default_payment_method_id" text,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"store_id" text PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"credits" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "billing_cancellation_answers_created" ON "billing_cancellation_answers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "billing_invoices_store" ON "billing_invoices" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_next_attempt" ON "billing_invoices" USING btree ("next_payment_attempt_at");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_store" ON "billing_payment_methods" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_one_default" ON "billing_payment_methods" USING btree ("store_id") WHERE "billing_payment_methods"."is_default" and "billing_payment_methods"."detached_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_one_current" ON "billing_subscriptions" USING btree ("store_id") WHERE "billing_subscriptions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "billing_subscriptions_store" ON "billing_subscriptions" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_period_end" ON "billing_subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_idempotency" ON "credit_entries" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_entries_store" ON "credit_entries" USING btree ("store_id","created_at");
CREATE TABLE "supplier_members" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "store_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "supplier_members" ADD CONSTRAINT "supplier_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_members_company_email_key" ON "supplier_members" USING btree ("company_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_members_invite_token_hash_key" ON "supplier_members" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "supplier_members_user_idx" ON "supplier_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_party_check" CHECK (("sessions"."store_id" IS NULL) <> ("sessions"."company_id" IS NULL));
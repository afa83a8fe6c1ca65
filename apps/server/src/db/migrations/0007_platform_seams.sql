CREATE TABLE "file_grants" (
	"file_id" text NOT NULL,
	"participant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_grants_file_id_participant_pk" PRIMARY KEY("file_id","participant")
);
--> statement-breakpoint
CREATE TABLE "chat_offline_email_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"email_count" integer NOT NULL,
	"handled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_deliveries" (
	"event_id" text NOT NULL,
	"subscriber" text NOT NULL,
	"sequence" bigint NOT NULL,
	"aggregate_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "outbox_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"type" text NOT NULL,
	"aggregate_id" text NOT NULL,
	"store_id" text,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_events_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_deliveries" ADD CONSTRAINT "outbox_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_deliveries_pending_idx" ON "outbox_deliveries" USING btree ("subscriber","aggregate_id","sequence") WHERE delivered_at IS NULL AND dead_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_deliveries_due_idx" ON "outbox_deliveries" USING btree ("sequence") WHERE delivered_at IS NULL AND dead_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_events_occurred_idx" ON "outbox_events" USING btree ("occurred_at");--> statement-breakpoint
-- Files already sent in a conversation stay readable by its other side (before, chat was asked).
INSERT INTO "file_grants" ("file_id", "participant", "created_at")
SELECT DISTINCT sent.file_id, side.participant, now()
FROM "chat_messages" m
JOIN "conversations" c ON c."id" = m."conversation_id"
CROSS JOIN LATERAL unnest(m."file_ids") AS sent(file_id)
CROSS JOIN LATERAL (VALUES ('store_' || c."store_id"), ('customer_' || c."company_id")) AS side(participant)
JOIN "files" f ON f."id" = sent.file_id
WHERE side.participant <> f."owner"
ON CONFLICT DO NOTHING;

CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"uploaded_by_user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"index" integer NOT NULL,
	"author" text NOT NULL,
	"author_user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"file_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"conversation_id" text NOT NULL,
	"participant" text NOT NULL,
	"last_read_index" integer NOT NULL,
	CONSTRAINT "conversation_reads_conversation_id_participant_pk" PRIMARY KEY("conversation_id","participant")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_id" text NOT NULL,
	"company_id" text NOT NULL,
	"last_message_index" integer DEFAULT -1 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_index_key" ON "chat_messages" USING btree ("conversation_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_message_key" ON "chat_messages" USING btree ("conversation_id","author","client_message_id") WHERE "chat_messages"."client_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_file_ids_idx" ON "chat_messages" USING gin ("file_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_store_company_key" ON "conversations" USING btree ("store_id","company_id");--> statement-breakpoint
CREATE INDEX "conversations_company_idx" ON "conversations" USING btree ("company_id");
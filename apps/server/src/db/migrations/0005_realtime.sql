CREATE TABLE "chat_email_notices" (
	"conversation_id" text NOT NULL,
	"participant" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_email_notices_conversation_id_participant_pk" PRIMARY KEY("conversation_id","participant")
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea"
);

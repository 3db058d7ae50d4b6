CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sending', 'sent', 'retrying', 'failed');--> statement-breakpoint
CREATE TYPE "public"."mail_transport" AS ENUM('outbox', 'smtp');--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"to_user_id" uuid,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"redacted_html" text,
	"redacted_text" text,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"transport" "mail_transport",
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_messages_attempts_non_negative" CHECK ("mail_messages"."attempts" >= 0),
	CONSTRAINT "mail_messages_secret_redacted" CHECK (not "mail_messages"."secret" or ("mail_messages"."redacted_html" is not null and "mail_messages"."redacted_text" is not null)),
	CONSTRAINT "mail_messages_sent_has_transport" CHECK ("mail_messages"."status" <> 'sent' or ("mail_messages"."transport" is not null and "mail_messages"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_resets_token_hash_sha256" CHECK ("password_resets"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "password_resets_expiry_after_creation" CHECK ("password_resets"."expires_at" > "password_resets"."created_at")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_pending_idx" ON "mail_messages" USING btree ("created_at") WHERE "mail_messages"."status" in ('queued', 'sending', 'retrying');--> statement-breakpoint
CREATE INDEX "mail_messages_to_user_idx" ON "mail_messages" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");
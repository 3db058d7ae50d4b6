CREATE TABLE "mail_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"receipts" boolean DEFAULT true NOT NULL,
	"rent" boolean DEFAULT true NOT NULL,
	"lease" boolean DEFAULT true NOT NULL,
	"requests" boolean DEFAULT true NOT NULL,
	"announcements" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"once_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "notifications_once_key_unique" UNIQUE("once_key")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
-- Written by hand: a notice committed wakes the servers' notification job at once (NOTIFY is
-- delivered on commit, so a rolled-back change wakes nobody); the job's schedule is the backstop.
CREATE FUNCTION notifications_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_wake AFTER INSERT ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_wake();

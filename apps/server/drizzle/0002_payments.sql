CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"billing_month" date NOT NULL,
	"rent" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"coupon_id" uuid,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"client_secret" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_provider_known" CHECK ("payment_intents"."provider" in ('sandbox', 'stripe')),
	CONSTRAINT "payment_intents_status_known" CHECK ("payment_intents"."status" in ('open', 'succeeded', 'canceled')),
	CONSTRAINT "payment_intents_amount_non_negative" CHECK ("payment_intents"."amount" >= 0),
	CONSTRAINT "payment_intents_discount_range" CHECK ("payment_intents"."discount" >= 0 and "payment_intents"."discount" <= "payment_intents"."rent"),
	CONSTRAINT "payment_intents_billing_month_first_day" CHECK (extract(day from "payment_intents"."billing_month") = 1)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_one_open_per_member_month" ON "payment_intents" USING btree ("user_id","billing_month") WHERE "payment_intents"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_known" CHECK ("payments"."provider" in ('sandbox', 'stripe'));
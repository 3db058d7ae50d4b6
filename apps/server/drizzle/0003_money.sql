CREATE TABLE "intents_to_settle" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intents_to_settle" ADD CONSTRAINT "intents_to_settle_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" jsonb NOT NULL,
	"last_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_intents_status_known" CHECK ("sandbox_intents"."status" in ('requires_payment_method', 'succeeded', 'canceled')),
	CONSTRAINT "sandbox_intents_amount_positive" CHECK ("sandbox_intents"."amount" > 0)
);
--> statement-breakpoint
-- The sandbox keeps its own side of each intent now, as Stripe does; the old rows kept it inline.
INSERT INTO "sandbox_intents" ("id", "idempotency_key", "client_secret", "amount", "currency", "status", "metadata", "last_error", "created_at", "updated_at")
SELECT "id", 'legacy:' || "id", "client_secret", "amount", "currency",
  CASE "status" WHEN 'open' THEN 'requires_payment_method' ELSE "status" END,
  jsonb_build_object('userId', "user_id"::text, 'billingMonth', to_char("billing_month", 'YYYY-MM'), 'agreementId', "agreement_id"::text),
  "last_error", "created_at", "updated_at"
FROM "payment_intents"
WHERE "provider" = 'sandbox' AND "client_secret" IS NOT NULL AND "amount" > 0;
--> statement-breakpoint
-- Sandbox cards confirmed but never recorded (a browser gone before saving, or the second charge
-- of the old double-payment bug) were test money: they are voided on both sides rather than
-- recorded, since two of them may name one month or one coupon.
UPDATE "payment_intents" SET "status" = 'canceled'
WHERE "provider" = 'sandbox' AND "status" = 'succeeded'
  AND "id" NOT IN (SELECT "transaction_id" FROM "payments");
--> statement-breakpoint
UPDATE "sandbox_intents" SET "status" = 'canceled'
WHERE "status" = 'succeeded' AND "id" NOT IN (SELECT "transaction_id" FROM "payments");
--> statement-breakpoint
-- At most one intent per member and month, and per member and coupon, may be live from now on
-- (the indexes below). An unrecorded intent that would break that (for a month already paid or
-- with a coupon already used, or beside a newer one for the same month or coupon) is closed in
-- our books. The sandbox's side is closed with it (next statement); Stripe cannot be asked from
-- here, so a closed Stripe intent is listed in "intents_to_settle", and maintenance settles it
-- with Stripe: canceled if still open, recorded or refunded if it was charged meanwhile.
WITH "closing" AS (
  SELECT "i"."id", "i"."provider"
  FROM "payment_intents" AS "i"
  WHERE "i"."status" IN ('open', 'succeeded')
    AND NOT EXISTS (SELECT 1 FROM "payments" AS "p" WHERE "p"."transaction_id" = "i"."id")
    AND (
      EXISTS (
        SELECT 1 FROM "payments" AS "p"
        WHERE "p"."user_id" = "i"."user_id" AND "p"."billing_month" = "i"."billing_month")
      OR ("i"."coupon_id" IS NOT NULL AND EXISTS (
        SELECT 1 FROM "payments" AS "p"
        WHERE "p"."user_id" = "i"."user_id" AND "p"."coupon_id" = "i"."coupon_id"))
      OR EXISTS (
        SELECT 1 FROM "payment_intents" AS "o"
        WHERE "o"."user_id" = "i"."user_id" AND "o"."id" <> "i"."id"
          AND "o"."status" IN ('open', 'succeeded')
          AND NOT EXISTS (SELECT 1 FROM "payments" AS "p" WHERE "p"."transaction_id" = "o"."id")
          AND ("o"."billing_month" = "i"."billing_month" OR "o"."coupon_id" = "i"."coupon_id")
          AND ("o"."created_at", "o"."id") > ("i"."created_at", "i"."id"))
    )
), "closed" AS (
  UPDATE "payment_intents" SET "status" = 'canceled', "updated_at" = now()
  FROM "closing" WHERE "payment_intents"."id" = "closing"."id"
  RETURNING "payment_intents"."id", "payment_intents"."provider"
)
INSERT INTO "intents_to_settle" ("intent_id", "reason")
SELECT "id", 'closed by migration 0003 beside a paid month, a used coupon or a newer intent'
FROM "closed" WHERE "provider" <> 'sandbox';
--> statement-breakpoint
UPDATE "sandbox_intents" SET "status" = 'canceled'
WHERE "status" = 'requires_payment_method'
  AND "id" IN (SELECT "id" FROM "payment_intents" WHERE "status" = 'canceled');
--> statement-breakpoint
-- Sandbox payments were "charged" in usd units equal to the taka figure: they were taka.
UPDATE "payments" SET "currency" = 'bdt'
WHERE "provider" = 'sandbox' AND "currency" = 'usd' AND "amount_charged" = ("rent" - "discount") * 100;
--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "client_secret";
--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "last_error";
--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_status_known";
--> statement-breakpoint
DROP INDEX "payment_intents_one_open_per_member_month";
--> statement-breakpoint
DROP INDEX "payment_intents_user_idx";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate" text;
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "rate" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_idempotency_key_unique" ON "sandbox_intents" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_client_secret_unique" ON "sandbox_intents" USING btree ("client_secret");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_one_live_per_member_month" ON "payment_intents" USING btree ("user_id","billing_month") WHERE "payment_intents"."status" in ('open', 'processing', 'succeeded');
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_one_coupon_hold_per_member" ON "payment_intents" USING btree ("coupon_id","user_id") WHERE "payment_intents"."coupon_id" is not null and "payment_intents"."status" in ('open', 'processing', 'succeeded');
--> statement-breakpoint
CREATE INDEX "payment_intents_user_month_idx" ON "payment_intents" USING btree ("user_id","billing_month");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rate_shape" CHECK ("payments"."rate" is null or "payments"."rate" ~ '^[0-9]{1,7}([.][0-9]{1,6})?$');
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_rate_shape" CHECK ("payment_intents"."rate" is null or "payment_intents"."rate" ~ '^[0-9]{1,7}([.][0-9]{1,6})?$');
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_status_known" CHECK ("payment_intents"."status" in ('open', 'processing', 'succeeded', 'canceled', 'refunded'));

DROP INDEX "charges_unpaid_idx";--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_unpaid_idx" ON "charges" USING btree ("tenant_id") WHERE "charges"."paid_at" is null and "charges"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cancelled_whole" CHECK (("charges"."cancelled_at" is null) = ("charges"."cancelled_by" is null)
        and ("charges"."cancelled_at" is null) = ("charges"."cancel_reason" is null));--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_paid_or_cancelled" CHECK ("charges"."paid_at" is null or "charges"."cancelled_at" is null);--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cancel_reason_length" CHECK (char_length("charges"."cancel_reason") between 3 and 200);--> statement-breakpoint
-- A cancelled charge stays as it was cancelled: never paid, changed or owed again (a charge made
-- by mistake is cancelled for good; what is truly owed is charged anew).
CREATE OR REPLACE FUNCTION "charges_cancelled_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'charge % is cancelled: it cannot change', OLD."id"
    USING ERRCODE = 'check_violation', CONSTRAINT = 'charges_cancelled_final';
END $$;--> statement-breakpoint
CREATE TRIGGER "charges_cancelled_final" BEFORE UPDATE ON "charges"
  FOR EACH ROW WHEN (OLD."cancelled_at" IS NOT NULL)
  EXECUTE FUNCTION "charges_cancelled_final"();

CREATE TABLE "deposit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"entry_date" date NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_entries_kind_known" CHECK ("deposit_entries"."kind" in ('received', 'refunded')),
	CONSTRAINT "deposit_entries_amount_positive" CHECK ("deposit_entries"."amount" > 0),
	CONSTRAINT "deposit_entries_method_known" CHECK ("deposit_entries"."method" in ('cash', 'bank', 'bkash', 'nagad')),
	CONSTRAINT "deposit_entries_reference_length" CHECK (char_length("deposit_entries"."reference") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_known";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_entries_agreement_idx" ON "deposit_entries" USING btree ("agreement_id","entry_date","recorded_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('card', 'cash', 'bank', 'bkash', 'nagad'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_recorded" CHECK (("payments"."provider" = 'offline') = ("payments"."method" <> 'card')
        and ("payments"."provider" = 'offline') = ("payments"."received_on" is not null)
        and ("payments"."provider" = 'offline') = ("payments"."recorded_by" is not null)
        and ("payments"."provider" = 'offline' or "payments"."reference" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reference_length" CHECK (char_length("payments"."reference") between 1 and 100);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_known" CHECK ("payments"."provider" in ('sandbox', 'stripe', 'offline'));--> statement-breakpoint
-- A refund never takes more than is held: the lease's row is locked (so refunds of one lease take
-- turns, across every server process), then what is held is summed afresh (a new snapshot per
-- statement) and the entry refused when it would go below zero.
CREATE FUNCTION "deposit_entries_refund_covered"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held bigint;
BEGIN
  PERFORM 1 FROM "agreements" WHERE "id" = NEW."agreement_id" FOR NO KEY UPDATE;
  IF NEW."kind" = 'refunded' THEN
    SELECT coalesce(sum(CASE WHEN "kind" = 'received' THEN "amount" ELSE -"amount" END), 0)
      INTO held FROM "deposit_entries" WHERE "agreement_id" = NEW."agreement_id";
    IF held < NEW."amount" THEN
      RAISE EXCEPTION 'a refund of % exceeds the deposit held (%)', NEW."amount", held
        USING ERRCODE = 'check_violation', CONSTRAINT = 'deposit_entries_held_non_negative';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_held_non_negative" BEFORE INSERT ON "deposit_entries"
  FOR EACH ROW EXECUTE FUNCTION "deposit_entries_refund_covered"();
--> statement-breakpoint
-- The deposit ledger is not rewritten: a mistake is corrected by another entry.
CREATE FUNCTION "deposit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deposit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "deposit_entries"
  FOR EACH ROW EXECUTE FUNCTION "deposit_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_no_truncate" BEFORE TRUNCATE ON "deposit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "deposit_entries_append_only"();

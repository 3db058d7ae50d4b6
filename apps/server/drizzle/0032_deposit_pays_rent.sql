ALTER TABLE "payments" DROP CONSTRAINT "payments_method_known";--> statement-breakpoint
CREATE INDEX "payments_deposit_rent_idx" ON "payments" USING btree ("agreement_id","rent","discount") WHERE "payments"."method" = 'deposit';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('card', 'cash', 'bank', 'bkash', 'nagad', 'deposit'));--> statement-breakpoint
-- Rent paid out of a lease's security deposit is a payment with the method 'deposit'. What a
-- deposit holds is then what it received, less what was given back, less the rent paid from it
-- (deposits.service.ts reads it the same way). Undoing such a payment deletes it, so its amount
-- is held again with nothing else to change.
CREATE FUNCTION "deposit_held"(uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(CASE WHEN "kind" = 'received' THEN "amount" ELSE -"amount" END)
      FROM "deposit_entries" WHERE "agreement_id" = $1), 0)
    - coalesce((SELECT sum("rent" - "discount")
      FROM "payments" WHERE "agreement_id" = $1 AND "method" = 'deposit'), 0)
$$;
--> statement-breakpoint
-- A refund never takes more than is held, now that rent may have been paid from it too: the
-- lease's row is locked (refunds and rent from one deposit take turns, across every server
-- process), then what is held is summed afresh and the entry refused when it would go below zero.
CREATE OR REPLACE FUNCTION "deposit_entries_refund_covered"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held bigint;
BEGIN
  PERFORM 1 FROM "agreements" WHERE "id" = NEW."agreement_id" FOR NO KEY UPDATE;
  IF NEW."kind" <> 'received' THEN
    held := "deposit_held"(NEW."agreement_id");
    IF held < NEW."amount" THEN
      RAISE EXCEPTION 'a refund of % exceeds the deposit held (%)', NEW."amount", held
        USING ERRCODE = 'check_violation', CONSTRAINT = 'deposit_entries_held_non_negative';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Rent paid from the deposit never takes more than is held, by the same lock and sum.
CREATE FUNCTION "payments_deposit_covered"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held bigint;
BEGIN
  PERFORM 1 FROM "agreements" WHERE "id" = NEW."agreement_id" FOR NO KEY UPDATE;
  held := "deposit_held"(NEW."agreement_id");
  -- A row changed in place still counts in what was summed: its old amount is held again.
  IF TG_OP = 'UPDATE' AND OLD."method" = 'deposit' AND OLD."agreement_id" = NEW."agreement_id" THEN
    held := held + OLD."rent" - OLD."discount";
  END IF;
  IF held < NEW."rent" - NEW."discount" THEN
    RAISE EXCEPTION 'rent of % exceeds the deposit held (%)', NEW."rent" - NEW."discount", held
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_deposit_covered';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_deposit_covered" BEFORE INSERT OR UPDATE ON "payments"
  FOR EACH ROW WHEN (NEW."method" = 'deposit') EXECUTE FUNCTION "payments_deposit_covered"();

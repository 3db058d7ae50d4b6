ALTER TABLE "deposit_entries" DROP CONSTRAINT "deposit_entries_kind_known";--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD COLUMN "undoes" uuid;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_undoes_deposit_entries_id_fk" FOREIGN KEY ("undoes") REFERENCES "public"."deposit_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_entries_undone_once" ON "deposit_entries" USING btree ("undoes");--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_undo_whole" CHECK (("deposit_entries"."kind" in ('receipt_undone', 'refund_undone')) = ("deposit_entries"."undoes" is not null) and ("deposit_entries"."undoes" is null) = ("deposit_entries"."reason" is null));--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_reason_length" CHECK (char_length("deposit_entries"."reason") between 1 and 200);--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_kind_known" CHECK ("deposit_entries"."kind" in ('received', 'refunded', 'receipt_undone', 'refund_undone'));--> statement-breakpoint
-- An entry recorded by mistake is undone by an entry of its own, the opposite way: a receipt
-- undone takes its amount out of what is held, a refund undone puts it back.
CREATE OR REPLACE FUNCTION "deposit_held"(uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(CASE WHEN "kind" IN ('received', 'refund_undone') THEN "amount" ELSE -"amount" END)
      FROM "deposit_entries" WHERE "agreement_id" = $1), 0)
    - coalesce((SELECT sum("rent" - "discount")
      FROM "payments" WHERE "agreement_id" = $1 AND "method" = 'deposit'), 0)
$$;
--> statement-breakpoint
-- With the lease's row locked (entries of one deposit take turns, across every server process):
-- an undo must match the entry it undoes (the same lease, amount and method, the opposite way,
-- and not itself an undo), and whatever takes money out of the deposit (a refund, a receipt
-- undone) never takes more than is held.
CREATE OR REPLACE FUNCTION "deposit_entries_refund_covered"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held bigint;
BEGIN
  PERFORM 1 FROM "agreements" WHERE "id" = NEW."agreement_id" FOR NO KEY UPDATE;
  IF NEW."undoes" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "deposit_entries" e
    WHERE e."id" = NEW."undoes" AND e."agreement_id" = NEW."agreement_id"
      AND e."amount" = NEW."amount" AND e."method" = NEW."method"
      AND (e."kind", NEW."kind") IN (('received', 'receipt_undone'), ('refunded', 'refund_undone'))
  ) THEN
    RAISE EXCEPTION 'an undo must match the entry it undoes'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'deposit_entries_undo_matches';
  END IF;
  IF NEW."kind" IN ('refunded', 'receipt_undone') THEN
    held := "deposit_held"(NEW."agreement_id");
    IF held < NEW."amount" THEN
      RAISE EXCEPTION 'a refund of % exceeds the deposit held (%)', NEW."amount", held
        USING ERRCODE = 'check_violation', CONSTRAINT = 'deposit_entries_held_non_negative';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

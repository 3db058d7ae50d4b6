-- Kept figures are a cache (ADR 016): the rows kept so far lack the roll's columns, so they are
-- forgotten and worked out again on the next read.
DELETE FROM "lease_figures";--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "latest" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "apartment_no" text;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "status" "agreement_status";--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "rent" bigint;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "deposit_held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "charges_owed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "last_payment_on" date;--> statement-breakpoint
ALTER TABLE "lease_figures" ADD COLUMN "last_payment_amount" bigint;--> statement-breakpoint
-- A person's money changed: a new version for each person named (taken in one order, so two
-- statements naming the same people lock their rows in the same order), written also into the
-- kept figures of all their agreements, in the order of the agreements. A row's figures hold
-- while its `version` equals `latest`, so:
-- - the new version is drawn once the person's row is locked (on conflict), so versions grow in
--   the order the changes commit: a change waiting on another takes the later number;
-- - every agreement of the person is written, not only leases, so a lease that stops being one
--   (by hand in SQL) leaves no row that holds;
-- - an agreement with no kept figures gets a row of its own that is never read (no day, no
--   rules, version -1): figures worked out from a snapshot before this change and kept after it
--   then meet this row, and keep its later `latest` (ADR 018).
CREATE OR REPLACE FUNCTION "tenant_money_changed"("tenants" uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH "bumped" AS (
    INSERT INTO "tenant_money_versions" ("tenant_id", "version")
    SELECT "t", nextval('tenant_money_version_seq')
    FROM (SELECT DISTINCT "t" FROM unnest("tenants") AS "t" WHERE "t" IS NOT NULL) AS "named"
    ORDER BY "t"
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = nextval('tenant_money_version_seq')
    RETURNING "tenant_id", "version"
  )
  INSERT INTO "lease_figures" ("agreement_id", "tenant_id", "computed_for", "rules", "version",
    "balance", "owed_months", "overdue_months", "latest")
  SELECT "a"."id", "a"."tenant_id", '-infinity'::date, '', -1, 0, 0, 0, "b"."version"
  FROM "bumped" "b" JOIN "agreements" "a" ON "a"."tenant_id" = "b"."tenant_id"
  ORDER BY "a"."id"
  ON CONFLICT ("agreement_id") DO UPDATE
    SET "latest" = greatest("lease_figures"."latest", excluded."latest");
$$;
--> statement-breakpoint
-- The roll keeps each lease's apartment number: renaming an apartment changes its tenants' rows.
CREATE FUNCTION "apartment_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tenant_money_changed"(ARRAY(
    SELECT "a"."tenant_id" FROM "agreements" "a"
    WHERE "a"."apartment_id" = NEW."id" AND "a"."status" IN ('accepted', 'ended')));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "apartments_renamed" AFTER UPDATE OF "apartment_no" ON "apartments"
  FOR EACH ROW WHEN (OLD."apartment_no" IS DISTINCT FROM NEW."apartment_no")
  EXECUTE FUNCTION "apartment_renamed"();
--> statement-breakpoint
-- Deposits and charges are a lease's money too: the roll keeps what each lease holds and owes.
CREATE FUNCTION "lease_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "a"."tenant_id" FROM "agreements" "a"
      WHERE "a"."id" IN (SELECT "agreement_id" FROM "new_rows")));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "a"."tenant_id" FROM "agreements" "a"
      WHERE "a"."id" IN (SELECT "agreement_id" FROM "old_rows" UNION SELECT "agreement_id" FROM "new_rows")));
  ELSE
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "a"."tenant_id" FROM "agreements" "a"
      WHERE "a"."id" IN (SELECT "agreement_id" FROM "old_rows")));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_money_inserted" AFTER INSERT ON "deposit_entries"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_money_updated" AFTER UPDATE ON "deposit_entries"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_money_deleted" AFTER DELETE ON "deposit_entries"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "deposit_entries_money_truncated" AFTER TRUNCATE ON "deposit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_figures_forget"();
--> statement-breakpoint
CREATE TRIGGER "charges_money_inserted" AFTER INSERT ON "charges"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "charges_money_updated" AFTER UPDATE ON "charges"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "charges_money_deleted" AFTER DELETE ON "charges"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "charges_money_truncated" AFTER TRUNCATE ON "charges"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_figures_forget"();

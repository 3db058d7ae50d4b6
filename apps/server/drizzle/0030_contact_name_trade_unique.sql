-- One listed contact by a name for a trade, whatever the case. Contacts listed twice before this
-- keep the oldest as it is; each later one gets a number after its name ("Karim Hossain (2)"), so
-- the admin can tell them apart, keep the one wanted and remove the others. A number already
-- taken (a "Karim Hossain (2)" typed by hand) is skipped, and a long name is cut to make room, so
-- the index below can always be made. Nothing is removed here: requests name these contacts.
DO $$
DECLARE
  duplicate record;
  k integer;
  candidate text;
BEGIN
  FOR duplicate IN
    SELECT "id", "name", "trade", n FROM (
      SELECT "id", "name", "trade", row_number() OVER (
        PARTITION BY lower("name"), lower("trade") ORDER BY "created_at", "id"
      ) AS n
      FROM "maintenance_contacts"
      WHERE "removed_at" IS NULL
    ) AS numbered
    WHERE n > 1
    ORDER BY lower("name"), lower("trade"), n
  LOOP
    k := duplicate.n;
    LOOP
      candidate := rtrim(left(duplicate."name", 80 - length(' (' || k || ')'))) || ' (' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "maintenance_contacts"
        WHERE "removed_at" IS NULL
          AND lower("name") = lower(candidate)
          AND lower("trade") = lower(duplicate."trade")
      );
      k := k + 1;
    END LOOP;
    UPDATE "maintenance_contacts" SET "name" = candidate WHERE "id" = duplicate."id";
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_contacts_name_trade_unique" ON "maintenance_contacts" USING btree (lower("name"),lower("trade")) WHERE "maintenance_contacts"."removed_at" is null;

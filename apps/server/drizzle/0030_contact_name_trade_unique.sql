-- One listed contact by a name for a trade, whatever the case. Contacts listed twice before this
-- keep the oldest as it is; each later one gets a number after its name ("Karim Hossain (2)"), so
-- the admin can tell them apart, keep the one wanted and remove the others. Nothing is removed
-- here: requests name these contacts.
UPDATE "maintenance_contacts" AS c
SET "name" = left(c."name", 74) || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY lower("name"), lower("trade") ORDER BY "created_at", "id"
  ) AS n
  FROM "maintenance_contacts"
  WHERE "removed_at" IS NULL
) AS d
WHERE c."id" = d."id" AND d.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_contacts_name_trade_unique" ON "maintenance_contacts" USING btree (lower("name"),lower("trade")) WHERE "maintenance_contacts"."removed_at" is null;

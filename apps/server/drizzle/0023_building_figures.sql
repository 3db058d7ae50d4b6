CREATE SEQUENCE "public"."occupancy_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "occupancy_figures" (
	"block_name" text PRIMARY KEY NOT NULL,
	"computed_for" date NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL,
	"occupied" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupancy_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "occupancy_version_one_row" CHECK ("occupancy_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rent_calendar" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "rent_calendar_one_row" CHECK ("rent_calendar"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rent_collected_days" (
	"day" date PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
-- Rent received per building day (ADR 017). Until a server keeps the calendar in its own zone
-- (keepRentCalendar), the totals are kept in UTC, built here from every payment so far.
INSERT INTO "rent_calendar" ("id", "time_zone") VALUES (1, 'UTC');
--> statement-breakpoint
INSERT INTO "rent_collected_days" ("day", "amount")
SELECT coalesce("received_on", ("paid_at" AT TIME ZONE 'UTC')::date), sum("rent" - "discount")
FROM "payments" GROUP BY 1;
--> statement-breakpoint
-- A statement's payments added to (or, for rows it removed, taken from) their days' totals. The
-- calendar is read with a share lock: a server rebuilding the totals in another zone waits for
-- the payments being recorded, and they for it. Days are written in one order, so two payments'
-- statements never wait for each other in a circle.
CREATE FUNCTION "payments_rent_collected"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "zone" text;
BEGIN
  SELECT "time_zone" INTO "zone" FROM "rent_calendar" WHERE "id" = 1 FOR SHARE;
  -- No calendar (its row deleted by hand): nothing reads the days until a server keeps one
  -- again, and that rebuilds them from every payment.
  IF "zone" IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rent_collected_days" ("day", "amount")
    SELECT coalesce("received_on", ("paid_at" AT TIME ZONE "zone")::date) AS "day",
      sum("rent" - "discount")
    FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "amount" = "rent_collected_days"."amount" + excluded."amount";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "rent_collected_days" ("day", "amount")
    SELECT "day", sum("amount") FROM (
      SELECT coalesce("received_on", ("paid_at" AT TIME ZONE "zone")::date) AS "day",
        -("rent" - "discount")::bigint AS "amount"
      FROM "old_rows"
      UNION ALL
      SELECT coalesce("received_on", ("paid_at" AT TIME ZONE "zone")::date),
        ("rent" - "discount")::bigint
      FROM "new_rows"
    ) AS "changed" GROUP BY "day" ORDER BY "day"
    ON CONFLICT ("day") DO UPDATE SET "amount" = "rent_collected_days"."amount" + excluded."amount";
  ELSE
    INSERT INTO "rent_collected_days" ("day", "amount")
    SELECT coalesce("received_on", ("paid_at" AT TIME ZONE "zone")::date) AS "day",
      -sum("rent" - "discount")
    FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "amount" = "rent_collected_days"."amount" + excluded."amount";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_rent_collected_inserted" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_rent_collected"();
--> statement-breakpoint
CREATE TRIGGER "payments_rent_collected_updated" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_rent_collected"();
--> statement-breakpoint
CREATE TRIGGER "payments_rent_collected_deleted" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_rent_collected"();
--> statement-breakpoint
CREATE FUNCTION "rent_collected_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "rent_collected_days";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_rent_collected_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "rent_collected_forget"();
--> statement-breakpoint
-- Occupancy: a new version with any change that can move it. An apartment's coming, going, block
-- or status; a lease (an agreement that is or was accepted) coming, going, or changing its
-- status, end or apartment. A request coming in or being refused moves nothing.
CREATE FUNCTION "occupancy_changed"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "occupancy_version" ("id", "version") VALUES (1, nextval('occupancy_version_seq'))
  ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
$$;
--> statement-breakpoint
CREATE FUNCTION "apartments_occupancy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (Nested: the transition tables exist only for the trigger that names them.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM "old_rows" "o" JOIN "new_rows" "n" ON "n"."id" = "o"."id"
      WHERE ("o"."status", "o"."block_name") IS DISTINCT FROM ("n"."status", "n"."block_name")
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM "occupancy_changed"();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "apartments_occupancy_inserted" AFTER INSERT ON "apartments"
  FOR EACH STATEMENT EXECUTE FUNCTION "apartments_occupancy_changed"();
--> statement-breakpoint
CREATE TRIGGER "apartments_occupancy_updated" AFTER UPDATE ON "apartments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "apartments_occupancy_changed"();
--> statement-breakpoint
CREATE TRIGGER "apartments_occupancy_deleted" AFTER DELETE ON "apartments"
  FOR EACH STATEMENT EXECUTE FUNCTION "apartments_occupancy_changed"();
--> statement-breakpoint
CREATE TRIGGER "apartments_occupancy_truncated" AFTER TRUNCATE ON "apartments"
  FOR EACH STATEMENT EXECUTE FUNCTION "apartments_occupancy_changed"();
--> statement-breakpoint
CREATE FUNCTION "agreements_occupancy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "new_rows" WHERE "status" = 'accepted') THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM "old_rows" "o" JOIN "new_rows" "n" ON "n"."id" = "o"."id"
      WHERE ('accepted' IN ("o"."status", "n"."status"))
        AND ("o"."status", "o"."ends_on", "o"."apartment_id")
          IS DISTINCT FROM ("n"."status", "n"."ends_on", "n"."apartment_id")
    ) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "old_rows" WHERE "status" = 'accepted') THEN RETURN NULL; END IF;
  END IF;
  PERFORM "occupancy_changed"();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "agreements_occupancy_inserted" AFTER INSERT ON "agreements"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_occupancy_changed"();
--> statement-breakpoint
CREATE TRIGGER "agreements_occupancy_updated" AFTER UPDATE ON "agreements"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_occupancy_changed"();
--> statement-breakpoint
CREATE TRIGGER "agreements_occupancy_deleted" AFTER DELETE ON "agreements"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_occupancy_changed"();
--> statement-breakpoint
CREATE TRIGGER "agreements_occupancy_truncated" AFTER TRUNCATE ON "agreements"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_occupancy_changed"();

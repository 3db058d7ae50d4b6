CREATE SEQUENCE "public"."tenant_money_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "lease_figures" (
	"agreement_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"computed_for" date NOT NULL,
	"rules" text NOT NULL,
	"version" bigint NOT NULL,
	"first_month" date,
	"first_unpaid" date,
	"last_paid" date,
	"balance" bigint NOT NULL,
	"owed_months" integer NOT NULL,
	"overdue_months" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_money_versions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lease_figures" ADD CONSTRAINT "lease_figures_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_money_versions" ADD CONSTRAINT "tenant_money_versions_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_figures_tenant_idx" ON "lease_figures" USING btree ("tenant_id");--> statement-breakpoint
-- A person's money changed: a new version for each person named, taken in one order so two
-- statements naming the same people lock their rows in the same order.
CREATE FUNCTION "tenant_money_changed"("tenants" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "tenant_money_versions" ("tenant_id", "version")
  SELECT "t", nextval('tenant_money_version_seq')
  FROM (SELECT DISTINCT "t" FROM unnest("tenants") AS "t" WHERE "t" IS NOT NULL) AS "named"
  ORDER BY "t"
  ON CONFLICT ("tenant_id") DO UPDATE SET "version" = excluded."version";
$$;
--> statement-breakpoint
CREATE FUNCTION "payments_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tenant_money_changed"(ARRAY(SELECT "user_id" FROM "new_rows"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "user_id" FROM "old_rows" UNION SELECT "user_id" FROM "new_rows"));
  ELSE
    PERFORM "tenant_money_changed"(ARRAY(SELECT "user_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_money_inserted" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "payments_money_updated" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "payments_money_deleted" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_money_changed"();
--> statement-breakpoint
-- Only a lease bills (accepted, or ended after it was): a request coming in or being refused
-- changes nobody's money.
CREATE FUNCTION "agreements_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "tenant_id" FROM "new_rows" WHERE "status" IN ('accepted', 'ended')));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "tenant_id" FROM "old_rows" WHERE "status" IN ('accepted', 'ended')
      UNION SELECT "tenant_id" FROM "new_rows" WHERE "status" IN ('accepted', 'ended')));
  ELSE
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "tenant_id" FROM "old_rows" WHERE "status" IN ('accepted', 'ended')));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "agreements_money_inserted" AFTER INSERT ON "agreements"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "agreements_money_updated" AFTER UPDATE ON "agreements"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "agreements_money_deleted" AFTER DELETE ON "agreements"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agreements_money_changed"();
--> statement-breakpoint
CREATE FUNCTION "lease_rents_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "a"."tenant_id" FROM "new_rows" "r" JOIN "agreements" "a" ON "a"."id" = "r"."agreement_id"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "a"."tenant_id" FROM "agreements" "a"
      WHERE "a"."id" IN (SELECT "agreement_id" FROM "old_rows" UNION SELECT "agreement_id" FROM "new_rows")));
  ELSE
    PERFORM "tenant_money_changed"(ARRAY(
      SELECT "a"."tenant_id" FROM "old_rows" "r" JOIN "agreements" "a" ON "a"."id" = "r"."agreement_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lease_rents_money_inserted" AFTER INSERT ON "lease_rents"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_rents_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "lease_rents_money_updated" AFTER UPDATE ON "lease_rents"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_rents_money_changed"();
--> statement-breakpoint
CREATE TRIGGER "lease_rents_money_deleted" AFTER DELETE ON "lease_rents"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_rents_money_changed"();
--> statement-breakpoint
-- Emptied wholesale (an operator's act): no kept figure survives it.
CREATE FUNCTION "lease_figures_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lease_figures";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_money_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_figures_forget"();
--> statement-breakpoint
CREATE TRIGGER "lease_rents_money_truncated" AFTER TRUNCATE ON "lease_rents"
  FOR EACH STATEMENT EXECUTE FUNCTION "lease_figures_forget"();

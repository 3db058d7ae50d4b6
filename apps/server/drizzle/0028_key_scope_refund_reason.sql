DROP INDEX "deposit_entries_request_key_unique";--> statement-breakpoint
DROP INDEX "maintenance_costs_request_key_unique";--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refund_reason" text;--> statement-breakpoint
-- A key sent for two leases (or two requests) before it named one entry: the later entry keeps its
-- money and loses the key, so the index below can hold. The deposit ledger refuses every update
-- (0010): its guard stands aside for this one, which changes no money.
ALTER TABLE "deposit_entries" DISABLE TRIGGER "deposit_entries_no_update_or_delete";--> statement-breakpoint
UPDATE "deposit_entries" d SET "request_key" = NULL WHERE "request_key" IS NOT NULL AND EXISTS (SELECT 1 FROM "deposit_entries" e WHERE e."request_key" = d."request_key" AND (e."recorded_at", e."id") < (d."recorded_at", d."id"));--> statement-breakpoint
ALTER TABLE "deposit_entries" ENABLE TRIGGER "deposit_entries_no_update_or_delete";--> statement-breakpoint
UPDATE "maintenance_costs" c SET "request_key" = NULL WHERE "request_key" IS NOT NULL AND EXISTS (SELECT 1 FROM "maintenance_costs" o WHERE o."request_key" = c."request_key" AND (o."created_at", o."id") < (c."created_at", c."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_entries_key_unique" ON "deposit_entries" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_costs_key_unique" ON "maintenance_costs" USING btree ("request_key");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_refund_reason_known" CHECK ("payment_intents"."refund_reason" is null or "payment_intents"."refund_reason" in ('paid', 'coupon', 'repriced', 'unbilled'));
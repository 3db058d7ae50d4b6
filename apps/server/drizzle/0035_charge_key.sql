ALTER TABLE "charges" DROP CONSTRAINT "charges_cancel_reason_length";--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_key_unique" ON "charges" USING btree ("request_key");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cancel_reason_length" CHECK (char_length("charges"."cancel_reason") between 1 and 200);
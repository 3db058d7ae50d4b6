CREATE TABLE "lease_rents" (
	"agreement_id" uuid NOT NULL,
	"from_month" date NOT NULL,
	"rent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_rents_agreement_id_from_month_pk" PRIMARY KEY("agreement_id","from_month"),
	CONSTRAINT "lease_rents_rent_positive" CHECK ("lease_rents"."rent" > 0),
	CONSTRAINT "lease_rents_from_first_day" CHECK (extract(day from "lease_rents"."from_month") = 1)
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "lease_rents" ADD CONSTRAINT "lease_rents_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_ending_idx" ON "agreements" USING btree ("ends_on") WHERE "agreements"."status" = 'accepted' and "agreements"."ends_on" is not null;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_ends_on_after_start" CHECK ("agreements"."ends_on" is null or "agreements"."start_date" is null or "agreements"."ends_on" >= "agreements"."start_date");
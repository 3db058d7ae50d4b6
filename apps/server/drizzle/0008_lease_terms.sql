ALTER TABLE "agreements" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "term_months" smallint;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "deposit" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "deposit_months" smallint;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "notice_days" smallint;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "rent_due_day" smallint;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "grace_days" smallint;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "parking" text;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "lease_term_months" smallint;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "deposit_months" smallint;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "notice_days" smallint;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "rent_due_day" smallint;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "grace_days" smallint;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "parking" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_terms_complete" CHECK (("agreements"."start_date" is null) = ("agreements"."end_date" is null)
        and ("agreements"."start_date" is null) = ("agreements"."rent_due_day" is null)
        and ("agreements"."start_date" is null or "agreements"."start_date" <= "agreements"."end_date"));--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_rent_due_day_range" CHECK ("agreements"."rent_due_day" between 1 and 28);--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_rent_due_day_range" CHECK ("building"."rent_due_day" between 1 and 28);
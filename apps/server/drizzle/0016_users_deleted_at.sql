ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Accounts deleted before the column existed: their rows were already anonymised.
UPDATE "users" SET "deleted_at" = "updated_at" WHERE "email" LIKE 'deleted-%@deleted.invalid';

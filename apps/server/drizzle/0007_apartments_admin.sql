CREATE TYPE "public"."apartment_status" AS ENUM('listed', 'unlisted', 'archived');--> statement-breakpoint
CREATE TABLE "apartment_photos" (
	"apartment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_id" text NOT NULL,
	CONSTRAINT "apartment_photos_apartment_id_position_pk" PRIMARY KEY("apartment_id","position"),
	CONSTRAINT "apartment_photos_position_range" CHECK ("apartment_photos"."position" between 0 and 11)
);
--> statement-breakpoint
DROP INDEX "apartments_apartment_no_unique";--> statement-breakpoint
ALTER TABLE "apartments" ADD COLUMN "status" "apartment_status" DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "apartments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "apartments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "apartment_photos" ADD CONSTRAINT "apartment_photos_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartment_photos" ADD CONSTRAINT "apartment_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apartment_photos_image_idx" ON "apartment_photos" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "apartments_status_no_idx" ON "apartments" USING btree ("status","apartment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "apartments_apartment_no_unique" ON "apartments" USING btree (lower("apartment_no"));--> statement-breakpoint
-- Each apartment's one photo becomes the first of its photos.
INSERT INTO "apartment_photos" ("apartment_id", "position", "image_id")
SELECT "id", 0, "image_id" FROM "apartments";--> statement-breakpoint
ALTER TABLE "apartments" DROP CONSTRAINT "apartments_image_id_images_id_fk";--> statement-breakpoint
ALTER TABLE "apartments" DROP COLUMN "image_id";
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_hits_positive" CHECK ("rate_limits"."hits" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_image_id" text;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_photo_image_idx" ON "users" USING btree ("photo_image_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_url_https" CHECK ("users"."photo_url" is null or "users"."photo_url" like 'https://%');
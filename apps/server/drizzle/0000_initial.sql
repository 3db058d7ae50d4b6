CREATE TYPE "public"."agreement_status" AS ENUM('pending', 'accepted', 'rejected', 'ended');--> statement-breakpoint
CREATE TYPE "public"."announcement_audience" AS ENUM('user', 'member', 'all');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('user', 'member', 'admin');--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"apartment_id" uuid NOT NULL,
	"status" "agreement_status" DEFAULT 'pending' NOT NULL,
	"rent" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agreements_rent_positive" CHECK ("agreements"."rent" > 0),
	CONSTRAINT "agreements_checked_when_decided" CHECK (("agreements"."status" = 'pending') = ("agreements"."checked_at" is null)),
	CONSTRAINT "agreements_ended_when_ended" CHECK (("agreements"."status" = 'ended') = ("agreements"."ended_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"type" "announcement_audience" NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_title_length" CHECK (length(trim("announcements"."title")) between 1 and 120),
	CONSTRAINT "announcements_details_length" CHECK (length(trim("announcements"."details")) between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "apartments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apartment_no" text NOT NULL,
	"details" text NOT NULL,
	"image_id" text NOT NULL,
	"floor_no" integer NOT NULL,
	"block_name" text NOT NULL,
	"rent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apartments_rent_positive" CHECK ("apartments"."rent" > 0),
	CONSTRAINT "apartments_floor_positive" CHECK ("apartments"."floor_no" > 0),
	CONSTRAINT "apartments_apartment_no_not_blank" CHECK (length(trim("apartments"."apartment_no")) > 0),
	CONSTRAINT "apartments_block_name_not_blank" CHECK (length(trim("apartments"."block_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"heading" text NOT NULL,
	"description" text NOT NULL,
	"percentage" integer NOT NULL,
	"valid_until" date NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "coupons_percentage_range" CHECK ("coupons"."percentage" between 1 and 100),
	CONSTRAINT "coupons_code_length" CHECK (length("coupons"."code") between 1 and 10),
	CONSTRAINT "coupons_heading_length" CHECK (length(trim("coupons"."heading")) between 1 and 50),
	CONSTRAINT "coupons_description_length" CHECK (length(trim("coupons"."description")) between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_id_is_sha256" CHECK ("images"."id" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "images_mime_type_known" CHECK ("images"."mime_type" in ('image/webp')),
	CONSTRAINT "images_dimensions_positive" CHECK ("images"."width" > 0 and "images"."height" > 0),
	CONSTRAINT "images_byte_size_matches" CHECK ("images"."byte_size" = octet_length("images"."data"))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"billing_month" date NOT NULL,
	"rent" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"amount_charged" integer NOT NULL,
	"currency" text NOT NULL,
	"coupon_id" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_rent_positive" CHECK ("payments"."rent" > 0),
	CONSTRAINT "payments_discount_range" CHECK ("payments"."discount" >= 0 and "payments"."discount" <= "payments"."rent"),
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount_charged" >= 0),
	CONSTRAINT "payments_billing_month_first_day" CHECK (extract(day from "payments"."billing_month") = 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_sha256" CHECK ("sessions"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "sessions_expiry_after_creation" CHECK ("sessions"."expires_at" > "sessions"."created_at")
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"photo_url" text,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_shape" CHECK ("users"."email" like '%_@_%'),
	CONSTRAINT "users_display_name_not_blank" CHECK (length(trim("users"."display_name")) > 0),
	CONSTRAINT "users_password_hash_argon2id" CHECK ("users"."password_hash" is null or "users"."password_hash" like '$argon2id$%')
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartments" ADD CONSTRAINT "apartments_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_one_accepted_per_apartment" ON "agreements" USING btree ("apartment_id") WHERE "agreements"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_one_accepted_per_tenant" ON "agreements" USING btree ("tenant_id") WHERE "agreements"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_one_pending_per_tenant" ON "agreements" USING btree ("tenant_id") WHERE "agreements"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agreements_status_signed_idx" ON "agreements" USING btree ("status","signed_at");--> statement-breakpoint
CREATE INDEX "agreements_tenant_signed_idx" ON "agreements" USING btree ("tenant_id","signed_at");--> statement-breakpoint
CREATE INDEX "agreements_apartment_idx" ON "agreements" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "announcements_type_created_idx" ON "announcements" USING btree ("type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "apartments_apartment_no_unique" ON "apartments" USING btree ("apartment_no");--> statement-breakpoint
CREATE INDEX "apartments_rent_idx" ON "apartments" USING btree ("rent" DESC NULLS FIRST,"apartment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_one_featured" ON "coupons" USING btree ("featured") WHERE "coupons"."featured" and "coupons"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_unique" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_per_member_month" ON "payments" USING btree ("user_id","billing_month");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_coupon_use_per_member" ON "payments" USING btree ("coupon_id","user_id") WHERE "payments"."coupon_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_user_paid_idx" ON "payments" USING btree ("user_id","paid_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_unique" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");
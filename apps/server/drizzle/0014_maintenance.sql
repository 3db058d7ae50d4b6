CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"description" text NOT NULL,
	"request_id" uuid,
	"amount" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text,
	"reference" text,
	"received_on" date,
	"recorded_by" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "charges_amount_range" CHECK ("charges"."amount" between 1 and 10000000),
	CONSTRAINT "charges_description_length" CHECK (char_length("charges"."description") between 1 and 200),
	CONSTRAINT "charges_paid_whole" CHECK (("charges"."paid_at" is null) = ("charges"."method" is null)
        and ("charges"."paid_at" is null) = ("charges"."received_on" is null)
        and ("charges"."paid_at" is null) = ("charges"."recorded_by" is null)
        and ("charges"."paid_at" is not null or "charges"."reference" is null)),
	CONSTRAINT "charges_method_known" CHECK ("charges"."method" in ('cash', 'bank', 'bkash', 'nagad')),
	CONSTRAINT "charges_reference_length" CHECK (char_length("charges"."reference") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "maintenance_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"from_building" boolean NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_comments_body_length" CHECK (char_length("maintenance_comments"."body") between 1 and 2000),
	CONSTRAINT "maintenance_comments_internal_by_building" CHECK (not "maintenance_comments"."internal" or "maintenance_comments"."from_building")
);
--> statement-breakpoint
CREATE TABLE "maintenance_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"trade" text NOT NULL,
	"phone" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_contacts_name_length" CHECK (char_length("maintenance_contacts"."name") between 1 and 80),
	CONSTRAINT "maintenance_contacts_trade_length" CHECK (char_length("maintenance_contacts"."trade") between 1 and 60),
	CONSTRAINT "maintenance_contacts_phone_length" CHECK (char_length("maintenance_contacts"."phone") between 5 and 30)
);
--> statement-breakpoint
CREATE TABLE "maintenance_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"charge_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_costs_kind_known" CHECK ("maintenance_costs"."kind" in ('labour', 'parts')),
	CONSTRAINT "maintenance_costs_amount_range" CHECK ("maintenance_costs"."amount" between 1 and 10000000),
	CONSTRAINT "maintenance_costs_description_length" CHECK (char_length("maintenance_costs"."description") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "maintenance_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"text" text,
	"internal" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid,
	"request_id" uuid,
	"comment_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_photos_comment_in_request" CHECK ("maintenance_photos"."comment_id" is null or "maintenance_photos"."request_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"tenant_id" uuid,
	"agreement_id" uuid NOT NULL,
	"category" text NOT NULL,
	"urgency" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"waiting_on" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"entry_permission" boolean NOT NULL,
	"preferred_times" text,
	"assignee_id" uuid,
	"visit_date" date,
	"visit_from" text,
	"visit_to" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rating" integer,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	CONSTRAINT "maintenance_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "maintenance_requests_category_known" CHECK ("maintenance_requests"."category" in ('plumbing', 'electrical', 'appliance', 'heating_cooling', 'pests', 'locks_keys', 'common_area', 'other')),
	CONSTRAINT "maintenance_requests_urgency_known" CHECK ("maintenance_requests"."urgency" in ('emergency', 'urgent', 'routine')),
	CONSTRAINT "maintenance_requests_status_known" CHECK ("maintenance_requests"."status" in ('new', 'acknowledged', 'scheduled', 'in_progress', 'waiting', 'resolved', 'closed', 'cancelled')),
	CONSTRAINT "maintenance_requests_waiting_on" CHECK (("maintenance_requests"."status" = 'waiting') = ("maintenance_requests"."waiting_on" is not null)
        and ("maintenance_requests"."waiting_on" is null or "maintenance_requests"."waiting_on" in ('tenant', 'parts'))),
	CONSTRAINT "maintenance_requests_visit_whole" CHECK (("maintenance_requests"."visit_date" is null) = ("maintenance_requests"."visit_from" is null)
        and ("maintenance_requests"."visit_date" is null) = ("maintenance_requests"."visit_to" is null)
        and ("maintenance_requests"."visit_from" is null or "maintenance_requests"."visit_from" < "maintenance_requests"."visit_to")),
	CONSTRAINT "maintenance_requests_scheduled_has_visit" CHECK ("maintenance_requests"."status" <> 'scheduled' or "maintenance_requests"."visit_date" is not null),
	CONSTRAINT "maintenance_requests_title_length" CHECK (char_length("maintenance_requests"."title") between 1 and 120),
	CONSTRAINT "maintenance_requests_description_length" CHECK (char_length("maintenance_requests"."description") between 1 and 4000),
	CONSTRAINT "maintenance_requests_location_length" CHECK (char_length("maintenance_requests"."location") between 1 and 120),
	CONSTRAINT "maintenance_requests_rating" CHECK (("maintenance_requests"."rating" is null or "maintenance_requests"."rating" between 1 and 5)
        and ("maintenance_requests"."rating" is null) = ("maintenance_requests"."rated_at" is null)
        and ("maintenance_requests"."rating" is null or "maintenance_requests"."status" = 'closed'))
);
--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "emergency_phone" text;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "repairs" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "repair_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "repair_visits" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "repair_comments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_comments" ADD CONSTRAINT "maintenance_comments_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_comments" ADD CONSTRAINT "maintenance_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_costs" ADD CONSTRAINT "maintenance_costs_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_costs" ADD CONSTRAINT "maintenance_costs_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_costs" ADD CONSTRAINT "maintenance_costs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_photos" ADD CONSTRAINT "maintenance_photos_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_photos" ADD CONSTRAINT "maintenance_photos_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_photos" ADD CONSTRAINT "maintenance_photos_comment_id_maintenance_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."maintenance_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_assignee_id_maintenance_contacts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."maintenance_contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_tenant_idx" ON "charges" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_agreement_idx" ON "charges" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "charges_unpaid_idx" ON "charges" USING btree ("tenant_id") WHERE "charges"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_comments_request_idx" ON "maintenance_comments" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_costs_charge_unique" ON "maintenance_costs" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "maintenance_costs_request_idx" ON "maintenance_costs" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_events_request_idx" ON "maintenance_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "maintenance_photos_request_idx" ON "maintenance_photos" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "maintenance_photos_comment_idx" ON "maintenance_photos" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "maintenance_photos_unattached_idx" ON "maintenance_photos" USING btree ("created_at") WHERE "maintenance_photos"."request_id" is null;--> statement-breakpoint
CREATE INDEX "maintenance_requests_tenant_idx" ON "maintenance_requests" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_status_idx" ON "maintenance_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_created_idx" ON "maintenance_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_agreement_idx" ON "maintenance_requests" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_assignee_idx" ON "maintenance_requests" USING btree ("assignee_id");
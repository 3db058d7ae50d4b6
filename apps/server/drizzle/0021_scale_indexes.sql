DROP INDEX "announcements_created_idx";--> statement-breakpoint
DROP INDEX "payments_paid_idx";--> statement-breakpoint
DROP INDEX "mail_messages_created_idx";--> statement-breakpoint
DROP INDEX "maintenance_requests_tenant_idx";--> statement-breakpoint
DROP INDEX "maintenance_requests_status_idx";--> statement-breakpoint
DROP INDEX "maintenance_requests_created_idx";--> statement-breakpoint
CREATE INDEX "users_members_by_name_idx" ON "users" USING btree ("display_name","email","id") WHERE "users"."role" = 'member';--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at","received_on","rent","discount");--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_tenant_idx" ON "maintenance_requests" USING btree ("tenant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_status_idx" ON "maintenance_requests" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_created_idx" ON "maintenance_requests" USING btree ("created_at" DESC NULLS FIRST);
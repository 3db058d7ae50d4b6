DROP INDEX "maintenance_comments_request_idx";--> statement-breakpoint
DROP INDEX "maintenance_costs_request_idx";--> statement-breakpoint
DROP INDEX "maintenance_events_request_idx";--> statement-breakpoint
ALTER TABLE "maintenance_comments" ADD COLUMN "seq" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_costs" ADD COLUMN "seq" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "seq" serial NOT NULL;--> statement-breakpoint
CREATE INDEX "maintenance_comments_request_idx" ON "maintenance_comments" USING btree ("request_id","at","seq");--> statement-breakpoint
CREATE INDEX "maintenance_costs_request_idx" ON "maintenance_costs" USING btree ("request_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "maintenance_events_request_idx" ON "maintenance_events" USING btree ("request_id","at","seq");
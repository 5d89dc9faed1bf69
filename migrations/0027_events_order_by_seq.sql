DROP INDEX "outbox_org_created_idx";--> statement-breakpoint
CREATE INDEX "outbox_org_created_idx" ON "outbox_events" USING btree ("org_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);
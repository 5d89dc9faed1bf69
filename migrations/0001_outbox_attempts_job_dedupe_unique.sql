DROP INDEX "jobs_dedupe_idx";--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "dispatch_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE dedupe_key is not null and status in ('pending', 'running');
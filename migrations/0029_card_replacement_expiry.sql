ALTER TABLE "cards" ADD COLUMN "exp_month" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "exp_year" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "replacement_for" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "replacement_reason" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "expiring_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_replacement_for_key" ON "cards" USING btree ("replacement_for") WHERE replacement_for is not null;--> statement-breakpoint
CREATE INDEX "cards_expiry_idx" ON "cards" USING btree ("exp_year","exp_month") WHERE replaced_by is null;--> statement-breakpoint
-- Cards issued before this migration: the simulator gives every card 3 years from its issue month (UTC).
UPDATE "cards" SET "exp_month" = extract(month from "created_at" at time zone 'UTC')::int, "exp_year" = extract(year from "created_at" at time zone 'UTC')::int + 3 WHERE "exp_month" IS NULL;

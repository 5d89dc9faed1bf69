ALTER TABLE "card_transactions" ADD COLUMN "card_last_four" text;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "customer_email" text;--> statement-breakpoint
-- Backfill from the cards and customers (within the organization, as every read is).
UPDATE "card_transactions" t SET "card_last_four" = k."last_four", "customer_email" = c."email"
FROM "cards" k, "card_customers" c
WHERE k."id" = t."card_id" AND k."org_id" = t."org_id" AND c."id" = t."customer_id" AND c."org_id" = t."org_id";

ALTER TABLE "card_customers" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "card_customers_metadata_idx" ON "card_customers" USING gin ("metadata" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "cards_metadata_idx" ON "cards" USING gin ("metadata" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "card_transactions_metadata_idx" ON "card_transactions" USING gin ("metadata" jsonb_path_ops);
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "card_customers_email_trgm_idx" ON "card_customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "card_customers_external_id_trgm_idx" ON "card_customers" USING gin ("external_id" gin_trgm_ops);
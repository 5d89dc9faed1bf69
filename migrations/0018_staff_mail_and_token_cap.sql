ALTER TABLE "dev_outbox_messages" ADD COLUMN "staff_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "api_tokens_key_idx" ON "api_tokens" USING btree ("key_id","created_at");--> statement-breakpoint
-- Invitations already in the outbox (their links may still be valid) are admin-only from now on too.
UPDATE "dev_outbox_messages" SET "staff_access" = true WHERE "body" LIKE '%/invite/svc!_inv!_%' ESCAPE '!';

-- Idempotency keys are scoped to the credential's holder (docs/errors.md, Idempotency). Rows stored
-- before have no actor: '' matches no caller, and they expire within 24 h.
ALTER TABLE "idempotency_keys" ADD COLUMN "actor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "actor" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "response_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_org_id_method_path_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_org_id_actor_method_path_key_pk" PRIMARY KEY("org_id","actor","method","path","key");--> statement-breakpoint
-- The checkout token is kept as its SHA-256 (hex) and looked up by it; deposits made before keep
-- no sealed copy (their checkout_url is no longer shown; the payer's link still works).
DROP INDEX "fiat_deposits_token_uq";--> statement-breakpoint
ALTER TABLE "fiat_deposits" ADD COLUMN "checkout_token_hash" text;--> statement-breakpoint
ALTER TABLE "fiat_deposits" ADD COLUMN "checkout_token_sealed" text;--> statement-breakpoint
UPDATE "fiat_deposits" SET "checkout_token_hash" = encode(sha256(convert_to("checkout_token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "fiat_deposits" ALTER COLUMN "checkout_token_hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_deposits_token_uq" ON "fiat_deposits" USING btree ("checkout_token_hash");--> statement-breakpoint
ALTER TABLE "fiat_deposits" DROP COLUMN "checkout_token";

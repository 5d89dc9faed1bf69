ALTER TABLE "webhook_subscriptions" ADD COLUMN "previous_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "standard_webhooks" boolean DEFAULT false NOT NULL;
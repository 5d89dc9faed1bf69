CREATE TABLE "balance_totals" (
	"org_id" text NOT NULL,
	"currency" text NOT NULL,
	"ledger_minor" bigint DEFAULT 0 NOT NULL,
	"available_minor" bigint DEFAULT 0 NOT NULL,
	"pending_minor" bigint DEFAULT 0 NOT NULL,
	"customer_count" integer DEFAULT 0 NOT NULL,
	"realtime_count" integer DEFAULT 0 NOT NULL,
	"on_chain_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_totals_org_id_currency_pk" PRIMARY KEY("org_id","currency")
);
--> statement-breakpoint
CREATE TABLE "card_transaction_daily_counts" (
	"org_id" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"volume_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_transaction_daily_counts_org_id_day_status_pk" PRIMARY KEY("org_id","day","status")
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"svc_card_id" text NOT NULL,
	"card_id" text NOT NULL,
	"card_token" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"billing_amount_minor" bigint NOT NULL,
	"billing_currency" text NOT NULL,
	"fx_rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"hold_minor" bigint DEFAULT 0 NOT NULL,
	"settled_amount_minor" bigint,
	"merchant" text,
	"merchant_category" text,
	"merchant_city" text,
	"merchant_country" text,
	"decline_code" text,
	"decline_reason" text,
	"original_transaction_id" text,
	"blockchain_tx_hash" text,
	"authorized_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_balances" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"currency" text NOT NULL,
	"ledger_minor" bigint DEFAULT 0 NOT NULL,
	"pending_minor" bigint DEFAULT 0 NOT NULL,
	"freshness" text DEFAULT 'realtime' NOT NULL,
	"notified_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_balances_pending_nonneg" CHECK ("customer_balances"."pending_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_fundings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_wallet_deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"currency" text NOT NULL,
	"source_amount_minor" bigint NOT NULL,
	"settled_amount_minor" bigint,
	"status" text NOT NULL,
	"two_step" boolean NOT NULL,
	"tx_hash" text NOT NULL,
	"withdrawal_id" text,
	"svc_card_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "master_wallets" (
	"org_id" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"processing_minor" bigint DEFAULT 0 NOT NULL,
	"low_balance_threshold_minor" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_wallets_org_id_currency_pk" PRIMARY KEY("org_id","currency"),
	CONSTRAINT "master_wallets_nonneg" CHECK ("master_wallets"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "program_counters" (
	"org_id" text PRIMARY KEY NOT NULL,
	"total_customers" integer DEFAULT 0 NOT NULL,
	"customers_with_wallets" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_totals" ADD CONSTRAINT "balance_totals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transaction_daily_counts" ADD CONSTRAINT "card_transaction_daily_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_fundings" ADD CONSTRAINT "customer_fundings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_fundings" ADD CONSTRAINT "customer_fundings_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_wallet_deposits" ADD CONSTRAINT "master_wallet_deposits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_wallets" ADD CONSTRAINT "master_wallets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_counters" ADD CONSTRAINT "program_counters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_transactions_org_created_idx" ON "card_transactions" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_org_status_created_idx" ON "card_transactions" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_org_svc_created_idx" ON "card_transactions" USING btree ("org_id","svc_card_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_card_token_idx" ON "card_transactions" USING btree ("card_token");--> statement-breakpoint
CREATE INDEX "card_transactions_declines_idx" ON "card_transactions" USING btree ("org_id","created_at","decline_code") WHERE status = 'declined';--> statement-breakpoint
CREATE INDEX "customer_balances_refresh_idx" ON "customer_balances" USING btree ("refreshed_at");--> statement-breakpoint
CREATE INDEX "customer_balances_org_idx" ON "customer_balances" USING btree ("org_id","currency");--> statement-breakpoint
CREATE INDEX "customer_fundings_org_idx" ON "customer_fundings" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_fundings_customer_idx" ON "customer_fundings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "master_wallet_deposits_org_idx" ON "master_wallet_deposits" USING btree ("org_id","created_at");
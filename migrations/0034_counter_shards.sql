ALTER TABLE "balance_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_totals" DROP CONSTRAINT "balance_totals_org_id_currency_pk";--> statement-breakpoint
ALTER TABLE "balance_totals" ADD CONSTRAINT "balance_totals_org_id_currency_shard_pk" PRIMARY KEY("org_id","currency","shard");--> statement-breakpoint
ALTER TABLE "card_transaction_daily_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_transaction_daily_counts" DROP CONSTRAINT "card_transaction_daily_counts_org_id_day_status_pk";--> statement-breakpoint
ALTER TABLE "card_transaction_daily_counts" ADD CONSTRAINT "card_transaction_daily_counts_org_id_day_status_shard_pk" PRIMARY KEY("org_id","day","status","shard");--> statement-breakpoint
ALTER TABLE "card_transaction_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_transaction_totals" DROP CONSTRAINT "card_transaction_totals_org_id_status_pk";--> statement-breakpoint
ALTER TABLE "card_transaction_totals" ADD CONSTRAINT "card_transaction_totals_org_id_status_shard_pk" PRIMARY KEY("org_id","status","shard");--> statement-breakpoint
ALTER TABLE "overview_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_daily" DROP CONSTRAINT "overview_daily_org_id_metric_day_currency_key_pk";--> statement-breakpoint
ALTER TABLE "overview_daily" ADD CONSTRAINT "overview_daily_org_id_metric_day_currency_key_shard_pk" PRIMARY KEY("org_id","metric","day","currency","key","shard");

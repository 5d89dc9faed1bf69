ALTER TABLE "auth_rule_daily_decisions" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_rule_daily_decisions" DROP CONSTRAINT "auth_rule_daily_decisions_rule_id_day_mode_pk";--> statement-breakpoint
ALTER TABLE "auth_rule_daily_decisions" ADD CONSTRAINT "auth_rule_daily_decisions_rule_id_day_mode_shard_pk" PRIMARY KEY("rule_id","day","mode","shard");

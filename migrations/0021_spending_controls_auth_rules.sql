CREATE TABLE "auth_rule_backtests" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"version" integer NOT NULL,
	"from" timestamp with time zone NOT NULL,
	"to" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rule_daily_decisions" (
	"org_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"day" date NOT NULL,
	"mode" text NOT NULL,
	"evaluated" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"declined_amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_rule_daily_decisions_rule_id_day_mode_pk" PRIMARY KEY("rule_id","day","mode")
);
--> statement-breakpoint
CREATE TABLE "auth_rule_hits" (
	"org_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"version" integer NOT NULL,
	"mode" text NOT NULL,
	"transaction_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_rule_hits_rule_id_transaction_id_pk" PRIMARY KEY("rule_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "auth_rule_versions" (
	"rule_id" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_rule_versions_rule_id_version_pk" PRIMARY KEY("rule_id","version")
);
--> statement-breakpoint
CREATE TABLE "auth_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"version" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_control_settings" (
	"org_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spend_counters" (
	"org_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"window_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spend_counters_org_id_subject_id_window_key_window_start_pk" PRIMARY KEY("org_id","subject_id","window_key","window_start")
);
--> statement-breakpoint
CREATE TABLE "spending_controls" (
	"org_id" text NOT NULL,
	"level" text NOT NULL,
	"target_id" text NOT NULL,
	"controls" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_controls_org_id_level_target_id_pk" PRIMARY KEY("org_id","level","target_id")
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "decline_reason_code" text;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "decline_rule" jsonb;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "control_windows" jsonb;--> statement-breakpoint
ALTER TABLE "auth_rule_backtests" ADD CONSTRAINT "auth_rule_backtests_rule_id_auth_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."auth_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_rule_daily_decisions" ADD CONSTRAINT "auth_rule_daily_decisions_rule_id_auth_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."auth_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_rule_hits" ADD CONSTRAINT "auth_rule_hits_rule_id_auth_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."auth_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_rule_versions" ADD CONSTRAINT "auth_rule_versions_rule_id_auth_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."auth_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_rules" ADD CONSTRAINT "auth_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_control_settings" ADD CONSTRAINT "program_control_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_controls" ADD CONSTRAINT "spending_controls_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_rule_backtests_rule_idx" ON "auth_rule_backtests" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_rule_hits_rule_created_idx" ON "auth_rule_hits" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_rules_org_state_idx" ON "auth_rules" USING btree ("org_id","state");
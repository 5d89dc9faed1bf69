CREATE TABLE "balance_alerts" (
	"org_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"threshold_minor" bigint,
	"state" text DEFAULT 'armed' NOT NULL,
	"fired_at" timestamp with time zone,
	"balance_minor" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_alerts_org_id_kind_subject_pk" PRIMARY KEY("org_id","kind","subject")
);
--> statement-breakpoint
CREATE TABLE "card_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"svc_card_id" text NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"time_zone" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"opening_minor" bigint NOT NULL,
	"closing_minor" bigint NOT NULL,
	"totals" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_alerts" ADD CONSTRAINT "balance_alerts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_statements" ADD CONSTRAINT "card_statements_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_statements" ADD CONSTRAINT "card_statements_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_alerts_fired_idx" ON "balance_alerts" USING btree ("org_id","state","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_statements_customer_period_key" ON "card_statements" USING btree ("customer_id","currency","period");--> statement-breakpoint
CREATE INDEX "card_statements_org_svc_idx" ON "card_statements" USING btree ("org_id","svc_card_id","period");
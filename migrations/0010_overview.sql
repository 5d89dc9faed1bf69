CREATE TABLE "overview_daily" (
	"org_id" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_daily_org_id_metric_day_currency_key_pk" PRIMARY KEY("org_id","metric","day","currency","key")
);
--> statement-breakpoint
ALTER TABLE "overview_daily" ADD CONSTRAINT "overview_daily_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
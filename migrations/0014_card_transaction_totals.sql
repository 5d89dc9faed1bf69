CREATE TABLE "card_transaction_totals" (
	"org_id" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_transaction_totals_org_id_status_pk" PRIMARY KEY("org_id","status")
);
--> statement-breakpoint
ALTER TABLE "card_transaction_totals" ADD CONSTRAINT "card_transaction_totals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: every day's counts summed per organization and status.
INSERT INTO "card_transaction_totals" ("org_id", "status", "count")
SELECT "org_id", "status", sum("count") FROM "card_transaction_daily_counts" GROUP BY 1, 2;

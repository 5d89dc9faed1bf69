CREATE TABLE "card_counts" (
	"org_id" text NOT NULL,
	"status" text NOT NULL,
	"card_type" text NOT NULL,
	"currency" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_counts_org_id_status_card_type_currency_pk" PRIMARY KEY("org_id","status","card_type","currency")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "currency" text;--> statement-breakpoint
-- Backfill: a card's currency is its customer's (issueCard takes it from there; EUR where a
-- customer never chose one, as the test helpers do), then the counts from the cards.
UPDATE "cards" SET "currency" = coalesce(c."currency", 'EUR') FROM "card_customers" c WHERE c."id" = "cards"."customer_id";--> statement-breakpoint
UPDATE "cards" SET "currency" = 'EUR' WHERE "currency" IS NULL;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "card_counts" ADD CONSTRAINT "card_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_org_currency_idx" ON "cards" USING btree ("org_id","currency","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_org_amount_idx" ON "card_transactions" USING btree ("org_id","amount_minor");--> statement-breakpoint
INSERT INTO "card_counts" ("org_id", "status", "card_type", "currency", "count")
SELECT "org_id", "status", "card_type", "currency", count(*)::int FROM "cards" GROUP BY 1, 2, 3, 4;

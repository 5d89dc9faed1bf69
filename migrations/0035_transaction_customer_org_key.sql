ALTER TABLE "card_customers" ADD CONSTRAINT "card_customers_id_org_key" UNIQUE("id","org_id");--> statement-breakpoint
ALTER TABLE "card_transactions" DROP CONSTRAINT "card_transactions_org_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "card_transactions" DROP CONSTRAINT "card_transactions_customer_id_card_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_customer_org_fk" FOREIGN KEY ("customer_id","org_id") REFERENCES "public"."card_customers"("id","org_id") ON DELETE cascade ON UPDATE no action;

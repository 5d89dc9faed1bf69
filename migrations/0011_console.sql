CREATE TABLE "card_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"svc_card_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"reason_code" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"credit_minor" integer NOT NULL,
	"credit_currency" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"filed_by" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_org_target_idx";--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_transaction_id_card_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."card_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_disputes_one_open_key" ON "card_disputes" USING btree ("transaction_id") WHERE status in ('submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "card_disputes_org_created_idx" ON "card_disputes" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_disputes_org_status_idx" ON "card_disputes" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "card_disputes_transaction_idx" ON "card_disputes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "card_disputes_org_svc_idx" ON "card_disputes" USING btree ("org_id","svc_card_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_org_list_idx" ON "cards" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_org_status_idx" ON "cards" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_org_type_idx" ON "cards" USING btree ("org_id","card_type","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_org_last_four_idx" ON "cards" USING btree ("org_id","last_four");--> statement-breakpoint
CREATE INDEX "card_transactions_org_merchant_idx" ON "card_transactions" USING btree ("org_id",lower("merchant") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_org_target_idx" ON "audit_log" USING btree ("org_id","target_id","created_at");
CREATE TABLE "fiat_beneficiaries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"nickname" text,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiat_deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"gateway" integer NOT NULL,
	"pay_currency" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"amount_due" numeric(38, 8) NOT NULL,
	"credit_amount" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 8) NOT NULL,
	"redirect_url" text NOT NULL,
	"checkout_token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fiat_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"wallet_currency" text NOT NULL,
	"payout_currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"amount_due" numeric(38, 8) NOT NULL,
	"receive_amount" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 8) NOT NULL,
	"payment_method_id" integer NOT NULL,
	"beneficiary_id" text,
	"beneficiary" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fiat_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"amount_due" numeric(38, 8) NOT NULL,
	"receive_amount" numeric(38, 8) NOT NULL,
	"method_id" integer,
	"method_type" text,
	"body" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"consumed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiat_wallets" (
	"org_id" text NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(38, 8) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiat_wallets_org_id_currency_pk" PRIMARY KEY("org_id","currency"),
	CONSTRAINT "fiat_wallets_nonneg" CHECK ("fiat_wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fiat_beneficiaries" ADD CONSTRAINT "fiat_beneficiaries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_deposits" ADD CONSTRAINT "fiat_deposits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_payouts" ADD CONSTRAINT "fiat_payouts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_quotes" ADD CONSTRAINT "fiat_quotes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_wallets" ADD CONSTRAINT "fiat_wallets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiat_beneficiaries_org_idx" ON "fiat_beneficiaries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_deposits_quote_uq" ON "fiat_deposits" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_deposits_token_uq" ON "fiat_deposits" USING btree ("checkout_token");--> statement-breakpoint
CREATE INDEX "fiat_deposits_org_idx" ON "fiat_deposits" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_payouts_quote_uq" ON "fiat_payouts" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "fiat_payouts_org_idx" ON "fiat_payouts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "fiat_quotes_org_idx" ON "fiat_quotes" USING btree ("org_id","created_at");
CREATE TABLE "gateway_payment_options" (
	"payment_id" text NOT NULL,
	"asset_code" text NOT NULL,
	"network" text NOT NULL,
	"deposit_address" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "gateway_payment_options_payment_id_asset_code_network_pk" PRIMARY KEY("payment_id","asset_code","network")
);
--> statement-breakpoint
CREATE TABLE "gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"requested_amount" numeric(38, 8) NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"asset_code" text,
	"network" text,
	"settled_amount" numeric(38, 8),
	"tx_hash" text,
	"external_reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_wallet_assets" (
	"org_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"balance" numeric(78, 0) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_wallet_assets_org_id_asset_id_pk" PRIMARY KEY("org_id","asset_id"),
	CONSTRAINT "master_wallet_assets_nonneg" CHECK ("master_wallet_assets"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "screening_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"address" text NOT NULL,
	"risk_level" text NOT NULL,
	"flagged" boolean NOT NULL,
	"checks" jsonb NOT NULL,
	"list_as_of" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_list_entries" (
	"list_id" text NOT NULL,
	"address_key" text NOT NULL,
	"address" text NOT NULL,
	"asset" text NOT NULL,
	CONSTRAINT "screening_list_entries_list_id_address_key_asset_pk" PRIMARY KEY("list_id","address_key","asset")
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"as_of" text NOT NULL,
	"entry_count" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"from_asset_id" text NOT NULL,
	"to_asset_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"expected_output" numeric(78, 0) NOT NULL,
	"min_output" numeric(78, 0) NOT NULL,
	"network_fee" numeric(78, 0) NOT NULL,
	"protocol_fee" numeric(78, 0) NOT NULL,
	"rate" text NOT NULL,
	"slippage_bps" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"from_asset_id" text NOT NULL,
	"to_asset_id" text NOT NULL,
	"from_amount" numeric(78, 0) NOT NULL,
	"to_amount" numeric(78, 0) NOT NULL,
	"to_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"from_tx_hash" text,
	"to_tx_hash" text,
	"failure_reason" text,
	"credited_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_payment_options" ADD CONSTRAINT "gateway_payment_options_payment_id_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."gateway_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_wallet_assets" ADD CONSTRAINT "master_wallet_assets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_checks" ADD CONSTRAINT "screening_checks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_list_entries" ADD CONSTRAINT "screening_list_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_quotes" ADD CONSTRAINT "swap_quotes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_quote_id_swap_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."swap_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_payments_org_idx" ON "gateway_payments" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gateway_payments_ref_idx" ON "gateway_payments" USING btree ("org_id","external_reference");--> statement-breakpoint
CREATE INDEX "gateway_payments_status_idx" ON "gateway_payments" USING btree ("org_id","status","created_at");--> statement-breakpoint
CREATE INDEX "screening_checks_org_idx" ON "screening_checks" USING btree ("org_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_one_active" ON "screening_lists" USING btree ("active") WHERE "screening_lists"."active";--> statement-breakpoint
CREATE INDEX "swap_quotes_org_idx" ON "swap_quotes" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "swaps_quote_unique" ON "swaps" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "swaps_org_idx" ON "swaps" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "swaps_org_status_idx" ON "swaps" USING btree ("org_id","status","created_at");
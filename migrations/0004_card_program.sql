CREATE TABLE "card_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"svc_card_id" text NOT NULL,
	"org_id" text NOT NULL,
	"email" text NOT NULL,
	"external_id" text,
	"origin" text NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"flow_status" text DEFAULT 'email_verification' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"kyc_status" text DEFAULT 'pending' NOT NULL,
	"kyc_applicant_id" text,
	"kyc_updated_at" timestamp with time zone,
	"currency" text,
	"source_of_funds" jsonb,
	"source_of_funds_at" timestamp with time zone,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"safe_state" text DEFAULT 'not_deployed' NOT NULL,
	"safe_address" text,
	"safe_requested_at" timestamp with time zone,
	"safe_deployed_at" timestamp with time zone,
	"account_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_program_settings" (
	"org_id" text PRIMARY KEY NOT NULL,
	"secure_theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cardholder_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"card_token" text NOT NULL,
	"last_four" text NOT NULL,
	"card_type" text NOT NULL,
	"status" text NOT NULL,
	"pin_set" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"frozen_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"lost_at" timestamp with time zone,
	"stolen_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_cards" (
	"card_token" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"external_ref" text NOT NULL,
	"pan_sealed" text NOT NULL,
	"expiry_sealed" text NOT NULL,
	"cvv_sealed" text NOT NULL,
	"pin_hash" text NOT NULL,
	"pin_changed_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_kyc_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"external_ref" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'notStarted' NOT NULL,
	"country" text,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_safes" (
	"address" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"owner_ref" text NOT NULL,
	"token_symbol" text NOT NULL,
	"deploy_status" text NOT NULL,
	"account_status" integer DEFAULT 1 NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_secure_views" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"org_id" text NOT NULL,
	"card_token" text NOT NULL,
	"view" text NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_customers" ADD CONSTRAINT "card_customers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_program_settings" ADD CONSTRAINT "card_program_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholder_sessions" ADD CONSTRAINT "cardholder_sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholder_sessions" ADD CONSTRAINT "cardholder_sessions_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_outbox_messages" ADD CONSTRAINT "dev_outbox_messages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_kyc_applicants" ADD CONSTRAINT "sim_kyc_applicants_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_safes" ADD CONSTRAINT "sim_safes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_secure_views" ADD CONSTRAINT "sim_secure_views_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_secure_views" ADD CONSTRAINT "sim_secure_views_card_token_sim_cards_card_token_fk" FOREIGN KEY ("card_token") REFERENCES "public"."sim_cards"("card_token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_customers_svc_card_id_key" ON "card_customers" USING btree ("svc_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_customers_org_email_key" ON "card_customers" USING btree ("org_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "card_customers_org_external_id_key" ON "card_customers" USING btree ("org_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "card_customers_org_created_idx" ON "card_customers" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_customers_org_kyc_idx" ON "card_customers" USING btree ("org_id","kyc_status","created_at");--> statement-breakpoint
CREATE INDEX "card_customers_org_flow_idx" ON "card_customers" USING btree ("org_id","flow_status","created_at");--> statement-breakpoint
CREATE INDEX "card_customers_org_email_prefix_idx" ON "card_customers" USING btree ("org_id","email" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cardholder_sessions_token_key" ON "cardholder_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cardholder_sessions_expiry_idx" ON "cardholder_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_card_token_key" ON "cards" USING btree ("card_token");--> statement-breakpoint
CREATE INDEX "cards_customer_idx" ON "cards" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_org_idx" ON "cards" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_customer_purpose_key" ON "one_time_codes" USING btree ("customer_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_codes_expiry_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "dev_outbox_org_to_idx" ON "dev_outbox_messages" USING btree ("org_id","to","created_at");--> statement-breakpoint
CREATE INDEX "dev_outbox_org_created_idx" ON "dev_outbox_messages" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "sim_cards_org_idx" ON "sim_cards" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_kyc_applicants_link_key" ON "sim_kyc_applicants" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_kyc_applicants_ref_key" ON "sim_kyc_applicants" USING btree ("org_id","external_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_safes_owner_key" ON "sim_safes" USING btree ("org_id","owner_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_secure_views_token_key" ON "sim_secure_views" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sim_secure_views_expiry_idx" ON "sim_secure_views" USING btree ("expires_at");
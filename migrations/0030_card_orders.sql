CREATE TABLE "card_order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"card_id" text NOT NULL,
	"status" text NOT NULL,
	"service" text NOT NULL,
	"name_on_card" text NOT NULL,
	"personalization" text,
	"address" jsonb NOT NULL,
	"country" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"eta" timestamp with time zone,
	"activation_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_order_events" ADD CONSTRAINT "card_order_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_order_events" ADD CONSTRAINT "card_order_events_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_order_events_order_idx" ON "card_order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_card_key" ON "card_orders" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_orders_org_created_idx" ON "card_orders" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_orders_org_status_idx" ON "card_orders" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "card_orders_customer_idx" ON "card_orders" USING btree ("customer_id","created_at");
CREATE TABLE "authorization_endpoint_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"transaction_id" text,
	"url" text NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"decision_source" text,
	"late_response_status" integer,
	"late_response_body" text,
	"late_latency_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authorization_endpoints" (
	"org_id" text NOT NULL,
	"mode" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"timeout_ms" integer DEFAULT 1500 NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"stand_in" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorization_endpoints_org_id_mode_pk" PRIMARY KEY("org_id","mode")
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "decision_source" text;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "endpoint_latency_ms" integer;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "endpoint_status" integer;--> statement-breakpoint
ALTER TABLE "authorization_endpoint_requests" ADD CONSTRAINT "authorization_endpoint_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_endpoints" ADD CONSTRAINT "authorization_endpoints_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorization_endpoint_requests_org_idx" ON "authorization_endpoint_requests" USING btree ("org_id","created_at");
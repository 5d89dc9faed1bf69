CREATE TABLE "authorization_endpoint_hourly" (
	"org_id" text NOT NULL,
	"mode" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"timeouts" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"latency_sum_ms" bigint DEFAULT 0 NOT NULL,
	"latency_max_ms" integer DEFAULT 0 NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "authorization_endpoint_hourly_org_id_mode_hour_pk" PRIMARY KEY("org_id","mode","hour")
);
--> statement-breakpoint
ALTER TABLE "authorization_endpoint_hourly" ADD CONSTRAINT "authorization_endpoint_hourly_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
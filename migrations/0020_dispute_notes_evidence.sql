CREATE TABLE "card_dispute_evidence" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"dispute_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by_type" text NOT NULL,
	"uploaded_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_dispute_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"dispute_id" text NOT NULL,
	"author_type" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_dispute_evidence" ADD CONSTRAINT "card_dispute_evidence_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispute_evidence" ADD CONSTRAINT "card_dispute_evidence_dispute_id_card_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."card_disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispute_notes" ADD CONSTRAINT "card_dispute_notes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_dispute_notes" ADD CONSTRAINT "card_dispute_notes_dispute_id_card_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."card_disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_dispute_evidence_dispute_idx" ON "card_dispute_evidence" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE INDEX "card_dispute_notes_dispute_idx" ON "card_dispute_notes" USING btree ("dispute_id","created_at");
CREATE TABLE "event_sequences" (
	"org_id" text NOT NULL,
	"object_id" text NOT NULL,
	"last" bigint NOT NULL,
	CONSTRAINT "event_sequences_org_id_object_id_pk" PRIMARY KEY("org_id","object_id")
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "object_id" text;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "sequence" bigint;--> statement-breakpoint
CREATE INDEX "outbox_org_created_idx" ON "outbox_events" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_org_object_idx" ON "outbox_events" USING btree ("org_id","object_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_org_type_idx" ON "outbox_events" USING btree ("org_id","type","created_at" DESC NULLS LAST);
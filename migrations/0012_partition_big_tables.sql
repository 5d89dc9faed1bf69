-- Hand-written (docs/scaling.md): card_transactions, outbox_events, webhook_deliveries and
-- webhook_delivery_attempts become range-partitioned by month (UTC) of their time column, so that
-- retention drops a month's partition instead of deleting rows. Each table is rebuilt: the old one is
-- renamed, a partitioned one with the same columns (LIKE, identity included) takes its name, the months
-- holding existing rows plus three months ahead get a partition each, a default partition catches
-- anything else, the rows are copied, the old table is dropped and the keys, indexes and foreign keys
-- are created on the new one (each index then exists on every partition). Primary and unique keys
-- include the partition key, as Postgres requires. drizzle-kit cannot express PARTITION BY; the schema
-- files declare the same columns, keys and indexes, and the snapshot matches them.
--
-- svc_ensure_month_partition(parent, key, month) creates parent_pYYYY_MM for [month, month + 1) in
-- UTC unless it exists; rows of that month waiting in parent_default are moved into it first (Postgres
-- refuses a new partition while the default holds rows of its range). The partition maintenance job
-- (server/jobs/partitions.ts) calls it for the months ahead.
CREATE OR REPLACE FUNCTION svc_ensure_month_partition(parent text, key_column text, month date)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  from_ts timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
  to_ts timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
  part text := parent || '_p' || to_char(first_day, 'YYYY_MM');
  def text := parent || '_default';
  waiting boolean := false;
BEGIN
  IF to_regclass(format('%I', part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF to_regclass(format('%I', def)) IS NOT NULL THEN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', def, key_column, key_column)
      INTO waiting USING from_ts, to_ts;
  END IF;
  IF waiting THEN
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', parent, def);
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, from_ts, to_ts);
  IF waiting THEN
    EXECUTE format(
      'INSERT INTO %I OVERRIDING SYSTEM VALUE SELECT * FROM %I WHERE %I >= $1 AND %I < $2',
      parent, def, key_column, key_column
    ) USING from_ts, to_ts;
    EXECUTE format('DELETE FROM %I WHERE %I >= $1 AND %I < $2', def, key_column, key_column) USING from_ts, to_ts;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I DEFAULT', parent, def);
  END IF;
  RETURN true;
END;
$$;
--> statement-breakpoint
-- Partitions for every month from the oldest row (or this month) to three months ahead.
CREATE OR REPLACE FUNCTION svc_partition_months(parent text, key_column text, oldest timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', least(coalesce(oldest, now()), now()) AT TIME ZONE 'UTC')::date;
  last_month date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months')::date;
BEGIN
  WHILE m <= last_month LOOP
    PERFORM svc_ensure_month_partition(parent, key_column, m);
    m := (m + interval '1 month')::date;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Keys into a partitioned table must include its partition key: card_disputes and the attempts keep
-- their link without a foreign key (docs/scaling.md, "Keys").
ALTER TABLE "card_disputes" DROP CONSTRAINT IF EXISTS "card_disputes_transaction_id_card_transactions_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT IF EXISTS "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk";--> statement-breakpoint

-- card_transactions, by created_at.
ALTER TABLE "card_transactions" RENAME TO "card_transactions_unpartitioned";--> statement-breakpoint
CREATE TABLE "card_transactions" (LIKE "card_transactions_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "card_transactions_default" PARTITION OF "card_transactions" DEFAULT;--> statement-breakpoint
SELECT svc_partition_months('card_transactions', 'created_at', (SELECT min("created_at") FROM "card_transactions_unpartitioned"));--> statement-breakpoint
INSERT INTO "card_transactions" SELECT * FROM "card_transactions_unpartitioned";--> statement-breakpoint
DROP TABLE "card_transactions_unpartitioned";--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_customer_id_card_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."card_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_transactions_org_created_idx" ON "card_transactions" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_org_status_created_idx" ON "card_transactions" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_org_svc_created_idx" ON "card_transactions" USING btree ("org_id","svc_card_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_card_token_idx" ON "card_transactions" USING btree ("card_token");--> statement-breakpoint
CREATE INDEX "card_transactions_org_merchant_idx" ON "card_transactions" USING btree ("org_id",lower("merchant") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "card_transactions_declines_idx" ON "card_transactions" USING btree ("org_id","created_at","decline_code") WHERE status = 'declined';--> statement-breakpoint

-- outbox_events, by created_at; seq stays an identity column, continuing after the copied rows.
ALTER TABLE "outbox_events" RENAME TO "outbox_events_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "outbox_events_seq_seq" RENAME TO "outbox_events_unpartitioned_seq_seq";--> statement-breakpoint
CREATE TABLE "outbox_events" (LIKE "outbox_events_unpartitioned" INCLUDING DEFAULTS INCLUDING IDENTITY) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "outbox_events_default" PARTITION OF "outbox_events" DEFAULT;--> statement-breakpoint
SELECT svc_partition_months('outbox_events', 'created_at', (SELECT min("created_at") FROM "outbox_events_unpartitioned"));--> statement-breakpoint
INSERT INTO "outbox_events" OVERRIDING SYSTEM VALUE SELECT * FROM "outbox_events_unpartitioned";--> statement-breakpoint
DROP TABLE "outbox_events_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('outbox_events', 'seq'), coalesce((SELECT max("seq") FROM "outbox_events"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox_events" USING btree ("seq") WHERE dispatched_at is null;--> statement-breakpoint

-- webhook_deliveries, by created_at (the fan-out sets it to the event's created_at).
ALTER TABLE "webhook_deliveries" RENAME TO "webhook_deliveries_unpartitioned";--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (LIKE "webhook_deliveries_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "webhook_deliveries_default" PARTITION OF "webhook_deliveries" DEFAULT;--> statement-breakpoint
SELECT svc_partition_months('webhook_deliveries', 'created_at', (SELECT min("created_at") FROM "webhook_deliveries_unpartitioned"));--> statement-breakpoint
INSERT INTO "webhook_deliveries" SELECT * FROM "webhook_deliveries_unpartitioned";--> statement-breakpoint
DROP TABLE "webhook_deliveries_unpartitioned";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhook_subscriptions_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("webhook_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_idx" ON "webhook_deliveries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint

-- webhook_delivery_attempts, by started_at.
ALTER TABLE "webhook_delivery_attempts" RENAME TO "webhook_delivery_attempts_unpartitioned";--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (LIKE "webhook_delivery_attempts_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("started_at");--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts_default" PARTITION OF "webhook_delivery_attempts" DEFAULT;--> statement-breakpoint
SELECT svc_partition_months('webhook_delivery_attempts', 'started_at', (SELECT min("started_at") FROM "webhook_delivery_attempts_unpartitioned"));--> statement-breakpoint
INSERT INTO "webhook_delivery_attempts" SELECT * FROM "webhook_delivery_attempts_unpartitioned";--> statement-breakpoint
DROP TABLE "webhook_delivery_attempts_unpartitioned";--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_id_started_at_pk" PRIMARY KEY("id","started_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","attempt");

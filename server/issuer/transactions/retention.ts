import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { addPartitionedTable, monthStart } from "@/server/jobs/partitions";

/**
 * Card transactions are kept CARD_TRANSACTION_RETENTION_MONTHS whole months (default 84, 7 years);
 * the partition maintenance drops older months (docs/scaling.md). With a month's transactions go
 * their disputes (no foreign key reaches a partitioned table) and the daily counts that make the
 * list's exact totals (taken off card_transaction_totals too), so a total never counts rows that
 * are gone. The overview's daily aggregates (overview_daily) are history and stay.
 */
export function registerCardTransactionRetention(): void {
  addPartitionedTable({
    table: "card_transactions",
    column: "created_at",
    // A month boundary (UTC midnight), so the daily counts removed are those of whole days removed.
    keepAfter: (now) => monthStart(now, -env().CARD_TRANSACTION_RETENTION_MONTHS),
    beforeRemove: async (tx, { relation, before }) => {
      const at = before.toISOString();
      await tx.execute(
        sql`delete from card_disputes where transaction_id in
          (select id from ${sql.identifier(relation)} where created_at < ${at}::timestamptz)`,
      );
      const gone = sql`day < (${at}::timestamptz at time zone 'UTC')::date`;
      // Each shard's counts off the same shard's totals (a daily count and its totals move together).
      await tx.execute(sql`update card_transaction_totals t set count = t.count - g.n
        from (select org_id, status, shard, sum(count) as n from card_transaction_daily_counts where ${gone}
          group by 1, 2, 3) g
        where t.org_id = g.org_id and t.status = g.status and t.shard = g.shard`);
      await tx.execute(sql`delete from card_transaction_daily_counts where ${gone}`);
    },
  });
}

import { and, desc, eq, or, sql } from "drizzle-orm";
import { globalSearchSchema, type SearchHit, type SearchResults } from "@/lib/contracts/search";
import { formatMinor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { webhookDeliveries } from "@/server/db/schema/webhooks";

const PER_GROUP = 5;

/** LIKE's wildcards and its escape character, taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const enc = encodeURIComponent;

/**
 * Finds what staff know about: customers by the start of the email or an exact external id or
 * svc_card_id; cards by last four or card id; transactions, disputes and webhook deliveries by
 * id. Every lookup is an index probe (the email prefix index, the unique keys, (org_id,
 * last_four), primary keys), at most 5 per group, so it answers at once on any program size.
 */
export async function globalSearch({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { q: string };
}): Promise<SearchResults> {
  authorize(ctx, "globalSearch");
  const { q } = globalSearchSchema.parse(input);
  const org = ctx.orgId;
  const lastFour = /^\d{4}$/.test(q);
  const [customers, cardRows, txns, disputes, deliveries] = await Promise.all([
    ctx.db
      .select({
        svcCardId: cardCustomers.svcCardId,
        email: cardCustomers.email,
        externalId: cardCustomers.externalId,
      })
      .from(cardCustomers)
      .where(
        and(
          eq(cardCustomers.orgId, org),
          or(
            eq(cardCustomers.svcCardId, q),
            eq(cardCustomers.externalId, q),
            sql`${cardCustomers.email} like ${likePrefix(q.toLowerCase())}`,
          ),
        ),
      )
      .orderBy(cardCustomers.email)
      .limit(PER_GROUP),
    ctx.db
      .select({ id: cards.id, lastFour: cards.lastFour, type: cards.cardType, email: cardCustomers.email })
      .from(cards)
      .innerJoin(cardCustomers, eq(cardCustomers.id, cards.customerId))
      .where(and(eq(cards.orgId, org), lastFour ? eq(cards.lastFour, q) : eq(cards.id, q)))
      .orderBy(desc(cards.createdAt))
      .limit(PER_GROUP),
    ctx.db
      .select()
      .from(cardTransactions)
      .where(and(eq(cardTransactions.orgId, org), cardTransactionIdIs(q)))
      .limit(1),
    ctx.db
      .select()
      .from(cardDisputes)
      .where(and(eq(cardDisputes.orgId, org), eq(cardDisputes.id, q)))
      .limit(1),
    ctx.db
      .select({
        id: webhookDeliveries.id,
        eventType: webhookDeliveries.eventType,
        status: webhookDeliveries.status,
      })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orgId, org), eq(webhookDeliveries.id, q)))
      .limit(1),
  ]);
  const hits: SearchHit[] = [
    ...customers.map((c) => ({
      group: "customers" as const,
      title: c.email,
      detail: [c.svcCardId, c.externalId].filter(Boolean).join(" · "),
      href: `/customers/${enc(c.svcCardId)}`,
    })),
    ...cardRows.map((c) => ({
      group: "cards" as const,
      title: `•••• ${c.lastFour} · ${c.type === "virtual" ? "Virtual" : "Physical"}`,
      detail: `${c.email} · ${c.id}`,
      href: `/cards/${enc(c.id)}`,
    })),
    ...txns.map((t) => ({
      group: "transactions" as const,
      title: `${t.merchant ?? "Unknown merchant"} · ${formatMinor(t.amountMinor, t.currency)}`,
      detail: `${t.status} · ${t.id}`,
      href: `/transactions?q=${enc(t.id)}`,
    })),
    ...disputes.map((d) => ({
      group: "disputes" as const,
      title: `Dispute · ${formatMinor(d.amountMinor, d.currency)} · ${d.status.replace("_", " ")}`,
      detail: d.id,
      href: `/disputes?transaction_id=${enc(d.transactionId)}`,
    })),
    ...deliveries.map((d) => ({
      group: "deliveries" as const,
      title: `${d.eventType} · ${d.status}`,
      detail: d.id,
      href: `/developers/webhooks/deliveries/${enc(d.id)}`,
    })),
  ];
  return { q, hits };
}

import { and, desc, eq } from "drizzle-orm";
import {
  type GlobalSearchInput,
  globalSearchSchema,
  type SearchGroup,
  type SearchHit,
  type SearchResults,
} from "@/lib/contracts/search";
import { formatMinor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { type Ctx, readDb } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { customerMatches } from "@/server/db/customer-match";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { webhookDeliveries } from "@/server/db/schema/webhooks";

const PER_GROUP = 5;
/** Hits when one group is asked for (the customer picker's list). */
const ONLY_GROUP = 8;

const enc = encodeURIComponent;

/**
 * Finds what staff know about: customers by any fragment of the email or external id, a whole
 * svc_card_id, or anything of theirs (a card's last four, card id or token, a transaction id:
 * server/db/customer-match.ts); cards by last four or card id; transactions, disputes and webhook
 * deliveries by id. Every lookup is an index probe (trigram and unique indexes, (org_id,
 * last_four), primary keys), at most 5 per group, so it answers at once on any program size.
 * `only` asks for one group (the customer picker: components/customers/customer-picker.tsx).
 */
export async function globalSearch({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: GlobalSearchInput;
}): Promise<SearchResults> {
  authorize(ctx, "globalSearch");
  const db = await readDb(ctx);
  const { q, only } = globalSearchSchema.parse(input);
  const org = ctx.orgId;
  const lastFour = /^\d{4}$/.test(q);
  const wants = (group: SearchGroup) => !only || only === group;
  const none = Promise.resolve([]);
  const [customers, cardRows, txns, disputes, deliveries] = await Promise.all([
    !wants("customers")
      ? none
      : db
          .select({
            svcCardId: cardCustomers.svcCardId,
            email: cardCustomers.email,
            externalId: cardCustomers.externalId,
          })
          .from(cardCustomers)
          .where(and(eq(cardCustomers.orgId, org), customerMatches(org, q)))
          .orderBy(cardCustomers.email)
          .limit(only ? ONLY_GROUP : PER_GROUP),
    !wants("cards")
      ? none
      : db
          .select({
            id: cards.id,
            lastFour: cards.lastFour,
            type: cards.cardType,
            email: cardCustomers.email,
          })
          .from(cards)
          .innerJoin(cardCustomers, eq(cardCustomers.id, cards.customerId))
          .where(and(eq(cards.orgId, org), lastFour ? eq(cards.lastFour, q) : eq(cards.id, q)))
          .orderBy(desc(cards.createdAt))
          .limit(PER_GROUP),
    !wants("transactions")
      ? none
      : db
          .select()
          .from(cardTransactions)
          .where(and(eq(cardTransactions.orgId, org), cardTransactionIdIs(q)))
          .limit(1),
    !wants("disputes")
      ? none
      : db
          .select()
          .from(cardDisputes)
          .where(and(eq(cardDisputes.orgId, org), eq(cardDisputes.id, q)))
          .limit(1),
    !wants("deliveries")
      ? none
      : db
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
      id: c.svcCardId,
      title: c.email,
      detail: [c.svcCardId, c.externalId].filter(Boolean).join(" · "),
      href: `/customers/${enc(c.svcCardId)}`,
    })),
    ...cardRows.map((c) => ({
      group: "cards" as const,
      id: c.id,
      title: `•••• ${c.lastFour} · ${c.type === "virtual" ? "Virtual" : "Physical"}`,
      detail: `${c.email} · ${c.id}`,
      href: `/cards/${enc(c.id)}`,
    })),
    ...txns.map((t) => ({
      group: "transactions" as const,
      id: t.id,
      title: `${t.merchant ?? "Unknown merchant"} · ${formatMinor(t.amountMinor, t.currency)}`,
      detail: `${t.status} · ${t.id}`,
      href: `/transactions?q=${enc(t.id)}`,
    })),
    ...disputes.map((d) => ({
      group: "disputes" as const,
      id: d.id,
      title: `Dispute · ${formatMinor(d.amountMinor, d.currency)} · ${d.status.replace("_", " ")}`,
      detail: d.id,
      href: `/disputes?transaction_id=${enc(d.transactionId)}`,
    })),
    ...deliveries.map((d) => ({
      group: "deliveries" as const,
      id: d.id,
      title: `${d.eventType} · ${d.status}`,
      detail: d.id,
      href: `/developers/webhooks/deliveries/${enc(d.id)}`,
    })),
  ];
  return { q, hits };
}

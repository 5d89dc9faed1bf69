import { and, eq, sql } from "drizzle-orm";
import { mergeMetadata, type Metadata, METADATA_MAX_KEYS } from "@/lib/contracts/metadata";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import { findCard } from "@/server/cards/lifecycle/find-card";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";
import { lockTransaction } from "@/server/issuer/card-network/find";
import { recordAudit } from "@/server/platform/audit";

/**
 * The program's metadata updates (docs/metadata.md): the keys given are set, a key set to ""
 * removed, the others kept. Each is one transaction that locks the object, merges, checks the
 * 50-key limit on the result and records the change in the audit log.
 */

function merged(current: Metadata, update: Metadata): Metadata {
  const next = mergeMetadata(current, update);
  if (!next)
    throw new ServiceError("VALIDATION_ERROR", `metadata holds at most ${METADATA_MAX_KEYS} keys`, {
      details: [{ path: "metadata", message: `metadata would hold more than ${METADATA_MAX_KEYS} keys` }],
    });
  return next;
}

async function audit(ctx: Ctx, targetType: string, targetId: string, before: Metadata, after: Metadata) {
  await recordAudit(ctx, { action: `${targetType}.metadata_updated`, targetType, targetId, before, after });
}

/** POST /api/v1/svc-card/customers/{svcCardId}/metadata */
export async function updateCustomerMetadata({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; metadata: Metadata };
}): Promise<{ metadata: Metadata }> {
  authorize(ctx, "updateCustomerMetadata");
  return ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    const metadata = merged(customer.metadata, input.metadata);
    await tx
      .update(cardCustomers)
      .set({ metadata, updatedAt: sql`now()` })
      .where(and(eq(cardCustomers.id, customer.id), eq(cardCustomers.orgId, ctx.orgId)));
    await audit({ ...ctx, db: tx }, "card_customer", customer.svcCardId, customer.metadata, metadata);
    return { metadata };
  });
}

/** POST /api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/metadata */
export async function updateCardMetadata({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; cardId: string; metadata: Metadata };
}): Promise<{ metadata: Metadata }> {
  authorize(ctx, "updateCardMetadata");
  return ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx });
    const card = await findCard(ctx, customer, input.cardId, { db: tx, forUpdate: true });
    const metadata = merged(card.metadata, input.metadata);
    await tx
      .update(cards)
      .set({ metadata, updatedAt: sql`now()` })
      .where(and(eq(cards.id, card.id), eq(cards.orgId, ctx.orgId)));
    await audit({ ...ctx, db: tx }, "card", card.id, card.metadata, metadata);
    return { metadata };
  });
}

/** POST /api/v1/card-issuer/card-transactions/{transactionId}/metadata */
export async function updateTransactionMetadata({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transactionId: string; metadata: Metadata };
}): Promise<{ metadata: Metadata }> {
  authorize(ctx, "updateTransactionMetadata");
  return ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, ctx.orgId, input.transactionId);
    const metadata = merged(row.metadata, input.metadata);
    await tx
      .update(cardTransactions)
      .set({ metadata, updatedAt: sql`now()` })
      .where(and(cardTransactionIdIs(row.id), eq(cardTransactions.orgId, ctx.orgId)));
    await audit({ ...ctx, db: tx }, "card_transaction", row.id, row.metadata, metadata);
    return { metadata };
  });
}

import { and, eq, inArray } from "drizzle-orm";
import {
  ACTIVITY_ACTOR_TYPE_VALUES,
  type ActivityActorType,
  CUSTOMER_ACTIVITY_KIND_VALUES,
  type CustomerActivityItem,
  type CustomerActivityKind,
  type CustomerActivityPage,
  type CustomerActivityQuery,
  customerActivityQuerySchema,
} from "@/lib/contracts/customer-activity";
import { CURRENCY_VALUES } from "@/lib/enums";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { apiKeys } from "@/server/db/schema/apikeys";
import { users } from "@/server/db/schema/identity";
import { type ActivityKeyset, type ActivityRow, readActivityRows } from "./activity-query";
import { type CardCustomerRow, findCustomerByAnyId } from "./find";

/**
 * A customer's story on one page (GET /api/v1/card-issuer/customers/{customerId}/activity and the
 * customer page): onboarding steps, card changes, fundings, disputes and declines, each with who
 * did it and the amount, newest first, paged by keyset. Read from what the system already records
 * (the customer and card rows, the audit log, fundings, disputes, transactions) in one statement
 * (activity-query.ts). Staff and API credentials with `read`; a cardholder has their own pages.
 */
export async function listCustomerActivity({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { customerId: string } & Partial<CustomerActivityQuery>;
}): Promise<CustomerActivityPage> {
  authorize(ctx, "listCustomerActivity");
  const query = customerActivityQuerySchema.parse(input);
  if (query.before && query.after)
    throw new ServiceError("VALIDATION_ERROR", "Pass either before or after, not both.");
  const customer = await findCustomerByAnyId(ctx, input.customerId);
  const keyset = query.after
    ? { ...decodeActivityCursor(query.after), newer: true }
    : query.before
      ? { ...decodeActivityCursor(query.before), newer: false }
      : null;
  const rows = await readActivityRows(
    ctx.db,
    { orgId: ctx.orgId, customerId: customer.id, svcCardId: customer.svcCardId },
    keyset,
    query.limit + 1,
  );
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (keyset?.newer) page.reverse();
  const items = await withActorNames(ctx, customer, page);
  const first = page[0];
  const last = page.at(-1);
  // Past the cursor in one direction there is always the cursor's own side to go back to.
  const newer = keyset?.newer ? more : keyset !== null;
  const older = keyset?.newer ? true : more;
  return {
    items,
    newer_cursor: newer && first ? encodeActivityCursor(first) : null,
    older_cursor: older && last ? encodeActivityCursor(last) : null,
  };
}

/** A row's place in the feed, as the opaque cursor the pages pass back. */
function encodeActivityCursor(row: Pick<ActivityRow, "cursor_at" | "key">): string {
  return Buffer.from(`${row.cursor_at}|${row.key}`, "utf8").toString("base64url");
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const CURSOR_KEY = /^[a-z]+:[A-Za-z0-9_.:-]+$/;

function decodeActivityCursor(cursor: string): Omit<ActivityKeyset, "newer"> {
  const [at, key, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!at || !key || rest.length > 0 || !CURSOR_AT.test(at) || !CURSOR_KEY.test(key))
    throw new ServiceError("VALIDATION_ERROR", "This page of the activity no longer exists; start again.");
  return { at, key };
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Staff by email, API keys by name, the cardholder by their email; the system has no name. */
async function withActorNames(
  ctx: Ctx,
  customer: CardCustomerRow,
  rows: ActivityRow[],
): Promise<CustomerActivityItem[]> {
  const idsOf = (type: ActivityActorType) => [
    ...new Set(rows.filter((r) => r.actor_type === type && r.actor_id).map((r) => r.actor_id!)),
  ];
  const userIds = idsOf("user");
  const keyIds = idsOf("apiKey");
  const [staff, keys] = await Promise.all([
    userIds.length
      ? ctx.db
          .select({ id: users.id, name: users.email })
          .from(users)
          .where(and(eq(users.orgId, ctx.orgId), inArray(users.id, userIds)))
      : [],
    keyIds.length
      ? ctx.db
          .select({ id: apiKeys.id, name: apiKeys.name })
          .from(apiKeys)
          .where(and(eq(apiKeys.orgId, ctx.orgId), inArray(apiKeys.id, keyIds)))
      : [],
  ]);
  const names = new Map<string, string>([...staff, ...keys].map((r) => [r.id, r.name]));
  return rows.flatMap((r) => {
    const kind = oneOf<CustomerActivityKind>(CUSTOMER_ACTIVITY_KIND_VALUES, r.kind);
    if (!kind) return [];
    const actorType = oneOf<ActivityActorType>(ACTIVITY_ACTOR_TYPE_VALUES, r.actor_type);
    const actor =
      actorType === "cardholder"
        ? customer.email
        : actorType === "system" || !r.actor_id
          ? null
          : (names.get(r.actor_id) ?? r.actor_id);
    return [
      {
        id: r.key,
        kind,
        at: r.at_iso,
        actor_type: actorType,
        actor,
        amount_minor: r.amount_minor === null ? null : Number(r.amount_minor),
        currency: oneOf(CURRENCY_VALUES, r.currency),
        card_id: r.card_id,
        card_last_four: r.card_last_four,
        transaction_id: r.transaction_id,
        dispute_id: r.dispute_id,
        merchant: r.merchant,
        detail: r.detail,
      },
    ];
  });
}

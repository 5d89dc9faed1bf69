import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { PAYOUT_STATUSES, type PayoutView } from "@/lib/contracts/fiat-payments";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { fiatPayouts, type PayoutStatus } from "@/server/db/schema/fiat";
import { csvLine } from "@/server/http/csv-stream";
import { payoutView } from "./view";

/** The Payouts list's orders: a column, descending with a leading "-" ("-created" is the default). */
export const PAYOUT_SORTS = ["-created", "created", "-amount", "amount", "-status", "status"] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];

export interface PayoutPageQuery {
  status?: PayoutStatus;
  sort: PayoutSort;
  page: number;
  limit: number;
}

const p = fiatPayouts;
const SORT_COLUMN = { created: p.createdAt, amount: p.amountDue, status: p.status } as const;

/** The list's query params, as the address gives them: anything unknown falls back to the default. */
export function parsePayoutPageQuery(params: Record<string, unknown>, limit: number): PayoutPageQuery {
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const status = text(params.payouts);
  const sort = text(params.payout_sort);
  const page = Number(text(params.payout_page) ?? "1");
  return {
    status: (PAYOUT_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as PayoutStatus)
      : undefined,
    sort: (PAYOUT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as PayoutSort) : "-created",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    limit,
  };
}

function orderOf(sort: PayoutSort): SQL[] {
  const descending = sort.startsWith("-");
  const column = SORT_COLUMN[sort.replace(/^-/, "") as keyof typeof SORT_COLUMN];
  const by = descending ? desc : asc;
  // created_at and id break ties, so a page never repeats or skips a row.
  return [by(column), by(p.createdAt), by(p.id)];
}

function whereOf(ctx: Ctx, status: PayoutStatus | undefined): SQL | undefined {
  return and(eq(p.orgId, ctx.orgId), status ? eq(p.status, status) : undefined);
}

/**
 * One page of the organization's payouts for the Payments page, in the chosen order, with the
 * total the filter selects (the position "Page 2 of 5 · 93 payouts"). Payouts are a few per day,
 * so offset paging over (org_id, created_at) stays small; the same read as GET /wallet/payouts
 * (listPayouts in the permission table).
 */
export async function pageOfPayouts({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: PayoutPageQuery;
}): Promise<{ payouts: PayoutView[]; total: number }> {
  authorize(ctx, "listPayouts");
  return readPayoutPage(ctx, input);
}

/** The page's read, for the list and the export, each authorized as its own use case. */
async function readPayoutPage(
  ctx: Ctx,
  input: PayoutPageQuery,
): Promise<{ payouts: PayoutView[]; total: number }> {
  const where = whereOf(ctx, input.status);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(p)
      .where(where)
      .orderBy(...orderOf(input.sort))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);
  return { payouts: rows.map(payoutView), total: counted?.n ?? 0 };
}

const COLUMNS: [string, (v: PayoutView) => string | number | null][] = [
  ["payout_id", (v) => v.payout_id],
  ["created_at", (v) => v.created_at],
  ["completed_at", (v) => v.completed_at],
  ["status", (v) => v.status],
  ["debit_wallet", (v) => v.debit_wallet],
  ["amount", (v) => v.amount],
  ["fee", (v) => v.fee],
  ["amount_due", (v) => v.amount_due],
  ["payout_currency", (v) => v.payout_currency],
  ["receive_amount", (v) => v.receive_amount],
  ["rate", (v) => v.rate],
  ["method", (v) => v.method_name],
  ["beneficiary_name", (v) => v.beneficiary.beneficiary_name ?? null],
  ["failure_reason", (v) => v.failure_reason],
];

const BATCH = 500;

/**
 * The Payments page's payouts as CSV (the API's 8-place amounts, beneficiaries masked as in the
 * list), in the list's filter and order, one chunk per page of BATCH; the first page is read
 * before anything is yielded, so a refusal fails the request (server/http/csv-stream.ts caps the
 * rows at CSV_EXPORT_MAX_ROWS). Its own use case (streamPayoutsCsv), not the list's.
 */
export async function* streamPayoutsCsv({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Omit<PayoutPageQuery, "page" | "limit">;
}): AsyncIterable<string> {
  authorize(ctx, "streamPayoutsCsv");
  let header: string | null = csvLine(COLUMNS.map(([name]) => name));
  for (let page = 1; ; page++) {
    const { payouts } = await readPayoutPage(ctx, { ...input, page, limit: BATCH });
    const lines = payouts.map((v) => csvLine(COLUMNS.map(([, get]) => get(v)))).join("");
    if (header !== null) {
      yield header + lines;
      header = null;
    } else if (lines) yield lines;
    if (payouts.length < BATCH) return;
  }
}

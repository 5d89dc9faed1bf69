import { asc, count, desc, eq } from "drizzle-orm";
import type { DepositSort, SortDirection } from "@/lib/contracts/deposit-list";
import type { DepositView } from "@/lib/contracts/money";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { masterWalletDeposits } from "@/server/db/schema/money";
import { csvLine } from "@/server/http/csv-stream";
import { depositView } from "./deposits";

export interface DepositPageQuery {
  page: number;
  limit: number;
  sort: DepositSort;
  dir: SortDirection;
}

export interface DepositPage {
  deposits: DepositView[];
  total: number;
  page: number;
  limit: number;
}

/**
 * The order of a sort: amounts are compared within a currency only (the currency first), and
 * every order ends on the creation time and id so pages never overlap.
 */
function orderOf(sort: DepositSort, dir: SortDirection) {
  const by = dir === "asc" ? asc : desc;
  const d = masterWalletDeposits;
  const tail = [by(d.createdAt), by(d.id)];
  if (sort === "amount") return [asc(d.currency), by(d.sourceAmountMinor), ...tail];
  if (sort === "status") return [by(d.status), ...tail];
  return tail;
}

/**
 * One page of the organization's master-wallet deposits in the chosen order, with the total for
 * "Page 2 of 7". A program has a deposit now and then (not one per card transaction), so an
 * offset page over the organization's rows is cheap.
 */
export async function pageMasterWalletDeposits({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: DepositPageQuery;
}): Promise<DepositPage> {
  authorize(ctx, "listMasterWalletDeposits");
  return readDepositPage(ctx, input);
}

/** The page's read, for the list and the export, each authorized as its own use case. */
async function readDepositPage(ctx: Ctx, input: DepositPageQuery): Promise<DepositPage> {
  const where = eq(masterWalletDeposits.orgId, ctx.orgId);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(masterWalletDeposits)
      .where(where)
      .orderBy(...orderOf(input.sort, input.dir))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    ctx.db.select({ n: count() }).from(masterWalletDeposits).where(where),
  ]);
  return { deposits: rows.map(depositView), total: counted?.n ?? 0, page: input.page, limit: input.limit };
}

const COLUMNS: [string, (d: DepositView) => string | number | null][] = [
  ["settlement_id", (d) => d.settlement_id],
  ["created_at", (d) => d.created_at],
  ["currency", (d) => d.currency],
  ["source_amount", (d) => d.source_amount],
  ["settled_amount", (d) => d.settled_amount],
  ["status", (d) => d.status],
  ["two_step", (d) => (d.two_step ? "yes" : "no")],
  ["settled_at", (d) => d.settled_at],
  ["tx_hash", (d) => d.tx_hash],
];

const BATCH = 200;

/**
 * The deposits as CSV in the page's order: a header, then a chunk per BATCH. The first page is
 * read before anything is yielded, so a refusal fails the request (server/http/csv-stream.ts).
 * Its own use case (streamMasterWalletDepositsCsv), not the list's.
 */
export async function* streamMasterWalletDepositsCsv({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Pick<DepositPageQuery, "sort" | "dir">;
}): AsyncIterable<string> {
  authorize(ctx, "streamMasterWalletDepositsCsv");
  let header: string | null = csvLine(COLUMNS.map(([name]) => name));
  for (let page = 1; ; page++) {
    const { deposits } = await readDepositPage(ctx, { ...input, page, limit: BATCH });
    const lines = deposits.map((d) => csvLine(COLUMNS.map(([, get]) => get(d)))).join("");
    if (header !== null) {
      yield header + lines;
      header = null;
    } else if (lines) yield lines;
    if (deposits.length < BATCH) return;
  }
}

import { and, desc, eq } from "drizzle-orm";
import type { SanctionsListInfo } from "@/lib/contracts/screening";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { screeningListEntries, screeningLists } from "@/server/db/schema/crypto";
import { type ListFolder, readListFolder, SHIPPED_LIST_DIR } from "./list-files";

/**
 * The sanctions list lives in the database, so a list loaded by the admin CLI applies to every
 * app instance at once (each check reads the active list; nothing is cached per process).
 */

export type ScreeningListRow = typeof screeningLists.$inferSelect;

const BATCH = 500;

/**
 * Stores a list and makes it the active one, in one transaction (checks see the old or the new, never half).
 */
export async function storeList(db: Db, list: ListFolder): Promise<ScreeningListRow> {
  return db.transaction(async (tx) => {
    const id = newId("scl");
    const unique = new Map(list.entries.map((e) => [`${e.addressKey}|${e.asset}`, e]));
    await tx.update(screeningLists).set({ active: false }).where(eq(screeningLists.active, true));
    const [row] = await tx
      .insert(screeningLists)
      .values({ id, source: list.source, asOf: list.asOf, entryCount: list.entries.length, active: true })
      .returning();
    const values = [...unique.values()].map((e) => ({ listId: id, ...e }));
    for (let i = 0; i < values.length; i += BATCH)
      await tx.insert(screeningListEntries).values(values.slice(i, i + BATCH));
    return row!;
  });
}

export async function loadListFolder(db: Db, dir: string): Promise<ScreeningListRow> {
  return storeList(db, await readListFolder(dir));
}

async function findActive(db: Db): Promise<ScreeningListRow | undefined> {
  const [row] = await db
    .select()
    .from(screeningLists)
    .where(eq(screeningLists.active, true))
    .orderBy(desc(screeningLists.loadedAt))
    .limit(1);
  return row;
}

/**
 * The active list; the shipped one is loaded on first use of an empty database. Two instances
 * racing on that first load: the one-active unique index lets one win; the other reads its list.
 */
export async function activeList(db: Db): Promise<ScreeningListRow> {
  const found = await findActive(db);
  if (found) return found;
  try {
    return await loadListFolder(db, SHIPPED_LIST_DIR);
  } catch (err) {
    const again = await findActive(db);
    if (again) return again;
    throw err;
  }
}

/** The entries of the active list matching the address key (its assets). */
export async function listedAssets(db: Db, listId: string, key: string): Promise<string[]> {
  const rows = await db
    .select({ asset: screeningListEntries.asset })
    .from(screeningListEntries)
    .where(and(eq(screeningListEntries.listId, listId), eq(screeningListEntries.addressKey, key)));
  return rows.map((r) => r.asset);
}

export function listInfo(row: ScreeningListRow): SanctionsListInfo {
  return {
    source: row.source,
    as_of: row.asOf,
    entry_count: row.entryCount,
    loaded_at: row.loadedAt.toISOString(),
  };
}

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { addressKey } from "@/lib/chains/addresses";

/**
 * Reads a sanctions list folder: one `<ASSET>.txt` per asset code (one address a line) and a
 * SOURCE.md whose "As of: YYYY-MM-DD" line dates the list (docs/crypto.md "Sanctions list").
 */

export interface ListEntry {
  asset: string;
  address: string;
  addressKey: string;
}

export interface ListFolder {
  source: string;
  asOf: string;
  entries: ListEntry[];
}

/** The list shipped with the project. */
export const SHIPPED_LIST_DIR = path.resolve(process.cwd(), "data/ofac-sdn");
export const DEFAULT_SOURCE = "OFAC SDN digital currency addresses";

export class ListFolderError extends Error {}

export async function readListFolder(dir: string): Promise<ListFolder> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new ListFolderError(`Cannot read the folder ${dir}.`);
  }
  let sourceText = "";
  try {
    sourceText = await readFile(path.join(dir, "SOURCE.md"), "utf8");
  } catch {
    throw new ListFolderError(`${dir} has no SOURCE.md (it must give the list's "As of: YYYY-MM-DD" date).`);
  }
  const asOf = /As of:\**\s*(\d{4}-\d{2}-\d{2})/i.exec(sourceText)?.[1];
  if (!asOf) throw new ListFolderError(`${dir}/SOURCE.md has no "As of: YYYY-MM-DD" line.`);
  const title = /^#\s+(.+)$/m.exec(sourceText)?.[1]?.trim() || DEFAULT_SOURCE;
  const entries: ListEntry[] = [];
  for (const name of names.filter((n) => /^[A-Za-z0-9]+\.txt$/.test(n)).sort()) {
    const asset = name.replace(/\.txt$/, "").toUpperCase();
    const text = await readFile(path.join(dir, name), "utf8");
    for (const line of text.split(/\r?\n/)) {
      const address = line.replace(/#.*$/, "").trim();
      if (address) entries.push({ asset, address, addressKey: addressKey(address) });
    }
  }
  if (entries.length === 0) throw new ListFolderError(`${dir} holds no <ASSET>.txt file with addresses.`);
  return { source: title, asOf, entries };
}

import {
  mergeMetadata,
  type Metadata,
  METADATA_MAX_KEYS,
  metadataUpdateSchema,
} from "@/lib/contracts/metadata";

/**
 * The metadata editor's rows and the update they make (docs/metadata.md): a key changed or added is
 * set, a key removed or emptied is sent as "" (removed), the keys left alone are not sent. The
 * limits and their messages are the API's own schema (metadataUpdateSchema, mergeMetadata).
 */

export interface MetadataRow {
  id: number;
  key: string;
  value: string;
}

export interface RowCheck {
  update: Metadata;
  /** A message per row id. */
  rows: Record<number, string>;
  /** A message about the whole metadata (the 50-key limit). */
  general?: string;
}

let nextId = 0;
export const newRow = (key = "", value = ""): MetadataRow => ({ id: ++nextId, key, value });

export function rowsOf(metadata: Metadata): MetadataRow[] {
  return Object.entries(metadata).map(([key, value]) => newRow(key, value));
}

/** The update from `current` to the rows, with the problems found before anything is sent. */
export function checkRows(current: Metadata, rows: MetadataRow[]): RowCheck {
  const problems: Record<number, string> = {};
  const kept = new Map<string, string>();
  const rowOfKey = new Map<string, number>();
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) {
      if (row.value !== "") problems[row.id] = "Give this value a key, or remove the row.";
      continue;
    }
    if (rowOfKey.has(key)) {
      problems[row.id] = `The key ${key} is already in a row above.`;
      continue;
    }
    rowOfKey.set(key, row.id);
    if (row.value !== "") kept.set(key, row.value);
  }
  const update: Metadata = {};
  for (const key of Object.keys(current)) if (!kept.has(key)) update[key] = "";
  for (const [key, value] of kept) if (current[key] !== value) update[key] = value;
  const check: RowCheck = { update, rows: problems };
  const parsed = metadataUpdateSchema.safeParse({ metadata: update });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[1];
      const rowId = typeof key === "string" ? rowOfKey.get(key) : undefined;
      if (rowId !== undefined) problems[rowId] ??= issue.message;
      else check.general ??= issue.message;
    }
  if (!check.general && mergeMetadata(current, update) === null)
    check.general = `metadata would hold more than ${METADATA_MAX_KEYS} keys`;
  return check;
}

/** The action's field errors (`metadata.<key>`, `metadata`) placed on the rows, as checkRows does. */
export function placeFieldErrors(rows: MetadataRow[], fields: Record<string, string>): RowCheck {
  const out: RowCheck = { update: {}, rows: {} };
  for (const [path, message] of Object.entries(fields)) {
    const row = rows.find((r) => `metadata.${r.key.trim()}` === path);
    if (row) out.rows[row.id] ??= message;
    else out.general ??= message;
  }
  return out;
}

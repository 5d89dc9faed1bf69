import type { ResolvedCredential } from "@/server/context";

/**
 * Resolved credentials, cached in the process, ONLY on the embedded database: there one process
 * owns the data (owner.pid), so every write that can change a credential runs here and clears the
 * cache. With DATABASE_URL several instances share the data and nothing is cached (no stale
 * answers on another instance). Expiry is checked on every hit.
 *
 * Kept on globalThis: the REST API (tsx's module graph) and the dashboard's server actions
 * (Next's bundle) are two copies of this module in one process and must share one cache.
 */
interface Entry {
  credential: ResolvedCredential;
  /** ms since epoch; the earliest of the token's and the key's expiry. */
  validUntil: number;
  /** The API key to mark as used on a hit. */
  keyId?: string;
}

interface CacheState {
  enabled: boolean;
  epoch: number;
  entries: Map<string, Entry>;
}

const KEY = Symbol.for("svc.credential-cache");
const MAX_ENTRIES = 10_000;

function state(): CacheState {
  const holder = globalThis as { [KEY]?: CacheState };
  holder[KEY] ??= { enabled: false, epoch: 0, entries: new Map() };
  return holder[KEY];
}

/** server/main.ts, on the embedded database only. */
export function enableCredentialCache(on = true): void {
  const s = state();
  s.enabled = on;
  s.entries.clear();
}

/**
 * Call after the commit of any change to a credential (revoke, rotate, permissions, role, 2FA).
 * The epoch makes a lookup that read the old row before the commit unable to store it after.
 */
export function credentialsChanged(): void {
  const s = state();
  s.epoch++;
  s.entries.clear();
}

export function cachedCredential(cacheKey: string): Entry | undefined {
  const s = state();
  if (!s.enabled) return undefined;
  const entry = s.entries.get(cacheKey);
  if (entry && entry.validUntil <= Date.now()) {
    s.entries.delete(cacheKey);
    return undefined;
  }
  return entry;
}

/** The epoch to pass to storeCredential, taken before the lookup. */
export function credentialEpoch(): number {
  return state().epoch;
}

export function storeCredential(cacheKey: string, epochBefore: number, entry: Entry): void {
  const s = state();
  if (!s.enabled || s.epoch !== epochBefore) return;
  if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
  s.entries.set(cacheKey, entry);
}

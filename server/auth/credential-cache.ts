import type { ResolvedCredential } from "@/server/context";

/**
 * Resolved credentials (and the organization names /v1/me answers with), cached in the process.
 * - Embedded database: one process owns the data (owner.pid), so every write that can change a
 *   credential runs here and clears the cache; entries live until they expire.
 * - Postgres (several instances): enabled only while this process LISTENs for changes
 *   (server/auth/credential-broadcast.ts). A change clears the cache here at once and is announced
 *   to every instance with NOTIFY after its commit; each entry also lives at most MAX_AGE_MS, the
 *   backstop for a change made without the announcement (docs/operations.md).
 * Expiry is checked on every hit.
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
  /** Organization names by id, cleared with the credentials. */
  values: Map<string, { value: unknown; validUntil: number }>;
  /** How long an entry may be served without a new lookup (Infinity on the embedded database). */
  maxAgeMs: number;
  /** Tells the other instances (NOTIFY); installed by the broadcast on Postgres. */
  broadcast?: () => void;
}

/** On Postgres: the longest a change made without an announcement can go unseen by an instance. */
export const SHARED_MAX_AGE_MS = 1_000;

const KEY = Symbol.for("svc.credential-cache");
const MAX_ENTRIES = 10_000;

function state(): CacheState {
  const holder = globalThis as { [KEY]?: CacheState };
  holder[KEY] ??= {
    enabled: false,
    epoch: 0,
    entries: new Map(),
    values: new Map(),
    maxAgeMs: Number.POSITIVE_INFINITY,
  };
  return holder[KEY];
}

/**
 * server/main.ts on the embedded database (no time limit); the broadcast on Postgres, with
 * SHARED_MAX_AGE_MS, while it listens (and off when its connection drops).
 */
export function enableCredentialCache(on = true, maxAgeMs = Number.POSITIVE_INFINITY): void {
  const s = state();
  s.enabled = on;
  s.maxAgeMs = maxAgeMs;
  dropCachedCredentials();
}

/** Installs (or, with undefined, removes) the announcement to other instances. */
export function setCredentialBroadcast(broadcast: (() => void) | undefined): void {
  state().broadcast = broadcast;
}

/**
 * Call after the commit of any change to a credential (revoke, rotate, permissions, role, 2FA).
 * The epoch makes a lookup that read the old row before the commit unable to store it after.
 * On Postgres every other instance is told to do the same.
 */
export function credentialsChanged(): void {
  dropCachedCredentials();
  state().broadcast?.();
}

/** Clears this process's cache (a change announced by another instance lands here). */
export function dropCachedCredentials(): void {
  const s = state();
  s.epoch++;
  s.entries.clear();
  s.values.clear();
}

/** Whether credentials are cached here now (a hit hands back the same ResolvedCredential object). */
export function credentialCacheOn(): boolean {
  return state().enabled;
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
  s.entries.set(cacheKey, { ...entry, validUntil: Math.min(entry.validUntil, Date.now() + s.maxAgeMs) });
}

/**
 * A small fact about a credential's owner (an organization's name), cached under the same rules:
 * cleared with the credentials, at most maxAgeMs old, and not stored when a change raced the load.
 */
export async function cachedValue<T>(
  cacheKey: string,
  load: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const s = state();
  if (!s.enabled) return load();
  const hit = s.values.get(cacheKey);
  if (hit && hit.validUntil > Date.now()) return hit.value as T;
  const epoch = s.epoch;
  const value = await load();
  if (value !== undefined && s.enabled && s.epoch === epoch) {
    if (s.values.size >= MAX_ENTRIES) s.values.delete(s.values.keys().next().value!);
    s.values.set(cacheKey, { value, validUntil: Date.now() + Math.min(s.maxAgeMs, 60_000) });
  }
  return value;
}

import { eq } from "drizzle-orm";
import { sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { accessTokens } from "@/server/db/schema/identity";

/** Test helpers for requests against a kit app (app.request). */

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Moves a token's expiry into the past, as if an hour had gone by. */
export async function expireToken(db: Db, token: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(accessTokens.tokenHash, sha256Hex(token)));
}

/** A promise and its resolve, to hold a handler in flight. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

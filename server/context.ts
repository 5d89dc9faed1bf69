import { type Role, ROLE_SCOPES, type Scope } from "@/lib/scopes";
import { type Db, readReplicaOr } from "@/server/db/client";

/** Who is acting. Every service function receives one through ctx. */
export type Actor =
  | {
      type: "user";
      userId: string;
      email: string;
      role: Role;
      scopes: readonly Scope[];
      twoFactorEnabled: boolean;
      sessionId?: string;
      tokenId?: string;
    }
  | { type: "apiKey"; keyId: string; scopes: readonly Scope[]; tokenId?: string }
  | { type: "cardholder"; customerId: string }
  | { type: "system"; reason: string };

export type UserActor = Extract<Actor, { type: "user" }>;

/** A dashboard user as the actor: their role's scopes, and the session or token they came through. */
export function userActor(
  user: { id: string; email: string; role: Role; totpEnabled: boolean },
  via: { sessionId?: string; tokenId?: string } = {},
): UserActor {
  return {
    type: "user",
    userId: user.id,
    email: user.email,
    role: user.role,
    scopes: ROLE_SCOPES[user.role],
    twoFactorEnabled: user.totpEnabled,
    ...via,
  };
}

/** The service layer's context: every query filters by orgId inside the statement itself. */
export interface Ctx {
  orgId: string;
  actor: Actor;
  db: Db;
  /** Client IP as the edge saw it, for audit and rate limits. */
  ip?: string;
  requestId?: string;
  /**
   * The transport already checked this request's 2FA step-up: the REST kit does on a route whose
   * stored answer commits with its effect (server/http/atomic.ts), before opening the transaction
   * the use case runs in, so a refused code is counted and never rolled back with the request.
   * The use case's own check (server/auth/step-up.ts, requireSecondFactor) then passes.
   */
  secondFactorVerified?: boolean;
  /**
   * Read-your-writes with a read replica: the primary's WAL position after the caller's last
   * change (the dashboard keeps it in a short-lived cookie, server/action-kit/read-after.ts); a
   * read through `readDb` waits for the replica to replay it, else reads the primary.
   */
  readAfterLsn?: string;
}

/**
 * The handle a read-only list, search, chart or export queries (docs/operations.md, "Read
 * replica"): the replica when one is configured and current enough, else `ctx.db`. Never for what
 * authenticates, authorizes, checks a limit or moves money, and never inside a transaction.
 */
export function readDb(ctx: Ctx): Promise<Db> {
  return readReplicaOr(ctx.db, ctx.readAfterLsn);
}

export function actorId(actor: Actor): string | null {
  switch (actor.type) {
    case "user":
      return actor.userId;
    case "apiKey":
      return actor.keyId;
    case "cardholder":
      return actor.customerId;
    case "system":
      return null;
  }
}

/** Who a bearer credential names, as a credential resolver returns it. */
export interface ResolvedCredential {
  orgId: string;
  actor: Actor;
}

/** What a credential resolver may record about the request (e.g. an API key's last-used address). */
export interface RequestMeta {
  ip?: string;
}

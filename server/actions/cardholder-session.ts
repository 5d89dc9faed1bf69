import { and, eq } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import type { UseCase } from "@/lib/contracts/permissions";
import { appUrl } from "@/lib/env";
import { described } from "@/server/action-kit/described";
import { clientIp } from "@/server/action-kit/request-ip";
import { runPublicAction } from "@/server/action-kit/run-action";
import { authorize } from "@/server/auth/authorize";
import { resolveCardholderSession } from "@/server/cards/cardholder/session";
import type { Ctx } from "@/server/context";
import { getDb } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { organizations } from "@/server/db/schema/identity";
import { newRequestId } from "@/server/http/request-id";

/** The cardholder pages' cookie: the session token of server/cards/cardholder/session.ts. */
export const CARDHOLDER_COOKIE = "svc_cardholder";

export type CardholderCtx = Ctx & { actor: Extract<Ctx["actor"], { type: "cardholder" }> };

export interface CardholderSessionInfo {
  ctx: CardholderCtx;
  customer: { id: string; svcCardId: string; email: string };
  org: { id: string; name: string };
}

/**
 * The signed-in cardholder, or null: no cookie, an ended or expired session, or (with `orgId`) a
 * session of another card program. cache(): the layout and the page of one request share it.
 */
export const getCardholderSession = cache(async (orgId?: string): Promise<CardholderSessionInfo | null> => {
  const token = (await cookies()).get(CARDHOLDER_COOKIE)?.value;
  if (!token) return null;
  const db = await getDb();
  const who = await resolveCardholderSession(db, token);
  if (!who || (orgId !== undefined && who.orgId !== orgId)) return null;
  const [row] = await db
    .select({
      id: cardCustomers.id,
      svcCardId: cardCustomers.svcCardId,
      email: cardCustomers.email,
      orgName: organizations.name,
    })
    .from(cardCustomers)
    .innerJoin(organizations, eq(organizations.id, cardCustomers.orgId))
    .where(and(eq(cardCustomers.orgId, who.orgId), eq(cardCustomers.id, who.customerId)));
  if (!row) return null;
  const ip = clientIp(await headers());
  return {
    ctx: {
      db,
      orgId: who.orgId,
      ip,
      requestId: newRequestId(),
      actor: { type: "cardholder", customerId: row.id },
    },
    customer: { id: row.id, svcCardId: row.svcCardId, email: row.email },
    org: { id: who.orgId, name: row.orgName },
  };
});

/** For the inner cardholder pages: the session, or a redirect to the program's sign-in page. */
export async function requireCardholderSession(orgId: string): Promise<CardholderSessionInfo> {
  const session = await getCardholderSession(orgId);
  if (!session) redirect(`/card/${encodeURIComponent(orgId)}`);
  return session;
}

/** httpOnly (no script reads it), Lax (sent on the KYC page's link back), Secure on https. */
export async function setCardholderCookie(token: string, expiresAt: Date): Promise<void> {
  (await cookies()).set(CARDHOLDER_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: appUrl().startsWith("https:"),
    path: "/",
    expires: expiresAt,
  });
}

export async function readCardholderCookie(): Promise<string | undefined> {
  return (await cookies()).get(CARDHOLDER_COOKIE)?.value;
}

export async function clearCardholderCookie(): Promise<void> {
  (await cookies()).delete({ name: CARDHOLDER_COOKIE, path: "/" });
}

/**
 * The cardholder pages' server-action kit (mirrors the action kit's define-action.ts): the
 * cardholder's own context from the cookie (UNAUTHENTICATED without one), a use case the
 * permission table opens to cardholders (`can`, checked by server/auth/authorize.ts),
 * zod-validated input, and only safe errors reach the browser (lib/action-result.ts). The
 * customer is always the session's: no action takes a svc_card_id from the browser.
 */
export function defineCardholderAction<S extends z.ZodType, R>(
  opts: { input: S; can: UseCase; name?: string },
  handler: (args: { ctx: CardholderCtx; session: CardholderSessionInfo; input: z.output<S> }) => Promise<R>,
): (input: z.input<S>) => Promise<ActionResult<R>> {
  const action = async (rawInput: z.input<S>): Promise<ActionResult<R>> => {
    const session = await getCardholderSession();
    if (!session)
      return {
        ok: false,
        error: { code: "UNAUTHENTICATED", message: "Your session has ended. Sign in again." },
      };
    return runPublicAction(
      opts,
      (input) => handler({ ctx: session.ctx, session, input }),
      rawInput,
      () => authorize(session.ctx, opts.can),
    );
  };
  return described(action, { kind: "cardholder", can: [opts.can], name: opts.name });
}

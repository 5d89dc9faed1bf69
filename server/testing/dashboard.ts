import { vi } from "vitest";
import { newId } from "@/lib/ids";
import type { Role } from "@/lib/scopes";
import type { UserCtx } from "@/server/action-kit/run-action";
import { getOptionalSession } from "@/server/action-kit/session";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { type createTestOrg, userCtx } from "./fixtures";

/*
 * The dashboard in a test of a page's route handler (a CSV export): its session (next-auth) is the
 * one thing not available there, so the test file stands the session module in,
 *
 *   vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));
 *
 * and signs a user in with signInDashboard.
 */

/** The dashboard's session from now on: the user of `ctx`, or none (null). */
export function signInDashboard(ctx: Ctx | null): void {
  vi.mocked(getOptionalSession).mockResolvedValue(ctx ? ({ ctx: ctx as UserCtx } as never) : null);
}

/** A new user of the program with `role`, as a dashboard session of theirs acts. */
export async function dashboardUserCtx(
  db: Db,
  org: Awaited<ReturnType<typeof createTestOrg>>,
  role: Role,
): Promise<Ctx> {
  return userCtx(db, org.orgId, await org.user(role), { sessionId: newId("tok") });
}

/** What a CSV export route answers for the console's `url`: the status, the text and its lines. */
export async function exportCsv(
  route: (request: Request) => Promise<Response>,
  url: string,
): Promise<{ status: number; lines: string[]; text: string }> {
  const res = await route(new Request(`http://console.test${url}`));
  const text = await res.text();
  return { status: res.status, text, lines: text.split("\r\n").filter(Boolean) };
}

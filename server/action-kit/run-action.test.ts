import { redirect } from "next/navigation";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ServiceError } from "@/lib/errors";
import { totpCode } from "@/server/auth/totp";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { clientIp } from "./request-ip";
import { runPublicAction, runUserAction, toActionError, type UserCtx } from "./run-action";

const database = withTestDatabase({ install: false });

function sessionCtx(ctx: ReturnType<typeof userCtx>): UserCtx {
  if (ctx.actor.type !== "user") throw new Error("not a user ctx");
  return ctx as UserCtx;
}

const amountInput = z.object({ amount: z.string().regex(/^\d+$/, "Whole units only.") });

describe("runUserAction", () => {
  it("refuses a missing session and a role below the one needed", async () => {
    const org = await createTestOrg(database.db);
    const viewer = await org.user("viewer");
    let ran = false;
    const handler = async () => {
      ran = true;
      return "done";
    };
    expect(await runUserAction(null, { input: amountInput }, handler, { amount: "1" })).toMatchObject({
      ok: false,
      error: { code: "UNAUTHENTICATED" },
    });
    const ctx = sessionCtx(userCtx(database.db, org.orgId, viewer, { sessionId: "ses_viewer" }));
    const res = await runUserAction(ctx, { input: amountInput, can: "fundCustomer" }, handler, {
      amount: "1",
    });
    expect(res).toMatchObject({ ok: false, error: { code: "FORBIDDEN_ROLE" } });
    expect(ran).toBe(false);
  });

  it("returns field messages for an invalid input and hands the parsed input to the handler", async () => {
    const org = await createTestOrg(database.db);
    const ctx = sessionCtx(
      userCtx(
        database.db,
        org.orgId,
        { ...org.admin, role: "admin" },
        { sessionId: "ses_a", twoFactorEnabled: true },
      ),
    );
    const bad = await runUserAction(ctx, { input: amountInput }, async () => "never", { amount: "1.5" });
    expect(bad).toEqual({
      ok: false,
      error: {
        code: "VALIDATION_ERROR",
        message: "Check the highlighted fields.",
        fields: { amount: "Whole units only." },
      },
    });
    const good = await runUserAction(
      ctx,
      { input: amountInput },
      async ({ ctx: c, input }) => ({ org: c.orgId, amount: input.amount }),
      { amount: "12" },
    );
    expect(good).toEqual({ ok: true, data: { org: org.orgId, amount: "12" } });
  });

  it("guards step-up actions: code required, a good code opens the session's window", async () => {
    const org = await createTestOrg(database.db);
    const admin = { ...org.admin, role: "admin" as const };
    const ctx = sessionCtx(
      userCtx(database.db, org.orgId, admin, { sessionId: `ses_${org.orgId}`, twoFactorEnabled: true }),
    );
    let runs = 0;
    const opts = { input: amountInput, can: "fundCustomer" as const };
    const handler = async () => ++runs;

    expect(await runUserAction(ctx, opts, handler, { amount: "5" })).toMatchObject({
      ok: false,
      error: { code: "TWO_FACTOR_REQUIRED" },
    });
    // An invalid input is refused before the code is checked, so the code is not spent.
    const code = totpCode(org.admin.totpSecret);
    expect(await runUserAction(ctx, opts, handler, { amount: "x", twoFactorCode: code })).toMatchObject({
      error: { code: "VALIDATION_ERROR" },
    });
    expect(await runUserAction(ctx, opts, handler, { amount: "5", twoFactorCode: code })).toEqual({
      ok: true,
      data: 1,
    });
    // Inside the 5-minute window of this session no code is needed...
    expect(await runUserAction(ctx, opts, handler, { amount: "5" })).toEqual({ ok: true, data: 2 });
    // ...but another session of the same user has no window.
    const other = sessionCtx(
      userCtx(database.db, org.orgId, admin, { sessionId: `ses_other_${org.orgId}`, twoFactorEnabled: true }),
    );
    expect(await runUserAction(other, opts, handler, { amount: "5" })).toMatchObject({
      ok: false,
      error: { code: "TWO_FACTOR_REQUIRED" },
    });
    expect(runs).toBe(2);
  });

  it("leaves twoFactorCode in the input of an action without stepUp", async () => {
    const org = await createTestOrg(database.db);
    const ctx = sessionCtx(
      userCtx(
        database.db,
        org.orgId,
        { ...org.admin, role: "admin" },
        { sessionId: "ses_k", twoFactorEnabled: true },
      ),
    );
    const schema = z.object({ name: z.string(), twoFactorCode: z.string() });
    const res = await runUserAction(ctx, { input: schema }, async ({ input }) => input, {
      name: "k",
      twoFactorCode: "123456",
    });
    expect(res).toEqual({ ok: true, data: { name: "k", twoFactorCode: "123456" } });
  });

  it("tells a user without 2FA to enable it", async () => {
    const org = await createTestOrg(database.db);
    const operator = await org.user("operator");
    const ctx = sessionCtx(userCtx(database.db, org.orgId, operator, { sessionId: "ses_op" }));
    const res = await runUserAction(
      ctx,
      { input: amountInput, can: "fundCustomer" as const },
      async () => 1,
      {
        amount: "5",
        twoFactorCode: "123456",
      },
    );
    expect(res).toMatchObject({ ok: false, error: { code: "TWO_FACTOR_NOT_ENABLED" } });
  });
});

describe("toActionError", () => {
  it("passes a ServiceError's code, message, details and retry time", () => {
    const err = new ServiceError("TWO_FACTOR_LOCKED", "Locked for 15 minutes.", {
      retryAfter: 900,
      details: [{ path: "code", message: "bad" }],
    });
    expect(toActionError(err)).toEqual({
      code: "TWO_FACTOR_LOCKED",
      message: "Locked for 15 minutes.",
      retryAfter: 900,
      fields: { code: "bad" },
    });
  });

  it("hides anything else behind INTERNAL_ERROR with a reference", async () => {
    const res = await runPublicAction(
      { input: z.object({}) },
      async () => {
        throw new Error("connection to 10.0.0.5 refused: password=hunter2");
      },
      {},
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe("INTERNAL_ERROR");
    expect(res.error.reference).toMatch(/^req_/);
    expect(res.error.message).toContain(res.error.reference);
    expect(JSON.stringify(res)).not.toContain("hunter2");
  });

  it("maps a zod error thrown by a service to field messages", () => {
    const parsed = z.object({ email: z.email("Enter a valid email address.") }).safeParse({ email: "nope" });
    expect(parsed.success).toBe(false);
    expect(toActionError(parsed.error)).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { email: "Enter a valid email address." },
    });
  });

  it("lets Next's redirect through", () => {
    let thrown: unknown;
    try {
      redirect("/sign-in");
    } catch (e) {
      thrown = e;
    }
    expect(() => toActionError(thrown)).toThrow();
  });
});

describe("clientIp", () => {
  it("takes the last X-Forwarded-For hop, the one our edge wrote", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});

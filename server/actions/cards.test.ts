import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { newId } from "@/lib/ids";
import { cards } from "@/server/db/schema/cards";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { freezeCardAction, reportCardAction, unfreezeCardAction, voidCardAction } from "./cards";

// The dashboard session (next-auth) is the one thing not available here: each test signs a user in.
vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase();
const clock = startTotpClock();
afterAll(async () => {
  clock.restore();
});

function signIn(
  user: { userId: string; email: string; role: "admin" | "operator" | "viewer" },
  orgId: string,
  twoFactorEnabled: boolean,
) {
  const ctx = userCtx(database.db, orgId, user, { sessionId: newId("tok"), twoFactorEnabled });
  signInDashboard(ctx);
}

async function statusOf(cardId: string): Promise<string> {
  const [row] = await database.db
    .select({ status: cards.status })
    .from(cards)
    .where(and(eq(cards.id, cardId)));
  return row!.status;
}

async function setup() {
  const org = await createTestOrg(database.db);
  const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
  const virtual = await createTestCard(database.db, customer);
  const physical = await createTestCard(database.db, customer, { cardType: "physical", activated: true });
  return {
    org,
    customer,
    virtual,
    physical,
    target: (cardId: string) => ({ svcCardId: customer.svcCardId, cardId }),
  };
}

describe("card actions of the dashboard", () => {
  it("refuse a viewer before anything else", async () => {
    const s = await setup();
    const viewer = await s.org.user("viewer", { withTwoFactor: true });
    signIn(viewer, s.org.orgId, true);
    for (const res of [
      await freezeCardAction(s.target(s.virtual.id)),
      await unfreezeCardAction(s.target(s.virtual.id)),
      await voidCardAction(s.target(s.virtual.id)),
      await reportCardAction({ ...s.target(s.virtual.id), reason: "lost" }),
    ]) {
      expect(res).toMatchObject({ ok: false, error: { code: "FORBIDDEN_ROLE" } });
    }
    expect(await statusOf(s.virtual.id)).toBe("active");
  });

  it("ask an operator for the 2FA step-up, then freeze and unfreeze inside the 5-minute window", async () => {
    const s = await setup();
    const operator = await s.org.user("operator", { withTwoFactor: true });
    signIn(operator, s.org.orgId, true);

    expect(await freezeCardAction(s.target(s.virtual.id))).toMatchObject({
      ok: false,
      error: { code: "TWO_FACTOR_REQUIRED" },
    });
    expect(await statusOf(s.virtual.id)).toBe("active");

    const frozen = await freezeCardAction({
      ...s.target(s.virtual.id),
      twoFactorCode: clock.nextCode(operator.totpSecret!),
    });
    expect(frozen).toMatchObject({
      ok: true,
      data: { svc_card_id: s.customer.svcCardId, card_id: s.virtual.id, is_frozen: true },
    });
    expect(await statusOf(s.virtual.id)).toBe("frozen");

    // The window is open: no second code.
    expect(await unfreezeCardAction(s.target(s.virtual.id))).toMatchObject({
      ok: true,
      data: { is_frozen: false },
    });
    expect(await statusOf(s.virtual.id)).toBe("active");
  });

  it(
    "pass on the card rules' refusals: void is for virtual cards only, and " +
      "a stolen card is voided for good",
    async () => {
      const s = await setup();
      const operator = await s.org.user("operator", { withTwoFactor: true });
      signIn(operator, s.org.orgId, true);
      const code = clock.nextCode(operator.totpSecret!);

      expect(await voidCardAction({ ...s.target(s.physical.id), twoFactorCode: code })).toMatchObject({
        ok: false,
        error: { code: "VIRTUAL_CARD_ONLY" },
      });
      expect(await reportCardAction({ ...s.target(s.physical.id), reason: "stolen" })).toMatchObject({
        ok: true,
        data: { status: "voided", is_stolen: true },
      });
      expect(await statusOf(s.physical.id)).toBe("stolen");
      expect(await freezeCardAction(s.target(s.physical.id))).toMatchObject({
        ok: false,
        error: { code: "CARD_NOT_ACTIVE" },
      });

      expect(await voidCardAction(s.target(s.virtual.id))).toMatchObject({
        ok: true,
        data: { is_void: true },
      });
      expect(await voidCardAction(s.target(s.virtual.id))).toMatchObject({
        ok: false,
        error: { code: "CARD_ALREADY_VOIDED" },
      });
      expect(await reportCardAction({ ...s.target(s.virtual.id), reason: "lost" })).toMatchObject({
        ok: false,
        error: { code: "CARD_ALREADY_VOIDED" },
      });
      expect(
        await reportCardAction({ ...s.target(s.virtual.id), reason: "misplaced" as "lost" }),
      ).toMatchObject({ ok: false, error: { code: "VALIDATION_ERROR" } });
    },
  );

  it("cannot reach another organization's card, and send a user without 2FA to set it up", async () => {
    const s = await setup();
    const other = await createTestOrg(database.db);
    const stranger = await other.user("operator", { withTwoFactor: true });
    signIn(stranger, other.orgId, true);
    const res = await freezeCardAction({
      ...s.target(s.virtual.id),
      twoFactorCode: clock.nextCode(stranger.totpSecret!),
    });
    expect(res).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await statusOf(s.virtual.id)).toBe("active");

    const noTwoFactor = await s.org.user("operator");
    signIn(noTwoFactor, s.org.orgId, false);
    expect(await freezeCardAction(s.target(s.virtual.id))).toMatchObject({
      ok: false,
      error: { code: "TWO_FACTOR_NOT_ENABLED" },
    });
    expect(await statusOf(s.virtual.id)).toBe("active");
  });
});

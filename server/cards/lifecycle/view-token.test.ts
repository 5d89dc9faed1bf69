import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SECURE_VIEW_FRAME } from "@/lib/contracts/card-account";
import { viewTokenSchema } from "@/lib/contracts/cards";
import { appUrl } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { sha256Hex } from "@/server/crypto/hash";
import { cardProgramSettings, cards, type CardStatus } from "@/server/db/schema/cards";
import { simSecureViews } from "@/server/db/schema/providers";
import { deliverInbound } from "@/server/providers/inbound";
import { checkCardPin } from "@/server/providers/sandbox/card-provider";
import { openSecureView, submitPin } from "@/server/providers/sandbox/secure-page";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import type { CardCustomerRow, CardRow } from "../customers/find";
import { getIssuerCustomer } from "../customers/view";
import { PIN_MISSING_ACTION } from "../flow";
import { createViewToken, type ViewTokenInput } from "./view-token";

const database = withTestDatabase();

function keyCtx(orgId: string): Ctx {
  return { db: database.db, orgId, actor: { type: "apiKey", keyId: "key_views", scopes: ["read", "write"] } };
}

async function setup(
  opts: { status?: CardStatus; cardType?: "virtual" | "physical"; activated?: boolean } = {},
) {
  const org = await createTestOrg(database.db);
  const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
  const card = await createTestCard(database.db, customer, opts);
  const ctx = keyCtx(org.orgId);
  const ask = (views: ViewTokenInput["enabled_views"], theme?: ViewTokenInput["theme"]) =>
    createViewToken({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, enabled_views: views, theme },
    });
  return { org, customer, card, ctx, ask };
}

async function caught(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

/** The secure view the URL opens (the provider's row, found by the token's hash). */
async function viewOfUrl(url: string) {
  const token = url.split("/secure/view/")[1]!;
  const [row] = await database.db
    .select()
    .from(simSecureViews)
    .where(eq(simSecureViews.tokenHash, sha256Hex(token)));
  return { token, row: row! };
}

/** Rule 7: pin_set follows the card network's physical.card.pin.changed. */
async function pinChanged(orgId: string, card: CardRow) {
  await deliverInbound(database.db, {
    type: "physical.card.pin.changed",
    orgId,
    data: { card_token: card.cardToken },
  });
}

async function pinSetOf(card: CardRow): Promise<boolean> {
  const [row] = await database.db.select({ pinSet: cards.pinSet }).from(cards).where(eq(cards.id, card.id));
  return row!.pinSet;
}

describe("view-token: PIN rules 1-7 (docs/card-program.md)", () => {
  it(
    "rule 1: the request has no place for a PIN and the answer carries " +
      "none; the PIN is typed on the hosted page only",
    async () => {
      const { card, ask } = await setup();
      expect(Object.keys(viewTokenSchema.shape).sort()).toEqual(["enabled_views", "theme"]);
      const setup1 = await caught(ask(["pin"]));
      const { token } = await viewOfUrl(String(setup1.data!.pin_setup_url));
      // The cardholder types the PIN into the provider's page; we only hear that it changed.
      const opened = await openSecureView(database.db, token);
      await submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: "4829" });
      expect(await checkCardPin(database.db, { cardToken: card.cardToken, pin: "4829" })).toBe(true);
      expect(await pinSetOf(card)).toBe(true);
      const [row] = await database.db.select().from(cards).where(eq(cards.id, card.id));
      expect(JSON.stringify(row)).not.toContain("4829");
      const answer = await ask(["pin"]);
      expect(Object.keys(answer).sort()).toEqual(["expires_at", "pin_set", "secure_view_url", "view"]);
      expect(JSON.stringify(answer)).not.toContain("4829");
    },
  );

  it(
    "rule 2: while pin_set is false every call is 422 PIN_NOT_SET with a " +
      "short-lived pin_setup_url, whatever enabled_views says",
    async () => {
      const { card, ask } = await setup();
      for (const views of [
        ["pin"],
        ["data", "pin"],
        ["data"],
        ["pin", "data"],
      ] as ViewTokenInput["enabled_views"][]) {
        const before = Date.now();
        const error = await caught(ask(views));
        expect(error.code, String(views)).toBe("PIN_NOT_SET");
        expect(error.status).toBe(422);
        expect(Object.keys(error.data!).sort()).toEqual(["expires_at", "pin_set", "pin_setup_url"]);
        expect(error.data!.pin_set).toBe(false);
        expect(String(error.data!.pin_setup_url)).toMatch(
          new RegExp(`^${appUrl()}/secure/view/svt_[A-Za-z0-9_-]+$`),
        );
        const expires = Date.parse(String(error.data!.expires_at));
        expect(expires - before).toBeGreaterThan(9 * 60_000);
        expect(expires - before).toBeLessThanOrEqual(10 * 60_000 + 1000);
        const { row } = await viewOfUrl(String(error.data!.pin_setup_url));
        expect(row).toMatchObject({ view: "pin_setup", cardToken: card.cardToken, openedAt: null });
      }
    },
  );

  it("rule 3: with a PIN set, [pin] is 200 with the PIN change form", async () => {
    const { org, card, ask } = await setup();
    await pinChanged(org.orgId, card);
    const answer = await ask(["pin"]);
    expect(answer).toMatchObject({ pin_set: true, view: "pin_change" });
    expect((await viewOfUrl(answer.secure_view_url)).row.view).toBe("pin_change");
    // [data, pin] (either order) is the details plus PIN view; each call is a new single-use URL.
    const details = await ask(["data", "pin"]);
    expect(details).toMatchObject({ pin_set: true, view: "details_and_pin" });
    expect((await viewOfUrl(details.secure_view_url)).row.view).toBe("details_and_pin");
    expect(details.secure_view_url).not.toBe(answer.secure_view_url);
    expect((await ask(["pin", "data"])).view).toBe("details_and_pin");
  });

  it("rule 4: pin_set is on every answer, the refusal's data included", async () => {
    const { org, card, ask } = await setup();
    expect((await caught(ask(["data", "pin"]))).data).toHaveProperty("pin_set", false);
    await pinChanged(org.orgId, card);
    expect(await ask(["data", "pin"])).toHaveProperty("pin_set", true);
    expect(await ask(["pin"])).toHaveProperty("pin_set", true);
  });

  it("rule 5: the page's theme is the program's theme with the request's fields on top", async () => {
    const { org, card, ask } = await setup();
    await database.db.insert(cardProgramSettings).values({
      orgId: org.orgId,
      secureTheme: { accent_color: "#112233", background_color: "#ffffff", font_family: "Inter" },
    });
    const first = await caught(ask(["pin"], { accent_color: "#abcdef", border_radius: "12px" }));
    expect((await viewOfUrl(String(first.data!.pin_setup_url))).row.theme).toEqual({
      accent_color: "#abcdef",
      background_color: "#ffffff",
      font_family: "Inter",
      border_radius: "12px",
    });
    await pinChanged(org.orgId, card);
    const plain = await ask(["pin"]);
    expect((await viewOfUrl(plain.secure_view_url)).row.theme).toEqual({
      accent_color: "#112233",
      background_color: "#ffffff",
      font_family: "Inter",
    });
  });

  it("rule 6: the iframe sizes the pages are made for", () => {
    expect(SECURE_VIEW_FRAME.pin_setup).toEqual({ width: 420, height: 520 });
    expect(SECURE_VIEW_FRAME.pin_change).toEqual({ width: 420, height: 520 });
    expect(SECURE_VIEW_FRAME.details_and_pin).toEqual({ width: 420, height: 740 });
  });

  it(
    "rule 7: pin_set follows physical.card.pin.changed (and nothing else); " +
      "while false next_action asks for the PIN",
    async () => {
      const { org, customer, card, ctx, ask } = await setup();
      const issuerView = () => getIssuerCustomer({ ctx, input: { customerId: customer.svcCardId } });
      expect(await issuerView()).toMatchObject({ pin_set: false, next_action: PIN_MISSING_ACTION });
      // Asking for views does not change it; only the network's event does.
      await caught(ask(["pin"]));
      expect(await pinSetOf(card)).toBe(false);
      await pinChanged(org.orgId, card);
      expect(await pinSetOf(card)).toBe(true);
      const view = await issuerView();
      expect(view.pin_set).toBe(true);
      expect(view.cards[0]!.pin_set).toBe(true);
      expect(view.next_action).not.toBe(PIN_MISSING_ACTION);
      // An event for a token of another organization changes nothing here.
      const other = await setup();
      await deliverInbound(database.db, {
        type: "physical.card.pin.changed",
        orgId: org.orgId,
        data: { card_token: other.card.cardToken },
      });
      expect(await pinSetOf(other.card)).toBe(false);
    },
  );
});

describe("view-token: what the interface leaves open", () => {
  it(
    "voided, lost, stolen and blocked cards are CARD_NOT_ACTIVE (before " +
      "the PIN rule); frozen cards are served",
    async () => {
      for (const status of ["voided", "lost", "stolen", "blocked"] as const) {
        const { ask } = await setup({ status });
        expect((await caught(ask(["pin"]))).code, status).toBe("CARD_NOT_ACTIVE");
      }
      const frozen = await setup({ status: "frozen" });
      expect((await caught(frozen.ask(["pin"]))).code).toBe("PIN_NOT_SET");
      await pinChanged(frozen.org.orgId, frozen.card);
      expect(await frozen.ask(["data", "pin"])).toMatchObject({ view: "details_and_pin", pin_set: true });
    },
  );

  it(
    "[data] alone gets details plus PIN once a PIN is set; a physical card " +
      "not yet activated can set its PIN",
    async () => {
      const { org, card, ask } = await setup();
      await pinChanged(org.orgId, card);
      expect(await ask(["data"])).toMatchObject({ view: "details_and_pin" });
      const physical = await setup({ cardType: "physical", activated: false });
      expect((await caught(physical.ask(["pin"]))).code).toBe("PIN_NOT_SET");
    },
  );

  it(
    "another organization's card, or another customer's card id, is 404; a " +
      "cardholder only reaches their own cards",
    async () => {
      const a = await setup();
      const b = await setup();
      const input = { svcCardId: a.customer.svcCardId, cardId: a.card.id, enabled_views: ["pin" as const] };
      expect((await caught(createViewToken({ ctx: b.ctx, input }))).code).toBe("NOT_FOUND");
      const neighbour: CardCustomerRow = await createReadyCustomer(database.db, a.org.orgId);
      expect(
        (await caught(createViewToken({ ctx: a.ctx, input: { ...input, svcCardId: neighbour.svcCardId } })))
          .code,
      ).toBe("NOT_FOUND");
      const stranger: Ctx = {
        db: database.db,
        orgId: a.org.orgId,
        actor: { type: "cardholder", customerId: neighbour.id },
      };
      expect((await caught(createViewToken({ ctx: stranger, input }))).code).toBe("NOT_FOUND");
      const owner: Ctx = {
        db: database.db,
        orgId: a.org.orgId,
        actor: { type: "cardholder", customerId: a.customer.id },
      };
      expect((await caught(createViewToken({ ctx: owner, input }))).code).toBe("PIN_NOT_SET");
    },
  );
});

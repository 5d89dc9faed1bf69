import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { simCards, simSecureViews } from "@/server/db/schema/providers";
import { captureLogs } from "@/server/log";
import type { SecureView } from "@/server/providers/ports";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { checkCardPin, isLuhnValid, sandboxCardProvider } from "./card-provider";
import { checkPin, obviousPinReason, openSecureView, submitPin } from "./secure-page";

const database = withTestDatabase();

/** An organization with one customer and one virtual card, issued by the simulated provider. */
async function cardOf() {
  const db = database.db;
  const org = await createTestOrg(db);
  const customerId = newId("cus");
  await db.insert(cardCustomers).values({
    id: customerId,
    svcCardId: newId("sc"),
    orgId: org.orgId,
    email: uniqueEmail("holder"),
    origin: "own",
  });
  const cardId = newId("crd");
  const issued = await sandboxCardProvider.issueVirtualCard(db, {
    orgId: org.orgId,
    cardId,
    currency: "EUR",
  });
  await db.insert(cards).values({
    id: cardId,
    orgId: org.orgId,
    customerId,
    cardToken: issued.cardToken,
    lastFour: issued.lastFour,
    cardType: "virtual",
    currency: "EUR",
    status: "active",
  });
  async function link(view: SecureView, theme = {}) {
    const { url } = await sandboxCardProvider.createSecureView(db, {
      orgId: org.orgId,
      cardToken: issued.cardToken,
      view,
      theme,
    });
    expect(url).toMatch(/\/secure\/view\/svt_[A-Za-z0-9_-]{43}$/);
    return url.slice(url.lastIndexOf("/") + 1);
  }
  async function pinSet() {
    const [row] = await db.select({ pinSet: cards.pinSet }).from(cards).where(eq(cards.id, cardId));
    return row!.pinSet;
  }
  return { org, cardId, cardToken: issued.cardToken, lastFour: issued.lastFour, link, pinSet };
}

const expectExpired = (p: Promise<unknown>) =>
  expect(p).rejects.toMatchObject({
    code: "SECURE_VIEW_EXPIRED",
    message: expect.stringContaining("expired or was already used"),
  });

describe("opening the secure page", () => {
  it(
    "a token opens once: the second opening, an unknown and a malformed " + "token all read as expired",
    async () => {
      const c = await cardOf();
      const token = await c.link("pin_setup", { accent_color: "#112233", text_color: "bad;" });
      const opened = await openSecureView(database.db, token);
      expect(opened).toMatchObject({
        view: "pin_setup",
        lastFour: c.lastFour,
        theme: { accent_color: "#112233" },
      });
      expect(opened.theme).not.toHaveProperty("text_color");
      expect(opened.details).toBeUndefined();
      expect(opened.formSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

      await expectExpired(openSecureView(database.db, token));
      await expectExpired(openSecureView(database.db, `svt_${"A".repeat(43)}`));
      await expectExpired(openSecureView(database.db, "'; drop table x; --"));
    },
  );

  it("two openings racing for one link: exactly one page", async () => {
    const c = await cardOf();
    const token = await c.link("pin_change");
    const results = await Promise.allSettled([
      openSecureView(database.db, token),
      openSecureView(database.db, token),
      openSecureView(database.db, token),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("a link older than 10 minutes does not open", async () => {
    const c = await cardOf();
    const token = await c.link("pin_change");
    const [view] = await database.db
      .select()
      .from(simSecureViews)
      .where(eq(simSecureViews.cardToken, c.cardToken));
    const minutes = (view!.expiresAt.getTime() - view!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
    await database.db
      .update(simSecureViews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(simSecureViews.id, view!.id));
    await expectExpired(openSecureView(database.db, token));
    const [after] = await database.db.select().from(simSecureViews).where(eq(simSecureViews.id, view!.id));
    expect(after!.openedAt).toBeNull();
  });

  it("details_and_pin shows the number, expiry and CVV; the other views do not", async () => {
    const c = await cardOf();
    const opened = await openSecureView(database.db, await c.link("details_and_pin"));
    expect(opened.view).toBe("details_and_pin");
    expect(opened.details!.pan).toMatch(/^\d{16}$/);
    expect(isLuhnValid(opened.details!.pan)).toBe(true);
    expect(opened.details!.pan.slice(-4)).toBe(c.lastFour);
    expect(opened.details!.expiry).toMatch(/^(0[1-9]|1[0-2])\/\d{2}$/);
    expect(opened.details!.cvv).toMatch(/^\d{3}$/);
    expect((await openSecureView(database.db, await c.link("pin_change"))).details).toBeUndefined();
  });

  it("a card closed since the link was made is refused", async () => {
    const c = await cardOf();
    const token = await c.link("details_and_pin");
    await sandboxCardProvider.setCardStatus(database.db, {
      orgId: c.org.orgId,
      cardToken: c.cardToken,
      status: "voided",
    });
    await expect(openSecureView(database.db, token)).rejects.toMatchObject({ code: "CARD_NOT_ACTIVE" });
  });
});

describe("the PIN form", () => {
  it(
    "sets the PIN once; the inbound physical.card.pin.changed sets " + "pin_set; nothing secret is logged",
    async () => {
      const logs = captureLogs();
      try {
        const c = await cardOf();
        expect(await c.pinSet()).toBe(false);
        const opened = await openSecureView(database.db, await c.link("details_and_pin"));
        const result = await submitPin(database.db, {
          viewId: opened.viewId,
          formSecret: opened.formSecret,
          pin: "4827",
        });
        expect(result).toEqual({ view: "details_and_pin" });
        expect(await c.pinSet()).toBe(true);
        expect(await checkCardPin(database.db, { cardToken: c.cardToken, pin: "4827" })).toBe(true);
        const [view] = await database.db
          .select()
          .from(simSecureViews)
          .where(eq(simSecureViews.id, opened.viewId));
        expect(view!.completedAt).toBeInstanceOf(Date);

        // Submitted once: the same page cannot set another PIN.
        await expectExpired(
          submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: "5938" }),
        );
        expect(await checkCardPin(database.db, { cardToken: c.cardToken, pin: "4827" })).toBe(true);

        const all = logs.lines.join("\n");
        for (const secret of ["4827", "5938", opened.details!.pan, opened.formSecret])
          expect(all).not.toContain(secret);
      } finally {
        logs.stop();
      }
    },
  );

  it(
    "needs this opening's form secret: a wrong one, another view's, or an " +
      "unopened view's id are refused",
    async () => {
      const c = await cardOf();
      const a = await openSecureView(database.db, await c.link("pin_change"));
      const b = await openSecureView(database.db, await c.link("pin_change"));
      await expectExpired(
        submitPin(database.db, { viewId: a.viewId, formSecret: b.formSecret, pin: "4827" }),
      );
      await expectExpired(
        submitPin(database.db, { viewId: a.viewId, formSecret: "x".repeat(43), pin: "4827" }),
      );
      await expectExpired(
        submitPin(database.db, { viewId: "svt_nope", formSecret: a.formSecret, pin: "4827" }),
      );
      await c.link("pin_setup");
      const [unopened] = await database.db
        .select()
        .from(simSecureViews)
        .where(and(eq(simSecureViews.cardToken, c.cardToken), eq(simSecureViews.view, "pin_setup")));
      await expectExpired(
        submitPin(database.db, { viewId: unopened!.id, formSecret: a.formSecret, pin: "4827" }),
      );
      expect(await c.pinSet()).toBe(false);
      // The right pair still works afterwards.
      await submitPin(database.db, { viewId: a.viewId, formSecret: a.formSecret, pin: "4827" });
      expect(await c.pinSet()).toBe(true);
    },
  );

  it("refuses a page opened more than 10 minutes after issue", async () => {
    const c = await cardOf();
    const opened = await openSecureView(database.db, await c.link("pin_setup"));
    await database.db
      .update(simSecureViews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(simSecureViews.id, opened.viewId));
    await expectExpired(
      submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: "4827" }),
    );
    expect(await c.pinSet()).toBe(false);
    expect(await checkCardPin(database.db, { cardToken: c.cardToken, pin: "4827" })).toBe(false);
  });

  it("exactly 4 digits, not an obvious one; a refused PIN does not spend the page", async () => {
    const c = await cardOf();
    const opened = await openSecureView(database.db, await c.link("pin_setup"));
    for (const pin of ["123", "12345", "12a4", " 1234", "", "٤٨٢٧"]) {
      await expect(
        submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin }),
        pin,
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR", message: "The PIN must be exactly 4 digits." });
    }
    for (const pin of ["0000", "7777", "1234", "4321", "6789", "9876", "0123", "1212", "2580"]) {
      await expect(
        submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin }),
        pin,
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
    const [card] = await database.db
      .select({ pinChangedAt: simCards.pinChangedAt })
      .from(simCards)
      .where(eq(simCards.cardToken, c.cardToken));
    expect(card!.pinChangedAt).toBeNull();
    await submitPin(database.db, { viewId: opened.viewId, formSecret: opened.formSecret, pin: "0428" });
    expect(await checkCardPin(database.db, { cardToken: c.cardToken, pin: "0428" })).toBe(true);
  });

  it("the obvious-PIN rule names the rule and not the PIN", () => {
    expect(obviousPinReason("4827")).toBeNull();
    expect(obviousPinReason("1357")).toBeNull();
    expect(obviousPinReason("2222")).toMatch(/repeated digit/);
    expect(obviousPinReason("3456")).toMatch(/consecutive/);
    expect(() => checkPin("5555")).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("5555") }),
    );
  });
});

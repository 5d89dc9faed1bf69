import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "@/lib/env";
import { sha256Hex } from "@/server/crypto/hash";
import { simCards, simSecureViews } from "@/server/db/schema/providers";
import { captureLogs } from "@/server/log";
import { type InboundEvent, registerInboundHandler } from "@/server/providers/inbound";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import {
  checkCardPin,
  expiryFrom,
  generatePan,
  isLuhnValid,
  luhnCheckDigit,
  revealCardSecrets,
  sandboxCardProvider,
  storeCardPin,
} from "./card-provider";

const database = withTestDatabase({ install: false });
const pinEvents: InboundEvent[] = [];

beforeAll(async () => {
  // The real handlers come from boot() (server/testing/boot.ts); the observer replaces the PIN one.
  registerInboundHandler("physical.card.pin.changed", async (_db, event) => void pinEvents.push(event));
});

describe("Luhn", () => {
  it("accepts valid numbers and refuses a wrong check digit", () => {
    expect(isLuhnValid("4242424242424242")).toBe(true);
    expect(isLuhnValid("79927398713")).toBe(false); // 11 digits: too short for a card
    expect(luhnCheckDigit("7992739871")).toBe("3");
    expect(luhnCheckDigit("424242424242424")).toBe("2");
    expect(isLuhnValid("4242424242424241")).toBe(false);
    expect(isLuhnValid("4000056655665556")).toBe(true);
    expect(isLuhnValid("4000056655665557")).toBe(false);
    expect(isLuhnValid("42424242a2424242")).toBe(false);
  });

  it("every generated PAN is 16 digits on the test BIN and Luhn-valid", () => {
    for (let i = 0; i < 500; i++) {
      const pan = generatePan();
      expect(pan).toMatch(/^424242\d{10}$/);
      expect(isLuhnValid(pan)).toBe(true);
    }
  });

  it("expiry is MM/YY three years out", () => {
    expect(expiryFrom(new Date("2026-03-15T12:00:00Z"))).toBe("03/29");
    expect(expiryFrom(new Date("2098-12-31T12:00:00Z"))).toBe("12/01");
  });
});

describe("card provider simulator", () => {
  it("issues a virtual card whose number, expiry and CVV are stored only sealed", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const logs = captureLogs();
    let secrets: { pan: string; expiry: string; cvv: string };
    let issued: { cardToken: string; lastFour: string };
    try {
      issued = await sandboxCardProvider.issueVirtualCard(db, {
        orgId,
        cardId: "crd_test1",
        currency: "EUR",
      });
      secrets = await revealCardSecrets(db, { cardToken: issued.cardToken });
    } finally {
      logs.stop();
    }
    expect(issued.cardToken).toMatch(/^ctk_/);
    expect(isLuhnValid(secrets.pan)).toBe(true);
    expect(secrets.pan.slice(-4)).toBe(issued.lastFour);
    expect(secrets.expiry).toBe(expiryFrom(new Date()));
    expect(secrets.cvv).toMatch(/^\d{3}$/);

    const [row] = await db.select().from(simCards).where(eq(simCards.cardToken, issued.cardToken));
    expect(row).toMatchObject({ orgId, externalRef: "crd_test1", status: "active", pinChangedAt: null });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secrets.pan);
    for (const sealed of [row!.panSealed, row!.expirySealed, row!.cvvSealed])
      expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // A random initial PIN, kept as a salted scrypt hash only.
    expect(row!.pinHash).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(logs.lines.join("\n")).not.toContain(secrets.pan);
  });

  it("sets the card status within the organization only", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const other = await createTestOrg(db);
    const { cardToken } = await sandboxCardProvider.issueVirtualCard(db, {
      orgId,
      cardId: "crd_test2",
      currency: "USD",
    });
    await sandboxCardProvider.setCardStatus(db, { orgId, cardToken, status: "frozen" });
    const [row] = await db
      .select({ status: simCards.status })
      .from(simCards)
      .where(eq(simCards.cardToken, cardToken));
    expect(row!.status).toBe("frozen");
    expect(
      await errorCodeOf(
        sandboxCardProvider.setCardStatus(db, { orgId: other.orgId, cardToken, status: "voided" }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await errorCodeOf(
        sandboxCardProvider.setCardStatus(db, { orgId, cardToken: "ctk_nope", status: "voided" }),
      ),
    ).toBe("NOT_FOUND");
  });

  it("creates a 10-minute secure view whose token is stored only as its SHA-256", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const other = await createTestOrg(db);
    const { cardToken } = await sandboxCardProvider.issueVirtualCard(db, {
      orgId,
      cardId: "crd_test3",
      currency: "GBP",
    });
    const before = Date.now();
    const { url, expiresAt } = await sandboxCardProvider.createSecureView(db, {
      orgId,
      cardToken,
      view: "pin_setup",
      theme: { accent_color: "#112233" },
    });
    expect(url.startsWith(`${appUrl()}/secure/view/`)).toBe(true);
    const token = url.slice(`${appUrl()}/secure/view/`.length);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);
    expect(expiresAt.getTime() - before).toBeLessThanOrEqual(10 * 60_000 + 1_000);
    const [view] = await db
      .select()
      .from(simSecureViews)
      .where(eq(simSecureViews.tokenHash, sha256Hex(token)));
    expect(view).toMatchObject({
      orgId,
      cardToken,
      view: "pin_setup",
      theme: { accent_color: "#112233" },
      openedAt: null,
      completedAt: null,
    });
    expect(JSON.stringify(view)).not.toContain(token);
    expect(
      await errorCodeOf(
        sandboxCardProvider.createSecureView(db, {
          orgId: other.orgId,
          cardToken,
          view: "pin_setup",
          theme: {},
        }),
      ),
    ).toBe("NOT_FOUND");
  });

  it("stores a PIN set on the secure page as a hash and reports physical.card.pin.changed", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const { cardToken } = await sandboxCardProvider.issueVirtualCard(db, {
      orgId,
      cardId: "crd_test4",
      currency: "EUR",
    });
    for (const bad of ["123", "12345", "12a4", " 1234", ""]) {
      expect(await errorCodeOf(storeCardPin(db, { cardToken, pin: bad }))).toBe("VALIDATION_ERROR");
    }
    expect(await errorCodeOf(storeCardPin(db, { cardToken: "ctk_nope", pin: "1234" }))).toBe("NOT_FOUND");
    expect(pinEvents.filter((e) => e.orgId === orgId)).toHaveLength(0);

    const logs = captureLogs();
    try {
      await storeCardPin(db, { cardToken, pin: "4821" });
    } finally {
      logs.stop();
    }
    expect(logs.lines.join("\n")).not.toContain("4821");
    expect(await checkCardPin(db, { cardToken, pin: "4821" })).toBe(true);
    expect(await checkCardPin(db, { cardToken, pin: "4822" })).toBe(false);
    const [row] = await db.select().from(simCards).where(eq(simCards.cardToken, cardToken));
    expect(row!.pinChangedAt).toBeInstanceOf(Date);
    expect(row!.pinHash).not.toContain("4821");
    expect(pinEvents.filter((e) => e.orgId === orgId)).toEqual([
      { type: "physical.card.pin.changed", orgId, data: { card_token: cardToken } },
    ]);
  });

  it("a PIN change rolls back with the transaction it was made in", async () => {
    const db = database.db;
    const { orgId } = await createTestOrg(db);
    const { cardToken } = await sandboxCardProvider.issueVirtualCard(db, {
      orgId,
      cardId: "crd_test5",
      currency: "EUR",
    });
    await expect(
      db.transaction(async (tx) => {
        await storeCardPin(tx, { cardToken, pin: "1111" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await checkCardPin(db, { cardToken, pin: "1111" })).toBe(false);
    const [row] = await db.select().from(simCards).where(eq(simCards.cardToken, cardToken));
    expect(row!.pinChangedAt).toBeNull();
  });
});

import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { appUrl } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { decryptSecret, encryptSecret } from "@/server/crypto/encryption";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { simCards, simSecureViews } from "@/server/db/schema/providers";
import type { CardProviderPort } from "@/server/providers/ports";
import { hashPin, pinMatches, randomPin } from "./pin-hash";
import { raiseInbound } from "./upstream-events";

/**
 * The simulated card provider. Number, expiry and CVV are generated and sealed here and leave
 * only through the hosted secure page (revealCardSecrets); none of them, nor a PIN, is ever
 * logged or put into an error message.
 */

/**
 * A Visa test range (424242 is the documentation BIN test numbers use), so no simulated PAN is a real card.
 */
const TEST_BIN = "424242";
const SECURE_VIEW_TTL_MS = 10 * 60 * 1000;
const CARD_VALIDITY_YEARS = 3;

/** The Luhn check digit that completes `partial` (the digits before it). */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  // From the right, every second digit of the complete number is doubled: in `partial` that is the last one,
  // then every other.
  for (let i = 0; i < partial.length; i++) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

function randomDigits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

/** A 16-digit PAN on the test BIN with a valid check digit. */
export function generatePan(): string {
  const partial = TEST_BIN + randomDigits(15 - TEST_BIN.length);
  return partial + luhnCheckDigit(partial);
}

/** The expiry's month (1-12) and four-digit year, `years` from now (UTC month). */
export function expiryPartsFrom(now: Date, years = CARD_VALIDITY_YEARS): { month: number; year: number } {
  return { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() + years };
}

/** MM/YY, `years` from now (UTC month). */
export function expiryFrom(now: Date, years = CARD_VALIDITY_YEARS): string {
  const { month, year } = expiryPartsFrom(now, years);
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

const NO_CARD = "The card provider has no card with this token.";

async function requireSimCard(db: Db, where: { cardToken: string; orgId?: string }) {
  const [card] = await db
    .select()
    .from(simCards)
    .where(
      and(eq(simCards.cardToken, where.cardToken), where.orgId ? eq(simCards.orgId, where.orgId) : undefined),
    );
  if (!card) throw new ServiceError("NOT_FOUND", NO_CARD);
  return card;
}

/** A new card's number, expiry and CVV, sealed; only the last four digits come out in clear. */
export function newSealedCardSecrets(now = new Date()): {
  lastFour: string;
  panSealed: string;
  expirySealed: string;
  cvvSealed: string;
} {
  const pan = generatePan();
  return {
    lastFour: pan.slice(-4),
    panSealed: encryptSecret(pan),
    expirySealed: encryptSecret(expiryFrom(now)),
    cvvSealed: encryptSecret(randomDigits(3)),
  };
}

export const sandboxCardProvider: CardProviderPort = {
  async issueVirtualCard(db, { orgId, cardId, pinFromCardToken }) {
    const now = new Date();
    const { lastFour, ...sealed } = newSealedCardSecrets(now);
    const cardToken = newId("ctk");
    // A replacement keeps the PIN the cardholder chose (its hash is copied, never read out).
    const previous = pinFromCardToken
      ? await requireSimCard(db, { cardToken: pinFromCardToken, orgId })
      : null;
    await db.insert(simCards).values({
      cardToken,
      orgId,
      externalRef: cardId,
      ...sealed,
      pinHash: previous?.pinHash ?? (await hashPin(randomPin())),
      pinChangedAt: previous?.pinChangedAt ?? null,
    });
    const expiry = expiryPartsFrom(now);
    return {
      cardToken,
      lastFour,
      expMonth: expiry.month,
      expYear: expiry.year,
      pinCarried: previous !== null,
    };
  },

  async setCardStatus(db, { orgId, cardToken, status }) {
    const updated = await db
      .update(simCards)
      .set({ status })
      .where(and(eq(simCards.cardToken, cardToken), eq(simCards.orgId, orgId)))
      .returning({ cardToken: simCards.cardToken });
    if (updated.length === 0) throw new ServiceError("NOT_FOUND", NO_CARD);
  },

  async createSecureView(db, { orgId, cardToken, view, theme }) {
    await requireSimCard(db, { cardToken, orgId });
    const token = newOpaqueToken("svt_");
    const expiresAt = new Date(Date.now() + SECURE_VIEW_TTL_MS);
    await db
      .insert(simSecureViews)
      .values({ id: newId("svt"), tokenHash: sha256Hex(token), orgId, cardToken, view, theme, expiresAt });
    return { url: `${appUrl()}/secure/view/${token}`, expiresAt };
  },
};

/**
 * For the hosted secure page only (not on the port: no caller of ours may see these). The page
 * checks its view token first; this only opens the seals.
 */
export async function revealCardSecrets(
  db: Db,
  { cardToken }: { cardToken: string },
): Promise<{ pan: string; expiry: string; cvv: string }> {
  const card = await requireSimCard(db, { cardToken });
  return {
    pan: decryptSecret(card.panSealed),
    expiry: decryptSecret(card.expirySealed),
    cvv: decryptSecret(card.cvvSealed),
  };
}

/**
 * The secure page's PIN form: replaces the online PIN and, in the same transaction, reports
 * `physical.card.pin.changed` as the provider would, which sets our pin_set (PIN rule 7).
 */
export async function storeCardPin(
  db: Db,
  { cardToken, pin }: { cardToken: string; pin: string },
): Promise<void> {
  if (!/^\d{4}$/.test(pin))
    throw new ServiceError("VALIDATION_ERROR", "The PIN must be exactly 4 digits.", {
      details: [{ path: "pin", message: "Enter 4 digits." }],
    });
  const pinHash = await hashPin(pin);
  await db.transaction(async (tx) => {
    const [card] = await tx
      .update(simCards)
      .set({ pinHash, pinChangedAt: new Date() })
      .where(eq(simCards.cardToken, cardToken))
      .returning({ orgId: simCards.orgId });
    if (!card) throw new ServiceError("NOT_FOUND", NO_CARD);
    await raiseInbound(tx, {
      type: "physical.card.pin.changed",
      orgId: card.orgId,
      data: { card_token: cardToken },
    });
  });
}

/** Whether `pin` is the card's PIN (the simulated terminal's check; tests). */
export async function checkCardPin(
  db: Db,
  { cardToken, pin }: { cardToken: string; pin: string },
): Promise<boolean> {
  const card = await requireSimCard(db, { cardToken });
  return pinMatches(pin, card.pinHash);
}

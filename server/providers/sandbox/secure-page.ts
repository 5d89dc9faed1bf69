import { createHmac, hkdfSync } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { SecureTheme } from "@/lib/contracts/cards";
import { validThemeFields } from "@/lib/contracts/cards";
import { ServiceError } from "@/lib/errors";
import { secrets } from "@/server/config/secrets";
import { safeEqual, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { simCards, simSecureViews } from "@/server/db/schema/providers";
import type { SecureView } from "@/server/providers/ports";
import { revealCardSecrets, storeCardPin } from "./card-provider";

/**
 * The simulated card provider's hosted secure page (docs/card-program.md): /secure/view/{token}.
 *
 * Single use: opening the page spends the token (opened_at is stamped by one conditional UPDATE,
 * so two tabs racing for the same link get one page between them). The PIN form is then
 * submitted after the token is spent, so the submission needs its own proof; it cannot be the
 * token again, because the token sits in a URL (history, the parent's copy, screenshots) and
 * whoever held it could then race the cardholder to set a PIN. Instead the opening hands the
 * page a form secret that exists only in that one response: HMAC(key, view id, opened_at), with
 * a key derived from the server's encryption key. It is bound to this view and to this opening,
 * needs no extra column, and is checked in constant time on submit; anyone without the opened
 * page has nothing to submit with.
 *
 * The PIN, number, expiry and CVV are never logged, never put in an error message, and only
 * reach the browser inside this page's response (details) or come from it (the PIN).
 */

const EXPIRED = "This secure link has expired or was already used. Ask for a new one.";
const CLOSED_CARD_STATUSES = new Set(["voided", "lost", "stolen", "blocked"]);

export interface CardDetails {
  pan: string;
  expiry: string;
  cvv: string;
}

export interface OpenedSecureView {
  viewId: string;
  view: SecureView;
  theme: SecureTheme;
  lastFour: string;
  /** Proof for submitPin; only in this response (see above). */
  formSecret: string;
  expiresAt: Date;
  /** Only for details_and_pin. */
  details?: CardDetails;
}

function expired(): ServiceError {
  return new ServiceError("SECURE_VIEW_EXPIRED", EXPIRED);
}

let formKey: Buffer | undefined;
function formSecretOf(viewId: string, openedAt: Date): string {
  formKey ??= Buffer.from(
    hkdfSync("sha256", secrets().encryptionKey, Buffer.alloc(0), "svc secure-view form secret", 32),
  );
  return createHmac("sha256", formKey).update(`${viewId}\n${openedAt.toISOString()}`).digest("base64url");
}

/**
 * A token as the URL carries it: newOpaqueToken("svt_") is 47 characters; anything far off is not worth a
 * query.
 */
function plausibleToken(token: string): boolean {
  return (
    typeof token === "string" && token.length >= 16 && token.length <= 200 && /^[A-Za-z0-9_-]+$/.test(token)
  );
}

/**
 * Opens the page for `token`: the first call within 10 minutes of issue wins; a second call,
 * an expired or unknown token all get SECURE_VIEW_EXPIRED (one message, so the page reveals
 * nothing about which). A card closed since (voided, lost, stolen, blocked) gets CARD_NOT_ACTIVE.
 */
export async function openSecureView(db: Db, token: string): Promise<OpenedSecureView> {
  if (!plausibleToken(token)) throw expired();
  const [row] = await db
    .update(simSecureViews)
    .set({ openedAt: sql`now()` })
    .where(
      and(
        eq(simSecureViews.tokenHash, sha256Hex(token)),
        isNull(simSecureViews.openedAt),
        gt(simSecureViews.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row || !row.openedAt) throw expired();

  await requireOpenCard(db, row);
  const revealed = await revealCardSecrets(db, { cardToken: row.cardToken });
  return {
    viewId: row.id,
    view: row.view,
    theme: validThemeFields(row.theme),
    lastFour: revealed.pan.slice(-4),
    formSecret: formSecretOf(row.id, row.openedAt),
    expiresAt: row.expiresAt,
    ...(row.view === "details_and_pin" ? { details: revealed } : {}),
  };
}

async function requireOpenCard(db: Db, view: { cardToken: string; orgId: string }): Promise<void> {
  const [card] = await db
    .select({ status: simCards.status })
    .from(simCards)
    .where(and(eq(simCards.cardToken, view.cardToken), eq(simCards.orgId, view.orgId)));
  if (!card || CLOSED_CARD_STATUSES.has(card.status))
    throw new ServiceError(
      "CARD_NOT_ACTIVE",
      "This card is no longer active, so its details and PIN are not available.",
    );
}

/**
 * PINs anyone would try first. Four digits are only 10,000 choices; refusing these few (all one
 * digit, straight runs up or down, and the well-known 1212 / 1004 / 2580 kind) costs the
 * cardholder little and takes the likeliest guesses off the table.
 */
const COMMON_PINS = new Set(["1212", "1004", "2580", "0852", "6969", "1122", "2000", "1010", "2020"]);
export function obviousPinReason(pin: string): string | null {
  if (/^(\d)\1{3}$/.test(pin)) return "A PIN of one repeated digit is too easy to guess.";
  const steps = [1, 2, 3].map((i) => Number(pin[i]) - Number(pin[i - 1]));
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1))
    return "A PIN of consecutive digits (like 1234 or 4321) is too easy to guess.";
  if (COMMON_PINS.has(pin)) return "This PIN is one of the most common ones. Choose another.";
  return null;
}

/** The PIN rules of the form: exactly 4 digits, not an obvious one. Messages name the rule, never the PIN. */
export function checkPin(pin: string): void {
  if (typeof pin !== "string" || !/^\d{4}$/.test(pin)) {
    throw new ServiceError("VALIDATION_ERROR", "The PIN must be exactly 4 digits.", {
      details: [{ path: "pin", message: "Enter exactly 4 digits." }],
    });
  }
  const reason = obviousPinReason(pin);
  if (reason)
    throw new ServiceError("VALIDATION_ERROR", reason, { details: [{ path: "pin", message: reason }] });
}

/**
 * The PIN form of an opened view (pin_setup, pin_change or details_and_pin), once, within 10
 * minutes of issue. Stamps completed_at and stores the PIN with the provider in one
 * transaction; storeCardPin raises the inbound physical.card.pin.changed in that same
 * transaction, which is what sets our pin_set (PIN rule 7, docs/card-program.md).
 */
export async function submitPin(
  db: Db,
  input: { viewId: string; formSecret: string; pin: string },
): Promise<{ view: SecureView }> {
  checkPin(input.pin);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(simSecureViews)
      .where(eq(simSecureViews.id, input.viewId))
      .for("update");
    if (!row || !row.openedAt || !safeEqual(formSecretOf(row.id, row.openedAt), input.formSecret))
      throw expired();
    const [done] = await tx
      .update(simSecureViews)
      .set({ completedAt: sql`now()` })
      .where(
        and(
          eq(simSecureViews.id, row.id),
          isNotNull(simSecureViews.openedAt),
          isNull(simSecureViews.completedAt),
          gt(simSecureViews.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: simSecureViews.id });
    if (!done) throw expired();
    await requireOpenCard(tx, row);
    await storeCardPin(tx, { cardToken: row.cardToken, pin: input.pin });
    return { view: row.view };
  });
}

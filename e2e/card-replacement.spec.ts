import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, shootBothWidths, signInAs, specAdmin } from "./staff";
import { freshCode } from "./totp";

/*
 * Issue 29: staff report a card stolen and replace it in one action (the step-up, then the new card
 * opens with its chain back to the old one, which is reported). The customer is a new one made here
 * over REST (the six onboarding steps), so the demo's customers other specs read keep their cards.
 */

const auth = () => ({ authorization: `Bearer ${readSeed().apiToken}` });

async function post(request: APIRequestContext, path: string, data: unknown = {}) {
  const res = await request.post(path, { headers: auth(), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`/api/v1/sandbox/outbox?to=${encodeURIComponent(to)}&limit=1`, {
      headers: auth(),
    });
    const body = (await res.json()) as { data: { messages: { body: string }[] } };
    const code = /\b(\d{6})\b/.exec(body.data.messages[0]?.body ?? "")?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code reached ${to}`);
}

/** A new customer through the six steps, wallet deployed, with one virtual card. */
async function customerWithCard(request: APIRequestContext) {
  const tag = `${Date.now()}`;
  const email = `replace-${tag}@e2e.test`;
  const started = await post(request, "/api/v1/card-issuer/customers", {
    email,
    external_id: `replace-${tag}`,
  });
  const id = String(started.svc_card_id);
  await post(request, `/api/v1/svc-card/${id}/verify-otp`, { otp: await codeSentTo(request, email) });
  await post(request, `/api/v1/sandbox/kyc/${id}`, { decision: "approved", currency: "EUR" });
  await post(request, `/api/v1/svc-card/customers/${id}/source-of-funds`, {
    answers: [
      { question: "EMPLOYMENT_STATUS", answer: "EMPLOYED" },
      { question: "SOURCE_OF_INCOME", answer: "EMPLOYMENT_INCOME" },
      { question: "ANNUAL_INCOME", answer: "50K_TO_100K" },
      { question: "MONTHLY_CARD_SPEND", answer: "500_TO_2000" },
      { question: "ACCOUNT_PURPOSE", answer: "EVERYDAY_SPENDING" },
    ],
  });
  const phone = `+4915${tag.slice(-8)}`;
  await post(request, "/api/phone/request-verification", { svc_card_id: id, phone });
  await post(request, "/api/phone/verify", { svc_card_id: id, code: await codeSentTo(request, phone) });
  await post(request, `/api/v1/svc-card/${id}/safe/deploy`);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/svc-card/${id}/safe/deploy`, { headers: auth() });
        return ((await res.json()) as { data: { is_ready: boolean } }).data.is_ready;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const card = await post(request, `/api/v1/svc-card/${id}/cards/virtual`);
  return { svcCardId: id, cardId: String(card.card_id), lastFour: String(card.last_four) };
}

test("staff report a card stolen and replace it in one action", async ({ page, request }) => {
  test.setTimeout(240_000);
  const { svcCardId, cardId, lastFour } = await customerWithCard(request);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, specAdmin());
  await page.goto(`/cards/${cardId}`);
  await expect(page.getByRole("heading", { name: "Expiry and replacement" })).toBeVisible();

  await page.getByRole("button", { name: "Report and replace" }).click();
  const dialog = page.getByRole("dialog", { name: `Replace the card ending ${lastFour}` });
  await dialog.getByLabel("Stolen").check();
  await expect(dialog.getByText("The card is reported stolen and stops working now.")).toBeVisible();
  await dialog.getByRole("button", { name: "Replace card" }).click();
  // The 2FA step-up, then the new card's page.
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeVisible({ timeout: 15_000 });
  await codeField.fill(await freshCode(specAdmin().totpSecret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/cards/${cardId}$`), { timeout: 15_000 });
  const newCardId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect(newCardId).not.toBe(cardId);

  // The chain links back; the old card is reported stolen and links forward.
  const chain = page.getByRole("region", { name: "Expiry and replacement" });
  await expect(chain.getByRole("link", { name: new RegExp(cardId) })).toBeVisible();
  await expect(chain).toContainText("(stolen)");
  await shootBothWidths(page, "card-replacement-new");

  const view = await request.get(`/api/v1/card-issuer/customers/${svcCardId}`, { headers: auth() });
  const cards = ((await view.json()) as { data: { cards: Record<string, unknown>[] } }).data.cards;
  const oldCard = cards.find((c) => c.card_id === cardId)!;
  expect(oldCard.replaced_by).toBe(newCardId);
  expect(String(oldCard.status)).not.toBe("active");
  const newCard = cards.find((c) => c.card_id === newCardId)!;
  expect(newCard).toMatchObject({ replacement_for: cardId, replacement_reason: "stolen", status: "active" });
  await page.goto(`/cards/${cardId}`);
  await expect(
    page
      .getByRole("region", { name: "Expiry and replacement" })
      .getByRole("link", { name: new RegExp(newCardId) }),
  ).toBeVisible();
  // A card is replaced once: the action is gone from the old card.
  await expect(page.getByRole("button", { name: "Report and replace" })).toHaveCount(0);
  // The new card is voided again (through the console: the step-up was just given): specs after this
  // one pick "the first active virtual card", and this customer has no money to spend with it.
  await page.goto(`/cards/${newCardId}`);
  await page.getByRole("button", { name: /^More actions for / }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Void…" }).click();
  const voidDialog = page.getByRole("dialog");
  await voidDialog.getByLabel("Type VOID to confirm").fill("VOID");
  await voidDialog.getByRole("button", { name: "Void card for good" }).click();
  const stepUp = page.getByLabel("Authentication code");
  const isVoid = async () => {
    const res = await request.get(`/api/v1/card-issuer/customers/${svcCardId}`, { headers: auth() });
    const all = ((await res.json()) as { data: { cards: Record<string, unknown>[] } }).data.cards;
    return all.find((c) => c.card_id === newCardId)?.is_void === true;
  };
  // Within the step-up's grace the void goes through at once and the dialog closes; past it the
  // console asks for a code first. Wait for one or the other (the dialog's own state is a race).
  await expect
    .poll(async () => ((await stepUp.isVisible()) ? "step-up" : (await isVoid()) ? "void" : "waiting"))
    .not.toBe("waiting");
  if (await stepUp.isVisible()) {
    await stepUp.fill(await freshCode(specAdmin().totpSecret));
    await page.getByRole("button", { name: "Confirm" }).click();
  }
  await expect.poll(isVoid).toBe(true);
});

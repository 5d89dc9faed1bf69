import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { freshCode } from "./totp";

async function signIn(page: Page, email: string, password: string, secret: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/overview/);
}

/** The invitation link emailed to this address, read from the sandbox dev outbox over the REST API. */
async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  const { apiToken } = readSeed();
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`/api/v1/sandbox/outbox?to=${encodeURIComponent(to)}`, {
      headers: { Authorization: `Bearer ${apiToken}` },
    });
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { messages: { body: string }[] } };
    const link = data.messages[0]?.body.match(/https?:\/\/\S+\/invite\/svc_inv_\S+/)?.[0];
    if (link) return new URL(link).pathname;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation arrived for ${to}`);
}

test("invite, accept with 2FA, operator kept out of API keys, signed out at once when deactivated", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const seed = readSeed();
  const email = `invited-${Date.now().toString(36)}@e2e.test`;
  const adminContext = await browser.newContext();
  const operatorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const operator = await operatorContext.newPage();

  await signIn(admin, seed.admin.email, seed.password, seed.admin.totpSecret);
  await admin.getByRole("link", { name: "Team" }).first().click();
  await expect(admin.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await admin.getByLabel("Email").fill(email);
  await admin.getByLabel("Role", { exact: true }).selectOption("operator");
  await admin.getByRole("button", { name: "Send invitation" }).click();
  // An invitation makes a lasting account: the admin confirms it with a current code (2FA step-up).
  await admin.getByLabel("Authentication code").fill(await freshCode(seed.admin.totpSecret));
  await admin.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByText(`Invitation sent to ${email}`)).toBeVisible();

  // The operator opens the link from the sandbox outbox, sets a password and enrols 2FA.
  await operator.goto(await invitationLink(request, email));
  await expect(operator.getByRole("heading", { name: /Join E2E Card Program/ })).toBeVisible();
  await expect(operator.getByText("You are invited as operator.")).toBeVisible();
  const secret = (await operator.getByTestId("invite-totp-secret").textContent())!.trim();
  await operator.getByLabel("Password", { exact: true }).fill("operator-password-1");
  await operator.getByLabel("Code from your app").fill(await freshCode(secret));
  await operator.getByRole("button", { name: "Join the team" }).click();
  await expect(operator.getByText(/Your account .* is ready/)).toBeVisible();

  await signIn(operator, email, "operator-password-1", secret);
  await operator.goto("/developers/api-keys");
  await expect(operator.getByText("Only admins manage API keys.")).toBeVisible();
  await expect(operator.getByRole("button", { name: /create/i })).toHaveCount(0);

  // The admin deactivates the operator; the operator's next click lands on the sign-in page.
  await admin.reload();
  const row = admin.getByTestId(`member-${email}`);
  await row.getByRole("button", { name: "Deactivate" }).click();
  await row.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(row.getByText("Deactivated")).toBeVisible();

  await operator.getByRole("link", { name: "Customers" }).first().click();
  await expect(operator).toHaveURL(/\/sign-in/);

  // The change is in the audit log, filtered by the URL.
  await admin.goto("/settings/audit?action=team.");
  await expect(admin.getByText("team.member_deactivated")).toBeVisible();
  await expect(admin.getByText("team.invitation_accepted")).toBeVisible();

  await adminContext.close();
  await operatorContext.close();
});

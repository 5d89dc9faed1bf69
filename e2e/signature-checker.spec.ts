import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { shootBothWidths, signInAdmin } from "./staff";

/*
 * Developers -> Webhooks -> Signature checker: a delivery of a rotation's grace window (both X-Svc
 * headers, two webhook-signature values) checked with the OLD secret says X-Svc-Signature-Previous
 * and webhook-signature's second value matched; a wrong secret shows what it would sign. Both widths
 * without sideways scroll.
 */
const PATH = "/developers/webhooks/signature-checker";
const secret = () => `whsec_${randomBytes(32).toString("base64")}`;
const sign = (s: string, ts: string, body: string) =>
  `sha256=${createHmac("sha256", s).update(`${ts}.${body}`).digest("hex")}`;

test("the signature checker says which header matched, X-Svc or Standard Webhooks, at both widths", async ({
  page,
}) => {
  const [oldSecret, newSecret] = [secret(), secret()];
  const at = new Date();
  const ts = String(Math.floor(at.getTime() / 1000));
  const body = '{"id":"evt_e2e","type":"webhook.test","data":{"webhook_id":"whk_e2e","message":"hi"}}';

  await signInAdmin(page);
  await page.goto(PATH);
  await page.getByLabel("Signing secret").fill(oldSecret);
  await page.getByLabel("X-Svc-Timestamp").fill(ts);
  await page.getByLabel("Raw body").fill(body);
  await page.getByLabel("X-Svc-Signature", { exact: true }).fill(sign(newSecret, ts, body));
  await page.getByLabel("X-Svc-Signature-Previous (optional)").fill(sign(oldSecret, ts, body));
  await page.getByLabel("webhook-id").fill("whd_e2e");
  await page.getByLabel("webhook-timestamp").fill(ts);
  await page
    .getByLabel("webhook-signature")
    .fill(
      `${new Webhook(newSecret).sign("whd_e2e", at, body)} ${new Webhook(oldSecret).sign("whd_e2e", at, body)}`,
    );
  await page.getByRole("button", { name: "Check signature" }).click();
  const verdicts = page.getByRole("status");
  await expect(verdicts.getByText("X-Svc-Signature-Previous matches.")).toBeVisible();
  await expect(verdicts.getByText("webhook-signature (Standard Webhooks) matches.")).toBeVisible();
  await expect(verdicts.getByText(/Its value 2, signed with this secret as the old one/)).toBeVisible();
  await shootBothWidths(page, "signature-checker-matched");

  await page.getByLabel("Signing secret").fill(secret());
  await page.getByRole("button", { name: "Check signature" }).click();
  await expect(verdicts.getByText("Neither X-Svc header matches.")).toBeVisible();
  await expect(verdicts.getByText("webhook-signature does not match.")).toBeVisible();
  await expect(verdicts.getByTestId("expected-signature")).toHaveCount(2);
  await shootBothWidths(page, "signature-checker-mismatch");
});

import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { computeWebhookSignature } from "@/lib/webhooks/verify";
import { type Pasted, verdictsOf } from "./signature-verdict";

const newSecret = `whsec_${randomBytes(32).toString("base64")}`;
const oldSecret = `whsec_${randomBytes(32).toString("base64")}`;
const body = '{"id":"evt_9","type":"card.frozen","data":{}}';
const at = new Date();
const ts = String(Math.floor(at.getTime() / 1000));

/** What a delivery inside a rotation's grace window carries: both X-Svc headers, two webhook-signature values. */
async function graceDelivery(): Promise<Omit<Pasted, "secret">> {
  return {
    body,
    timestamp: ts,
    signature: await computeWebhookSignature(newSecret, ts, body),
    previousSignature: await computeWebhookSignature(oldSecret, ts, body),
    webhookId: "whd_9",
    webhookTimestamp: ts,
    webhookSignature: `${new Webhook(newSecret).sign("whd_9", at, body)} ${new Webhook(oldSecret).sign("whd_9", at, body)}`,
  };
}

describe("the signature checker's verdicts", () => {
  it("says X-Svc-Signature matched for the new secret and X-Svc-Signature-Previous for the old", async () => {
    const delivery = await graceDelivery();
    const [svcNew, stdNew] = await verdictsOf({ ...delivery, secret: newSecret });
    expect(svcNew).toMatchObject({ ok: true, scheme: "X-Svc-Signature", title: "X-Svc-Signature matches." });
    expect(stdNew).toMatchObject({ ok: true, scheme: "webhook-signature" });
    expect(stdNew!.detail).toContain("first value");
    const [svcOld, stdOld] = await verdictsOf({ ...delivery, secret: oldSecret });
    expect(svcOld).toMatchObject({ ok: true, scheme: "X-Svc-Signature-Previous" });
    expect(stdOld!.detail).toContain("value 2");
  });

  it("checks only the Standard Webhooks headers when only they are pasted", async () => {
    const d = await graceDelivery();
    const verdicts = await verdictsOf({
      ...d,
      secret: newSecret,
      timestamp: "",
      signature: "",
      previousSignature: "",
    });
    expect(verdicts.map((v) => [v.scheme, v.ok])).toEqual([["webhook-signature", true]]);
  });

  it("a third secret matches nothing, and each verdict shows what this secret would sign", async () => {
    const verdicts = await verdictsOf({
      ...(await graceDelivery()),
      secret: `whsec_${randomBytes(32).toString("base64")}`,
    });
    expect(verdicts.map((v) => [v.ok, v.title])).toEqual([
      [false, "Neither X-Svc header matches."],
      [false, "webhook-signature does not match."],
    ]);
    expect(verdicts[0]!.expected).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verdicts[1]!.expected).toMatch(/^v1,/);
  });
});

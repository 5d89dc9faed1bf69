import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { computeWebhookSignature, verifyWebhookSignature } from "@/lib/webhooks/verify";
import { startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { attemptDelivery } from "./send";
import { signWebhookBody } from "./signature";
import { systemResolver } from "./url-safety";

const SECRET = "whsec_q7aH3Yd9u3p0k8Jz+f1V2w9cQeR6bT4nL0sM5xA7yUo=";
// Non-ASCII, escaped and raw, with whitespace and key order kept exactly as written.
const BODY =
  '{"id":"evt_1", "type":"card.frozen",\n  "created_at":"2026-01-05T10:00:00.000Z",' +
  '"data":{"merchant":"Café Zürich — 東京 🍣","note":"  two  spaces\\t"}}';
const TS = "1767607200";

/** The HMAC computed here from bytes, without the code under test. */
function independentSignature(secret: string, timestamp: string, body: Buffer): string {
  const mac = createHmac("sha256", Buffer.from(secret, "utf8"));
  mac.update(Buffer.concat([Buffer.from(timestamp + ".", "ascii"), body]));
  return "sha256=" + mac.digest("hex");
}

let receiver: TestReceiver;
beforeAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: "1", SVC_MODE: "sandbox" });
  receiver = await startTestReceiver();
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
  await receiver.close();
});

describe("webhook signature", () => {
  it("the bytes on the wire are the bytes signed: independent HMAC over the received raw body", async () => {
    const result = await attemptDelivery({
      url: receiver.url,
      secret: SECRET,
      payload: BODY,
      eventType: "card.frozen",
      deliveryId: "whd_test",
      resolver: systemResolver,
      now: Number(TS),
    });
    expect(result.ok).toBe(true);
    const got = receiver.received.at(-1)!;
    expect(got.body.equals(Buffer.from(BODY, "utf8"))).toBe(true);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-svc-timestamp"]).toBe(TS);
    expect(got.headers["x-svc-event"]).toBe("card.frozen");
    expect(got.headers["x-svc-delivery-id"]).toBe("whd_test");
    expect(got.headers["x-svc-signature"]).toBe(independentSignature(SECRET, TS, got.body));
    expect(got.headers["x-svc-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    // The headers recorded for the attempt are those sent.
    expect(result.requestHeaders["x-svc-signature"]).toBe(got.headers["x-svc-signature"]);
  });

  it("sender (node:crypto) and verifier (Web Crypto) agree on the vectors", async () => {
    const expected = independentSignature(SECRET, TS, Buffer.from(BODY, "utf8"));
    expect(signWebhookBody(SECRET, TS, BODY)).toBe(expected);
    expect(await computeWebhookSignature(SECRET, TS, BODY)).toBe(expected);
    expect(await computeWebhookSignature(SECRET, TS, new TextEncoder().encode(BODY))).toBe(expected);
    expect(
      await verifyWebhookSignature({
        secret: SECRET,
        body: BODY,
        timestamp: TS,
        signature: expected,
        now: Number(TS) + 299,
      }),
    ).toEqual({ ok: true });
    expect(
      await verifyWebhookSignature({
        secret: SECRET,
        body: BODY,
        timestamp: TS,
        signature: expected,
        now: Number(TS) - 300,
      }),
    ).toEqual({ ok: true });
  });

  it("the verifier refuses tampered requests and says why", async () => {
    const good = signWebhookBody(SECRET, TS, BODY);
    const check = (over: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({
        secret: SECRET,
        body: BODY,
        timestamp: TS,
        signature: good,
        now: Number(TS),
        ...over,
      });
    const reason = async (over: Partial<Parameters<typeof verifyWebhookSignature>[0]>) => {
      const r = await check(over);
      return r.ok ? "ok" : r.reason;
    };
    // re-serialized
    expect(await reason({ body: JSON.stringify(JSON.parse(BODY)) })).toBe("signature_mismatch");
    expect(await reason({ body: BODY.trim() + " " })).toBe("signature_mismatch");
    expect(await reason({ body: BODY.replace("Zürich", "Zurich") })).toBe("signature_mismatch");
    expect(await reason({ secret: SECRET + "x" })).toBe("signature_mismatch");
    expect(await reason({ timestamp: String(Number(TS) + 1) })).toBe("signature_mismatch");
    expect(await reason({ signature: good.replace(/.$/, (c) => (c === "0" ? "1" : "0")) })).toBe(
      "signature_mismatch",
    );
    expect(await reason({ signature: good.toUpperCase() })).toBe("malformed_signature");
    expect(await reason({ signature: good.slice(7) })).toBe("malformed_signature");
    expect(await reason({ signature: null })).toBe("missing_header");
    expect(await reason({ timestamp: "" })).toBe("missing_header");
    expect(await reason({ timestamp: "12x" })).toBe("malformed_timestamp");
    expect(await reason({ now: Number(TS) + 301 })).toBe("timestamp_out_of_tolerance");
    expect(await reason({ now: Number(TS) - 301 })).toBe("timestamp_out_of_tolerance");
  });
});

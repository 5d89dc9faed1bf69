import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { computeStandardSignature, verifyStandardWebhook } from "./standard-verify";

const secret = () => `whsec_${randomBytes(32).toString("base64")}`;
const body = '{"id":"evt_1","type":"card.frozen","data":{"status":"frozen"}}';

describe("verifyStandardWebhook agrees with the reference standardwebhooks package", () => {
  it("accepts what the reference signs, and the reference accepts what it computes", async () => {
    const s = secret();
    const at = new Date();
    const ts = String(Math.floor(at.getTime() / 1000));
    const reference = new Webhook(s).sign("whd_1", at, body);
    expect(await computeStandardSignature(s, "whd_1", ts, body)).toBe(reference);
    const ours = await verifyStandardWebhook({
      secret: s,
      id: "whd_1",
      timestamp: ts,
      signature: reference,
      body,
    });
    expect(ours).toEqual({ ok: true, matchedIndex: 0 });
    const headers = { "webhook-id": "whd_1", "webhook-timestamp": ts, "webhook-signature": reference };
    expect(new Webhook(s).verify(body, headers)).toMatchObject({ id: "evt_1" });
  });

  it("during a grace window: the old secret matches the second value", async () => {
    const [oldSecret, newSecret] = [secret(), secret()];
    const at = new Date();
    const ts = String(Math.floor(at.getTime() / 1000));
    const both = `${new Webhook(newSecret).sign("whd_2", at, body)} ${new Webhook(oldSecret).sign("whd_2", at, body)}`;
    const input = { id: "whd_2", timestamp: ts, signature: both, body };
    expect(await verifyStandardWebhook({ ...input, secret: newSecret })).toEqual({
      ok: true,
      matchedIndex: 0,
    });
    expect(await verifyStandardWebhook({ ...input, secret: oldSecret })).toEqual({
      ok: true,
      matchedIndex: 1,
    });
  });

  it("refuses another secret, a changed body, an old timestamp and a malformed header, saying which", async () => {
    const s = secret();
    const at = new Date();
    const ts = String(Math.floor(at.getTime() / 1000));
    const sig = new Webhook(s).sign("whd_3", at, body);
    const base = { secret: s, id: "whd_3", timestamp: ts, signature: sig, body };
    const reason = async (over: Partial<typeof base>) => {
      const r = await verifyStandardWebhook({ ...base, ...over });
      return r.ok ? "ok" : r.reason;
    };
    expect(await reason({ secret: secret() })).toBe("signature_mismatch");
    expect(await reason({ body: `${body} ` })).toBe("signature_mismatch");
    expect(await reason({ timestamp: String(Number(ts) - 301) })).toBe("timestamp_out_of_tolerance");
    expect(await reason({ signature: "sha256=abc" })).toBe("malformed_signature");
    expect(await reason({ id: "" })).toBe("missing_header");
    expect(await reason({ secret: "whsec_***" })).toBe("malformed_secret");
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { isServiceError } from "@/lib/errors";
import { startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { attemptDelivery } from "./send";
import { assertRegistrableUrl, blockedAddressReason, checkWebhookUrl, type Resolver } from "./url-safety";

const PRIVATE = [
  "10.0.0.1",
  "10.255.255.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "127.0.0.1",
  "127.8.9.10",
  "169.254.169.254",
  "169.254.1.1",
  "100.64.0.1",
  "0.0.0.0",
  "224.0.0.1",
  "::1",
  "::",
  "fc00::1",
  "fd12:3456::1",
  "fd00:ec2::254",
  "fe80::1",
  "::ffff:127.0.0.1",
  "::ffff:10.1.2.3",
  "::ffff:a9fe:a9fe",
  "64:ff9b::a9fe:a9fe",
  "2002:c0a8:0101::1",
  "ff02::1",
];
const PUBLIC = [
  "93.184.216.34",
  "8.8.8.8",
  "172.15.255.255",
  "172.32.0.1",
  "192.169.0.1",
  "2606:4700:4700::1111",
  "::ffff:8.8.8.8",
];

const fixed =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (isServiceError(err) && err.code === "VALIDATION_ERROR") return err.message;
    throw err;
  }
  throw new Error("was accepted");
}

const env = setEnvForTests;

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterEach(() => env({ WEBHOOK_ALLOW_LOCALHOST: undefined, SVC_MODE: undefined }));
afterAll(async () => {
  await receiver.close();
});

describe("webhook URL rules", () => {
  it("classifies private, loopback, link-local, unique-local and metadata addresses", () => {
    for (const ip of PRIVATE) expect(blockedAddressReason(ip), ip).not.toBeNull();
    for (const ip of PUBLIC) expect(blockedAddressReason(ip), ip).toBeNull();
  });

  it("refuses at registration: http, literal private addresses, local names, credentials", async () => {
    const ok = fixed("93.184.216.34");
    expect(await assertRegistrableUrl("https://hooks.example.com/in?x=1", ok)).toBe(
      "https://hooks.example.com/in?x=1",
    );
    expect(await refusal(assertRegistrableUrl("http://hooks.example.com/in", ok))).toMatch(/https/);
    for (const host of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.0.10",
      "127.0.0.1",
      "169.254.169.254",
      "[::1]",
      "[fc00::1]",
      "[fd00:ec2::254]",
      "[::ffff:127.0.0.1]",
    ]) {
      expect(await refusal(assertRegistrableUrl(`https://${host}/hook`, ok)), host).toMatch(
        /public addresses only/,
      );
    }
    expect(await refusal(assertRegistrableUrl("https://localhost/hook", ok))).toMatch(/local name/);
    expect(await refusal(assertRegistrableUrl("https://metadata.google.internal/x", ok))).toMatch(
      /local name/,
    );
    expect(await refusal(assertRegistrableUrl("https://user:pw@hooks.example.com/", ok))).toMatch(
      /user name/,
    );
    expect(await refusal(assertRegistrableUrl("not a url", ok))).toMatch(/valid URL/);
  });

  it("refuses a host name that resolves to a private address (any of its addresses)", async () => {
    expect(await refusal(assertRegistrableUrl("https://evil.example.com/", fixed("10.1.2.3")))).toMatch(
      /resolves to 10\.1\.2\.3/,
    );
    expect(
      await refusal(assertRegistrableUrl("https://evil.example.com/", fixed("93.184.216.34", "::1"))),
    ).toMatch(/resolves to ::1/);
    // A name that does not resolve (yet) is accepted here and checked at every send.
    expect(
      await assertRegistrableUrl("https://not-yet.example.com/", async () =>
        Promise.reject(new Error("ENOTFOUND")),
      ),
    ).toBe("https://not-yet.example.com/");
  });

  it(
    "at send time, the resolved address is checked again: DNS rebinding to " +
      "a private address is refused, nothing is sent",
    async () => {
      env({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
      let calls = 0;
      // Public at registration, 127.0.0.1 (where our receiver listens) at send time.
      const rebinding: Resolver = async () =>
        calls++ === 0 ? fixed("93.184.216.34")("") : fixed("127.0.0.1")("");
      const url = `https://rebind.example.com:${receiver.port}/hook`;
      await assertRegistrableUrl(url, rebinding);
      const before = receiver.received.length;
      const result = await attemptDelivery({
        url,
        secret: "whsec_x",
        payload: "{}",
        eventType: "webhook.test",
        deliveryId: "whd_x",
        resolver: rebinding,
      });
      expect(result).toMatchObject({ ok: false, status: null });
      expect(result.error).toMatch(/resolves to 127\.0\.0\.1.*refused/);
      for (const ip of ["10.0.0.7", "172.20.1.1", "192.168.9.9", "169.254.169.254", "fd00::5"]) {
        const r = await attemptDelivery({
          url: "https://x.example.com/",
          secret: "whsec_x",
          payload: "{}",
          eventType: "t.t",
          deliveryId: "whd_x",
          resolver: fixed(ip),
        });
        expect(r.error, ip).toMatch(/refused/);
      }
      expect(receiver.received.length).toBe(before);
    },
  );

  it("http://localhost and 127.0.0.1 only in sandbox with WEBHOOK_ALLOW_LOCALHOST", async () => {
    expect(() => checkWebhookUrl(receiver.url)).toThrow(/https/);
    env({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
    expect(checkWebhookUrl(receiver.url).local).toBe(true);
    expect(checkWebhookUrl(`http://localhost:${receiver.port}/`).local).toBe(true);
    expect(() => checkWebhookUrl("http://10.0.0.1/")).toThrow(/https/);
    env({ SVC_MODE: "live", WEBHOOK_ALLOW_LOCALHOST: "1" });
    expect(() => checkWebhookUrl(receiver.url)).toThrow(/https/);
    // The rule holds at send time too: a localhost URL registered in sandbox is refused in live mode.
    const r = await attemptDelivery({
      url: receiver.url,
      secret: "whsec_x",
      payload: "{}",
      eventType: "t.t",
      deliveryId: "whd_x",
      resolver: fixed("127.0.0.1"),
    });
    expect(r).toMatchObject({ ok: false, status: null });
  });
});

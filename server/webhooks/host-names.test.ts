import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { isServiceError } from "@/lib/errors";
import { normalizeHost, specialUseHostReason } from "./host-names";
import { registrableUrl, type Resolver } from "./url-safety";

const publicAddress: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
const nothing: Resolver = async () => Promise.reject(new Error("ENOTFOUND"));
const never: Resolver = () => new Promise(() => {});

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (isServiceError(err) && err.code === "VALIDATION_ERROR") return err.message;
    throw err;
  }
  throw new Error("was accepted");
}

afterEach(() => setEnvForTests({ SVC_MODE: undefined, WEBHOOK_ALLOW_LOCALHOST: undefined }));

describe("normalizeHost and specialUseHostReason", () => {
  it("drops trailing dots and lower-cases", () => {
    expect(normalizeHost("Hooks.Example.COM.")).toBe("hooks.example.com");
    expect(normalizeHost("localhost..")).toBe("localhost");
  });

  it("names the special-use and metadata names, and single labels", () => {
    for (const host of [
      "localhost",
      "foo.localhost",
      "printer.local",
      "metadata.google.internal",
      "anything.internal",
      "nas.home.arpa",
      "box.localdomain",
      "metadata",
      "metadata.goog",
      "instance-data",
      "intranet",
    ])
      expect(specialUseHostReason(host), host).not.toBeNull();
    for (const host of ["hooks.example.com", "localhost.example.com", "internal.example.com", "local.dev"])
      expect(specialUseHostReason(host), host).toBeNull();
  });
});

describe("registrableUrl: names are normalized before the check", () => {
  it("refuses every spelling of a local or metadata name, whatever it resolves to", async () => {
    for (const url of [
      "https://localhost./h",
      "https://LOCALHOST/h",
      "https://LocalHost.:8443/h",
      "https://foo.localhost./h",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://METADATA.GOOGLE.INTERNAL/",
      "https://printer.local./h",
      "https://nas.home.arpa./h",
      "https://ｌｏｃａｌｈｏｓｔ/h", // full-width letters: IDNA maps them to localhost
      "https://localhost%2e/h", // a percent-encoded trailing dot
      "https://localhost\u3002/h", // an ideographic full stop is a dot too
      "https://metadata/h",
      "https://instance-data./latest/meta-data/",
    ])
      expect(await refusal(registrableUrl(url, publicAddress)), url).toMatch(
        /local name|metadata|single-label/,
      );
  });

  it("stores the normalized URL: lower case, punycode, no trailing dot", async () => {
    expect(await registrableUrl("https://Hooks.Example.COM./in?x=1", publicAddress)).toEqual({
      url: "https://hooks.example.com/in?x=1",
      warnings: [],
    });
    expect((await registrableUrl("https://bücher.example./h", publicAddress)).url).toBe(
      "https://xn--bcher-kva.example/h",
    );
  });

  it("refuses a name that does not resolve in live mode; the sandbox accepts it with a warning", async () => {
    setEnvForTests({ SVC_MODE: "live" });
    expect(await refusal(registrableUrl("https://not-yet.example.com/", nothing))).toMatch(
      /does not resolve/,
    );
    setEnvForTests({ SVC_MODE: "sandbox" });
    const accepted = await registrableUrl("https://not-yet.example.com./", nothing);
    expect(accepted.url).toBe("https://not-yet.example.com/");
    expect(accepted.warnings).toEqual([expect.stringMatching(/not-yet\.example\.com did not resolve/)]);
  });

  it("counts a resolver that does not answer within 2 s as not resolving", async () => {
    setEnvForTests({ SVC_MODE: "live" });
    const started = Date.now();
    expect(await refusal(registrableUrl("https://slow.example.com/", never))).toMatch(/does not resolve/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});

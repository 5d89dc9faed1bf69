import { readFileSync } from "node:fs";
import path from "node:path";
import { addressKey } from "@/lib/chains/addresses";
import { ServiceError } from "@/lib/errors";
import { isSandbox } from "@/lib/env";

/**
 * The screening-provider port: exposure checks other than sanctions (fraud, darknet, mixer), as
 * a blockchain-analytics vendor answers them. Sanctions come from the list in the database, not
 * from here. The sandbox provider reads the shipped test lists (data/screening-test-values,
 * documented in its README and docs/crypto.md); a real provider implements the same interface.
 */
export interface ExposureChecks {
  fraud: boolean;
  darknet: boolean;
  mixer: boolean;
}

export interface ScreeningProvider {
  readonly name: string;
  exposure(address: string): Promise<ExposureChecks>;
}

const TEST_VALUES_DIR = path.resolve(process.cwd(), "data/screening-test-values");

function readTestList(name: string): Set<string> {
  const text = readFileSync(path.join(TEST_VALUES_DIR, `${name}.txt`), "utf8");
  return new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.replace(/#.*$/, "").trim())
      .filter(Boolean)
      .map(addressKey),
  );
}

export function sandboxScreeningProvider(): ScreeningProvider {
  const lists = {
    fraud: readTestList("fraud"),
    darknet: readTestList("darknet"),
    mixer: readTestList("mixer"),
  };
  return {
    name: "sandbox",
    async exposure(address) {
      const key = addressKey(address);
      return { fraud: lists.fraud.has(key), darknet: lists.darknet.has(key), mixer: lists.mixer.has(key) };
    },
  };
}

let current: ScreeningProvider | null = null;

/** The provider in use: the sandbox one in sandbox mode; in live mode the one set at startup. */
export function screeningProvider(): ScreeningProvider {
  if (current) return current;
  if (isSandbox()) return (current = sandboxScreeningProvider());
  throw new ServiceError("SERVICE_UNAVAILABLE", "No screening provider is configured.");
}

/** Sets the live provider (or a test double); null goes back to the default. */
export function setScreeningProvider(provider: ScreeningProvider | null): void {
  current = provider;
}

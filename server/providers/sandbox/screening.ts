import { readFileSync } from "node:fs";
import path from "node:path";
import { addressKey } from "@/lib/chains/addresses";
import type { ExposureChecks, ScreeningPort } from "@/server/providers/ports";

/**
 * The simulated screening vendor: it reads the shipped test values (data/screening-test-values,
 * documented in its README and docs/crypto.md), in the way Chainalysis and Stripe publish theirs.
 */
const TEST_VALUES_DIR = path.resolve(process.cwd(), "data/screening-test-values");

type TestLists = Record<keyof ExposureChecks, Set<string>>;

function readTestList(name: keyof ExposureChecks): Set<string> {
  const text = readFileSync(path.join(TEST_VALUES_DIR, `${name}.txt`), "utf8");
  return new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.replace(/#.*$/, "").trim())
      .filter(Boolean)
      .map(addressKey),
  );
}

/** Read on the first check, not at start-up: a process that screens nothing never opens them. */
let lists: TestLists | undefined;

function testLists(): TestLists {
  return (lists ??= {
    fraud: readTestList("fraud"),
    darknet: readTestList("darknet"),
    mixer: readTestList("mixer"),
  });
}

export const sandboxScreening: ScreeningPort = {
  async exposure(address) {
    const { fraud, darknet, mixer } = testLists();
    const key = addressKey(address);
    return { fraud: fraud.has(key), darknet: darknet.has(key), mixer: mixer.has(key) };
  },
};

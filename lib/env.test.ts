import { afterEach, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "./env";

describe("WORKER_KINDS", () => {
  afterEach(() => setEnvForTests({ WORKER_KINDS: undefined }));

  it("is a list of kinds, spaces and empty items dropped", () => {
    setEnvForTests({ WORKER_KINDS: " webhooks.pump, swap.submit ,," });
    expect(env().WORKER_KINDS).toEqual(["webhooks.pump", "swap.submit"]);
  });

  it("unset or empty means every kind, not none", () => {
    expect(env().WORKER_KINDS).toBeUndefined();
    setEnvForTests({ WORKER_KINDS: "" });
    expect(env().WORKER_KINDS).toBeUndefined();
    setEnvForTests({ WORKER_KINDS: " , " });
    expect(env().WORKER_KINDS).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { exchangeRateBodySchema } from "@/lib/contracts/fiat";
import { createBeneficiaryBodySchema } from "@/lib/contracts/fiat-payments";
import { screenerCheckBodySchema } from "@/lib/contracts/screening";
import { createWebhookSchema } from "@/lib/contracts/webhooks";
import { humanIssueMessage, isZodWording } from "@/lib/validation-messages";
import { runPublicAction, toActionError } from "./run-action";

/** The field errors a form shows after the action refused `input`. */
async function fieldErrors(schema: z.ZodType, input: unknown): Promise<Record<string, string>> {
  const res = await runPublicAction({ input: schema }, async () => "never", input);
  if (res.ok) throw new Error("the input was accepted");
  expect(res.error.code).toBe("VALIDATION_ERROR");
  return res.error.fields ?? {};
}

function expectHuman(fields: Record<string, string>) {
  for (const message of Object.values(fields)) {
    expect(isZodWording(message), message).toBe(false);
    expect(message).not.toMatch(/expected|received|>=|<=|characters$/);
  }
}

describe("validation messages a person reads", () => {
  it("the screening form: an empty address is Required, not zod's wording", async () => {
    const fields = await fieldErrors(screenerCheckBodySchema, { address: "  " });
    expect(fields).toEqual({ address: "Required." });
    expectHuman(fields);
  });

  it("the quote form: a missing amount, a wrong type and an unknown currency", async () => {
    const fields = await fieldErrors(exchangeRateBodySchema, {
      from_currency: "usd dollars",
      to_currency: "EUR",
      amount: "lots",
      method_id: 1,
      method_type: "payout",
    });
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    expectHuman(fields);
    const missing = await fieldErrors(exchangeRateBodySchema, {});
    expect(missing.from_currency).toBe("Required.");
    expectHuman(missing);
  });

  it("a saved beneficiary's nickname too long says how long it may be", async () => {
    const fields = await fieldErrors(createBeneficiaryBodySchema, {
      payment_method_id: 1,
      nickname: "x".repeat(81),
      fields: {},
    });
    expect(fields.nickname).toBe("Use at most 80 characters.");
  });

  it("a schema's own message wins over the map", async () => {
    const fields = await fieldErrors(createWebhookSchema, { url: "", events: [] });
    expect(fields.url).toBe("Enter the endpoint URL.");
    expect(fields.events).toBe("Choose at least one event type, or * for all.");
  });

  it("a zod error thrown by a service is rewritten, its custom messages kept", () => {
    const thrown = z
      .object({ name: z.string().min(1), code: z.string().refine(() => false, "That code is used.") })
      .safeParse({ name: "", code: "a" }).error;
    const error = toActionError(thrown);
    expect(error.fields).toEqual({ name: "Required.", code: "That code is used." });
  });

  it("maps each kind of issue to a sentence", () => {
    const messages = [
      z.string().min(3).safeParse("a"),
      z.string().max(2).safeParse("abc"),
      z.number().positive().safeParse(0),
      z.number().max(10).safeParse(11),
      z.email().safeParse("nope"),
      z.enum(["a", "b"]).safeParse("c"),
      z.number().safeParse("x"),
      z.array(z.string()).min(1).safeParse([]),
      z.strictObject({}).safeParse({ extra: 1 }),
    ].map((r) => humanIssueMessage(r.error!.issues[0]!));
    expect(messages).toEqual([
      "Enter at least 3 characters.",
      "Use at most 2 characters.",
      "Enter an amount above 0.",
      "Enter at most 10.",
      "Enter an e-mail address, like name@example.com.",
      "Choose one of the options.",
      "Enter a number.",
      "Choose at least one.",
      "This form sent a field it does not know. Reload the page and try again.",
    ]);
  });
});

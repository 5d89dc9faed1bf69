import { endpointAnswerSchema } from "@/lib/contracts/authorization-endpoint";
import type { StandInFailure } from "@/lib/enums";
import { parseAmountToMinor } from "@/lib/money";
import type { EndpointOutcome } from "@/server/db/schema/authorization-endpoints";
import type { CallResult } from "./call";

/**
 * What the endpoint's answer means (docs/authorization-endpoint.md, The answer): approved (the
 * whole amount), partial (amount_minor or amount below the requested, in the authorization's
 * currency), declined, or a failure the stand-in rules decide: timeout, connection_error, non_2xx
 * (any status outside 200-299, redirects included), malformed (not JSON, not the shape, or an
 * amount above the requested).
 */

export type Reading =
  | { outcome: "approved" | "partial"; amountMinor: number }
  | { outcome: "declined"; reason: string | null }
  | { outcome: StandInFailure; error: string };

export function readAnswer(result: CallResult, requestedMinor: number): Reading {
  if (result.failure) return { outcome: result.failure, error: result.error ?? result.failure };
  const answer = result.answer!;
  if (answer.status < 200 || answer.status > 299)
    return { outcome: "non_2xx", error: `HTTP ${answer.status}` };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return { outcome: "malformed", error: "The answer is not JSON." };
  }
  const parsed = endpointAnswerSchema.safeParse(json);
  if (!parsed.success)
    return {
      outcome: "malformed",
      error: `The answer does not match {approved, amount_minor?, reason?, metadata?}: ${parsed.error.issues
        .map((i) => `${i.path.join(".") || "(body)"} ${i.message}`)
        .join("; ")}`,
    };
  const a = parsed.data;
  if (!a.approved) return { outcome: "declined", reason: a.reason ?? null };
  const amount = a.amount_minor ?? (a.amount === undefined ? requestedMinor : parseAmountToMinor(a.amount));
  if (amount === null || amount <= 0)
    return { outcome: "malformed", error: "amount must be positive with at most 2 decimals." };
  if (amount > requestedMinor)
    return {
      outcome: "malformed",
      error: `The approved amount ${amount} is above the requested ${requestedMinor} (minor units).`,
    };
  return { outcome: amount < requestedMinor ? "partial" : "approved", amountMinor: amount };
}

export const outcomeOf = (reading: Reading): EndpointOutcome => reading.outcome;

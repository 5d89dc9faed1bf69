import type { z } from "zod";

/**
 * Validation messages written for people. zod's own messages ("Too small: expected string to have
 * >=1 characters") are written for developers; this map replaces them wherever a person reads them:
 * the server actions' field errors (server/action-kit/run-action.ts passes it to every parse) and the
 * forms that check in the browser. A message a schema states itself (`z.string().min(1, "Enter a
 * name")`) still wins: zod asks a per-parse map only for issues without one. The REST API keeps
 * zod's wording, which names the expected type for a developer.
 */

type Issue = z.core.$ZodRawIssue | z.core.$ZodIssue;

const FORMAT: Record<string, string> = {
  email: "Enter an e-mail address, like name@example.com.",
  url: "Enter a web address, like https://example.com.",
  uuid: "This is not a valid id.",
  guid: "This is not a valid id.",
  datetime: "Enter a date and time.",
  date: "Enter a date.",
  time: "Enter a time.",
  ipv4: "Enter an IP address.",
  ipv6: "Enter an IP address.",
  cidrv4: "Enter an IP range, like 10.0.0.0/8.",
  cidrv6: "Enter an IP range.",
  starts_with: "This does not start the way it should.",
  ends_with: "This does not end the way it should.",
  includes: "This is missing a part it needs.",
};

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === "string" && input.trim() === "");
}

function count(n: number | bigint, one: string, many: string): string {
  return `${n.toLocaleString("en-GB")} ${Number(n) === 1 ? one : many}`;
}

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const { minimum, origin, inclusive } = issue;
  if (origin === "string") {
    if (Number(minimum) <= 1) return "Required.";
    return issue.exact
      ? `Enter exactly ${count(minimum, "character", "characters")}.`
      : `Enter at least ${count(minimum, "character", "characters")}.`;
  }
  if (origin === "array" || origin === "set")
    return Number(minimum) <= 1
      ? "Choose at least one."
      : `Choose at least ${minimum.toLocaleString("en-GB")}.`;
  if (origin === "date") return "This date is too early.";
  if (Number(minimum) === 0 && !inclusive) return "Enter an amount above 0.";
  return `Enter ${inclusive === false ? "more than" : "at least"} ${minimum.toLocaleString("en-GB")}.`;
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const { maximum, origin, inclusive } = issue;
  if (origin === "string") return `Use at most ${count(maximum, "character", "characters")}.`;
  if (origin === "array" || origin === "set") return `Choose at most ${maximum.toLocaleString("en-GB")}.`;
  if (origin === "file") return "This file is too large.";
  if (origin === "date") return "This date is too late.";
  return `Enter ${inclusive === false ? "less than" : "at most"} ${maximum.toLocaleString("en-GB")}.`;
}

function invalidType(issue: Extract<Issue, { code: "invalid_type" }>): string {
  // A finished issue no longer carries its input; zod's wording still says what it received.
  const missing =
    "input" in issue ? isEmpty(issue.input) : /received (undefined|null)$/.test(issue.message ?? "");
  if (missing) return "Required.";
  switch (issue.expected) {
    case "number":
    case "int":
    case "bigint":
      return "Enter a number.";
    case "boolean":
      return "Choose yes or no.";
    case "date":
      return "Enter a date.";
    case "array":
      return "Choose from the list.";
    default:
      return "This value is not valid here.";
  }
}

/** The message a person reads for one validation issue. */
export function humanIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_type":
      return invalidType(issue);
    case "invalid_format":
      return FORMAT[issue.format] ?? "Check the format of this value.";
    case "invalid_value":
      return "Choose one of the options.";
    case "not_multiple_of":
      return issue.divisor > 0 && issue.divisor < 1
        ? `Use at most ${String(issue.divisor).split(".")[1]?.length ?? 0} decimals.`
        : `Enter a multiple of ${issue.divisor}.`;
    case "unrecognized_keys":
      return "This form sent a field it does not know. Reload the page and try again.";
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return "This value is not valid here.";
    default:
      return issue.message ?? "This value is not valid here.";
  }
}

/**
 * The per-parse error map: `schema.safeParse(input, { error: humanErrorMap })`. A custom issue
 * (`.refine(..., "message")`) keeps its own message.
 */
export const humanErrorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === "custom" ? undefined : humanIssueMessage(issue);

/**
 * zod's developer wording, as its English locale writes it: an issue that reached the browser with
 * one of these (a service that parsed with the schema alone) is rewritten with humanIssueMessage.
 */
const ZOD_WORDING = /^(Invalid |Too (small|big):|Unrecognized keys?)/;

export function isZodWording(message: string): boolean {
  return ZOD_WORDING.test(message);
}

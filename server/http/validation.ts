import type { z } from "@hono/zod-openapi";
import { type ErrorDetail, ServiceError } from "@/lib/errors";
import { outOfRangeDateIssues, unstorableInputIssues } from "@/lib/storable-input";

/** `a.b[0]`: the path form of an error's `details` (docs/errors.md, Envelopes). */
export function formatPath(prefix: string | null, path: readonly PropertyKey[]): string {
  let out = prefix ?? "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "body" : out;
}

/**
 * Parses one part of the request (body paths are bare, others carry `query.`, `params.` or
 * `headers.`), collecting every issue so the caller learns all of them in one answer.
 */
export function parsePart<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix: string | null,
  issues: ErrorDetail[],
): z.output<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    issues.push({ path: formatPath(prefix, issue.path), message: issue.message });
  return undefined;
}

/**
 * parsePart behind the edge rule (lib/storable-input.ts, docs/errors.md): the raw part is refused
 * first for characters the database cannot store and for deep nesting, the parsed part for dates
 * out of range. Every route's params, query, headers and body go through here.
 */
export function parseInputPart<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix: string | null,
  issues: ErrorDetail[],
): z.output<T> | undefined {
  const refused = unstorableInputIssues(value);
  if (refused.length) {
    for (const issue of refused)
      issues.push({ path: formatPath(prefix, issue.path), message: issue.message });
    return undefined;
  }
  const parsed = parsePart(schema, value, prefix, issues);
  if (parsed === undefined) return undefined;
  const dates = outOfRangeDateIssues(parsed);
  for (const issue of dates) issues.push({ path: formatPath(prefix, issue.path), message: issue.message });
  return dates.length ? undefined : parsed;
}

export function validationError(issues: ErrorDetail[]): ServiceError {
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return new ServiceError("VALIDATION_ERROR", `Invalid request: ${first.path}: ${first.message}${more}`, {
    details: issues,
  });
}

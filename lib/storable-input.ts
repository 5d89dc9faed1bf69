/**
 * The edge rule that both request kits (REST and server actions) apply to every request before
 * any service sees it (docs/errors.md "Input the database cannot store"):
 * - no string (value or object key) may hold U+0000 or an unpaired UTF-16 surrogate: Postgres
 *   refuses the first in text and JSON, and either would be stored damaged or refused;
 * - JSON may nest at most MAX_INPUT_DEPTH levels;
 * - every date a contract produced lies between MIN_INPUT_DATE and MAX_INPUT_DATE.
 * Each refusal names the field, so it becomes a 400 VALIDATION_ERROR with a detail per field.
 */

export interface InputIssue {
  path: (string | number)[];
  message: string;
}

export const MAX_INPUT_DEPTH = 32;
/** The earliest date a request may carry (1900-01-01T00:00:00Z). */
export const MIN_INPUT_DATE = new Date(Date.UTC(1900, 0, 1));
/** The latest date a request may carry (9999-12-31T23:59:59.999Z: ISO 8601 years have 4 digits). */
export const MAX_INPUT_DATE = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));
/** More issues than this in one request are not worth listing. */
const MAX_ISSUES = 20;

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE =
  "Contains a character that cannot be stored (U+0000 or an unpaired UTF-16 surrogate).";
const DEPTH_MESSAGE = `Nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;
const DATE_MESSAGE =
  `Must be a date between ${MIN_INPUT_DATE.toISOString()} ` + `and ${MAX_INPUT_DATE.toISOString()}.`;

/** Whether a string holds a character the database cannot store. */
export function isUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Walks plain objects and arrays without recursion (a 1 MB body can nest ~500,000 levels), calling
 * `visit` on each value (an issue message or null); `checkKeys` also checks object keys,
 * `limitDepth` the nesting.
 */
function walk(
  root: unknown,
  visit: (value: unknown) => string | null,
  checkKeys: boolean,
  limitDepth: boolean,
): InputIssue[] {
  const issues: InputIssue[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length && issues.length < MAX_ISSUES) {
    const { value, path } = stack.pop()!;
    const message = visit(value);
    if (message) {
      issues.push({ path, message });
      continue;
    }
    if (!isContainer(value)) continue;
    if (limitDepth && path.length >= MAX_INPUT_DEPTH) {
      issues.push({ path, message: DEPTH_MESSAGE });
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (checkKeys && isUnstorableText(key)) {
        issues.push({ path: [...path, key], message: `Its name: ${UNSTORABLE_MESSAGE}` });
        continue;
      }
      stack.push({ value: value[key], path: [...path, key] });
    }
  }
  return issues;
}

/** The raw input (path, query, JSON body, action argument): characters and nesting. */
export function unstorableInputIssues(raw: unknown): InputIssue[] {
  if (typeof raw === "string")
    return isUnstorableText(raw) ? [{ path: [], message: UNSTORABLE_MESSAGE }] : [];
  if (!isContainer(raw)) return [];
  return walk(
    raw,
    (v) => (typeof v === "string" && isUnstorableText(v) ? UNSTORABLE_MESSAGE : null),
    true,
    true,
  );
}

/** Whether a date lies in the range a request may carry. */
export function isStorableDate(date: Date): boolean {
  const t = date.getTime();
  return t >= MIN_INPUT_DATE.getTime() && t <= MAX_INPUT_DATE.getTime();
}

/** The parsed input (what a contract produced): every Date within range. */
export function outOfRangeDateIssues(parsed: unknown): InputIssue[] {
  if (parsed instanceof Date) return isStorableDate(parsed) ? [] : [{ path: [], message: DATE_MESSAGE }];
  if (!isContainer(parsed)) return [];
  return walk(parsed, (v) => (v instanceof Date && !isStorableDate(v) ? DATE_MESSAGE : null), false, false);
}

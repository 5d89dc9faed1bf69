/**
 * A timestamptz in the API's form (Date.prototype.toISOString's: UTC, milliseconds, "Z"), from a
 * Date or from Postgres' own text of it, which is what a prepared statement's raw rows hold
 * (firstPage in server/issuer/transactions/page-rows.ts). UTC text ("+00": the session time zone of
 * a server set to UTC, and PGlite's) is rewritten without making a Date, because Next wraps the
 * global Date constructor and making one cost more than the rest of a listed row (docs/performance.md).
 * Extra fraction digits are cut, as Date cuts them. Any other text (another offset, a year outside
 * 1000-9999, BC) goes through Date.
 */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

export type Timestamp = Date | string;

export function isoTimestamp(value: Timestamp): string {
  if (typeof value !== "string") return value.toISOString();
  const m = UTC_TEXT.exec(value);
  if (!m || m[1]! < "1000") return new Date(value).toISOString();
  const fraction = m[3] === undefined ? "000" : m[3].length >= 3 ? m[3].slice(0, 3) : m[3].padEnd(3, "0");
  return `${m[1]}T${m[2]}.${fraction}Z`;
}

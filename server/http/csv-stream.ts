import { env } from "@/lib/env";
import { log } from "@/server/log";

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Text
 * that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading
 * apostrophe: merchant names come from the card network, beneficiary names from a form.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * The line that ends a CSV export which failed after its first rows were sent (docs/rest-api.md,
 * "CSV exports"): a record whose first cell no data row can hold (a data row starts with its
 * generated id, never with #), with the request id to quote.
 */
export function csvFailureMarker(requestId: string): string {
  const message = `The export stopped early; the rows above are incomplete. Request id ${requestId}.`;
  return `#EXPORT_FAILED,"${message}"\r\n`;
}

/**
 * The line that ends an export cut at its row cap (CSV_EXPORT_MAX_ROWS, docs/rest-api.md "CSV
 * exports"): the rows above are whole records, the first `maxRows` in the export's order.
 */
export function csvTruncatedMarker(maxRows: number): string {
  const cap = maxRows.toLocaleString("en-US");
  return (
    `#EXPORT_TRUNCATED,"This export stops at ${cap} rows, its limit; more rows match. ` +
    `Narrow the filters (a shorter date range, a status, a customer) and export again for the rest."\r\n`
  );
}

/**
 * Passes the CSV through up to `maxRows` records after the header line, then ends it with
 * csvTruncatedMarker and stops reading (the source's queries stop with it). Records are counted by
 * their line ends outside quotes (RFC 4180: a quoted cell may hold a line break), across chunks;
 * the marker comes only when a further record exists, so an export of exactly `maxRows` is whole.
 */
export async function* capCsvRows(chunks: AsyncIterable<string>, maxRows: number): AsyncGenerator<string> {
  let ended = -1; // records ended so far; the header line is not a row
  let quoted = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      if (ended === maxRows) {
        yield chunk.slice(0, i) + csvTruncatedMarker(maxRows);
        return;
      }
      const ch = chunk.charCodeAt(i);
      if (ch === 34) quoted = !quoted;
      else if (ch === 10 && !quoted) ended++;
    }
    yield chunk;
  }
}

/**
 * A streamed CSV download. The first chunk is read before the response is made, and an export's
 * first chunk comes after its first query: a refusal (scope, validation) or a failing query is a
 * proper error answer, never a truncated 200. A failure after that ends the body with
 * csvFailureMarker and is logged through the JSON logger (Postgres code and SQL, no values). Every
 * export has a row cap (capCsvRows).
 */
export async function csvResponse(
  chunks: AsyncIterable<string>,
  filename: string,
  requestId: string,
  maxRows: number = env().CSV_EXPORT_MAX_ROWS,
): Promise<Response> {
  const iterator = capCsvRows(chunks, maxRows)[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  let finished = first.done === true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      if (finished) return controller.close();
      try {
        const next = await iterator.next();
        if (next.done) {
          finished = true;
          controller.close();
        } else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        finished = true;
        log.error({ err, requestId, filename }, "a CSV export failed after streaming started");
        controller.enqueue(encoder.encode(csvFailureMarker(requestId)));
        controller.close();
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

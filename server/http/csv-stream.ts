import { log } from "@/server/log";

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
 * A streamed CSV download. The first chunk is read before the response is made, and an export's
 * first chunk comes after its first query: a refusal (scope, validation) or a failing query is a
 * proper error answer, never a truncated 200. A failure after that ends the body with
 * csvFailureMarker and is logged through the JSON logger (Postgres code and SQL, no values).
 */
export async function csvResponse(
  chunks: AsyncIterable<string>,
  filename: string,
  requestId: string,
): Promise<Response> {
  const iterator = chunks[Symbol.asyncIterator]();
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
      await iterator.return?.();
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

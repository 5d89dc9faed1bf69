/**
 * A streamed CSV download. The first chunk is read before the response is made, so a refusal
 * (scope, validation) still becomes an error answer rather than a broken 200.
 */
export async function csvResponse(chunks: AsyncIterable<string>, filename: string): Promise<Response> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        controller.error(err);
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

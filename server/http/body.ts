import type { Context } from "hono";
import { ServiceError } from "@/lib/errors";
import type { ApiEnv } from "./types";

export const MAX_BODY_BYTES = 1024 * 1024;

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i;
const utf8 = new TextDecoder("utf-8", { fatal: true });

function tooLarge(): ServiceError {
  return new ServiceError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
}

/** Cheap first check from the header alone; used on every route, with a body schema or not. */
export function checkDeclaredLength(c: Context<ApiEnv>): void {
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
}

/**
 * The body as text, at most MAX_BODY_BYTES. Content-Length is checked first, then the bytes are
 * counted as they stream in, because chunked bodies carry no length and a header can lie.
 */
export async function readBodyText(c: Context<ApiEnv>): Promise<string> {
  checkDeclaredLength(c);
  const stream = c.req.raw.body;
  if (!stream) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (total === 0) return "";
  try {
    return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
  } catch {
    throw new ServiceError("INVALID_JSON", "The request body is not valid UTF-8.");
  }
}

/**
 * The JSON body of a route that declares one. An empty body counts as `{}` so the schema names
 * each missing field; a non-empty body must be declared as JSON (415 otherwise).
 */
export function parseJsonBody(c: Context<ApiEnv>, text: string): unknown {
  if (text === "") return {};
  const type = c.req.header("content-type");
  if (type === undefined || !JSON_MEDIA_TYPE.test(type)) {
    throw new ServiceError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the request body as JSON with Content-Type: application/json.",
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError("INVALID_JSON", "The request body is not valid JSON.");
  }
}

import { createHash } from "node:crypto";
import type { Context } from "hono";
import { ServiceError } from "@/lib/errors";
import type { ApiEnv } from "./types";

export const MAX_BODY_BYTES = 1024 * 1024;

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i;
const utf8 = new TextDecoder("utf-8", { fatal: true });

function tooLarge(limit: number): ServiceError {
  return new ServiceError("PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes.`);
}

/**
 * Cheap first check from the header alone; used on every route, with a body schema or not.
 * `limit`: the route's own (RequestSpec.maxBytes, an upload), else MAX_BODY_BYTES.
 */
export function checkDeclaredLength(c: Context<ApiEnv>, limit = MAX_BODY_BYTES): void {
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
}

/**
 * The body's bytes, at most `limit`. Content-Length is checked first, then the bytes are counted
 * as they stream in, because chunked bodies carry no length and a header can lie.
 */
export async function readBodyBytes(c: Context<ApiEnv>, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  checkDeclaredLength(c, limit);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

/** The body as text, at most MAX_BODY_BYTES (readBodyBytes), UTF-8. */
export async function readBodyText(c: Context<ApiEnv>): Promise<string> {
  const bytes = await readBodyBytes(c);
  if (bytes.byteLength === 0) return "";
  try {
    return utf8.decode(bytes);
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

const FORM_MEDIA_TYPE = /^multipart\/form-data\s*;/i;

/**
 * The fields of a multipart/form-data body (RequestSpec.form), each name's first value: a string
 * or a File. An empty body counts as no fields, so the schema names each missing one; a non-empty
 * body must be declared multipart/form-data with its boundary (415 otherwise).
 */
export async function parseFormBody(c: Context<ApiEnv>, bytes: Uint8Array): Promise<Record<string, unknown>> {
  if (bytes.byteLength === 0) return {};
  const type = c.req.header("content-type");
  if (type === undefined || !FORM_MEDIA_TYPE.test(type))
    throw new ServiceError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the request body as multipart/form-data (Content-Type: multipart/form-data; boundary=...).",
    );
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": type },
    }).formData();
  } catch {
    throw new ServiceError("VALIDATION_ERROR", "The request body is not valid multipart/form-data.", {
      details: [{ path: "body", message: "Not valid multipart/form-data." }],
    });
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) if (!(name in fields)) fields[name] = value;
  return fields;
}

/**
 * What the idempotency fingerprint reads of a form (in place of a JSON body's text): each field's
 * string, each file's name, type and SHA-256, so a retry with a new multipart boundary is the same
 * request and another file under the same key is not.
 */
export async function formFingerprintText(fields: Record<string, unknown>): Promise<string> {
  const out: [string, unknown][] = [];
  for (const name of Object.keys(fields).sort()) {
    const v = fields[name];
    if (v instanceof File) {
      const hash = createHash("sha256")
        .update(new Uint8Array(await v.arrayBuffer()))
        .digest("hex");
      out.push([name, { file: v.name, type: v.type, size: v.size, sha256: hash }]);
    } else out.push([name, v]);
  }
  return JSON.stringify(out);
}

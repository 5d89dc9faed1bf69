import { clientAddress } from "@/server/platform/forwarded-for";

interface HeaderReader {
  get(name: string): string | null;
}

/**
 * The client's IP for rate limits and the audit log. server/main.ts rewrites X-Forwarded-For to
 * the one address the shared rule resolves (clientAddress: the socket, or the entry our last
 * trusted proxy wrote) before Next sees the request, so the header holds that address and nothing
 * a client wrote. Read as one hop: were there several, the nearest (last) one.
 */
export function clientIp(headers: HeaderReader): string {
  return clientAddress(headers.get("x-forwarded-for"), undefined, 1) ?? "unknown";
}

interface HeaderReader {
  get(name: string): string | null;
}

/**
 * The client's IP for rate limits and the audit log, from X-Forwarded-For's last entry.
 * Next only fills that header from the socket when the request has none, so a client could
 * pick its own IP; server/main.ts therefore overwrites it with the socket address unless
 * TRUST_PROXY is on, in which case the last entry is the one the trusted proxy appended.
 */
export function clientIp(headers: HeaderReader): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1) ?? "unknown";
}

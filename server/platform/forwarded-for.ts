import type { IncomingMessage } from "node:http";

/**
 * The one rule for the client's address (rate limits, the audit log, the session list), used by
 * the REST kit (server/http/client-ip.ts), the dashboard sign-in (server/auth/next-auth.ts) and,
 * through server/main.ts's rewrite of X-Forwarded-For, by Next (server/action-kit/request-ip.ts).
 *
 * Each proxy appends the address it received the request from, so with `trustedProxies` proxies
 * of ours in front the client is the entry that many places from the right; everything further
 * left was written by the client and is never believed. With none (TRUST_PROXY=off) the socket is
 * the client and the header is ignored. A header shorter than the chain (a request that did not
 * pass every proxy) gives its leftmost entry, which one of our proxies wrote; no header at all gives
 * the socket.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trustedProxies: number,
): string | undefined {
  if (trustedProxies <= 0 || !forwardedFor) return socketAddress;
  const hops = forwardedFor
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (!hops.length) return socketAddress;
  return hops[Math.max(0, hops.length - trustedProxies)];
}

/**
 * Before Next sees a request (server/main.ts): X-Forwarded-For becomes the one client address
 * clientAddress() resolves. Next fills the header only when it is missing, so whatever a client
 * sent would otherwise reach the dashboard's actions and next-auth as is.
 */
export function rewriteForwardedFor(req: IncomingMessage, trustedProxies: number): void {
  const sent = req.headers["x-forwarded-for"];
  const address = clientAddress(
    Array.isArray(sent) ? sent.join(",") : sent,
    req.socket.remoteAddress,
    trustedProxies,
  );
  req.headers["x-forwarded-for"] = address ?? "";
}

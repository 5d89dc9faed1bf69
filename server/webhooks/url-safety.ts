import { lookup } from "node:dns";
import { isIP } from "node:net";
import { env, isSandbox } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { normalizeHost, specialUseHostReason } from "./host-names";

/**
 * Where webhooks may go (docs/webhooks.md): https only, never to loopback, private, link-local,
 * unique-local, CGNAT, multicast or metadata addresses. Checked on the URL at registration and on
 * every resolved address at send time (the connection then goes to the address that was checked,
 * so a DNS answer that changes between check and connect cannot reach a private host).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to all its addresses; injectable for tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });

/** Sandbox alone may allow http://localhost and http://127.0.0.1 (WEBHOOK_ALLOW_LOCALHOST). */
export function localhostAllowed(): boolean {
  const e = env();
  return isSandbox() && e.WEBHOOK_ALLOW_LOCALHOST;
}

const LOCAL_NAMES = new Set(["localhost", "127.0.0.1"]);

function ipv4Bytes(ip: string): number[] {
  return ip.split(".").map(Number);
}

/** 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail, if any). */
function ipv6Bytes(ip: string): number[] {
  let text = ip.split("%")[0]!.toLowerCase();
  let tail: number[] = [];
  const dotted = text.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    tail = ipv4Bytes(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + "0:0";
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, undefined];
  const groupsOf = (s: string | undefined) => (s ? s.split(":").filter((g) => g !== "") : []);
  const h = groupsOf(head);
  const r = groupsOf(rest);
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill("0"), ...r];
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function v4Blocked(b: number[]): string | null {
  const [a, c] = [b[0]!, b[1]!];
  if (a === 0) return "0.0.0.0/8 (this network)";
  if (a === 10) return "10.0.0.0/8 (private)";
  if (a === 100 && c >= 64 && c <= 127) return "100.64.0.0/10 (carrier-grade NAT)";
  if (a === 127) return "127.0.0.0/8 (loopback)";
  if (a === 169 && c === 254) return "169.254.0.0/16 (link-local, cloud metadata)";
  if (a === 172 && c >= 16 && c <= 31) return "172.16.0.0/12 (private)";
  if (a === 192 && c === 0 && b[2] === 0) return "192.0.0.0/24 (IETF protocol assignments)";
  if (a === 192 && c === 168) return "192.168.0.0/16 (private)";
  if (a === 198 && (c === 18 || c === 19)) return "198.18.0.0/15 (benchmarking)";
  if (a >= 224) return "224.0.0.0/3 (multicast, reserved, broadcast)";
  return null;
}

/** Why an IP address may not receive webhooks, or null when it may. */
export function blockedAddressReason(ip: string): string | null {
  const kind = isIP(ip);
  if (kind === 4) return v4Blocked(ipv4Bytes(ip));
  if (kind !== 6) return "not an IP address";
  const b = ipv6Bytes(ip);
  const zeroTo = (n: number) => b.slice(0, n).every((x) => x === 0);
  if (zeroTo(15) && (b[15] === 0 || b[15] === 1)) return "::/128 or ::1 (unspecified, loopback)";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96) carry an IPv4 address.
  if (zeroTo(10) && b[10] === 0xff && b[11] === 0xff) return v4Blocked(b.slice(12));
  if (zeroTo(12)) return v4Blocked(b.slice(12));
  if (
    b[0] === 0x00 &&
    b[1] === 0x64 &&
    b[2] === 0xff &&
    b[3] === 0x9b &&
    b.slice(4, 12).every((x) => x === 0)
  )
    return v4Blocked(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return v4Blocked(b.slice(2, 6)); // 6to4
  if ((b[0]! & 0xfe) === 0xfc) return "fc00::/7 (unique local)";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return "fe80::/10 (link-local)";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return "fec0::/10 (site-local)";
  if (b[0] === 0xff) return "ff00::/8 (multicast)";
  if (b[0] === 0x01 && b.slice(1, 8).every((x) => x === 0)) return "100::/64 (discard)";
  return null;
}

export interface CheckedUrl {
  url: URL;
  /** http://localhost in sandbox with WEBHOOK_ALLOW_LOCALHOST: loopback is the point. */
  local: boolean;
}

function refuse(message: string): never {
  throw new ServiceError("VALIDATION_ERROR", message, { details: [{ path: "url", message }] });
}

/** The URL rules that need no DNS: scheme, credentials, literal addresses, local names. */
export function checkWebhookUrl(raw: string): CheckedUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refuse("Not a valid URL.");
  }
  if (url.username || url.password) refuse("The URL may not carry a user name or password.");
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  const host = isIP(literal) ? literal : normalizeHost(literal);
  if (!isIP(host) && host !== url.hostname) url.hostname = host;
  if (localhostAllowed() && LOCAL_NAMES.has(host) && (url.protocol === "http:" || url.protocol === "https:"))
    return { url, local: true };
  if (url.protocol !== "https:") refuse("The URL must use https.");
  if (!host) refuse("The URL has no host name.");
  if (isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) refuse(`${host} is in ${reason}; webhooks go to public addresses only.`);
  } else {
    const reason = specialUseHostReason(host);
    if (reason) refuse(reason);
  }
  return { url, local: false };
}

/**
 * Resolves the URL's host and checks every address (any private one refuses the whole name, so
 * round-robin answers cannot sneak one in). Returns the addresses to connect to.
 */
export async function resolveSafeAddresses(
  checked: CheckedUrl,
  resolver: Resolver,
): Promise<ResolvedAddress[]> {
  const host = checked.url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  if (checked.local) return [{ address: host === "localhost" ? "127.0.0.1" : host, family: 4 }];
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await resolver(host);
  if (addresses.length === 0) throw new Error(`${host} did not resolve`);
  for (const a of addresses) {
    const reason = blockedAddressReason(a.address);
    if (reason) throw new UnsafeAddressError(`${host} resolves to ${a.address}, in ${reason}: refused`);
  }
  return addresses;
}

export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeAddressError";
  }
}

export interface RegistrableUrl {
  /** The URL to store: its host normalized (lower case, IDNA, no trailing dot). */
  url: string;
  /** Sandbox only: what the caller should know (a name that did not resolve). */
  warnings: string[];
}

/**
 * At registration: the static rules, then the name's addresses, each public. A name that does
 * not resolve within 2 s is refused in live mode; the sandbox accepts it with a warning (a
 * receiver still being set up), and every send checks the addresses again.
 */
export async function registrableUrl(
  raw: string,
  resolver: Resolver = activeResolver,
): Promise<RegistrableUrl> {
  const checked = checkWebhookUrl(raw);
  const host = checked.url.hostname.replace(/^\[|\]$/g, "");
  const warnings: string[] = [];
  if (!checked.local && !isIP(host)) {
    let addresses: ResolvedAddress[] = [];
    try {
      addresses = await Promise.race([
        resolver(host),
        new Promise<ResolvedAddress[]>((r) => setTimeout(() => r([]), 2_000).unref()),
      ]);
    } catch {
      addresses = [];
    }
    for (const a of addresses) {
      const reason = blockedAddressReason(a.address);
      if (reason)
        refuse(`${host} resolves to ${a.address}, in ${reason}; webhooks go to public addresses only.`);
    }
    if (addresses.length === 0) {
      if (env().SVC_MODE === "live") refuse(`${host} does not resolve; register a name that does.`);
      warnings.push(`${host} did not resolve at registration; deliveries fail until it does.`);
    }
  }
  return { url: checked.url.toString(), warnings };
}

/** registrableUrl without the warnings: the URL to store, or a refusal. */
export async function assertRegistrableUrl(
  raw: string,
  resolver: Resolver = activeResolver,
): Promise<string> {
  return (await registrableUrl(raw, resolver)).url;
}

let activeResolver: Resolver = systemResolver;

/** The resolver used at registration and send time; tests inject one (undefined restores the system's). */
export function setWebhookResolver(resolver?: Resolver): void {
  activeResolver = resolver ?? systemResolver;
}

export function webhookResolver(): Resolver {
  return activeResolver;
}

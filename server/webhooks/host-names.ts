/**
 * Host names of webhook URLs (docs/webhooks.md, "Where webhooks may go"). The WHATWG URL parser
 * already lower-cases a name, maps full-width forms and converts Unicode labels to IDNA
 * (punycode); normalizeHost also drops the trailing dot(s) of a fully qualified name, which
 * otherwise defeats a check by suffix ("localhost." is localhost).
 */

export function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, "");
}

/** Suffixes of names that only mean something on a local network (RFC 6761, 6762, 8375). */
const SPECIAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".internal",
  ".home.arpa",
  ".localdomain",
  ".intranet",
  ".lan",
];

/** Names cloud metadata services answer on (besides *.internal, which is refused whole). */
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.goog",
  "metadata.google",
  "instance-data",
  "metadata.azure.com",
  "metadata.oraclecloud.com",
  "metadata.tencentyun.com",
  "metadata.platformequinix.com",
]);

/**
 * Why a (normalized, non-IP) host name may not receive webhooks, or null when it may. Local
 * and metadata names are refused whatever they resolve to: the check happens before DNS, and a
 * resolver near the server may answer them with a private address at send time.
 */
export function specialUseHostReason(host: string): string | null {
  if (
    host === "localhost" ||
    SPECIAL_SUFFIXES.some((suffix) => host.endsWith(suffix) || host === suffix.slice(1))
  )
    return `${host} is a local name; webhooks go to public endpoints only.`;
  if (METADATA_NAMES.has(host))
    return `${host} is a cloud metadata name; webhooks go to public endpoints only.`;
  if (!host.includes("."))
    return (
      `${host} is a single-label name (resolved through local search domains); ` +
      "use a fully qualified public name."
    );
  return null;
}

/**
 * Where to go after signing in: only a path on this site. next-auth may hand over an absolute
 * URL of our own origin; anything else (another host, "//evil", "/\evil") falls back.
 */
export function safeCallbackPath(raw: string | string[] | undefined, fallback = "/overview"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return fallback;
  try {
    const base = "http://callback.invalid";
    const url = new URL(value, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    const sameOriginInput = url.origin === base;
    if (!sameOriginInput && !/^https?:\/\//.test(value)) return fallback;
    if (
      !path.startsWith("/") ||
      path.startsWith("//") ||
      path.startsWith("/sign-in") ||
      path.startsWith("/api/")
    )
      return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/**
 * Where to go after signing in: only a path on this site. A relative path must start with one
 * "/" (not "//", not "/\", which browsers read as another host); an absolute URL (next-auth may
 * hand one over) only of the console's own origin. Anything else, and the sign-in page itself
 * or the REST API, falls back to the Overview.
 */
export function safeCallbackPath(
  raw: string | string[] | undefined,
  ownOrigin?: string,
  fallback = "/overview",
): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = "http://callback.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  const relative = value.startsWith("/") && !value.startsWith("//");
  const ownAbsolute = ownOrigin !== undefined && /^https?:\/\//i.test(value) && url.origin === ownOrigin;
  if (!(relative && url.origin === base) && !ownAbsolute) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || /^\/sign-in(\/|\?|#|$)/.test(path) || /^\/api(\/|$)/.test(path))
    return fallback;
  return path;
}

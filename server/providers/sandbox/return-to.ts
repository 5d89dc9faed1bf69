/**
 * The hosted KYC page's `?return_to=`: only a path on this site (it becomes a link the applicant
 * follows). Another origin, a protocol-relative "//host" and its "/\host" spelling are refused.
 */
export function safeReturnPath(raw: string | string[] | undefined): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (
    !value ||
    value.length > 2_000 ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  )
    return null;
  try {
    const base = "http://return-to.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("/") && !path.startsWith("//") ? path : null;
  } catch {
    return null;
  }
}

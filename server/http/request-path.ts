/**
 * The request header in which the proxy (proxy.ts) hands a page its own path and query, for the
 * way back after signing in. The proxy always overwrites it, so a client cannot choose it.
 */
export const REQUEST_PATH_HEADER = "x-request-path";

/** Next's own query parameters (the RSC cache key) are no part of the page's address. */
const INTERNAL_PARAMS = ["_rsc"];

/** The path and query of a page request, without Next's internal parameters. */
export function requestPath(url: URL): string {
  const search = new URLSearchParams(url.search);
  for (const name of INTERNAL_PARAMS) search.delete(name);
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

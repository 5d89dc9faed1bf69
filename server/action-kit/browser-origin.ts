import { appUrl } from "@/lib/env";

/**
 * A URL of a page this app serves for a sandbox provider (the hosted secure page, the hosted KYC
 * page), as the browser should open it. Those URLs are built on APP_URL, but the browser may have
 * reached the app at another host (127.0.0.1 while APP_URL says localhost): a frame from APP_URL is
 * then refused by the secure page's frame-ancestors, and a page opened there has none of the
 * session's cookies, so its way back lands signed out. A URL on APP_URL's origin therefore becomes
 * a path, which the browser resolves on the host it is on. Another origin (a live provider's) is
 * left as it is.
 */
export function onBrowsersOrigin(url: string): string {
  const u = new URL(url);
  return u.origin === new URL(appUrl()).origin ? `${u.pathname}${u.search}${u.hash}` : url;
}

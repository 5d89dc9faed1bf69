import { headers } from "next/headers";
import { SecureView } from "@/components/secure/secure-view";
import type { SecureCardDetails } from "@/components/secure/types";
import { validThemeFields } from "@/lib/contracts/cards";
import { secureFrameOrigins } from "@/lib/env";

/**
 * /secure/preview?mode=pin|details&accent_color=...: the secure page with sample data, for the
 * theme editor (Settings -> Card PIN), under the same CSP as the real page. Theme fields come from
 * the query; an invalid one is ignored (the page's default shows). Nothing can be submitted.
 */
const SAMPLE: SecureCardDetails = { pan: "4000000000000002", expiry: "12/34", cvv: "123" };

export default async function SecurePreviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [query, requestHeaders] = await Promise.all([searchParams, headers()]);
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const theme = validThemeFields(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, first(v)])));
  const details = first(query.mode) === "details";
  return (
    <SecureView
      view={details ? "details_and_pin" : "pin_setup"}
      theme={theme}
      nonce={requestHeaders.get("x-nonce") ?? undefined}
      lastFour={SAMPLE.pan.slice(-4)}
      details={details ? SAMPLE : undefined}
      parentOrigins={secureFrameOrigins()}
      preview
    />
  );
}

import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SecureNotice } from "@/components/secure/secure-notice";
import { SecureShell } from "@/components/secure/secure-shell";
import { SecureThemeStyle } from "@/components/secure/secure-theme-style";
import { SecureView } from "@/components/secure/secure-view";
import { isSandbox, secureFrameOrigins } from "@/lib/env";
import { isServiceError } from "@/lib/errors";
import { submitSecurePinAction } from "@/server/actions/secure-page";
import { getDb } from "@/server/db/client";
import { type OpenedSecureView, openSecureView } from "@/server/providers/sandbox/secure-page";

/**
 * /secure/view/{token}: the simulated card provider's page (sandbox only; a live program embeds
 * the real provider's). Rendering it opens the view, which spends the token: a reload, a second
 * tab or a late visit shows the "expired or already used" state. Always dynamic (headers()):
 * every response has its own CSP nonce and nothing here may be cached.
 */
export default async function SecureViewPage({ params }: { params: Promise<{ token: string }> }) {
  if (!isSandbox()) notFound();
  const [{ token }, requestHeaders] = await Promise.all([params, headers()]);
  const nonce = requestHeaders.get("x-nonce") ?? undefined;

  let opened: OpenedSecureView;
  try {
    opened = await openSecureView(await getDb(), token);
  } catch (err) {
    if (!isServiceError(err) || (err.code !== "SECURE_VIEW_EXPIRED" && err.code !== "CARD_NOT_ACTIVE"))
      throw err;
    return (
      <>
        <SecureThemeStyle theme={{}} nonce={nonce} />
        <SecureShell>
          <SecureNotice title="This link can no longer be used" message={err.message} />
        </SecureShell>
      </>
    );
  }

  return (
    <SecureView
      view={opened.view}
      theme={opened.theme}
      nonce={nonce}
      lastFour={opened.lastFour}
      details={opened.details}
      parentOrigins={secureFrameOrigins()}
      submit={submitSecurePinAction}
      viewId={opened.viewId}
      formSecret={opened.formSecret}
    />
  );
}

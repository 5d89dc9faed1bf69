import type { Metadata } from "next";
import Link from "next/link";
import QRCode from "qrcode";
import { AcceptInvitationForm } from "@/components/team/accept-invitation-form";
import { InviteSignOut } from "@/components/team/invite-sign-out";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardDescription, CardHeader } from "@/components/ui/card";
import { isServiceError } from "@/lib/errors";
import { getOptionalSession } from "@/server/action-kit/session";
import { acceptInvitationAction } from "@/server/actions/team";
import { getDb } from "@/server/db/client";
import { previewInvitation } from "@/server/team/invitations";

export const metadata: Metadata = { title: "Join the team", referrer: "no-referrer" };

/**
 * The invitation link: who invited whom to what, then password and 2FA in one form. The link is the
 * invitee's bearer secret (emailed to them alone; in sandbox, shown to admins only). A browser
 * signed in as someone is someone else (the invitee has no account): it is asked to sign out and
 * is shown neither the form nor the 2FA secret.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // Whoever it is, even a member who must enrol 2FA first: only their address is read.
  const session = await getOptionalSession({ beforeTwoFactor: true });
  if (session) {
    return (
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">Sign out to accept this invitation</h1>
        </CardHeader>
        <CardBody className="gap-3">
          <Alert tone="warning">
            This browser is signed in as {session.user.email}. An invitation makes a new account for the
            person it was sent to: sign out first, then open the link again.
          </Alert>
          <InviteSignOut returnTo={`/invite/${encodeURIComponent(token)}`} />
        </CardBody>
      </Card>
    );
  }
  let preview;
  try {
    preview = await previewInvitation(await getDb(), { token });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return (
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">This invitation cannot be used</h1>
        </CardHeader>
        <CardBody className="gap-3">
          <Alert tone="warning">{err.message}</Alert>
          <Link href="/sign-in" className="text-sm font-medium underline">
            Go to sign-in
          </Link>
        </CardBody>
      </Card>
    );
  }
  const qrDataUrl = await QRCode.toDataURL(preview.otpauth_url, { margin: 1, width: 180 });
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold">Join {preview.org_name}</h1>
        <CardDescription>
          You are invited as {preview.role}. Choose a password and set up two-factor authentication.
        </CardDescription>
      </CardHeader>
      <CardBody>
        <AcceptInvitationForm
          token={token}
          email={preview.email}
          secret={preview.totp_secret}
          qrDataUrl={qrDataUrl}
          accept={acceptInvitationAction}
        />
      </CardBody>
    </Card>
  );
}

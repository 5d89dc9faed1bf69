import type { Metadata } from "next";
import Link from "next/link";
import QRCode from "qrcode";
import { AcceptInvitationForm } from "@/components/team/accept-invitation-form";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardDescription, CardHeader } from "@/components/ui/card";
import { isServiceError } from "@/lib/errors";
import { acceptInvitationAction } from "@/server/actions/team";
import { getDb } from "@/server/db/client";
import { previewInvitation } from "@/server/team/invitations";

export const metadata: Metadata = { title: "Join the team", referrer: "no-referrer" };

/** The invitation link: who invited whom to what, then password and 2FA in one form. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
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

import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody } from "@/components/ui/card";
import { SignatureChecker } from "@/components/webhooks/signature-checker";

export const metadata: Metadata = { title: "Signature checker" };

/**
 * Any signed-in user may use it: it runs in the browser on what they paste, and reads nothing of the
 * organization.
 */
export default function SignatureCheckerPage() {
  return (
    <>
      <Link
        href="/developers/webhooks"
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Webhooks
      </Link>
      <PageHeader
        title="Signature checker"
        description={
          <>
            Paste what your endpoint received to see which signature matches (
            <code className="font-mono">X-Svc-Signature</code>,{" "}
            <code className="font-mono">X-Svc-Signature-Previous</code> during a rotation, or the Standard
            Webhooks <code className="font-mono">webhook-signature</code>) and, if none does, why. The check
            runs in your browser; nothing you paste is sent anywhere.
          </>
        }
      />
      <Card className="max-w-3xl">
        <CardBody>
          <SignatureChecker />
        </CardBody>
      </Card>
    </>
  );
}

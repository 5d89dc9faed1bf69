import { LockKeyhole } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { CardPinThemeEditor } from "@/components/settings/card-pin-theme-editor";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { updateSecureThemeAction } from "@/server/actions/card-settings";
import { readSecureTheme } from "@/server/cards/settings";

export const metadata: Metadata = { title: "Card PIN" };

export default async function SettingsCardPinPage() {
  const { ctx, user } = await requireSession();
  const theme = await readSecureTheme({ ctx });
  return (
    <>
      <PageHeader
        title="Card PIN"
        description="How cardholders set their PIN and see their card details, and how that page looks."
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>The secure card page</CardTitle>
            <CardDescription>
              Where PINs are typed and card numbers shown: on the card provider&apos;s page, never on yours.
            </CardDescription>
          </CardHeader>
          <CardBody className="text-sm">
            <p className="flex items-start gap-2">
              <LockKeyhole className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
              <span>
                A cardholder sets or changes a card&apos;s 4-digit PIN, and sees the card number, expiry and
                CVV, only on the card provider&apos;s secure page, shown in an iframe. Neither your servers
                nor this console ever receive them.
              </span>
            </p>
            <ul className="flex list-disc flex-col gap-1.5 pl-5 text-muted">
              <li>
                A link comes from{" "}
                <code className="font-mono whitespace-nowrap text-foreground">
                  POST …/cards/{"{cardId}"}/view-token
                </code>
                : the PIN setup form while no PIN is set (<code className="font-mono">pin_setup_url</code>),
                otherwise the PIN change form or the card details plus PIN (
                <code className="font-mono">secure_view_url</code>).
              </li>
              <li>
                Each link works once and for 10 minutes. Reloading the page or opening it again shows that it
                has expired.
              </li>
              <li>
                Recommended iframe size: 420 × 520 px for the PIN form, 420 × 740 px for details plus PIN.
                When a PIN is set, the page sends{" "}
                <code className={cn("font-mono whitespace-nowrap", "text-foreground")}>
                  {'{type: "svc:pin-set"}'}
                </code>{" "}
                to the window around it, and the card&apos;s <code className="font-mono">pin_set</code> turns
                true.
              </li>
              <li>
                The theme below applies to every link; a view-token request can override single fields with
                its own <code className="font-mono">theme</code>.
              </li>
            </ul>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Theme</CardTitle>
            <CardDescription>
              Colors, corners, font and logo of the secure page. Empty fields use the page&apos;s defaults.
            </CardDescription>
          </CardHeader>
          <CardBody>
            <CardPinThemeEditor
              saved={theme}
              save={can(user, "updateSecureTheme") ? updateSecureThemeAction : undefined}
            />
          </CardBody>
        </Card>
      </div>
    </>
  );
}

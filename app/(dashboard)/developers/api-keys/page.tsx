import { Lock } from "lucide-react";
import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/api-keys/api-keys-manager";
import { AuditLog } from "@/components/api-keys/audit-log";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody } from "@/components/ui/card";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import {
  createApiKeyAction,
  revokeApiKeyAction,
  rotateApiKeyAction,
  setApiKeyPermissionsAction,
} from "@/server/actions/api-keys";
import { listApiKeys } from "@/server/apikeys/manage";
import { listAuditEntries } from "@/server/team/audit-log";

export const metadata: Metadata = { title: "API keys" };

const AUDIT_PAGE_SIZE = 25;
const PATH = "/developers/api-keys";
const description =
  "Key pairs your servers use to call the API, each with its own scopes. Only admins see and manage them.";

/** The keys past their expiry date at the time of this request (the same answer in the browser). */
function expiredKeyIds(keys: ApiKeyView[]): string[] {
  const now = Date.now();
  return keys.filter((k) => k.expires_at !== null && Date.parse(k.expires_at) <= now).map((k) => k.id);
}

/** An audit cursor from the address bar; anything that is not an entry id is ignored. */
function cursorOf(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && /^[A-Za-z0-9_]{1,64}$/.test(value) ? value : undefined;
}

export default async function ApiKeysPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  if (!can(user, "listApiKeys")) {
    // Not the data, not even a count: the services would refuse anyway (INSUFFICIENT_PERMISSION).
    return (
      <>
        <PageHeader title="API keys" description={description} />
        <Card>
          <CardBody className="flex-row items-start gap-3 text-sm">
            <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            <p>
              <strong className="font-medium">Only admins manage API keys.</strong> You are signed in as{" "}
              {user.role}. Ask an admin of your organization if one of your systems needs a key.
            </p>
          </CardBody>
        </Card>
      </>
    );
  }

  const before = cursorOf((await searchParams).before);
  const [{ keys }, audit] = await Promise.all([
    listApiKeys({ ctx }),
    listAuditEntries({ ctx, input: { targetType: "api_key", limit: AUDIT_PAGE_SIZE, before } }),
  ]);
  return (
    <>
      <PageHeader title="API keys" description={description} />
      <div className="flex flex-col gap-6">
        <ApiKeysManager
          keys={keys}
          expiredIds={expiredKeyIds(keys)}
          twoFactorEnabled={user.twoFactorEnabled}
          actions={{
            create: createApiKeyAction,
            rotate: rotateApiKeyAction,
            revoke: revokeApiKeyAction,
            setPermissions: setApiKeyPermissionsAction,
          }}
        />
        <AuditLog
          entries={audit.entries}
          olderHref={
            audit.next_before ? `${PATH}?before=${encodeURIComponent(audit.next_before)}#audit-log` : null
          }
          newestHref={before ? `${PATH}#audit-log` : null}
        />
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { AccessTokenCreator } from "@/components/developers/access-token-creator";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { appUrl } from "@/lib/env";
import { ROLE_SCOPES, SCOPE_MEANINGS } from "@/lib/scopes";
import { getSessionCtx } from "@/server/action-kit/session";
import { createAccessTokenAction } from "@/server/actions/access-token";

export const metadata: Metadata = { title: "Access token" };

export default async function AccessTokenPage() {
  const ctx = await getSessionCtx();
  const scopes = ROLE_SCOPES[ctx.actor.role];
  const example = `curl -H "Authorization: Bearer ..." ${appUrl()}/api/v1/me`;
  return (
    <>
      <PageHeader
        title="Access token"
        description={
          "A bearer token for the REST API that acts as you, for trying the API " +
          "from a terminal or a script."
        }
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>How it works</CardTitle>
          </CardHeader>
          <CardBody className="text-sm">
            <p>
              The token is valid for 1 hour and has the scopes of your role (
              <span className="capitalize">{ctx.actor.role}</span>). Send it in the{" "}
              <code className="font-mono">Authorization</code> header:
            </p>
            <ScrollRegion
              label="Example request"
              hint={false}
              className="rounded-md border border-border bg-surface-muted px-3 py-2"
            >
              <pre className="font-mono text-xs">
                <code>{example}</code>
              </pre>
            </ScrollRegion>
            <div>
              <h3 className="mb-1 font-medium">Scopes of this token</h3>
              <ul className="flex flex-col gap-1 text-muted">
                {scopes.map((scope) => (
                  <li key={scope}>
                    <code className="font-mono text-foreground">{scope}</code>: {SCOPE_MEANINGS[scope]}
                  </li>
                ))}
              </ul>
            </div>
            <p className="text-muted">
              For servers, use an API key instead: it does not expire with your session and its permissions
              are set per key.
            </p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Create a token</CardTitle>
          </CardHeader>
          <CardBody>
            <AccessTokenCreator create={createAccessTokenAction} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}

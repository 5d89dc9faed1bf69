import type { Metadata } from "next";
import Link from "next/link";
import { CliCommand } from "@/components/developers/cli-command";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { appUrl, isSandbox } from "@/lib/env";
import { requireSession } from "@/server/action-kit/session";

export const metadata: Metadata = { title: "CLI" };

const description =
  "card-console, the program's command line: forward events to your machine while you build a " +
  "receiver, trigger them through the sandbox's real flows, read and resend them.";

export default async function CliPage() {
  const { user } = await requireSession();
  const base = appUrl().replace(/\/+$/, "");
  const sandbox = isSandbox();
  return (
    <>
      <PageHeader title="CLI" description={description} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>1. Log in</CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col gap-3 text-sm">
            <p>
              The CLI acts with an API key. Create one on{" "}
              {can(user, "listApiKeys") ? (
                <Link href="/developers/api-keys" className="underline underline-offset-2">
                  API keys
                </Link>
              ) : (
                "API keys (an admin makes them)"
              )}{" "}
              with the scopes <code className="font-mono">read</code> (listen, events),{" "}
              <code className="font-mono">write</code> and <code className="font-mono">transactions</code>{" "}
              (trigger), <code className="font-mono">webhooks</code> (resend, webhook tests). From a checkout
              of this project:
            </p>
            <CliCommand label="log in" command={`npx card-console login --base-url ${base}`} />
            <p className="text-muted">
              It asks for the key and its secret, checks them against this program and keeps them in{" "}
              <code className="font-mono">~/.config/card-console/config.json</code>, readable by you only. Or
              pass <code className="font-mono">--api-key</code> and{" "}
              <code className="font-mono">--api-secret</code> to any command.
            </p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>2. Listen</CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col gap-3 text-sm">
            <p>Forward every new event of the program to your local receiver, as webhooks would send it:</p>
            <CliCommand
              label="listen"
              command="npx card-console listen --forward-to http://localhost:4000/hooks"
            />
            <CliCommand
              label="listen to some types"
              command="npx card-console listen --forward-to http://localhost:4000/hooks --events transaction.*,card.frozen"
            />
            <ul className="flex list-disc flex-col gap-1 pl-5 text-muted">
              <li>
                Each request is signed like a webhook: <code className="font-mono">X-Svc-Signature</code> ={" "}
                <code className="font-mono">sha256=</code>HMAC-SHA256 of{" "}
                <code className="font-mono">timestamp.raw body</code>, keyed with the signing secret the
                listener prints at start (it stays the same between runs).
              </li>
              <li>
                It shows each forward&apos;s status and time, and retries a failed one until it gets a 2xx.
              </li>
              <li>
                Stopped, asleep or offline, it resumes after the last event it forwarded: none lost, none sent
                twice.
              </li>
            </ul>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>3. Trigger</CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col gap-3 text-sm">
            <p>
              {sandbox
                ? "Raise any event type by running the sandbox's own flow (a purchase, a settlement, a dispute, a payout...):"
                : "Triggering runs the sandbox's flows: use it against a sandbox deployment of the console."}
            </p>
            <CliCommand label="trigger a settlement" command="npx card-console trigger transaction.settled" />
            <CliCommand label="list the types" command="npx card-console trigger --list" />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Events and webhooks</CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col gap-3 text-sm">
            <CliCommand
              label="list events"
              command="npx card-console events list --type card.frozen --limit 10"
            />
            <CliCommand label="get an event" command="npx card-console events get evt_..." />
            <CliCommand
              label="resend an event"
              command="npx card-console events resend evt_... --webhook whk_..."
            />
            <CliCommand label="test a webhook" command="npx card-console webhooks test whk_..." />
            <p className="text-muted">
              The same events as{" "}
              <Link href="/developers/events" className="underline underline-offset-2">
                Events
              </Link>{" "}
              and <code className="font-mono">GET /api/v1/events</code>.
            </p>
          </CardBody>
        </Card>
      </div>
    </>
  );
}

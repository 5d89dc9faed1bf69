import { Inbox, Mail, MessageSquare } from "lucide-react";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { Timestamp } from "@/components/ui/timestamp";
import { codeInMessage, type OutboxEntry, outboxHref } from "./types";

function Message({ message, path }: { message: OutboxEntry; path: string }) {
  const code = codeInMessage(message.body);
  const Icon = message.channel === "email" ? Mail : MessageSquare;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <Icon
            className="size-4 shrink-0 text-muted"
            aria-label={message.channel === "email" ? "Email" : "SMS"}
          />
          <Link
            href={outboxHref(path, message.to)}
            className="font-mono break-all text-accent hover:underline"
            title="Only messages to this recipient"
          >
            {message.to}
          </Link>
          <Timestamp iso={message.createdAt} className="text-xs whitespace-nowrap text-muted" />
          {message.staffAccess ? (
            <span
              className="rounded-full border border-warning-border bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning"
              title="It lets its reader join the team: only admins see it here."
            >
              Admins only
            </span>
          ) : null}
        </div>
        {message.subject ? <p className="text-sm font-medium">{message.subject}</p> : null}
        <p className="text-sm break-words whitespace-pre-wrap text-muted">{message.body}</p>
      </div>
      {code ? (
        <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
          <span
            className="font-mono text-2xl font-semibold tracking-[0.2em] tabular-nums"
            aria-label={`Code ${code.split("").join(" ")}`}
          >
            {code}
          </span>
          <CopyButton value={code} label="Copy code" />
        </div>
      ) : null}
    </li>
  );
}

/** Newest first; the one-time code of each message stands out so it can be typed or copied at once. */
export function OutboxList({
  messages,
  path,
  to,
}: {
  messages: OutboxEntry[];
  path: string;
  to: string | null;
}) {
  if (messages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <Inbox className="size-6 text-muted" aria-hidden />
        <p className="font-medium">{to ? "No messages to this recipient" : "No messages yet"}</p>
        <p className="max-w-sm text-sm text-muted">
          Emails and text messages the sandbox would have sent (verification codes, sign-in codes) appear here
          within seconds.
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Messages">
      {messages.map((m) => (
        <Message key={m.id} message={m} path={path} />
      ))}
    </ul>
  );
}

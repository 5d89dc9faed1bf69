"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { SessionView } from "@/lib/contracts/team";

/** A short browser label from the user agent, without a parsing library. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const name = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${name} on ${os}` : name;
}

export function SessionsList({
  sessions,
  revoke,
  signOutEverywhere,
}: {
  sessions: SessionView[];
  revoke: Action<{ sessionId: string }, { session_id: string; revoked: true }>;
  signOutEverywhere: Action<Record<string, never>, { sessions_ended: number }>;
}) {
  const router = useRouter();
  const revoking = useAction(revoke);
  const everywhere = useAction(signOutEverywhere);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-border text-sm">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{browserOf(s.user_agent)}</span>
              {s.current ? <span className="text-success"> · this browser</span> : null}
              <span className="block text-xs text-muted">
                {s.ip ?? "unknown address"} · signed in <Timestamp iso={s.created_at} seconds={false} />
              </span>
            </span>
            {s.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                disabled={revoking.pending}
                onClick={async () => (await revoking.run({ sessionId: s.id })).ok && router.refresh()}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {revoking.error ? <Alert tone="error">{revoking.error.message}</Alert> : null}
      {everywhere.error ? <Alert tone="error">{everywhere.error.message}</Alert> : null}
      {everywhere.data ? (
        <Alert tone="success">
          Signed out everywhere else: {everywhere.data.sessions_ended} session(s). Access tokens were revoked
          too.
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        className="self-start"
        disabled={everywhere.pending}
        onClick={async () => (await everywhere.run({})).ok && router.refresh()}
      >
        Sign out everywhere else{others ? ` (${others})` : ""}
      </Button>
    </div>
  );
}

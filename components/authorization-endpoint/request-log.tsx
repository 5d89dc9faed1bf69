import Link from "next/link";
import { transactionHref } from "@/components/transactions/filters";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Timestamp } from "@/components/ui/timestamp";
import type { EndpointRequestView } from "@/lib/contracts/authorization-endpoint";

export const OUTCOMES: Record<EndpointRequestView["outcome"], { label: string; tone: BadgeTone }> = {
  approved: { label: "Approved", tone: "success" },
  partial: { label: "Partly approved", tone: "success" },
  declined: { label: "Declined", tone: "danger" },
  timeout: { label: "Timed out", tone: "warning" },
  connection_error: { label: "Connection failed", tone: "warning" },
  non_2xx: { label: "Non-2xx status", tone: "warning" },
  malformed: { label: "Unreadable answer", tone: "warning" },
};

/** Each block scrolls, so it takes the keyboard's focus (as components/webhooks/body-view.tsx). */
const pre =
  "max-h-64 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs break-all whitespace-pre-wrap";

function pretty(text: string | null): string {
  if (text === null) return "—";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One call as sent and as answered (the request log, "Send test authorization"). */
export function RequestDetails({ r }: { r: EndpointRequestView }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-xs font-medium text-muted uppercase">Request headers</p>
      <pre className={pre} tabIndex={0} aria-label="Request headers">
        {Object.entries(r.request_headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n")}
      </pre>
      <p className="text-xs font-medium text-muted uppercase">Request body</p>
      <pre className={pre} tabIndex={0} aria-label="Request body">
        {pretty(r.request_body)}
      </pre>
      <p className="text-xs font-medium text-muted uppercase">
        Answer {r.response_status !== null ? `(HTTP ${r.response_status})` : ""}
      </p>
      <pre className={pre} tabIndex={0} aria-label="Answer">
        {r.error && r.response_body === null ? r.error : pretty(r.response_body)}
      </pre>
      {r.late_response_status !== null ? (
        <p className="text-xs text-muted">
          A late answer (HTTP {r.late_response_status}, after {r.late_latency_ms} ms) was recorded and
          ignored: <code className="break-all">{r.late_response_body}</code>
        </p>
      ) : null}
    </div>
  );
}

/** The newest calls, each opening to its request and answer; stacks on a phone (no table). */
export function RequestLog({ requests }: { requests: EndpointRequestView[] }) {
  if (requests.length === 0)
    return <p className="px-5 py-4 text-sm text-muted">No calls yet. Send a test authorization.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Last requests">
      {requests.map((r) => (
        <li key={r.request_id}>
          <details className="group px-5 py-3">
            <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Timestamp iso={r.created_at} />
              <Badge tone={OUTCOMES[r.outcome].tone}>{OUTCOMES[r.outcome].label}</Badge>
              <span className="tabular-nums">{r.latency_ms} ms</span>
              <span className="text-muted">
                {r.response_status !== null ? `HTTP ${r.response_status}` : "no answer"}
              </span>
              {r.transaction_id ? (
                <span className="font-mono text-xs text-muted">{r.transaction_id}</span>
              ) : (
                <span className="text-xs text-muted">test</span>
              )}
            </summary>
            <div className="mt-3">
              {/* The link sits here, not in the summary: a link inside a summary is a control inside a control. */}
              {r.transaction_id ? (
                <p className="mb-2 text-sm">
                  Transaction{" "}
                  <Link
                    href={transactionHref(r.transaction_id)}
                    className="font-mono text-xs text-accent hover:underline"
                  >
                    {r.transaction_id}
                  </Link>
                </p>
              ) : null}
              <RequestDetails r={r} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

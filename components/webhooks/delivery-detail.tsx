import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { WebhookAttemptView, WebhookDeliveryDetail } from "@/lib/contracts/webhook-deliveries";
import { Timestamp } from "../ui/timestamp";
import { BodyView } from "./body-view";
import { HttpStatus } from "./status-badges";

/** The request body: indented JSON, with copy buttons (the exact bytes sent, or as shown). */
export function RequestBody({ body }: { body: string }) {
  return <BodyView body={body} label="request body" testId="request-body" />;
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="text-sm text-muted">None recorded.</p>;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[auto_1fr]">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{k}</dt>
          <dd className="mb-1 break-all sm:mb-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Attempt({ a }: { a: WebhookAttemptView }) {
  const ok = a.response_status !== null && a.response_status >= 200 && a.response_status < 300;
  return (
    <Card aria-labelledby={`attempt-${a.attempt}`}>
      <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id={`attempt-${a.attempt}`} className="text-sm">
          Attempt {a.attempt} · {ok ? "succeeded" : "failed"}
        </CardTitle>
        <span className="text-xs text-muted">
          <Timestamp iso={a.started_at} /> · {a.duration_ms} ms
        </span>
      </CardHeader>
      <CardBody className="text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">Response status</dt>
          <dd>
            <HttpStatus status={a.response_status} />
          </dd>
          <dt className="text-muted">Duration</dt>
          <dd className="tabular-nums">{a.duration_ms} ms</dd>
          {a.error ? (
            <>
              <dt className="text-muted">Error</dt>
              <dd className="break-words text-danger">{a.error}</dd>
            </>
          ) : null}
          <dt className="text-muted">Next attempt</dt>
          <dd>
            {a.next_attempt_at ? (
              <Timestamp iso={a.next_attempt_at} />
            ) : (
              <span className="text-muted">{ok ? "None: delivered" : "None"}</span>
            )}
          </dd>
        </dl>
        <details>
          <summary className="w-fit cursor-pointer text-sm font-medium text-accent">Request headers</summary>
          <div className="mt-2">
            <Headers headers={a.request_headers} />
          </div>
        </details>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">Response body</span>
          {a.response_body ? (
            <BodyView body={a.response_body} label="response body" maxHeight="max-h-48" />
          ) : (
            <p className="text-sm text-muted">Empty.</p>
          )}
        </div>
      </CardBody>
    </Card>
  );
}

/** Every attempt, newest first (the one that matters most is on top). */
export function AttemptLog({ delivery }: { delivery: WebhookDeliveryDetail }) {
  if (delivery.attempt_log.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-input px-4 py-6 text-sm text-muted">
        No attempt yet: the worker picks the delivery up within moments.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {[...delivery.attempt_log].reverse().map((a) => (
        <Attempt key={a.attempt} a={a} />
      ))}
    </div>
  );
}

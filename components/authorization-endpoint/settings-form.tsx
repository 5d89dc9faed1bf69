"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import {
  type AuthorizationEndpointView,
  type PutAuthorizationEndpointInput,
  SAMPLE_RECEIVER_URL,
} from "@/lib/contracts/authorization-endpoint";
import { STAND_IN_FAILURE_VALUES, type StandInFailure } from "@/lib/enums";
import { StandInFields, standInInput, type StandInState, standInStateOf } from "./stand-in-fields";

const FAILURE_LABELS: Record<StandInFailure, string> = {
  timeout: "No answer in time",
  connection_error: "Connection refused or failed",
  non_2xx: "Answered with a non-2xx status",
  malformed: "Answered something unreadable",
};

/**
 * The endpoint's settings (docs/authorization-endpoint.md, Settings): saving and rotating ask the
 * 2FA step-up. The secret is shown here once, right after creation or rotation.
 */
export function SettingsForm({
  endpoint,
  sandbox,
  save,
  rotate,
}: {
  endpoint: AuthorizationEndpointView | null;
  sandbox: boolean;
  save: Action<PutAuthorizationEndpointInput, AuthorizationEndpointView>;
  rotate: Action<{ grace_hours?: number }, AuthorizationEndpointView>;
}) {
  const router = useRouter();
  const guarded = useStepUp();
  const saving = useAction((input: PutAuthorizationEndpointInput) => guarded(() => save(input)));
  const rotating = useAction((input: { grace_hours?: number }) => guarded(() => rotate(input)));
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? false);
  const [timeout, setTimeoutMs] = useState(String(endpoint?.timeout_ms ?? 1500));
  const [standIn, setStandIn] = useState<Record<StandInFailure, StandInState>>(() =>
    standInStateOf(endpoint),
  );
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const res = await saving.run({
      url: url.trim(),
      enabled,
      timeout_ms: Number(timeout),
      stand_in: standInInput(standIn),
    });
    if (res.ok) {
      setSecret(res.data.secret ?? null);
      router.refresh();
    }
  }
  async function rotateNow() {
    const res = await rotating.run({ grace_hours: 24 });
    if (res.ok) setSecret(res.data.secret ?? null);
  }
  const error = saving.error ?? rotating.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>
          Called on every authorization that passes the spending controls, with a signed request; its answer
          approves, approves part, or declines. Saving asks for your authenticator code.
        </CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label="Endpoint settings">
          <Field
            label="URL"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://auth.example.com/authorize"
            required
            hint={
              sandbox ? `Or the built-in sample receiver: ${SAMPLE_RECEIVER_URL}` : "https, public address"
            }
          />
          {sandbox ? (
            <div>
              <Button variant="secondary" onClick={() => setUrl(SAMPLE_RECEIVER_URL)}>
                Use the sample receiver
              </Button>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <input
              id="endpoint-enabled"
              type="checkbox"
              className="size-4"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            <Label htmlFor="endpoint-enabled">Enabled: every authorization asks this endpoint</Label>
          </div>
          <Field
            label="Timeout (ms)"
            type="number"
            min={100}
            max={2500}
            value={timeout}
            onChange={(e) => setTimeoutMs(e.target.value)}
            hint="100 to 2,500; then the stand-in rule decides."
          />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">
              Stand-in rules: when the endpoint cannot answer
            </legend>
            {STAND_IN_FAILURE_VALUES.map((failure) => (
              <StandInFields
                key={failure}
                label={FAILURE_LABELS[failure]}
                value={standIn[failure]}
                onChange={(next) => setStandIn((all) => ({ ...all, [failure]: next }))}
              />
            ))}
          </fieldset>
          {error ? <Alert tone="error">{error.message}</Alert> : null}
          {secret ? (
            <Alert tone="success" className="flex flex-col gap-2">
              <span>The signing secret, shown this once: keep it in your receiver.</span>
              <code className="font-mono text-xs break-all">{secret}</code>
              <div>
                <CopyButton value={secret} label="Copy secret" />
              </div>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving.pending}>
              Save
            </Button>
            {endpoint ? (
              <Button variant="secondary" onClick={() => void rotateNow()} disabled={rotating.pending}>
                Rotate secret
              </Button>
            ) : null}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { InvitationView, InviteMemberInput } from "@/lib/contracts/team";
import { type Role, ROLES } from "@/lib/scopes";
import { ROLE_HINTS, selectClass } from "./roles";

/**
 * Invite by email: the link goes out by email (in sandbox, to the Sandbox page's outbox). An
 * invitation makes a lasting account, so it goes through the 2FA step-up.
 */
export function InviteForm({ invite }: { invite: Action<InviteMemberInput, InvitationView> }) {
  const router = useRouter();
  const guarded = useStepUp();
  const inviting = useAction((input: InviteMemberInput) => guarded(() => invite(input)));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("operator");
  const [sent, setSent] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(undefined);
    const res = await inviting.run({ email, role });
    if (res.ok) {
      setSent(res.data.email);
      setEmail("");
      router.refresh();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={inviting.error?.fields?.email}
          required
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <select
            id="invite-role"
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            className={selectClass}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" className="sm:mt-6" disabled={inviting.pending} aria-busy={inviting.pending}>
          Send invitation
        </Button>
      </div>
      <p className="text-xs text-muted">{ROLE_HINTS[role]}</p>
      {inviting.error && !inviting.error.fields ? <Alert tone="error">{inviting.error.message}</Alert> : null}
      {sent ? (
        <Alert tone="success">Invitation sent to {sent}. The link works once, for 7 days.</Alert>
      ) : null}
    </form>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { SecuritySettings } from "@/lib/contracts/team";

/** The organization setting "require 2FA for every member". */
export function RequireTwoFactor({
  value,
  save,
}: {
  value: boolean;
  save: Action<SecuritySettings, SecuritySettings>;
}) {
  const router = useRouter();
  const saving = useAction(save);
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={value}
          disabled={saving.pending}
          onChange={async (e) =>
            (await saving.run({ require_two_factor: e.target.checked })).ok && router.refresh()
          }
        />
        <span>
          <strong className="font-medium">Require two-factor authentication for every member.</strong> Members
          without it must set it up before they can use the console.
        </span>
      </label>
      {saving.error ? <Alert tone="error">{saving.error.message}</Alert> : null}
    </div>
  );
}

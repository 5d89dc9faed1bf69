"use client";

import { Plus, ShieldAlert } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { KeyList } from "./key-list";
import type { KeyDialog } from "./types";
import type { ApiKeyActions, OnKeyChanged, ReturnFocus } from "./types";

// The dialogs load when one opens: they (and zod, Radix Dialog) are not in the page's first load.
const CreateKeyDialog = dynamic(() => import("./create-key-dialog").then((m) => m.CreateKeyDialog), {
  ssr: false,
});
const RotateKeyDialog = dynamic(() => import("./rotate-key-dialog").then((m) => m.RotateKeyDialog), {
  ssr: false,
});
const RevokeKeyDialog = dynamic(() => import("./revoke-key-dialog").then((m) => m.RevokeKeyDialog), {
  ssr: false,
});
const EditScopesDialog = dynamic(() => import("./edit-scopes-dialog").then((m) => m.EditScopesDialog), {
  ssr: false,
});

interface ApiKeysManagerProps {
  keys: ApiKeyView[];
  /** Keys past their expiry when the page was rendered. */
  expiredIds: string[];
  /** The admin has 2FA on: needed for every change to keys. */
  twoFactorEnabled: boolean;
  actions: ApiKeyActions;
}

/** The keys card: list, create button and the dialogs; after each change the server page re-renders. */
export function ApiKeysManager({ keys, expiredIds, twoFactorEnabled, actions }: ApiKeysManagerProps) {
  const router = useRouter();
  const [dialog, setDialog] = useState<KeyDialog | { kind: "create" } | null>(null);
  const [notice, setNotice] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const keyGone = useRef(false);

  function open(next: NonNullable<typeof dialog>) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    keyGone.current = false;
    setNotice(undefined);
    setDialog(next);
  }
  const close = () => setDialog(null);
  const changed: OnKeyChanged = (text, opts) => {
    setNotice(text);
    if (opts?.keyGone) keyGone.current = true;
    router.refresh();
  };
  // Back to the button that opened the dialog; after a revocation that button goes away, so the
  // list's heading takes focus (and the status line above the list says what happened).
  const returnFocus: ReturnFocus = (event) => {
    event.preventDefault();
    const target = !keyGone.current && opener.current?.isConnected ? opener.current : heading.current;
    target?.focus();
  };
  const active = keys.filter((k) => k.status === "active").length;

  return (
    <Card aria-labelledby="keys-title">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="keys-title" ref={heading} tabIndex={-1} className="outline-none">
            Keys
          </CardTitle>
          <CardDescription>
            {keys.length === 0 ? "None yet." : `${active} active, ${keys.length - active} revoked.`} The
            secret is shown once, when a key is created or rotated.
          </CardDescription>
        </div>
        {twoFactorEnabled ? (
          <Button onClick={() => open({ kind: "create" })} className="self-start">
            <Plus aria-hidden />
            Create key
          </Button>
        ) : null}
      </CardHeader>
      {!twoFactorEnabled ? (
        <div className="border-b border-border px-5 py-4">
          <Alert tone="warning" className="flex gap-2">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Creating, rotating or revoking keys needs two-factor authentication, and yours is off.{" "}
              <Link href="/settings/security" className="font-medium underline">
                Turn it on in Settings → Security
              </Link>
              , then come back here.
            </span>
          </Alert>
        </div>
      ) : null}
      {notice ? (
        <div className="border-b border-border px-5 py-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <KeyList keys={keys} expiredIds={expiredIds} canManage={twoFactorEnabled} onAction={open} />

      {dialog?.kind === "create" ? (
        <CreateKeyDialog
          create={actions.create}
          onClose={close}
          onChanged={changed}
          returnFocus={returnFocus}
        />
      ) : null}
      {dialog?.kind === "rotate" ? (
        <RotateKeyDialog
          apiKey={dialog.key}
          rotate={actions.rotate}
          onClose={close}
          onChanged={changed}
          returnFocus={returnFocus}
        />
      ) : null}
      {dialog?.kind === "revoke" ? (
        <RevokeKeyDialog
          apiKey={dialog.key}
          revoke={actions.revoke}
          onClose={close}
          onChanged={changed}
          returnFocus={returnFocus}
        />
      ) : null}
      {dialog?.kind === "scopes" ? (
        <EditScopesDialog
          apiKey={dialog.key}
          setPermissions={actions.setPermissions}
          onClose={close}
          onChanged={changed}
          returnFocus={returnFocus}
        />
      ) : null}
    </Card>
  );
}

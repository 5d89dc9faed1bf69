"use client";

import { Plus } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { WebhookActions } from "./types";

// Loaded when opened: the form (and zod, the event list, Radix Dialog) is not in the page's first load.
const WebhookFormDialog = dynamic(() => import("./webhook-form-dialog").then((m) => m.WebhookFormDialog), {
  ssr: false,
});

/**
 * The endpoints card: its header with "Add webhook", the status line, the list (rendered by the server page)
 * and the create dialog.
 */
export function WebhooksManager({
  count,
  actions,
  children,
}: {
  count: number;
  actions: Pick<WebhookActions, "create" | "update">;
  children: ReactNode;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <Card aria-labelledby="endpoints-title">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="endpoints-title">Endpoints</CardTitle>
          <CardDescription>
            {count === 0 ? "None yet." : `${count} registered.`} Open one to edit it, see its secret or send a
            test event.
          </CardDescription>
        </div>
        <Button
          ref={opener}
          className="self-start"
          onClick={() => {
            setNotice(undefined);
            setOpen(true);
          }}
        >
          <Plus aria-hidden />
          Add webhook
        </Button>
      </CardHeader>
      {notice ? (
        <div className="border-b border-border px-5 py-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      {children}
      {open ? (
        <WebhookFormDialog
          actions={actions}
          onClose={() => setOpen(false)}
          onChanged={(text) => {
            setNotice(text);
            router.refresh();
          }}
          returnFocus={(e) => {
            e.preventDefault();
            opener.current?.focus();
          }}
        />
      ) : null}
    </Card>
  );
}

"use client";

import * as Tooltip from "@radix-ui/react-tooltip";
import { ListChecks, type LucideIcon, RefreshCw, Trash2 } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import type { KeyDialog } from "./types";

type OnAction = (dialog: KeyDialog) => void;

const ACTIONS: {
  kind: KeyDialog["kind"];
  short: string;
  tip: string;
  name: (key: string) => string;
  icon: LucideIcon;
  danger?: boolean;
}[] = [
  {
    kind: "scopes",
    short: "Scopes",
    tip: "Edit scopes",
    name: (k) => `Edit scopes of ${k}`,
    icon: ListChecks,
  },
  { kind: "rotate", short: "Rotate", tip: "Rotate the secret", name: (k) => `Rotate ${k}`, icon: RefreshCw },
  {
    kind: "revoke",
    short: "Revoke",
    tip: "Revoke for good",
    name: (k) => `Revoke ${k}`,
    icon: Trash2,
    danger: true,
  },
];

const base =
  "inline-flex items-center justify-center rounded-md border text-sm " +
  "font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0";
const tone = (danger?: boolean) =>
  danger
    ? "border-danger-border bg-surface text-danger hover:bg-danger-soft"
    : "border-input bg-surface text-foreground hover:bg-surface-muted";

/**
 * A key's actions. In the table they are icon buttons (with a tooltip on hover and focus) so the
 * row stays one line high; in the phone layout, a row of three labelled buttons. Either way the
 * accessible name says which key: "Rotate Billing server".
 */
export function KeyActions({
  apiKey,
  onAction,
  compact,
}: {
  apiKey: ApiKeyView;
  onAction: OnAction;
  compact: boolean;
}) {
  if (!compact) {
    return (
      <div className="grid grid-cols-3 gap-2">
        {ACTIONS.map((a) => (
          <button
            key={a.kind}
            type="button"
            aria-label={a.name(apiKey.name)}
            className={cn(base, tone(a.danger), "h-9 px-2")}
            onClick={() => onAction({ kind: a.kind, key: apiKey })}
          >
            {a.short}
          </button>
        ))}
      </div>
    );
  }
  return (
    <Tooltip.Provider delayDuration={200}>
      <div className="flex justify-end gap-1.5">
        {ACTIONS.map((a) => (
          <Tooltip.Root key={a.kind}>
            <Tooltip.Trigger asChild>
              <button
                type="button"
                aria-label={a.name(apiKey.name)}
                className={cn(base, tone(a.danger), "size-8")}
                onClick={() => onAction({ kind: a.kind, key: apiKey })}
              >
                <a.icon aria-hidden />
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                sideOffset={6}
                className="z-50 rounded-md bg-primary px-2 py-1 text-xs text-primary-foreground shadow"
              >
                {a.tip}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        ))}
      </div>
    </Tooltip.Provider>
  );
}

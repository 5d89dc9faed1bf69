"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { useRef } from "react";
import { cardAction, type CardActionName } from "@/components/customers/card-action-list";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

const itemClass =
  "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm " +
  "outline-none select-none data-[highlighted]:bg-surface-muted";

const labelOf = (a: CardActionName) => cardAction(a).label.replace("…", "");

/**
 * A card's changes as the card page and a customer's card list offer them: freeze or unfreeze as
 * a button of its own, everything else (block, unblock, then the permanent void and reports, in
 * red and set apart) in a "More actions" menu that the keyboard opens and walks (Radix). `onPick`
 * gets the element that opened the change, so the dialog can give the focus back to it.
 */
export function CardActionControls({
  cardLabel,
  allowed,
  onPick,
  emphasis = "primary",
}: {
  /** The card in words ("•••• 4242"), for the menu button's accessible name. */
  cardLabel: string;
  allowed: CardActionName[];
  onPick: (action: CardActionName, opener: HTMLElement) => void;
  /** The freeze button's look: filled on the card's page, quieter in a table's rows. */
  emphasis?: "primary" | "secondary";
}) {
  const primary = allowed.filter((a) => cardAction(a).primary);
  const reversible = allowed.filter((a) => !cardAction(a).primary && !cardAction(a).irreversible);
  const permanent = allowed.filter((a) => cardAction(a).irreversible);
  const more = [...reversible, ...permanent];
  const trigger = useRef<HTMLButtonElement>(null);
  // A menu item goes away with the menu: the focus belongs back on the menu's button.
  const pickFromMenu = (a: CardActionName) => () => {
    if (trigger.current) onPick(a, trigger.current);
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {primary.map((a, i) => (
        <Button
          // Keyed by place, not by action: Freeze turning into Unfreeze keeps the focused button.
          key={i}
          variant={emphasis}
          size="sm"
          onClick={(e) => onPick(a, e.currentTarget)}
        >
          {labelOf(a)}
        </Button>
      ))}
      {more.length > 0 ? (
        // Not modal: the confirmation dialog opens as the menu closes, and must get the focus.
        <Menu.Root modal={false}>
          <Menu.Trigger asChild>
            <Button ref={trigger} variant="secondary" size="sm" aria-label={`More actions for ${cardLabel}`}>
              More actions
              <ChevronDown className="text-muted" aria-hidden />
            </Button>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-48 rounded-md border border-border bg-surface p-1 text-foreground shadow-lg"
            >
              {reversible.map((a) => (
                <MenuItem key={a} action={a} onSelect={pickFromMenu(a)} />
              ))}
              {reversible.length && permanent.length ? (
                <Menu.Separator className="my-1 h-px bg-border" />
              ) : null}
              {permanent.length ? (
                <Menu.Label className="px-2 pt-1 pb-0.5 text-xs text-muted">Permanent</Menu.Label>
              ) : null}
              {permanent.map((a) => (
                <MenuItem key={a} action={a} onSelect={pickFromMenu(a)} />
              ))}
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      ) : null}
    </span>
  );
}

function MenuItem({ action, onSelect }: { action: CardActionName; onSelect: () => void }) {
  return (
    <Menu.Item
      className={cn(itemClass, cardAction(action).tone === "danger" && "text-danger")}
      onSelect={onSelect}
    >
      {cardAction(action).label}
    </Menu.Item>
  );
}

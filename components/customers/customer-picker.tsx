"use client";

import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { FieldMessages } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { SearchHit } from "@/lib/contracts/search";
import { searchCustomers } from "./customer-search-action";

/** A customer the operator picked from the list. */
export interface PickedCustomer {
  svcCardId: string;
  email: string;
}

export interface CustomerPickerProps {
  /**
   * The form field the picker submits (a hidden input): the picked customer's svc_card_id, or,
   * while nothing is picked, the text as typed (so a pasted svc_card_id, record id or external id
   * still works; the server resolves it).
   */
  name: string;
  /** The visible label of the text box. */
  label: string;
  /** The customer to start with: a svc_card_id (shown as typed until the operator searches). */
  defaultValue?: string;
  /** Called with the customer picked, and with null as soon as the text is edited again. */
  onSelect?: (customer: PickedCustomer | null) => void;
  /** Called with the value the form would submit, on every change (for controlled forms). */
  onValueChange?: (value: string) => void;
  /** A line under the box, tied to it. */
  hint?: string;
  /** A message under the box; marks it invalid. */
  error?: string;
  placeholder?: string;
  /** Fixed: shown, submitted, not searchable (a dialog opened from the customer's page). */
  readOnly?: boolean;
  className?: string;
}

const DEBOUNCE_MS = 200;

/**
 * The one customer picker (ARIA 1.2 combobox with a listbox): type any fragment of an email, an
 * external id, a card's last four or any id (svc_card_id, card, card token, transaction); the
 * matches come from the global search (server/search/global.ts, customers only). Arrows move,
 * Enter picks, Escape closes the list; the form gets the svc_card_id in the field `name`.
 */
export function CustomerPicker({
  name,
  label,
  defaultValue = "",
  onSelect,
  onValueChange,
  hint,
  error,
  placeholder = "Email, last four or any id",
  readOnly,
  className,
}: CustomerPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const [text, setText] = useState(defaultValue);
  const [picked, setPicked] = useState<PickedCustomer | null>(null);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [answered, setAnswered] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const q = text.trim();
    if (!open || picked || !q) return;
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      void searchCustomers({ q, only: "customers" })
        .catch(() => null)
        .then((res) => {
          if (mine !== seq.current) return;
          setFailed(!res?.ok);
          setHits(res?.ok ? res.data.hits : []);
          setAnswered(q);
          setActive(0);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open, picked]);

  const value = picked?.svcCardId ?? text.trim();
  const current = answered === text.trim() ? hits : [];
  const expanded = open && !picked && text.trim() !== "" && current.length > 0;

  function edit(next: string) {
    setText(next);
    setOpen(true);
    if (picked) onSelect?.(null);
    setPicked(null);
    onValueChange?.(next.trim());
  }

  function pick(hit: SearchHit | undefined) {
    if (!hit) return;
    const customer = { svcCardId: hit.id, email: hit.title };
    setPicked(customer);
    setText(hit.title);
    setOpen(false);
    onSelect?.(customer);
    onValueChange?.(customer.svcCardId);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, current.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && expanded) {
      e.preventDefault();
      pick(current[active]);
    } else if (e.key === "Escape" && expanded) {
      // The list closes, not what holds the picker (a sheet's or a form's own Escape).
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  }

  const status = !open || picked || !text.trim() || answered !== text.trim() ? "" : statusOf(current, failed);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {/* relative: the list opens right under the box, over the hint and the fields below. */}
      <div className="relative">
        <Input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId, `${id}-status`].filter(Boolean).join(" ")}
          value={text}
          onChange={(e) => edit(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => !readOnly && setOpen(true)}
          onBlur={() => setOpen(false)}
          readOnly={readOnly}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          placeholder={placeholder}
          data-testid="customer-picker"
        />
        <input type="hidden" name={name} value={value} />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} matches`}
          hidden={!expanded}
          className={cn(
            "absolute top-full right-0 left-0 z-50 mt-1 max-h-72 overflow-y-auto rounded-md border",
            "border-border bg-surface p-1 shadow-lg",
          )}
        >
          {current.map((hit, i) => (
            <li
              key={hit.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the box keeps focus (its blur would close the list first).
              onMouseDown={(e) => {
                e.preventDefault();
                pick(hit);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                "flex cursor-pointer flex-col rounded px-2 py-1.5 text-sm",
                i === active ? "bg-surface-muted" : "",
              )}
            >
              <span className="truncate font-medium">{hit.title}</span>
              <span className="truncate font-mono text-xs text-muted">{hit.detail}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {status}
      </p>
      {picked ? (
        <p className="text-xs text-muted">
          Customer <code className="font-mono">{picked.svcCardId}</code>
        </p>
      ) : null}
      {open && !picked && !failed && answered === text.trim() && text.trim() && current.length === 0 ? (
        <p className="text-xs text-muted">
          No customer matches. Try part of the email, a last four or an id.
        </p>
      ) : null}
      {failed && open ? (
        <p className="text-xs text-danger">Search is not available right now. Try again.</p>
      ) : null}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * A dialog's onEscapeKeyDown (Radix) around a picker: Escape while the picker's list is open closes
 * the list only. Radix reads Escape on the document in the capture phase, before the picker's own
 * handler can stop it, so the dialog asks whether it came from an open combobox.
 */
export function keepOpenOnListEscape(e: globalThis.KeyboardEvent): void {
  const from = e.target;
  if (
    from instanceof HTMLElement &&
    from.getAttribute("role") === "combobox" &&
    from.getAttribute("aria-expanded") === "true"
  )
    e.preventDefault();
}

function statusOf(hits: SearchHit[], failed: boolean): string {
  if (failed) return "Search is not available right now.";
  if (hits.length === 0) return "No customer matches.";
  return `${hits.length} ${hits.length === 1 ? "customer" : "customers"} found. Use the arrow keys to choose.`;
}

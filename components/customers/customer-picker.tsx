"use client";

import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { ComboboxList, useCombobox } from "@/components/ui/combobox";
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
  const current = answered === text.trim() ? hits : [];
  const box = useCombobox({ listId, options: current, shown: !picked && text.trim() !== "", onPick: pick });
  const { open, setActive } = box;
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
  }, [text, open, picked, setActive]);

  const value = picked?.svcCardId ?? text.trim();

  function edit(next: string) {
    setText(next);
    box.setOpen(true);
    if (picked) onSelect?.(null);
    setPicked(null);
    onValueChange?.(next.trim());
  }

  function pick(hit: SearchHit) {
    const customer = { svcCardId: hit.id, email: hit.title };
    setPicked(customer);
    setText(hit.title);
    onSelect?.(customer);
    onValueChange?.(customer.svcCardId);
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
          {...box.inputProps}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId, `${id}-status`].filter(Boolean).join(" ")}
          value={text}
          onChange={(e) => edit(e.target.value)}
          onFocus={() => !readOnly && box.setOpen(true)}
          readOnly={readOnly}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          placeholder={placeholder}
          data-testid="customer-picker"
        />
        <input type="hidden" name={name} value={value} />
        <ComboboxList
          box={box}
          label={`${label} matches`}
          optionKey={(hit) => hit.id}
          optionClassName="flex cursor-pointer flex-col rounded px-2 py-1.5 text-sm"
        >
          {(hit) => (
            <>
              <span className="truncate font-medium">{hit.title}</span>
              <span className="truncate font-mono text-xs text-muted">{hit.detail}</span>
            </>
          )}
        </ComboboxList>
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

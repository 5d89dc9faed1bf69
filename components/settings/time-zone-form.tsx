"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type KeyboardEvent, useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldMessages } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import { type Action, transportError } from "@/lib/action-result";

type TimeZone = { time_zone: string };

interface TimeZoneFormProps {
  saved: string;
  /** Every zone offered (the server's Intl.supportedValuesOf("timeZone"), UTC first). */
  zones: readonly string[];
  /** Absent for non-admins: read only. */
  save?: Action<TimeZone, TimeZone>;
}

const SHOWN = 50;

/** "berlin", "europe/ber", "new york" all find their zone: case and _ vs space do not matter. */
function matches(zones: readonly string[], text: string): string[] {
  const q = text.trim().toLowerCase().replace(/\s+/g, "_");
  if (!q) return zones.slice(0, SHOWN);
  return zones.filter((z) => z.toLowerCase().includes(q)).slice(0, SHOWN);
}

/**
 * The program's time zone as an ARIA 1.2 combobox over the IANA zones: type part of a name, arrows
 * move, Enter picks, Escape closes. Only a zone of the list is saved (the server checks it again).
 */
export function TimeZoneForm({ saved: initial, zones, save }: TimeZoneFormProps) {
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const [saved, setSaved] = useState(initial);
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string }>();
  const saving = useAction(async (input: TimeZone) => (save ? save(input) : transportError()));
  const hits = useMemo(() => matches(zones, text), [zones, text]);
  const chosen = zones.find((z) => z.toLowerCase() === text.trim().toLowerCase());
  const expanded = open && hits.length > 0;
  const error =
    text.trim() && !chosen && !open ? "Pick a zone from the list, e.g. Europe/Berlin." : undefined;

  function pick(zone: string | undefined) {
    if (!zone) return;
    setText(zone);
    setOpen(false);
    setStatus(undefined);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, hits.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && expanded) {
      e.preventDefault();
      pick(hits[active]);
    } else if (e.key === "Escape" && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    const res = await saving.run({ time_zone: chosen });
    if (!res.ok) {
      setStatus({ tone: "error", text: res.error.fields?.time_zone ?? res.error.message });
      return;
    }
    setSaved(res.data.time_zone);
    setText(res.data.time_zone);
    setStatus({
      tone: "success",
      text: `Saved. New windows start at midnight in ${res.data.time_zone}; windows already counted stay.`,
    });
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      {!save ? <Alert>Only admins change the time zone.</Alert> : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>Time zone</Label>
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
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
              setStatus(undefined);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => save && setOpen(true)}
            onBlur={() => setOpen(false)}
            readOnly={!save}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            data-testid="time-zone"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Time zones"
            hidden={!expanded}
            className={cn(
              "absolute top-full right-0 left-0 z-50 mt-1 max-h-72 overflow-y-auto rounded-md border",
              "border-border bg-surface p-1 shadow-lg",
            )}
          >
            {hits.map((zone, i) => (
              <li
                key={zone}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // mousedown, not click: the box keeps focus (its blur would close the list first).
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(zone);
                }}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  "cursor-pointer truncate rounded px-2 py-1.5 text-sm",
                  i === active ? "bg-surface-muted" : "",
                )}
              >
                {zone}
              </li>
            ))}
          </ul>
        </div>
        <FieldMessages
          hint="Daily, weekly, monthly and yearly limits start at local midnight here, daylight saving included."
          hintId={`${id}-hint`}
          error={error}
          errorId={`${id}-error`}
        />
      </div>
      {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
      {save ? (
        <div>
          <Button
            type="submit"
            disabled={saving.pending || !chosen || chosen === saved}
            aria-busy={saving.pending}
          >
            Save time zone
          </Button>
        </div>
      ) : null}
    </form>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ComboboxList, useCombobox } from "@/components/ui/combobox";
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
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string }>();
  const saving = useAction(async (input: TimeZone) => (save ? save(input) : transportError()));
  const hits = useMemo(() => matches(zones, text), [zones, text]);
  const box = useCombobox({
    listId,
    options: hits,
    onPick: (zone) => {
      setText(zone);
      setStatus(undefined);
    },
  });
  const chosen = zones.find((z) => z.toLowerCase() === text.trim().toLowerCase());
  const error =
    text.trim() && !chosen && !box.open ? "Pick a zone from the list, e.g. Europe/Berlin." : undefined;

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
            {...box.inputProps}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              box.setOpen(true);
              box.setActive(0);
              setStatus(undefined);
            }}
            onFocus={() => save && box.setOpen(true)}
            readOnly={!save}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            data-testid="time-zone"
          />
          <ComboboxList
            box={box}
            label="Time zones"
            optionKey={(zone) => zone}
            optionClassName="cursor-pointer truncate rounded px-2 py-1.5 text-sm"
          >
            {(zone) => zone}
          </ComboboxList>
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

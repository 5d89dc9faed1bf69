"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A datetime-local value in UTC (the console shows every time in UTC) for `msAgo` ago. */
const utcInput = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 16);

/** The instant a UTC datetime-local value ("2026-11-26T07:43") names. */
export const fromUtcInput = (value: string) => new Date(`${value}:00Z`).toISOString();

/** A From/To range in UTC starting `msBack` ago and ending now; the values as ISO instants. */
export function useUtcRange(msBack: number) {
  const [from, setFrom] = useState(() => utcInput(msBack));
  const [to, setTo] = useState(() => utcInput(0));
  return { from, to, setFrom, setTo, range: () => ({ from: fromUtcInput(from), to: fromUtcInput(to) }) };
}

/** The range's two fields, for the webhook page's replay and send-missed-events forms. */
export function UtcRangeFields({ id, range }: { id: string; range: ReturnType<typeof useUtcRange> }) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-from`}>From (UTC)</Label>
        <Input
          id={`${id}-from`}
          type="datetime-local"
          value={range.from}
          onChange={(e) => range.setFrom(e.target.value)}
          required
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-to`}>To (UTC)</Label>
        <Input
          id={`${id}-to`}
          type="datetime-local"
          value={range.to}
          onChange={(e) => range.setTo(e.target.value)}
          required
        />
      </div>
    </>
  );
}

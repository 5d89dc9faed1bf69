"use client";

import { TZDate } from "@date-fns/tz";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { BacktestResult } from "@/lib/contracts/auth-rules";
import { BacktestResults } from "./backtest-results";

/** Local midnight of a YYYY-MM-DD day in the zone, `plusDays` later, as an ISO instant with offset. */
function localMidnight(day: string, timeZone: string, plusDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays, timeZone).toISOString();
}

/**
 * A backtest of the rule's current version over whole days of the program's history, in its time
 * zone: from the first day's midnight to the end of the last day. The result shows below; earlier
 * ones are listed by the page.
 */
export function BacktestForm({
  ruleId,
  timeZone,
  range,
  run,
}: {
  ruleId: string;
  timeZone: string;
  /** The days first offered (YYYY-MM-DD, local). */
  range: { from: string; to: string };
  run: Action<{ ruleId: string; from: string; to: string }, BacktestResult>;
}) {
  const router = useRouter();
  const running = useAction(run);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [missing, setMissing] = useState<"from" | "to" | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const start = localMidnight(from, timeZone);
    const end = localMidnight(to, timeZone, 1);
    setMissing(start ? (end ? null : "to") : "from");
    if (!start || !end) return;
    const res = await running.run({ ruleId, from: start, to: end });
    if (res.ok) router.refresh();
  }

  const fields = running.error?.fields;
  const dateError = "A date, e.g. 2026-11-01.";
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Backtest">
        <Field
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={missing === "from" ? dateError : fields?.from}
          className="w-full sm:w-44"
        />
        <Field
          label="To (included)"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={missing === "to" ? dateError : fields?.to}
          className="w-full sm:w-44"
        />
        <Button type="submit" disabled={running.pending} aria-busy={running.pending}>
          {running.pending ? "Running…" : "Run backtest"}
        </Button>
      </form>
      <p className="text-xs text-muted">Days in {timeZone}; at most 92 days. Velocity conditions included.</p>
      {running.error && !fields?.from && !fields?.to ? (
        <Alert tone="error">{running.error.message}</Alert>
      ) : null}
      {running.data ? (
        <section aria-label="Backtest result" className="rounded-md border border-border p-3">
          <BacktestResults result={running.data} timeZone={timeZone} />
        </section>
      ) : null}
    </div>
  );
}

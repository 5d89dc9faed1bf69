/**
 * The one date/time format of the console: "26 Nov 2026, 07:43 UTC" (with seconds where they
 * matter, "26 Nov 2026, 07:43:11 UTC"; a date alone is "26 Nov 2026"). Times are shown in UTC
 * with the zone named, or in a program's time zone once it has one (pass `timeZone`, an IANA
 * name). The same text on the server and in the browser, so nothing shifts after hydration,
 * and the same function serves CSV and plain text.
 */

export type TimestampOptions = {
  /** Hours and minutes after the date (default true). */
  withTime?: boolean;
  /** Seconds after the minutes (default true: webhook retries and events can be seconds apart). */
  seconds?: boolean;
  /** An IANA zone name ("Europe/Berlin"); UTC when absent. */
  timeZone?: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(withTime: boolean, seconds: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${withTime}|${seconds}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(withTime
        ? {
            hour: "2-digit",
            minute: "2-digit",
            ...(seconds ? { second: "2-digit" } : {}),
            hourCycle: "h23",
            timeZoneName: "short",
          }
        : {}),
      timeZone,
    } as const);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The text of a timestamp, e.g. "26 Nov 2026, 07:43 UTC"; "" for a value that is not a date. */
export function formatTimestamp(value: string | Date, options: TimestampOptions = {}): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const { withTime = true, seconds = true, timeZone = "UTC" } = options;
  return formatterFor(withTime, seconds, timeZone).format(date);
}

const tickFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A chart axis tick in the same zone: a day ("26 Nov") or an hour of a day ("07:00"); the chart's
 * caption names the zone once (e.g. "per day (UTC)"). A bare day ("2026-11-26") is that UTC day.
 */
export function formatChartTick(value: string | Date, unit: "day" | "hour", timeZone = "UTC"): string {
  const date =
    typeof value === "string"
      ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
      : value;
  if (Number.isNaN(date.getTime())) return "";
  const key = `${unit}|${timeZone}`;
  let formatter = tickFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      "en-GB",
      unit === "day"
        ? { day: "numeric", month: "short", timeZone }
        : { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone },
    );
    tickFormats.set(key, formatter);
  }
  return formatter.format(date);
}

/** A timestamp on a page: the formatted text in a `<time>` that carries the exact instant. */
export function Timestamp({
  iso,
  withTime = true,
  seconds = true,
  timeZone,
  className,
}: {
  iso: string;
  className?: string;
} & TimestampOptions) {
  const text = formatTimestamp(iso, { withTime, seconds, timeZone });
  const full = formatTimestamp(iso, { seconds: true, timeZone });
  return (
    <time dateTime={iso} title={full} className={className ?? "whitespace-nowrap"}>
      {text}
    </time>
  );
}

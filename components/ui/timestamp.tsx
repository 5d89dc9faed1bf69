"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

function format(date: Date, timeZone: string | undefined, seconds: boolean): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/**
 * A time to the second (webhook retries can be seconds apart) with the year and the zone's name
 * ("23 Nov 2026, 14:03:07 CET"). Rendered in UTC on the server, which does not know the viewer's
 * zone, and in local time once in the browser.
 */
export function Timestamp({
  iso,
  seconds = true,
  className,
}: {
  iso: string;
  seconds?: boolean;
  className?: string;
}) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const zone = inBrowser ? undefined : "UTC";
  const text = format(new Date(iso), zone, seconds);
  return (
    <time dateTime={iso} title={iso} className={className ?? "whitespace-nowrap"}>
      {text}
    </time>
  );
}

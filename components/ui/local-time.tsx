"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

function format(date: Date, opts: { timeZone?: string; withTime: boolean }): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(opts.withTime ? { hour: "2-digit", minute: "2-digit", timeZoneName: "short" } : {}),
    timeZone: opts.timeZone,
  }).format(date);
}

/**
 * A timestamp in the viewer's time zone. The server does not know that zone, so the server
 * render (and the hydrating one) says UTC, and the browser switches to local time right after.
 */
export function LocalTime({
  iso,
  withTime = true,
  className,
}: {
  iso: string;
  withTime?: boolean;
  className?: string;
}) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  const zone = inBrowser ? undefined : "UTC";
  const text = format(date, { timeZone: zone, withTime });
  return (
    <time dateTime={iso} title={format(date, { timeZone: zone, withTime: true })} className={className}>
      {text}
    </time>
  );
}

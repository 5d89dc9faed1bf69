/** A dev outbox message as the Sandbox page shows it (plain data from the server page). */
export interface OutboxEntry {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
  /** Mail that grants access to the console (an invitation): only admins are shown it. */
  staffAccess: boolean;
  createdAt: string;
}

/** The one-time code in a message (our codes are 6 digits), to show it big; null when there is none. */
export function codeInMessage(body: string): string | null {
  return /(?<!\d)(\d{6})(?!\d)/.exec(body)?.[1] ?? null;
}

/** The page's URL with or without a recipient filter. */
export function outboxHref(path: string, to?: string | null): string {
  return to ? `${path}?${new URLSearchParams({ to })}` : path;
}

import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The page of an id the audit log names, by its prefix (lib/ids.ts): a customer, a card (by id or
 * token), a card transaction (its drawer on Transactions), a dispute, an API key, a webhook or one
 * of its deliveries, a gateway payment, a team member or invitation. null for ids with no page.
 */
export function idHref(id: string): string | null {
  const prefix = id.slice(0, id.indexOf("_"));
  const e = encodeURIComponent(id);
  switch (prefix) {
    case "sc":
      return `/customers/${e}`;
    case "crd":
    case "ctk":
      return `/cards/${e}`;
    case "txn":
      return `/transactions?tx=${e}`;
    case "dsp":
      return `/disputes/${e}`;
    case "key":
      return "/developers/api-keys";
    case "whk":
      return `/developers/webhooks/${e}`;
    case "whd":
      return `/developers/webhooks/deliveries/${e}`;
    case "gwp":
      return `/gateway/${e}`;
    case "usr":
    case "inv":
      return "/settings/team";
    default:
      return null;
  }
}

const ID = /\b(?:sc|crd|ctk|txn|dsp|key|whk|whd|gwp|usr|inv)_[0-9A-Za-z]{6,}\b/g;

/** An id as a link to its page (monospace either way). */
export function IdLink({ id }: { id: string }) {
  const href = idHref(id);
  const text = <span className="font-mono text-xs break-all">{id}</span>;
  return href ? (
    <Link href={href} className="text-accent hover:underline">
      {text}
    </Link>
  ) : (
    text
  );
}

/** Text with every id in it linked to its page. */
export function WithIdLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(ID)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(<IdLink key={m.index} id={m[0]} />);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

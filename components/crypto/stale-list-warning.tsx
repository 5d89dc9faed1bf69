import { Alert } from "@/components/ui/alert";
import { formatTimestamp } from "@/components/ui/timestamp";

/**
 * OFAC changes its SDN list several times a month; a list older than this misses recent additions
 * (and still flags delisted addresses), so the page says so.
 */
export const STALE_AFTER_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whole days from the list's date (YYYY-MM-DD, UTC) to now. */
export function listAgeDays(asOf: string, now = Date.now()): number {
  const at = Date.parse(`${asOf}T00:00:00Z`);
  return Number.isNaN(at) ? 0 : Math.floor((now - at) / DAY_MS);
}

/**
 * The warning over the screening form when the sanctions list in force is older than
 * STALE_AFTER_DAYS: its date, its age, what that means, and how an administrator loads a newer
 * one (the admin command, in words; nothing of the repository's layout).
 */
export function StaleListWarning({ asOf, age }: { asOf: string; age: number }) {
  if (age <= STALE_AFTER_DAYS) return null;
  return (
    <Alert tone="warning" data-testid="stale-list-warning">
      <p className="font-medium">
        The sanctions list is out of date: it is as of{" "}
        {formatTimestamp(`${asOf}T00:00:00Z`, { withTime: false })}, {age.toLocaleString("en-GB")} days ago.
      </p>
      <p className="mt-1">
        Addresses sanctioned since then are not flagged, and delisted ones still are. To load a newer list,
        download the current OFAC SDN digital currency addresses into a folder on the server (one text file of
        addresses per asset, and the source note with the list&apos;s date, as{" "}
        <code>npm run admin -- help</code> describes), then run:
      </p>
      <pre className="mt-1 rounded bg-surface-muted px-2 py-1 font-mono text-xs whitespace-pre-wrap break-all">
        npm run admin -- screening-list load &lt;folder&gt;
      </pre>
      <p className="mt-1">It replaces the list in force at once, for every check.</p>
    </Alert>
  );
}

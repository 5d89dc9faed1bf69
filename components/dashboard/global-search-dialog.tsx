"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { Action } from "@/lib/action-result";
import type { SearchGroup, SearchHit, SearchResults } from "@/lib/contracts/search";

const GROUP_LABELS: Record<SearchGroup, string> = {
  customers: "Customers",
  cards: "Cards",
  transactions: "Transactions",
  disputes: "Disputes",
  deliveries: "Webhook deliveries",
};

/**
 * The search dialog behind the header's search box (global-search.tsx), loaded the first time it
 * opens: results grouped; arrows move, Enter opens, Escape closes.
 */
export function GlobalSearchDialog({
  search,
  open,
  onOpenChange,
}: {
  search: Action<{ q: string }, SearchResults>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<SearchResults>();
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string>();
  const listId = useId();
  const seq = useRef(0);

  useEffect(() => {
    const text = q.trim();
    if (!text) return;
    const mine = ++seq.current;
    const run = async () => {
      const res = await search({ q: text }).catch(() => null);
      if (mine !== seq.current) return;
      if (res?.ok) {
        setResults(res.data);
        setError(undefined);
      } else setError("Search is not available right now. Try again.");
      setActive(0);
    };
    const timer = setTimeout(() => void run(), 200); // run() catches its own failure
    return () => clearTimeout(timer);
  }, [q, search]);

  const hits: SearchHit[] = q.trim() && results?.q === q.trim() ? results.hits : [];
  function go(hit: SearchHit | undefined) {
    if (!hit) return;
    onOpenChange(false);
    setQ("");
    router.push(hit.href);
  }
  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, hits.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter") {
      e.preventDefault();
      go(hits[active]);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-16 max-w-lg translate-y-0 gap-3">
        <DialogTitle>Search</DialogTitle>
        <DialogDescription>
          Any part of an email or external id, a card&apos;s last four, or any id.
        </DialogDescription>
        <input
          autoFocus
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={254}
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits.length ? `${listId}-${active}` : undefined}
          aria-label="Search"
          placeholder="e.g. hopper or 4242"
          className="h-10 w-full rounded-md border border-input bg-surface px-3 text-base sm:text-sm"
        />
        {error ? <p className="text-sm text-danger">{error}</p> : null}
        {q.trim() && results?.q === q.trim() && hits.length === 0 ? (
          <p className="text-sm text-muted">
            Nothing found. Emails match by any part of them; ids match whole.
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label="Results" className="flex flex-col">
          {hits.map((hit, i) => (
            <li key={`${hit.group}-${hit.href}`} role="presentation">
              {i === 0 || hits[i - 1]!.group !== hit.group ? (
                <p className="px-2 pt-2 pb-1 text-xs font-medium tracking-wide text-muted uppercase">
                  {GROUP_LABELS[hit.group]}
                </p>
              ) : null}
              <div
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => go(hit)}
                className={cn(
                  "flex cursor-pointer flex-col rounded-md px-2 py-1.5 text-sm",
                  i === active ? "bg-surface-muted" : "",
                )}
              >
                <span className="truncate font-medium">{hit.title}</span>
                <span className="truncate font-mono text-xs text-muted">{hit.detail}</span>
              </div>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { Search } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { Action } from "@/lib/action-result";
import type { SearchResults } from "@/lib/contracts/search";

const load = () => import("./global-search-dialog");
const preload = () => void load();
// The dialog (and Radix Dialog with it) is not part of every page's first load.
const GlobalSearchDialog = dynamic(() => load().then((m) => m.GlobalSearchDialog), { ssr: false });

/**
 * The header's search box and the Ctrl/Cmd+K dialog: type any part of an email or external id, a
 * last four, or a svc_card_id, card, transaction, dispute or delivery id; results grouped; arrows move,
 * Enter opens, Escape closes.
 */
export function GlobalSearch({ search }: { search: Action<{ q: string }, SearchResults> }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setUsed(true);
        setOpen(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
        className={cn(
          "flex h-9 min-w-0 items-center gap-2 rounded-md border border-input bg-surface px-3",
          "text-sm text-muted hover:bg-surface-muted md:w-72",
        )}
        aria-label="Search (Ctrl+K)"
        data-testid="global-search-open"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        <span className="hidden truncate sm:inline">Search customers, cards, ids…</span>
        <kbd
          className={cn(
            "ml-auto hidden rounded border border-border px-1.5",
            "text-xs whitespace-nowrap md:inline",
          )}
        >
          Ctrl K
        </kbd>
      </button>
      {used ? <GlobalSearchDialog search={search} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

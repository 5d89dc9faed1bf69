"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { TRANSACTION_PARAM } from "./filters";
import type { TransactionRow } from "./types";

function addressWith(id: string | null): string {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(TRANSACTION_PARAM, id);
  else url.searchParams.delete(TRANSACTION_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The open transaction lives in the URL. Opening one pushes ?tx=<id> (so Back closes the drawer
 * and the address can be shared); closing goes back that one entry, or, when the page was loaded
 * with the parameter, takes it out of the address in place. A transaction that is not on the page
 * (a shared link) is read with `lookup`. On close the focus goes back to what opened the drawer:
 * the row's button, also for a drawer opened from the address.
 */
export function useDrawerUrl({
  rows,
  lookup,
}: {
  rows: TransactionRow[];
  lookup?: (transactionId: string) => Promise<TransactionRow | null>;
}) {
  const openId = useSearchParams().get(TRANSACTION_PARAM);
  const [fetched, setFetched] = useState<{ id: string; row: TransactionRow | null }>();
  const pushed = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const onPage = openId ? rows.find((t) => t.transaction_id === openId) : undefined;

  useEffect(() => {
    if (!openId || onPage || !lookup || fetched?.id === openId) return;
    let live = true;
    void lookup(openId).then((row) => {
      if (live) setFetched({ id: openId, row });
    });
    return () => {
      live = false;
    };
  }, [openId, onPage, lookup, fetched?.id]);

  const current = openId ? (onPage ?? (fetched?.id === openId ? fetched.row : null)) : null;
  const notFound = Boolean(openId && !onPage && (!lookup || (fetched?.id === openId && !fetched.row)));

  const open = useCallback((row: TransactionRow, from?: HTMLElement | null) => {
    opener.current = from ?? null;
    // Kept beside the page's rows: a live refresh that moves the row to another page keeps it open.
    setFetched({ id: row.transaction_id, row });
    // A second row opened while one is open replaces the entry: Back still closes the drawer.
    if (pushed.current) window.history.replaceState(null, "", addressWith(row.transaction_id));
    else window.history.pushState(null, "", addressWith(row.transaction_id));
    pushed.current = true;
  }, []);

  const close = useCallback(() => {
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
    } else window.history.replaceState(null, "", addressWith(null));
  }, []);

  const lastOpenId = useRef<string | null>(null);
  useEffect(() => {
    if (openId) lastOpenId.current = openId;
    else pushed.current = false; // Back (or Forward) closed it: nothing of ours is on top.
  }, [openId]);

  const returnFocus = useCallback((event: Event) => {
    const target = opener.current?.isConnected ? opener.current : rowButton(lastOpenId.current);
    if (!target) return;
    event.preventDefault();
    target.focus();
  }, []);

  return { openId, current, notFound, open, close, returnFocus };
}

/** The row's button of a transaction (what opens it from the keyboard), if it is on the page. */
function rowButton(id: string | null): HTMLElement | null {
  if (!id) return null;
  return document.querySelector<HTMLElement>(`[data-transaction-id="${CSS.escape(id)}"] button`);
}

import type { Action } from "@/lib/action-result";
import type { GlobalSearchInput, SearchResults } from "@/lib/contracts/search";
import { globalSearchAction } from "@/server/actions/search";

/**
 * The one customer search the picker calls (the global search's server action, asked for customers
 * only): handed through this module so the client component imports no server/ module itself.
 */
export const searchCustomers: Action<GlobalSearchInput, SearchResults> = globalSearchAction;

"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the component, true after. A button whose
 * only effect is its onClick does nothing when pressed before hydration (a slow phone, a loaded
 * machine): such a button stays disabled until then, so the press is not silently lost (and a
 * browser test's click waits for it to be enabled).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

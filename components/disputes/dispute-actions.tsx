"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { Action } from "@/lib/action-result";
import type { DisputeList, DisputeView } from "@/lib/contracts/disputes";

/**
 * The dispute server actions, handed down by the dashboard layout (client code imports nothing of server/).
 */
export interface DisputeActions {
  file: Action<
    {
      svcCardId: string;
      transactionId: string;
      reason_code:
        "unauthorized" | "not_received" | "duplicate" | "incorrect_amount" | "credit_not_processed";
      description: string;
      amount?: string;
    },
    DisputeView
  >;
  ofTransaction: Action<{ transactionId: string }, DisputeList>;
  decide: Action<{ disputeId: string; status: "under_review" | "won" | "lost" }, DisputeView>;
}

const Context = createContext<DisputeActions | null>(null);

export function DisputeActionsProvider({
  actions,
  children,
}: {
  actions: DisputeActions;
  children: ReactNode;
}) {
  return <Context.Provider value={actions}>{children}</Context.Provider>;
}

/** null outside the dashboard (the section then shows nothing). */
export function useDisputeActions(): DisputeActions | null {
  return useContext(Context);
}

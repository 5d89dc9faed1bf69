"use client";

import dynamic from "next/dynamic";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import type { ActionResult } from "@/lib/action-result";
import type { StepUpAction } from "./two-factor-dialog";

// The code dialog (and Radix Dialog with it) is loaded the first time it opens, not with every page.
const TwoFactorDialog = dynamic(() => import("./two-factor-dialog").then((m) => m.TwoFactorDialog), {
  ssr: false,
});

type Guard = <T>(call: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;

const StepUpContext = createContext<Guard | null>(null);

/**
 * Put once around the dashboard (app/(dashboard)/layout.tsx). Components then wrap a guarded
 * action call in useStepUp(): when the action answers TWO_FACTOR_REQUIRED, the code dialog
 * opens; after a good code the call is made once more (the session's 5-minute window is open).
 */
export function StepUpProvider({ stepUp, children }: { stepUp: StepUpAction; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const pending = useRef<((verified: boolean) => void) | null>(null);

  const settle = useCallback((verified: boolean) => {
    pending.current?.(verified);
    pending.current = null;
  }, []);

  const guard = useCallback<Guard>(
    async (call) => {
      const first = await call();
      if (first.ok || first.error.code !== "TWO_FACTOR_REQUIRED") return first;
      settle(false); // a dialog left open by an earlier call counts as cancelled
      const verified = await new Promise<boolean>((resolve) => {
        pending.current = resolve;
        setUsed(true);
        setOpen(true);
      });
      return verified ? call() : first;
    },
    [settle],
  );

  return (
    <StepUpContext.Provider value={guard}>
      {children}
      {used && (
        <TwoFactorDialog
          open={open}
          verify={(code) => stepUp({ code })}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) settle(false);
          }}
          onVerified={() => settle(true)}
        />
      )}
    </StepUpContext.Provider>
  );
}

/** `const guarded = useStepUp(); const res = await guarded(() => freezeCard({ cardId }));` */
export function useStepUp(): Guard {
  const guard = useContext(StepUpContext);
  if (!guard)
    throw new Error("useStepUp() needs a <StepUpProvider> above it (the dashboard layout has one).");
  return guard;
}

import { Check, Circle, CircleDot, OctagonX } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardCustomerView } from "@/lib/contracts/cards";

export interface OnboardingStep {
  step: number;
  flowStatus: string;
  title: string;
}

type StepState = "done" | "current" | "upcoming" | "stopped" | "unreachable";

/**
 * Steps before the customer's are done; theirs is current (done once active); a rejection stops the flow at
 * step 2.
 */
function stateOf(step: number, c: Pick<CardCustomerView, "step" | "flow_status">): StepState {
  if (c.flow_status === "rejected")
    return step < c.step ? "done" : step === c.step ? "stopped" : "unreachable";
  if (step < c.step || c.flow_status === "active") return "done";
  return step === c.step ? "current" : "upcoming";
}

const STATE_WORDS: Record<StepState, string> = {
  done: "Done",
  current: "Current step",
  upcoming: "Not yet",
  stopped: "Rejected: onboarding stops here",
  unreachable: "Not reachable",
};

function Marker({ state }: { state: StepState }) {
  const base = "flex size-7 shrink-0 items-center justify-center rounded-full border";
  switch (state) {
    case "done":
      return (
        <span className={cn(base, "border-success-border bg-success-soft text-success")}>
          <Check className="size-4" aria-hidden />
        </span>
      );
    case "current":
      return (
        <span className={cn(base, "border-accent bg-surface text-accent")}>
          <CircleDot className="size-4" aria-hidden />
        </span>
      );
    case "stopped":
      return (
        <span className={cn(base, "border-danger-border bg-danger-soft text-danger")}>
          <OctagonX className="size-4" aria-hidden />
        </span>
      );
    default:
      return (
        <span className={cn(base, "border-border bg-surface-muted text-muted")}>
          <Circle className="size-3" aria-hidden />
        </span>
      );
  }
}

/**
 * The six onboarding steps (docs/card-program.md, Onboarding) with the customer's place in them and
 * when each done step was completed (`times` by step number, server/cards/onboarding/step-times.ts).
 */
export function OnboardingTimeline({
  steps,
  customer,
  times,
}: {
  steps: OnboardingStep[];
  customer: Pick<CardCustomerView, "step" | "flow_status">;
  times: Partial<Record<number, string | null>>;
}) {
  return (
    <ol className="flex flex-col" aria-label="Onboarding steps">
      {steps.map((s, i) => {
        const state = stateOf(s.step, customer);
        const last = i === steps.length - 1;
        const title = state === "stopped" ? "Identity verification rejected" : s.title;
        const at = state === "done" || state === "stopped" ? times[s.step] : null;
        return (
          <li
            key={s.step}
            className="relative flex gap-3 pb-4 last:pb-0"
            aria-current={state === "current" || state === "stopped" ? "step" : undefined}
            data-step-state={state}
          >
            {!last ? (
              <span
                className={cn(
                  "absolute top-7 bottom-0 left-3.5 w-px",
                  state === "done" ? "bg-success-border" : "bg-border",
                )}
                aria-hidden
              />
            ) : null}
            <Marker state={state} />
            <div className="flex min-w-0 flex-col gap-0.5 pt-0.5">
              <span
                className={cn(
                  "text-sm font-medium",
                  (state === "upcoming" || state === "unreachable") && "text-muted",
                  state === "stopped" && "text-danger",
                )}
              >
                <span className="text-muted tabular-nums">{s.step}.</span> {title}
              </span>
              <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                <span>{STATE_WORDS[state]}</span>
                {at ? (
                  <span>
                    · <Timestamp iso={at} />
                  </span>
                ) : null}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** What must happen next, said first and loud: it is the question staff come to this page with. */
export function NextAction({
  customer,
}: {
  customer: Pick<CardCustomerView, "next_action" | "flow_status" | "pin_set">;
}) {
  const tone =
    customer.flow_status === "rejected"
      ? "border-danger-border bg-danger-soft text-danger"
      : customer.flow_status === "active" && customer.pin_set
        ? "border-success-border bg-success-soft text-success"
        : "border-warning-border bg-warning-soft text-warning";
  return (
    <div className={cn("flex flex-col gap-0.5 rounded-md border px-4 py-3", tone)} data-testid="next-action">
      <span className="text-xs font-semibold tracking-wide uppercase">Next action</span>
      <span className="text-base font-medium text-foreground">{customer.next_action}</span>
    </div>
  );
}

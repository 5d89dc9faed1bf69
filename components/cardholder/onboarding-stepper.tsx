import { Check } from "lucide-react";
import { cn } from "@/components/ui/cn";

export const WIZARD_STAGES = [
  { id: "email", title: "Email" },
  { id: "identity", title: "Identity" },
  { id: "source_of_funds", title: "Source of funds" },
  { id: "phone", title: "Phone" },
  { id: "wallet", title: "Wallet" },
  { id: "card", title: "Card" },
  { id: "pin", title: "PIN" },
] as const;

export type WizardStage = (typeof WIZARD_STAGES)[number]["id"];

/**
 * Where the cardholder is: every stage before the current one is done. On a phone only the
 * current stage's name is written out; the others are numbered dots.
 */
export function OnboardingStepper({ current }: { current: WizardStage }) {
  const at = WIZARD_STAGES.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Onboarding progress" className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        Step {at + 1} of {WIZARD_STAGES.length}:{" "}
        <span className="font-medium text-foreground">{WIZARD_STAGES[at]!.title}</span>
      </p>
      <ol className="flex items-center gap-1.5">
        {WIZARD_STAGES.map((stage, i) => {
          const done = i < at;
          const here = i === at;
          return (
            <li
              key={stage.id}
              aria-current={here ? "step" : undefined}
              className="flex min-w-0 flex-1 flex-col items-center gap-1"
            >
              <span
                className={cn(
                  "flex size-7 items-center justify-center rounded-full border text-xs font-semibold",
                  done && "border-success-border bg-success-soft text-success",
                  here && "border-primary bg-primary text-primary-foreground",
                  !done && !here && "border-border bg-surface text-muted",
                )}
              >
                {done ? <Check className="size-3.5" aria-hidden /> : i + 1}
                <span className="sr-only">
                  {stage.title}
                  {done ? " (done)" : here ? " (current)" : ""}
                </span>
              </span>
              <span
                aria-hidden
                className={cn(
                  "hidden truncate text-xs sm:block",
                  here ? "font-medium text-foreground" : "text-muted",
                )}
              >
                {stage.title}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { Check } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { Timestamp } from "@/components/ui/timestamp";
import { CARDHOLDER_STEPS } from "@/lib/onboarding-steps";

/** The wizard's screens and the onboarding step (lib/onboarding-steps.ts) each belongs to. */
export const WIZARD_STAGES = [
  { id: "email", title: "Email", step: 1 },
  { id: "identity", title: "Identity", step: 2 },
  { id: "source_of_funds", title: "Source of funds", step: 3 },
  { id: "phone", title: "Phone", step: 4 },
  { id: "wallet", title: "Wallet", step: 5 },
  { id: "card", title: "Card", step: 5 },
  { id: "pin", title: "PIN", step: 6 },
] as const;

export type WizardStage = (typeof WIZARD_STAGES)[number]["id"];

/**
 * Where the cardholder is: every stage before the current one is done, with the time it was done
 * (`times` by step number, server/cards/onboarding/step-times.ts). On a phone only the current
 * stage's name is written out on the track; the others are numbered dots, and the done steps are
 * listed with their times below it.
 */
export function OnboardingStepper({
  current,
  times = {},
}: {
  current: WizardStage;
  times?: Partial<Record<number, string | null>>;
}) {
  const stage = WIZARD_STAGES.find((s) => s.id === current)!;
  // The same count as the staff see on the customer's page (lib/onboarding-steps.ts).
  const at = stage.step - 1;
  const completed = CARDHOLDER_STEPS.slice(0, at).flatMap((title, i) => {
    const time = times[i + 1];
    return time ? [{ title, time }] : [];
  });
  return (
    <nav aria-label="Onboarding progress" className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        Step {stage.step} of {CARDHOLDER_STEPS.length}:{" "}
        <span className="font-medium text-foreground">{stage.title}</span>
      </p>
      <ol className="flex items-center gap-1.5">
        {CARDHOLDER_STEPS.map((title, i) => {
          const done = i < at;
          const here = i === at;
          return (
            <li
              key={title}
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
                  {title}
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
                {title}
              </span>
            </li>
          );
        })}
      </ol>
      {completed.length > 0 ? (
        <ul className="flex flex-col gap-0.5 text-xs text-muted" aria-label="Completed steps">
          {completed.map(({ title, time }) => (
            <li key={title} className="flex flex-wrap gap-x-1">
              <Check className="size-3.5 self-center text-success" aria-hidden />
              <span className="font-medium text-foreground">{title}</span>
              <span>
                done <Timestamp iso={time} seconds={false} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

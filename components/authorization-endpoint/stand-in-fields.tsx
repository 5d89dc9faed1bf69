"use client";

import { useId } from "react";
import { Input, selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { AuthorizationEndpointView, StandInRuleInput } from "@/lib/contracts/authorization-endpoint";
import { STAND_IN_FAILURE_VALUES, type StandInAction, type StandInFailure } from "@/lib/enums";
import { parseAmountToMinor, toMajor } from "@/lib/money";

/** One stand-in rule as typed: the action and its caps in major units (billing currency). */
export interface StandInState {
  action: StandInAction;
  perAuthorization: string;
  perDay: string;
}

const ACTION_LABELS: Record<StandInAction, string> = {
  decline: "Decline",
  approve: "Approve",
  approve_up_to: "Approve up to",
};

export function standInStateOf(
  endpoint: AuthorizationEndpointView | null,
): Record<StandInFailure, StandInState> {
  const major = (minor: number | null | undefined) => (minor == null ? "" : String(toMajor(minor)));
  return Object.fromEntries(
    STAND_IN_FAILURE_VALUES.map((failure) => {
      const rule = endpoint?.stand_in[failure];
      return [
        failure,
        {
          action: rule?.action ?? "decline",
          perAuthorization: major(rule?.per_authorization_minor),
          perDay: major(rule?.per_customer_per_day_minor),
        },
      ];
    }),
  ) as Record<StandInFailure, StandInState>;
}

/** The form's rules as the contract takes them; an empty or unreadable cap is no cap. */
export function standInInput(
  state: Record<StandInFailure, StandInState>,
): Record<StandInFailure, StandInRuleInput> {
  const minor = (typed: string) => (typed.trim() ? parseAmountToMinor(typed) : null);
  return Object.fromEntries(
    STAND_IN_FAILURE_VALUES.map((failure) => {
      const s = state[failure];
      return [
        failure,
        s.action === "approve_up_to"
          ? {
              action: s.action,
              per_authorization_minor: minor(s.perAuthorization),
              per_customer_per_day_minor: minor(s.perDay),
            }
          : { action: s.action },
      ];
    }),
  ) as Record<StandInFailure, StandInRuleInput>;
}

export function StandInFields({
  label,
  value,
  onChange,
}: {
  label: string;
  value: StandInState;
  onChange: (next: StandInState) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-action`}>{label}</Label>
        <select
          id={`${id}-action`}
          className={selectClass}
          value={value.action}
          onChange={(e) => onChange({ ...value, action: e.target.value as StandInAction })}
        >
          {Object.entries(ACTION_LABELS).map(([action, text]) => (
            <option key={action} value={action}>
              {text}
            </option>
          ))}
        </select>
      </div>
      {value.action === "approve_up_to" ? (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-auth`}>Per authorization</Label>
            <Input
              id={`${id}-auth`}
              inputMode="decimal"
              value={value.perAuthorization}
              onChange={(e) => onChange({ ...value, perAuthorization: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-day`}>Per customer per day</Label>
            <Input
              id={`${id}-day`}
              inputMode="decimal"
              value={value.perDay}
              onChange={(e) => onChange({ ...value, perDay: e.target.value })}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

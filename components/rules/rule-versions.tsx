import { Timestamp } from "@/components/ui/timestamp";
import type { RuleCondition } from "@/lib/contracts/auth-rules";
import { describeConditions } from "@/lib/controls/rule-words";

/** Every version of a rule, newest first, each in words (versions are never deleted). */
export function RuleVersions({
  versions,
  current,
  timeZone,
}: {
  versions: { version: number; name: string; conditions: Record<string, unknown>[]; created_at: string }[];
  current: number;
  timeZone: string;
}) {
  return (
    <ol className="flex flex-col divide-y divide-border text-sm">
      {versions.map((v) => (
        <li key={v.version} className="flex flex-col gap-0.5 py-2">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">Version {v.version}</span>
            {v.version === current ? <span className="text-xs text-muted">(current)</span> : null}
            <span>{v.name}</span>
            <Timestamp
              iso={v.created_at}
              timeZone={timeZone}
              seconds={false}
              className="text-xs text-muted"
            />
          </p>
          <p className="text-muted">{describeConditions(v.conditions as unknown as RuleCondition[])}</p>
        </li>
      ))}
    </ol>
  );
}

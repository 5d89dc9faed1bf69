import type { RiskLevel } from "@/lib/contracts/screening";

const TONE: Record<RiskLevel, string> = {
  low: "bg-success-soft text-success",
  medium: "bg-warning-soft text-warning",
  high: "bg-danger-soft text-danger",
  severe: "bg-danger text-white",
};

export function RiskBadge({ level }: { level: RiskLevel }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${TONE[level]}`} data-risk={level}>
      {level}
    </span>
  );
}

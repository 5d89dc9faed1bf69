import { cn } from "@/components/ui/cn";
import type { WebhookDeliveryStatus, WebhookView } from "@/lib/contracts/webhooks";

const pill = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

const DELIVERY: Record<WebhookDeliveryStatus, { label: string; tone: string }> = {
  pending: { label: "Pending", tone: "border-border bg-surface-muted text-foreground" },
  retrying: { label: "Retrying", tone: "border-warning-border bg-warning-soft text-warning" },
  succeeded: { label: "Succeeded", tone: "border-success-border bg-success-soft text-success" },
  failed: { label: "Failed", tone: "border-danger-border bg-danger-soft text-danger" },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={cn(pill, DELIVERY[status].tone)}>{DELIVERY[status].label}</span>;
}

/** Enabled, or disabled (by a user, or automatically after 100 failed deliveries in a row). */
export function WebhookStateBadge({ webhook }: { webhook: Pick<WebhookView, "enabled"> }) {
  return webhook.enabled ? (
    <span className={cn(pill, "border-success-border bg-success-soft text-success")}>Enabled</span>
  ) : (
    <span className={cn(pill, "border-border bg-surface-muted text-muted")}>Disabled</span>
  );
}

/** Response status of an attempt: 2xx as success, anything else (or none) as a failure. */
export function HttpStatus({ status }: { status: number | null }) {
  if (status === null) return <span className="text-muted">No response</span>;
  const ok = status >= 200 && status < 300;
  return <span className={cn("font-mono", ok ? "text-success" : "text-danger")}>{status}</span>;
}

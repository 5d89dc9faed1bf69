import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { AuditFilters } from "@/lib/contracts/audit";

const FIELDS: { key: keyof AuditFilters; label: string; placeholder: string; type?: string }[] = [
  { key: "action", label: "Action", placeholder: "team. or api_key.created" },
  { key: "actor_id", label: "Actor id", placeholder: "usr_... or key_..." },
  { key: "target_type", label: "Target type", placeholder: "user, api_key, card ..." },
  { key: "target_id", label: "Target id", placeholder: "" },
  { key: "from", label: "From", placeholder: "", type: "date" },
  { key: "to", label: "To", placeholder: "", type: "date" },
];

/** A plain GET form: the filters live in the address bar, so a filtered view can be shared. */
export function AuditFilterForm({ filters, exportHref }: { filters: AuditFilters; exportHref: string }) {
  return (
    <form method="get" action="/settings/audit" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map((f) => (
          <div key={f.key} className="flex flex-col gap-1.5">
            <Label htmlFor={`audit-${f.key}`}>{f.label}</Label>
            <Input
              id={`audit-${f.key}`}
              name={f.key}
              type={f.type ?? "text"}
              placeholder={f.placeholder || undefined}
              defaultValue={(filters[f.key] as string | undefined)?.slice(
                0,
                f.type === "date" ? 10 : undefined,
              )}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button asChild variant="secondary">
          <a href="/settings/audit">Clear</a>
        </Button>
        <Button asChild variant="secondary">
          <a href={exportHref} download>
            Export CSV
          </a>
        </Button>
      </div>
    </form>
  );
}

import Form from "next/form";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A GET form: the recipient lives in the URL (?to=), so a filtered view can be shared and refreshed. */
export function OutboxFilter({ path, to }: { path: string; to: string | null }) {
  return (
    <Form
      action={path}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      aria-label="Filter messages by recipient"
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium">
        Recipient
        <Input
          name="to"
          type="search"
          defaultValue={to ?? ""}
          placeholder="Email address or phone number (+44...)"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {to ? (
          <Button asChild variant="ghost">
            <Link href={path}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

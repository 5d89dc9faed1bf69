import { Lock } from "lucide-react";
import { Card, CardBody } from "@/components/ui/card";

/** What a non-admin sees on an admin page: not the data, not even a count. */
export function AdminsOnly({ what, role }: { what: string; role: string }) {
  return (
    <Card>
      <CardBody className="flex-row items-start gap-3 text-sm">
        <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
        <p>
          <strong className="font-medium">Only admins {what}.</strong> You are signed in as {role}.
        </p>
      </CardBody>
    </Card>
  );
}

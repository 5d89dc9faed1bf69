import { Lock } from "lucide-react";
import { Card, CardBody } from "@/components/ui/card";

/**
 * What a non-admin sees instead of webhooks: managing them is an admin's job (docs/team.md), and the
 * services refuse other roles.
 */
export function AdminsOnly({ role }: { role: string }) {
  return (
    <Card>
      <CardBody className="flex-row items-start gap-3 text-sm">
        <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
        <p>
          <strong className="font-medium">Only admins manage webhooks.</strong> You are signed in as {role}.
          Ask an admin of your organization if one of your systems should receive events.
        </p>
      </CardBody>
    </Card>
  );
}

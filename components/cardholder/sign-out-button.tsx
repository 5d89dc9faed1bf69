"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { SignOutAction } from "./types";

export function SignOutButton({ orgId, signOut }: { orgId: string; signOut: SignOutAction }) {
  const router = useRouter();
  const action = useAction(signOut);
  async function onClick() {
    const res = await action.run({ orgId });
    router.replace(res.ok ? res.data.redirectTo : `/card/${encodeURIComponent(orgId)}`);
    router.refresh();
  }
  return (
    <Button variant="ghost" size="sm" onClick={onClick} disabled={action.pending}>
      <LogOut aria-hidden />
      Sign out
    </Button>
  );
}

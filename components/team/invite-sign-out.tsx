"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

/** The invitation page, opened in a signed-in browser: sign out, then come back to the same link. */
export function InviteSignOut({ returnTo }: { returnTo: string }) {
  return (
    <Button type="button" variant="secondary" onClick={() => void signOut({ callbackUrl: returnTo })}>
      Sign out
    </Button>
  );
}

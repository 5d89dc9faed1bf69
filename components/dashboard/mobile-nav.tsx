"use client";

import { Menu } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Role } from "@/lib/scopes";

const load = () => import("./mobile-nav-drawer");
const preload = () => void load();
// The drawer (and Radix Dialog with it) is not part of every page's first load.
const MobileNavDrawer = dynamic(() => load().then((m) => m.MobileNavDrawer), { ssr: false });

/** Below the md breakpoint the sidebar lives in a drawer behind a menu button. */
export function MobileNav({ orgName, sandbox, role }: { orgName: string; sandbox: boolean; role: Role }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      {used ? (
        <MobileNavDrawer open={open} onOpenChange={setOpen} orgName={orgName} sandbox={sandbox} role={role} />
      ) : null}
    </>
  );
}

"use client";

import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  DrawerContent,
} from "@/components/ui/dialog";
import type { Role } from "@/lib/scopes";
import { SidebarNav } from "./sidebar-nav";

/** Below the md breakpoint the sidebar lives in a drawer behind a menu button. */
export function MobileNav({ orgName, sandbox, role }: { orgName: string; sandbox: boolean; role: Role }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden />
        </Button>
      </DialogTrigger>
      <DrawerContent aria-describedby={undefined}>
        <div className="flex h-14 items-center justify-between border-b border-border px-4">
          <div className="min-w-0">
            <DialogTitle className="truncate pr-0 text-sm">{orgName}</DialogTitle>
            <DialogDescription className="sr-only">Console sections</DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close menu">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SidebarNav sandbox={sandbox} role={role} onNavigate={() => setOpen(false)} />
        </div>
      </DrawerContent>
    </Dialog>
  );
}

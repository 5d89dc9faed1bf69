"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogTitle, DrawerContent } from "@/components/ui/dialog";
import type { Role } from "@/lib/scopes";
import { SidebarNav } from "./sidebar-nav";

/** The drawer of mobile-nav.tsx, loaded the first time the menu opens. */
export function MobileNavDrawer({
  open,
  onOpenChange,
  orgName,
  sandbox,
  role,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgName: string;
  sandbox: boolean;
  role: Role;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
          <SidebarNav sandbox={sandbox} role={role} onNavigate={() => onOpenChange(false)} />
        </div>
      </DrawerContent>
    </Dialog>
  );
}

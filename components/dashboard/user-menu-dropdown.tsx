"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check, LogOut, Monitor, Moon, Sun } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTheme } from "next-themes";
import { UserMenuFace, userMenuTriggerClass } from "./user-menu-face";

const THEMES = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
] as const;

const itemClass =
  "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm " +
  "outline-none select-none data-[highlighted]:bg-surface-muted " +
  "[&_svg]:size-4 [&_svg]:shrink-0";

/**
 * The account menu itself: who and in which role, the theme, and signing out. Loaded by user-menu.tsx
 * when first opened, so it mounts open.
 */
export function UserMenuDropdown({ email, role }: { email: string; role: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger className={userMenuTriggerClass} aria-label={`Account menu for ${email}`}>
        <UserMenuFace email={email} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-md border border-border bg-surface p-1 text-foreground shadow-lg"
        >
          <div className="px-2 py-1.5">
            <p className="truncate text-sm font-medium">{email}</p>
            <p className="text-xs text-muted">
              Role: <span className="capitalize">{role}</span>
            </p>
          </div>
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Label className="px-2 py-1 text-xs font-semibold text-muted">Theme</Menu.Label>
          <Menu.RadioGroup value={theme ?? "system"} onValueChange={setTheme}>
            {THEMES.map(({ value, label, icon: Icon }) => (
              <Menu.RadioItem key={value} value={value} className={itemClass}>
                <Icon aria-hidden />
                <span className="flex-1">{label}</span>
                <Menu.ItemIndicator>
                  <Check aria-hidden />
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item className={itemClass} onSelect={() => void signOut({ callbackUrl: "/sign-in" })}>
            <LogOut aria-hidden />
            Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

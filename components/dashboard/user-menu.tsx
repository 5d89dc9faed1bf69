"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check, ChevronsUpDown, CircleUser, LogOut, Monitor, Moon, Sun } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTheme } from "next-themes";

const THEMES = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
] as const;

const itemClass =
  "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm " +
  "outline-none select-none data-[highlighted]:bg-surface-muted " +
  "[&_svg]:size-4 [&_svg]:shrink-0";

/** The signed-in user: who and in which role, the theme, and signing out. */
export function UserMenu({ email, role }: { email: string; role: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <Menu.Root>
      <Menu.Trigger
        className={
          "flex max-w-[10rem] items-center sm:max-w-[16rem] gap-2 rounded-md " +
          "px-2 py-1.5 text-sm font-medium hover:bg-surface-muted"
        }
        aria-label={`Account menu for ${email}`}
      >
        {/* At phone width the program name needs the room: an icon stands for the email. */}
        <CircleUser className="size-5 shrink-0 sm:hidden" aria-hidden />
        <span className="hidden truncate sm:inline">{email}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted" aria-hidden />
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

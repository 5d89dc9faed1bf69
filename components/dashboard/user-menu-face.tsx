import { ChevronsUpDown, CircleUser } from "lucide-react";

export const userMenuTriggerClass =
  "flex max-w-[10rem] items-center sm:max-w-[16rem] gap-2 rounded-md " +
  "px-2 py-1.5 text-sm font-medium hover:bg-surface-muted";

/**
 * What the account menu's button shows (user-menu.tsx before the menu loads, user-menu-dropdown.tsx
 * after).
 */
export function UserMenuFace({ email }: { email: string }) {
  return (
    <>
      {/* At phone width the program name needs the room: an icon stands for the email. */}
      <CircleUser className="size-5 shrink-0 sm:hidden" aria-hidden />
      <span className="hidden truncate sm:inline">{email}</span>
      <ChevronsUpDown className="size-4 shrink-0 text-muted" aria-hidden />
    </>
  );
}

"use client";

import { lazy, Suspense, useState } from "react";
import { UserMenuFace, userMenuTriggerClass } from "./user-menu-face";

const load = () => import("./user-menu-dropdown");
const preload = () => void load();
// Radix's dropdown menu and next-auth's client are not in every page's first load: the menu loads
// when the button is first used (or pointed at), and mounts open.
const UserMenuDropdown = lazy(() => load().then((m) => ({ default: m.UserMenuDropdown })));

/** The signed-in user: who and in which role, the theme, and signing out. */
export function UserMenu({ email, role }: { email: string; role: string }) {
  const [used, setUsed] = useState(false);
  const label = `Account menu for ${email}`;
  const placeholder = (
    <button
      type="button"
      className={userMenuTriggerClass}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setUsed(true)}
      onKeyDown={(e) => {
        if (e.key === "ArrowDown") {
          e.preventDefault();
          setUsed(true);
        }
      }}
    >
      <UserMenuFace email={email} />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown email={email} role={role} />
    </Suspense>
  );
}

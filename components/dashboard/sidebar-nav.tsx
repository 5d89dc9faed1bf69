"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import type { Role } from "@/lib/scopes";
import { NAV, type NavLink, visibleLinks } from "./nav-items";

function under(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The link the page is under, the most specific one: /cards/orders marks Card orders, not Cards too. */
function isActive(pathname: string, href: string): boolean {
  if (!under(pathname, href)) return false;
  return !NAV.some((g) => g.links.some((l) => l.href.length > href.length && under(pathname, l.href)));
}

const linkClass =
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium " +
  "transition-colors [&_svg]:size-4 [&_svg]:shrink-0";

function Item({ link, active, onNavigate }: { link: NavLink; active: boolean; onNavigate?: () => void }) {
  const Icon = link.icon;
  const className = cn(
    linkClass,
    active ? "bg-surface-muted text-foreground" : "text-muted hover:bg-surface-muted hover:text-foreground",
  );
  if (link.external) {
    return (
      <a href={link.href} className={className} onClick={onNavigate}>
        <Icon aria-hidden />
        {link.label}
      </a>
    );
  }
  return (
    <Link
      href={link.href}
      className={className}
      aria-current={active ? "page" : undefined}
      onClick={onNavigate}
    >
      <Icon aria-hidden />
      {link.label}
    </Link>
  );
}

/** The section links, used by the desktop sidebar and the mobile drawer alike. */
export function SidebarNav({
  sandbox,
  role,
  onNavigate,
}: {
  sandbox: boolean;
  role: Role;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-5 px-3 py-4">
      {NAV.map((group, i) => {
        const links = visibleLinks(group, { sandbox, role });
        if (links.length === 0) return null;
        return (
          <div key={group.label ?? i} className="flex flex-col gap-1">
            {group.label ? (
              <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                {group.label}
              </p>
            ) : null}
            <ul className="flex flex-col gap-0.5">
              {links.map((link) => (
                <li key={link.href}>
                  <Item
                    link={link}
                    active={!link.external && isActive(pathname, link.href)}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

import { ArrowLeftRight, BookOpen, Code, FlaskConical, KeyRound, LayoutDashboard, RectangleEllipsis, ShieldCheck, Users, Wallet, Webhook, type LucideIcon } from "lucide-react";

export interface NavLink {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Served by the REST API, not by Next: a plain link with a full page load. */
  external?: boolean;
  sandboxOnly?: boolean;
}

export interface NavGroup {
  label?: string;
  links: NavLink[];
}

/** The sections of the console (architecture.md "The shape"). */
export const NAV: NavGroup[] = [
  {
    links: [
      { label: "Overview", href: "/overview", icon: LayoutDashboard },
      { label: "Customers", href: "/customers", icon: Users },
      { label: "Transactions", href: "/transactions", icon: ArrowLeftRight },
      { label: "Balances", href: "/balances", icon: Wallet },
    ],
  },
  {
    label: "Developers",
    links: [
      { label: "API keys", href: "/developers/api-keys", icon: KeyRound },
      { label: "Webhooks", href: "/developers/webhooks", icon: Webhook },
      { label: "Access token", href: "/developers/access-token", icon: Code },
      { label: "API reference", href: "/api/reference", icon: BookOpen, external: true },
    ],
  },
  {
    label: "Settings",
    links: [
      { label: "Security", href: "/settings/security", icon: ShieldCheck },
      { label: "Card PIN", href: "/settings/card-pin", icon: RectangleEllipsis },
    ],
  },
  {
    links: [{ label: "Sandbox", href: "/sandbox", icon: FlaskConical, sandboxOnly: true }],
  },
];

import {
  ArrowLeftRight,
  BookOpen,
  Code,
  CreditCard,
  FlaskConical,
  Gauge,
  Gavel,
  Globe,
  History,
  KeyRound,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  MessageSquareWarning,
  Package,
  QrCode,
  RectangleEllipsis,
  Repeat,
  ScanSearch,
  ScrollText,
  ShieldCheck,
  SquareTerminal,
  Users,
  UsersRound,
  Wallet,
  Webhook,
  Zap,
} from "lucide-react";
import { can, type UseCase } from "@/lib/contracts/permissions";
import type { Role } from "@/lib/scopes";

export interface NavLink {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Served by the REST API, not by Next: a plain link with a full page load. */
  external?: boolean;
  sandboxOnly?: boolean;
  /** The page's use case: hidden from roles that may not run it (the page itself also refuses them). */
  needs?: UseCase;
}

export interface NavGroup {
  label?: string;
  links: NavLink[];
}

/** The sections of the console (docs/dashboard.md, Pages). */
export const NAV: NavGroup[] = [
  {
    links: [
      { label: "Overview", href: "/overview", icon: LayoutDashboard },
      { label: "Customers", href: "/customers", icon: Users },
      { label: "Cards", href: "/cards", icon: CreditCard },
      { label: "Card orders", href: "/cards/orders", icon: Package },
      { label: "Transactions", href: "/transactions", icon: ArrowLeftRight },
      { label: "Disputes", href: "/disputes", icon: MessageSquareWarning },
      { label: "Rules", href: "/rules", icon: Gavel },
      { label: "Spending controls", href: "/spending-controls", icon: Gauge },
      { label: "Balances", href: "/balances", icon: Wallet },
      { label: "Swaps", href: "/swaps", icon: Repeat },
      { label: "Gateway", href: "/gateway", icon: QrCode },
      { label: "Screening", href: "/screening", icon: ScanSearch },
    ],
  },
  {
    label: "Fiat",
    links: [{ label: "Payments", href: "/payments", icon: Landmark }],
  },
  {
    label: "Developers",
    links: [
      { label: "API keys", href: "/developers/api-keys", icon: KeyRound, needs: "listApiKeys" },
      { label: "Webhooks", href: "/developers/webhooks", icon: Webhook, needs: "listWebhooks" },
      { label: "Events", href: "/developers/events", icon: History, needs: "listEvents" },
      { label: "CLI", href: "/developers/cli", icon: SquareTerminal, needs: "listEvents" },
      {
        label: "Authorization endpoint",
        href: "/developers/authorization-endpoint",
        icon: Zap,
        needs: "getAuthorizationEndpoint",
      },
      { label: "Access token", href: "/developers/access-token", icon: Code },
      { label: "API reference", href: "/api/reference", icon: BookOpen, external: true },
    ],
  },
  {
    label: "Settings",
    links: [
      { label: "Security", href: "/settings/security", icon: ShieldCheck },
      { label: "Team", href: "/settings/team", icon: UsersRound, needs: "listMembers" },
      { label: "Audit log", href: "/settings/audit", icon: ScrollText, needs: "listAuditEntries" },
      { label: "Card PIN", href: "/settings/card-pin", icon: RectangleEllipsis },
      { label: "Card program", href: "/settings/program", icon: Globe },
    ],
  },
  {
    links: [{ label: "Sandbox", href: "/sandbox", icon: FlaskConical, sandboxOnly: true }],
  },
];

/**
 * The links of a group this user should see: sandbox-only ones in sandbox mode, the others when
 * the user's role may run the page's use case.
 */
export function visibleLinks(group: NavGroup, viewer: { sandbox: boolean; role: Role }): NavLink[] {
  return group.links.filter((l) => (viewer.sandbox || !l.sandboxOnly) && (!l.needs || can(viewer, l.needs)));
}

import { type ReactNode, Suspense } from "react";
import { GlobalSearch } from "@/components/dashboard/global-search";
import { MobileNav } from "@/components/dashboard/mobile-nav";
import { NavigationProgress } from "@/components/dashboard/navigation-progress";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";
import { UserMenu } from "@/components/dashboard/user-menu";
import { DisputeActionsProvider } from "@/components/disputes/dispute-actions";
import { TwoFactorRequired } from "@/components/settings/two-factor-required";
import { StepUpProvider } from "@/components/step-up-provider";
import { isSandbox } from "@/lib/env";
import { requireSession } from "@/server/action-kit/session";
import { decideDisputeAction, fileDisputeAction, transactionDisputesAction } from "@/server/actions/disputes";
import { globalSearchAction } from "@/server/actions/search";
import { stepUpAction } from "@/server/actions/step-up";

function ModeBadge({ sandbox }: { sandbox: boolean }) {
  if (!sandbox) return null;
  return (
    <span
      className={
        "rounded-full border border-warning-border bg-warning-soft px-2 py-0.5 " +
        "text-xs font-medium text-warning"
      }
    >
      Sandbox
    </span>
  );
}

/** The staff console: every page under it needs a signed-in user (reading the session makes it dynamic). */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The frame only: each page reads its own data through requireSession(), which refuses a member
  // who must enrol 2FA; meanwhile the frame shows the enrolment instead of the page.
  const { ctx, user, org, mustEnrolTwoFactor } = await requireSession({ beforeTwoFactor: true });
  const sandbox = isSandbox();
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <Suspense fallback={null}>
        <NavigationProgress />
      </Suspense>
      <a
        href="#main"
        className={
          "sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground " +
          "focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        }
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface md:flex">
        <div
          className={
            "flex min-h-14 shrink-0 flex-col justify-center gap-1 border-b " + "border-border px-5 py-2.5"
          }
        >
          <span className="line-clamp-2 text-sm leading-snug font-semibold" title={org.name}>
            {org.name}
          </span>
          <span>
            <ModeBadge sandbox={sandbox} />
          </span>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SidebarNav sandbox={sandbox} role={user.role} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header
          className={
            "sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border " +
            "bg-surface px-2 sm:px-4 md:justify-end"
          }
        >
          <MobileNav orgName={org.name} sandbox={sandbox} role={user.role} />
          <div className="flex min-w-0 flex-1 items-center gap-2 md:hidden">
            <span className="truncate text-sm font-semibold">{org.name}</span>
            <ModeBadge sandbox={sandbox} />
          </div>
          <GlobalSearch search={globalSearchAction} />
          <UserMenu email={user.email} role={user.role} />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <StepUpProvider stepUp={stepUpAction}>
            {mustEnrolTwoFactor ? (
              <TwoFactorRequired ctx={ctx} />
            ) : (
              <DisputeActionsProvider
                actions={{
                  file: fileDisputeAction,
                  ofTransaction: transactionDisputesAction,
                  decide: decideDisputeAction,
                }}
              >
                {children}
              </DisputeActionsProvider>
            )}
          </StepUpProvider>
        </main>
      </div>
    </div>
  );
}

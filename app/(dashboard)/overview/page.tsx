import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "Overview" };

export default function OverviewPage() {
  return <NotBuilt title="Overview" description="A summary of your card program: customers, card activity and balances at a glance." />;
}

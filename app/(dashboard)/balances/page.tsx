import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "Balances" };

export default function BalancesPage() {
  return <NotBuilt title="Balances" description="Your master wallet balance in each currency and the funds you send to customers." />;
}

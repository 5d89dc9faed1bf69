import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "Customers" };

export default function CustomersPage() {
  return <NotBuilt title="Customers" description="Your cardholders and business customers, where each one is in onboarding, and their cards." />;
}

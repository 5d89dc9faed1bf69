import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NotBuilt } from "@/components/not-built";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sandbox" };

export default function SandboxPage() {
  // Live mode has no simulators and no sandbox section (decisions.md 1).
  if (env().SVC_MODE !== "sandbox") notFound();
  return <NotBuilt title="Sandbox" description="Simulate KYC decisions, card transactions and deposits, and read the emails and text messages the sandbox would have sent." />;
}

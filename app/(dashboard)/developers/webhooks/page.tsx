import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "Webhooks" };

export default function DevelopersWebhooksPage() {
  return <NotBuilt title="Webhooks" description="Register endpoints for events, follow each delivery and its attempts, and retry the ones that failed." />;
}

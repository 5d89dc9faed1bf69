import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "API keys" };

export default function DevelopersApiKeysPage() {
  return <NotBuilt title="API keys" description="Create, rotate and revoke the API keys your servers use, and choose what each key may do." />;
}

import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "Card PIN" };

export default function SettingsCardPinPage() {
  return <NotBuilt title="Card PIN" description="Set or change a card's PIN on the card provider's secure page." />;
}

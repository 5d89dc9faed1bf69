import type { Metadata } from "next";
import { NotBuilt } from "@/components/not-built";

export const metadata: Metadata = { title: "Transactions" };

export default function TransactionsPage() {
  return <NotBuilt title="Transactions" description="Card transactions across your program, with the details of each authorization, settlement and reversal." />;
}

import { CreditCard } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { isSandbox } from "@/lib/env";
import { findCardProgram } from "@/server/cards/cardholder/program";
import { getDb } from "@/server/db/client";

type Params = Promise<{ orgId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const program = await findCardProgram(await getDb(), (await params).orgId);
  const name = program?.name ?? "Card";
  return { title: { template: `%s · ${name}`, default: name } };
}

/**
 * The cardholder pages of one card program: branded with the program's name, no console chrome.
 * Built for a phone first; on a desktop the content stays a readable column.
 */
export default async function CardholderLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Params;
}) {
  const { orgId } = await params;
  const program = await findCardProgram(await getDb(), orgId);
  if (!program) notFound();
  const sandbox = isSandbox();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex min-h-14 w-full max-w-xl items-center gap-2 px-4 py-2">
          <CreditCard className="size-5 shrink-0" aria-hidden />
          <span className="min-w-0 truncate font-semibold" title={program.name}>
            {program.name}
          </span>
          {sandbox ? (
            <span
              className={
                "ml-auto shrink-0 rounded-full border border-warning-border " +
                "bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning"
              }
            >
              Sandbox
            </span>
          ) : null}
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

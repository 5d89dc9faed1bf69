import { ArrowLeft } from "lucide-react";
import Link from "next/link";

/** Back to the Rules list (or to a rule's page), above a rule page's title. */
export function RulesBackLink({ href = "/rules", label = "Rules" }: { href?: string; label?: string }) {
  return (
    <Link href={href} className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      {label}
    </Link>
  );
}

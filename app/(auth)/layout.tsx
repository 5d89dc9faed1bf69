import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="mb-6 flex items-center gap-2 text-foreground">
        <ShieldCheck className="size-6" aria-hidden />
        <span className="text-lg font-semibold tracking-tight">Card Console</span>
      </div>
      <div className="w-full max-w-sm">{children}</div>
    </main>
  );
}

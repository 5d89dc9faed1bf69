import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-3 px-6">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted">There is nothing at this address.</p>
      <p>
        <Link href="/" className="font-medium text-accent underline">
          Go to the console
        </Link>
      </p>
    </main>
  );
}

/**
 * A dashboard page's loading state (its loading.tsx): the usual shape of a page (header, a row of
 * figures, a table or chart) so nothing jumps when it arrives, and a status for screen readers.
 */
export function PageLoading({ label }: { label: string }) {
  const block = "animate-pulse rounded-lg border border-border bg-surface-muted";
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex flex-col gap-2">
        <div className="h-8 w-56 max-w-full animate-pulse rounded bg-surface-muted" />
        <div className="h-4 w-96 max-w-full animate-pulse rounded bg-surface-muted" />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className={`${block} h-20`} />
        <div className={`${block} h-20`} />
        <div className={`${block} h-20`} />
        <div className={`${block} h-20`} />
      </div>
      <div className={`${block} h-72`} />
    </div>
  );
}

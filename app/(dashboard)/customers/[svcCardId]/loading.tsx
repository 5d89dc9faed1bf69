/** While the customer loads: the page's shape, so nothing jumps when it arrives. */
export default function CustomerLoading() {
  const block = "animate-pulse rounded-lg border border-border bg-surface-muted";
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      {/* A plain div may not carry a name (aria-prohibited-attr): the status says it instead. */}
      <p role="status" className="sr-only">
        Loading the customer
      </p>
      <div className="flex flex-col gap-3">
        <div className="h-4 w-24 animate-pulse rounded bg-surface-muted" />
        <div className="h-8 w-72 max-w-full animate-pulse rounded bg-surface-muted" />
        <div className="h-20 w-full max-w-md animate-pulse rounded bg-surface-muted" />
      </div>
      <div className={`${block} h-72`} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className={`${block} h-40`} />
        <div className={`${block} h-40`} />
      </div>
      <div className={`${block} h-40`} />
    </div>
  );
}

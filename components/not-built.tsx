import { PageHeader } from "./page-header";

/** An honest placeholder for a section that does not exist yet: no sample data, no fake charts. */
export function NotBuilt({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <p className="rounded-lg border border-dashed border-input px-4 py-6 text-sm text-muted">
        Not built yet.
      </p>
    </>
  );
}

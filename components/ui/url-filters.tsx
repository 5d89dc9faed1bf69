import { Download, Search } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { Input, selectClass } from "./input";

/**
 * The URL filter bar: a GET form, so the search and filters live in the URL (shareable, the back button
 * works); next/form keeps it a client navigation. Each page lays its fields out with `className`.
 */
export function UrlFilterForm({
  action,
  label,
  className,
  children,
}: {
  action: string;
  /** The form's accessible name. */
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form action={action} className={className} aria-label={label}>
      {children}
    </Form>
  );
}

export const filterLabel = "flex flex-col gap-1.5 text-sm font-medium";

/** The search box with its magnifier icon and a hint tied to it (aria-describedby). */
export function FilterSearch({
  defaultValue,
  placeholder,
  hintId,
  hint,
  className,
}: {
  defaultValue: string | undefined;
  placeholder: string;
  hintId: string;
  hint: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn(filterLabel, className)}>
      Search
      <span className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          type="search"
          name="q"
          defaultValue={defaultValue ?? ""}
          placeholder={placeholder}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          className="pl-9"
        />
      </span>
      <span id={hintId} className="text-xs font-normal text-muted">
        {hint}
      </span>
    </label>
  );
}

/** A labelled select whose empty first option ("Any ...") leaves the filter off. */
export function FilterSelect<T extends string>({
  label,
  name,
  defaultValue,
  anyLabel,
  values,
  optionLabel = (v) => v,
  className,
}: {
  label: string;
  name: string;
  defaultValue: string | undefined;
  anyLabel: string;
  values: readonly T[];
  optionLabel?: (value: T) => string;
  className?: string;
}) {
  return (
    <label className={cn(filterLabel, className)}>
      {label}
      <select name={name} defaultValue={defaultValue ?? ""} className={selectClass}>
        <option value="">{anyLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {optionLabel(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Apply, plus Clear (a link to the unfiltered URL) while a filter is on, then Export CSV when the list
 * has an export (`exportHref`: the export route with the applied filters); `children` follow them.
 */
export function FilterActions({
  clearHref,
  exportHref,
  className,
  children,
}: {
  /** Null hides Clear (no filter is on). */
  clearHref: string | null;
  exportHref?: string;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      {clearHref ? (
        <Button asChild variant="ghost">
          <Link href={clearHref}>Clear</Link>
        </Button>
      ) : null}
      {exportHref ? (
        <Button asChild variant="secondary">
          {/* A download, not a page: a plain link, so the browser saves the streamed file. */}
          <a href={exportHref} download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      ) : null}
      {children}
    </div>
  );
}

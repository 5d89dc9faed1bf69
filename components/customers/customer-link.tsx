import Link from "next/link";
import { customerHref } from "./filters";

/** A table cell's customer: the email (a link to the customer, truncated) and the external id under it. */
export function CustomerLink({
  svcCardId,
  email,
  externalId,
  className,
}: {
  svcCardId: string;
  email: string;
  externalId: string | null;
  /** The link's extra classes. */
  className?: string;
}) {
  return (
    <>
      <Link
        href={customerHref(svcCardId)}
        className={`block truncate ${className ? `${className} ` : ""}text-accent hover:underline`}
        title={email}
      >
        {email}
      </Link>
      {externalId ? (
        <span className="block truncate font-mono text-xs text-muted" title={externalId}>
          {externalId}
        </span>
      ) : null}
    </>
  );
}

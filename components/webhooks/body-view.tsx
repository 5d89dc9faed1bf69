import { CopyButton } from "@/components/copy-button";
import { cn } from "@/components/ui/cn";

/** The body indented when it parses as JSON; otherwise as it is. */
export function formatBody(body: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}

/**
 * A request or response body: indented when it is JSON (our envelopes always are), with buttons
 * copying it as sent (the exact bytes a signature covers) and, for JSON, as shown.
 */
export function BodyView({
  body,
  label,
  testId,
  maxHeight = "max-h-80",
}: {
  body: string;
  label: string;
  testId?: string;
  maxHeight?: string;
}) {
  const { text, json } = formatBody(body);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <CopyButton value={body} label={json ? `Copy ${label} as sent` : `Copy ${label}`} />
        {json && text !== body ? <CopyButton value={text} label="Copy formatted" /> : null}
      </div>
      <pre
        data-testid={testId}
        tabIndex={0}
        aria-label={label}
        className={cn(
          maxHeight,
          "overflow-auto rounded-md border border-border bg-surface-muted p-3",
          "font-mono text-xs break-all whitespace-pre-wrap",
        )}
      >
        {text}
      </pre>
    </div>
  );
}

import { CopyButton } from "@/components/copy-button";

/**
 * A shell command to copy (the CLI page): it wraps on a phone instead of scrolling sideways, and
 * its copy button is named after what the command does.
 */
export function CliCommand({ label, command }: { label: string; command: string }) {
  return (
    <div className="flex items-start gap-2 rounded-md border border-border bg-surface-muted py-1.5 pr-1.5 pl-3">
      <pre className="min-w-0 flex-1 py-1 font-mono text-xs break-all whitespace-pre-wrap">
        <code>{command}</code>
      </pre>
      <CopyButton value={command} label={`Copy the command: ${label}`} iconOnly />
    </div>
  );
}

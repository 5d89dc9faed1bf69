"use client";

import { FileText } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import type { DisputeEvidence } from "@/lib/contracts/disputes";

const KIND: Record<DisputeEvidence["content_type"], string> = {
  "application/pdf": "PDF",
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
};

function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`;
}

const evidencePath = (disputeId: string) => `/disputes/${encodeURIComponent(disputeId)}/evidence`;

/**
 * The dispute's evidence files (download links) and, for those who may write, an upload: PDF,
 * PNG or JPEG up to 5 MB (the server checks the content; the browser's check only saves a trip).
 */
export function EvidenceFiles({
  disputeId,
  files,
  canUpload,
}: {
  disputeId: string;
  files: DisputeEvidence[];
  canUpload: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {files.length === 0 ? (
        <p className="text-sm text-muted">No evidence files yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {files.map((f) => (
            <li key={f.evidence_id} className="flex items-start gap-2 text-sm" data-testid="evidence">
              <FileText className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
              <div className="flex min-w-0 flex-col">
                <a
                  href={`${evidencePath(disputeId)}/${encodeURIComponent(f.evidence_id)}`}
                  className="font-medium break-all text-accent hover:underline"
                  download={f.file_name}
                >
                  {f.file_name}
                </a>
                <span className="text-xs text-muted">
                  {KIND[f.content_type]} · {size(f.size_bytes)} · {f.uploaded_by ?? "API key"} ·{" "}
                  <Timestamp iso={f.created_at} seconds={false} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {canUpload ? <Upload disputeId={disputeId} /> : null}
    </div>
  );
}

function Upload({ disputeId }: { disputeId: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError("Choose a file to upload.");
    if (file.size > 5 * 1024 * 1024) return setError("An evidence file can be at most 5 MB.");
    setPending(true);
    setError(undefined);
    try {
      const body = new FormData();
      body.set("file", file);
      const res = await fetch(evidencePath(disputeId), { method: "POST", body });
      if (!res.ok) return setError((await res.text()).trim() || "The upload failed. Try again.");
      if (input.current) input.current.value = "";
      router.refresh();
    } catch {
      setError("The upload did not reach the server. Check the connection and try again.");
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="evidence-file" className="text-sm font-medium">
        Add evidence
      </label>
      <input
        id="evidence-file"
        ref={input}
        type="file"
        accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
        aria-describedby="evidence-hint"
        className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface-muted file:px-3 file:py-1.5 file:text-sm"
      />
      <p id="evidence-hint" className="text-xs text-muted">
        PDF, PNG or JPEG, up to 5 MB. Staff of this program can download it; the cardholder cannot.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="sm" variant="secondary" className="self-start" disabled={pending}>
        {pending ? "Uploading…" : "Upload"}
      </Button>
    </form>
  );
}

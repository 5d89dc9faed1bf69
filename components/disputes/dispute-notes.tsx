"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { DisputeNote } from "@/lib/contracts/disputes";

/** The dispute's staff notes, oldest first, and (for those who may write) a box to add one. */
export function DisputeNotes({
  disputeId,
  notes,
  add,
}: {
  disputeId: string;
  notes: DisputeNote[];
  /** Absent for a role that may not write notes. */
  add?: Action<{ disputeId: string; body: string }, DisputeNote>;
}) {
  return (
    <div className="flex flex-col gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.map((n) => (
            <li
              key={n.note_id}
              className="rounded-md border border-border px-3 py-2 text-sm"
              data-testid="note"
            >
              <p className="break-words whitespace-pre-wrap">{n.body}</p>
              <p className="mt-1 text-xs text-muted">
                {n.author ?? "API key"} · <Timestamp iso={n.created_at} seconds={false} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {add ? <AddNote disputeId={disputeId} add={add} /> : null}
    </div>
  );
}

function AddNote({
  disputeId,
  add,
}: {
  disputeId: string;
  add: Action<{ disputeId: string; body: string }, DisputeNote>;
}) {
  const router = useRouter();
  const [body, setBody] = useState("");
  const action = useAction(add);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const res = await action.run({ disputeId, body });
    if (!res.ok) return;
    setBody("");
    router.refresh();
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="dispute-note" className="text-sm font-medium">
        Add a note
      </label>
      <textarea
        id="dispute-note"
        required
        maxLength={4000}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder="What the cardholder or merchant said, what was checked…"
        className="min-h-20 rounded-md border border-input bg-surface px-3 py-2 text-sm"
      />
      {action.error ? <Alert tone="error">{action.error.message}</Alert> : null}
      <Button type="submit" size="sm" className="self-start" disabled={action.pending || !body.trim()}>
        {action.pending ? "Saving…" : "Add note"}
      </Button>
    </form>
  );
}

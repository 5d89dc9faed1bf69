"use client";

import { Plus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Input } from "@/components/ui/input";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import {
  type Metadata,
  METADATA_MAX_KEY_LENGTH,
  METADATA_MAX_KEYS,
  METADATA_MAX_VALUE_LENGTH,
} from "@/lib/contracts/metadata";
import {
  checkRows,
  type MetadataRow,
  newRow,
  placeFieldErrors,
  type RowCheck,
  rowsOf,
} from "./metadata-rows";

type SaveMetadata<T> = Action<T & { metadata: Metadata }, { metadata: Metadata }>;

/**
 * The program's own key/value strings on a customer or a card (docs/metadata.md), as the API returns
 * them; with `save` (roles that may write) an editor of key/value rows. Saving sends only the change
 * (a removed or emptied key as "") through the same use case as POST .../metadata.
 */
export function MetadataEditor<T extends object>({
  object,
  initial,
  target,
  save,
  className,
}: {
  /** "customer" or "card", for the copy. */
  object: string;
  initial: Metadata;
  target: T;
  save?: SaveMetadata<T>;
  className?: string;
}) {
  const [metadata, setMetadata] = useState(initial);
  const [editing, setEditing] = useState(false);
  const entries = Object.entries(metadata);
  return (
    <Card className={className} aria-labelledby={`metadata-${object}-title`}>
      <CardHeader className="gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle id={`metadata-${object}-title`}>Metadata</CardTitle>
          <CardDescription>
            Your program&apos;s own keys on this {object}, returned by the API and carried in its events.
          </CardDescription>
        </div>
        {save && !editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} className="self-start">
            Edit metadata
          </Button>
        ) : null}
      </CardHeader>
      <CardBody>
        {save && editing ? (
          <MetadataForm
            object={object}
            metadata={metadata}
            target={target}
            save={save}
            onSaved={(next) => {
              setMetadata(next);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : entries.length ? (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            {entries.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono text-xs break-all text-muted sm:pt-0.5">{key}</dt>
                <dd className="mb-2 break-all sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted">No metadata on this {object}.</p>
        )}
      </CardBody>
    </Card>
  );
}

function MetadataForm<T extends object>({
  object,
  metadata,
  target,
  save,
  onSaved,
  onCancel,
}: {
  object: string;
  metadata: Metadata;
  target: T;
  save: SaveMetadata<T>;
  onSaved: (metadata: Metadata) => void;
  onCancel: () => void;
}) {
  const [rows, setRows] = useState<MetadataRow[]>(() =>
    Object.keys(metadata).length ? rowsOf(metadata) : [newRow()],
  );
  const [problems, setProblems] = useState<RowCheck | null>(null);
  const saving = useAction(save);

  function change(id: number, part: "key" | "value", text: string) {
    setRows((all) => all.map((r) => (r.id === id ? { ...r, [part]: text } : r)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkRows(metadata, rows);
    setProblems(check);
    if (check.general || Object.keys(check.rows).length) return;
    if (!Object.keys(check.update).length) return onCancel();
    const res = await saving.run({ ...target, metadata: check.update });
    if (res.ok) onSaved(res.data.metadata);
    else if (res.error.fields) setProblems(placeFieldErrors(rows, res.error.fields));
  }

  const otherError = saving.error && !saving.error.fields ? saving.error : undefined;
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
      <p className="text-xs text-muted">
        Up to {METADATA_MAX_KEYS} keys; a key of up to {METADATA_MAX_KEY_LENGTH} characters, a value of up to{" "}
        {METADATA_MAX_VALUE_LENGTH}. An empty value removes the key.
      </p>
      <ul className="flex flex-col gap-5 sm:gap-3" aria-label={`Metadata of this ${object}`}>
        {rows.map((row, i) => (
          <Row
            key={row.id}
            row={row}
            n={i + 1}
            error={problems?.rows[row.id]}
            onChange={change}
            onRemove={() => setRows((all) => all.filter((r) => r.id !== row.id))}
          />
        ))}
      </ul>
      <div>
        <Button variant="ghost" size="sm" onClick={() => setRows((all) => [...all, newRow()])}>
          <Plus aria-hidden /> Add a key
        </Button>
      </div>
      <ActionErrorAlert error={problems?.general ?? otherError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={saving.pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving.pending} aria-busy={saving.pending}>
          Save metadata
        </Button>
      </div>
    </form>
  );
}

function Row({
  row,
  n,
  error,
  onChange,
  onRemove,
}: {
  row: MetadataRow;
  n: number;
  error?: string;
  onChange: (id: number, part: "key" | "value", text: string) => void;
  onRemove: () => void;
}) {
  const errorId = error ? `metadata-row-${row.id}-error` : undefined;
  return (
    <li className="flex flex-col gap-1">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
        <Input
          aria-label={`Key ${n}`}
          placeholder="key"
          autoComplete="off"
          className="col-start-1 row-start-1 font-mono"
          value={row.key}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange(row.id, "key", e.target.value)}
        />
        <Input
          aria-label={`Value ${n}`}
          placeholder="value"
          autoComplete="off"
          className="col-span-2 col-start-1 row-start-2 sm:col-span-1 sm:col-start-2 sm:row-start-1"
          value={row.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange(row.id, "value", e.target.value)}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove key ${n}${row.key ? ` (${row.key})` : ""}`}
          className="col-start-2 row-start-1 sm:col-start-3"
          onClick={onRemove}
        >
          <X aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

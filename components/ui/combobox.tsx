"use client";

import { type KeyboardEvent, type ReactNode, useState } from "react";
import { cn } from "./cn";

/**
 * The one text box with a list of choices (ARIA 1.2 combobox with a listbox): the customer picker, the
 * program's time zone. Arrows move, Enter picks, Escape closes the list and goes no further (not to a
 * sheet, dialog or form around the box). The list shows while the box is open, `shown` holds and there
 * are `options`; spread `inputProps` on the box and render `ComboboxList` under it.
 */
export function useCombobox<T>({
  listId,
  options,
  shown = true,
  onPick,
}: {
  listId: string;
  options: readonly T[];
  shown?: boolean;
  /** After the list has closed. */
  onPick: (option: T) => void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const expanded = open && shown && options.length > 0;

  function pick(option: T | undefined) {
    if (option === undefined) return;
    setOpen(false);
    onPick(option);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && expanded) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === "Escape" && expanded) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  }

  return {
    open,
    setOpen,
    active,
    setActive,
    expanded,
    pick,
    listId,
    options,
    inputProps: {
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": expanded,
      "aria-controls": listId,
      "aria-activedescendant": expanded ? `${listId}-${active}` : undefined,
      onKeyDown,
      onBlur: () => setOpen(false),
    } as const,
  };
}

/** The listbox of a `useCombobox`, right under its box (the box's wrapper is `relative`). */
export function ComboboxList<T>({
  box,
  label,
  optionKey,
  optionClassName,
  children,
}: {
  box: ReturnType<typeof useCombobox<T>>;
  label: string;
  optionKey: (option: T) => string;
  optionClassName: string;
  children: (option: T) => ReactNode;
}) {
  return (
    <ul
      id={box.listId}
      role="listbox"
      aria-label={label}
      hidden={!box.expanded}
      className={cn(
        "absolute top-full right-0 left-0 z-50 mt-1 max-h-72 overflow-y-auto rounded-md border",
        "border-border bg-surface p-1 shadow-lg",
      )}
    >
      {box.options.map((option, i) => (
        <li
          key={optionKey(option)}
          id={`${box.listId}-${i}`}
          role="option"
          aria-selected={i === box.active}
          // mousedown, not click: the box keeps focus (its blur would close the list first).
          onMouseDown={(e) => {
            e.preventDefault();
            box.pick(option);
          }}
          onMouseEnter={() => box.setActive(i)}
          className={cn(optionClassName, i === box.active ? "bg-surface-muted" : "")}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}

import { type ClassValue, clsx } from "clsx";

/** Joins class names. There is no tailwind-merge: callers add classes, they do not override. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}

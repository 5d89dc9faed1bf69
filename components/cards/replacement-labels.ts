import type { ReplacementReason } from "@/lib/enums";

/** How the console and My card name a replacement reason and say what it does to the old card. */
export const REASON_COPY: Record<ReplacementReason, { label: string; effect: string }> = {
  lost: { label: "Lost", effect: "The card is reported lost and stops working now." },
  stolen: { label: "Stolen", effect: "The card is reported stolen and stops working now." },
  damaged: {
    label: "Damaged",
    effect: "The card keeps working until the new one is activated (a virtual card: at once).",
  },
  expired: { label: "Expiring", effect: "The card keeps working until its expiry." },
};

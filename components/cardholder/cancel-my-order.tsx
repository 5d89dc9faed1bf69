"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { useAction } from "@/components/ui/use-action";
import type { CardOrder } from "@/lib/contracts/card-orders";
import type { CancelMyOrderAction } from "./types";

/**
 * My card: cancel my physical card order while it is pending or submitted (docs/physical-cards.md).
 * The card is voided with it; once the card has shipped the server refuses and says to report it
 * lost instead, which the dialog shows.
 */
export function CancelMyOrder({ order, cancel }: { order: CardOrder; cancel: CancelMyOrderAction }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const action = useAction(cancel);

  async function confirm() {
    const res = await action.run({ orderId: order.order_id });
    if (!res.ok) return;
    setOpen(false);
    router.refresh();
  }

  return (
    <div>
      <Button
        variant="secondary"
        onClick={() => {
          action.reset();
          setOpen(true);
        }}
      >
        Cancel order
      </Button>
      {open ? (
        <ConfirmDialog
          title={`Cancel the order of the card ending ${order.last_four}?`}
          description="The card will not be sent and can never be used. You can order a new one afterwards."
          error={<ActionErrorAlert error={action.error} />}
          confirmLabel="Yes, cancel my order"
          tone="danger"
          pending={action.pending}
          onConfirm={confirm}
          onClose={() => !action.pending && setOpen(false)}
        />
      ) : null}
    </div>
  );
}

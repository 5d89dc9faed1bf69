import { customerHref } from "@/components/customers/href";

/** A dispute's page. */
export const disputeHref = (disputeId: string) => `/disputes/${encodeURIComponent(disputeId)}`;

/** The disputed purchase: the customer's transactions on Transactions with its sheet open (?tx=). */
export const purchaseHref = (svcCardId: string, transactionId: string) =>
  `/transactions?customer_id=${encodeURIComponent(svcCardId)}&tx=${encodeURIComponent(transactionId)}`;

export { customerHref };

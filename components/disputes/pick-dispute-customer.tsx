"use client";

import { useRouter } from "next/navigation";
import { CustomerPicker } from "@/components/customers/customer-picker";

/**
 * "New dispute", step 1: the customer picker; picking one puts the customer in the address
 * (/disputes/new?customer_id=sc_...), where the page reads their disputable purchases.
 */
export function PickDisputeCustomer({ selected }: { selected: { svcCardId: string; email: string } | null }) {
  const router = useRouter();
  return (
    <CustomerPicker
      key={selected?.svcCardId ?? "none"}
      name="customer_id"
      label="Customer"
      defaultValue={selected?.email ?? ""}
      hint={selected ? undefined : "Type part of the cardholder's e-mail, a card's last four or any id."}
      onSelect={(customer) => {
        if (customer && customer.svcCardId !== selected?.svcCardId)
          router.push(`/disputes/new?customer_id=${encodeURIComponent(customer.svcCardId)}`);
      }}
    />
  );
}

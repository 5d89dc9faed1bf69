import QRCode from "qrcode";
import type { GatewayPaymentView } from "@/lib/contracts/gateway";

/** Each accepted option with its deposit address and a QR code of it (rendered on the server). */
export async function PaymentOptions({ payment }: { payment: GatewayPaymentView }) {
  const codes = await Promise.all(
    payment.accepted_options.map((o) => QRCode.toDataURL(o.deposit_address, { margin: 1, width: 160 })),
  );
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {payment.accepted_options.map((o, i) => (
        <li
          key={`${o.asset_code}-${o.network}`}
          className="flex flex-col gap-2 rounded-md border border-border p-3"
        >
          <span className="font-medium">
            {o.asset_code} on {o.network}
          </span>
          {/* A data URL made on the server: next/image adds nothing here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={codes[i]}
            alt={`QR code of the ${o.asset_code} ${o.network} deposit address`}
            width={160}
            height={160}
          />
          <code className="text-xs break-all">{o.deposit_address}</code>
        </li>
      ))}
    </ul>
  );
}

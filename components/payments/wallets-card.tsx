import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { WalletView } from "@/lib/contracts/fiat-payments";
import { formatDecimalAmount } from "@/lib/money";
import { OPEN_WALLET_ANCHOR } from "./labels";

/**
 * The organization's fiat wallets with their balances; `openWallet` (operators) is the form that
 * opens another, the target of the calculator's "Open a wallet" link.
 */
export function WalletsCard({ wallets, openWallet }: { wallets: WalletView[]; openWallet?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fiat wallets</CardTitle>
        <CardDescription>
          Fiat wallets pay payouts to bank accounts and mobile wallets and receive deposits; they are separate
          from the card program&apos;s master wallet (on{" "}
          <Link className="underline" href="/balances">
            Balances
          </Link>
          ), which funds customers&apos; cards.
        </CardDescription>
      </CardHeader>
      <CardBody className="p-0">
        {wallets.length ? (
          <table className="w-full text-sm" data-testid="fiat-wallets">
            <TableHeader
              columns={["Currency", "Balance", "Updated"]}
              className="[&_th:last-child]:max-sm:hidden"
            />
            <tbody>
              {wallets.map((w) => (
                <tr key={w.currency} className="border-b border-border last:border-0">
                  <td className="px-5 py-2">{w.currency}</td>
                  <td className="px-3 py-2 font-mono tabular-nums">
                    {formatDecimalAmount(w.balance, w.currency)}
                  </td>
                  {/* Three columns do not fit 390 px: the last change is for wider screens. */}
                  <td className="py-2 pr-5 pl-3 max-sm:hidden">
                    <Timestamp iso={w.updated_at} seconds={false} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-5 py-4 text-sm text-muted">
            No fiat wallet yet. A payout is paid from a wallet and a deposit credits one: open one per
            currency.
          </p>
        )}
        <div id={OPEN_WALLET_ANCHOR} className="scroll-mt-20">
          {openWallet}
        </div>
      </CardBody>
    </Card>
  );
}

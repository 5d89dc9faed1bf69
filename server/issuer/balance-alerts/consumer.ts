import { registerEventConsumer } from "@/server/events/dispatch";
import { checkCustomer, checkMasterWallets } from "./evaluate";

/**
 * The low-balance checks run as an event consumer, beside the webhook fan-out: after a customer's
 * balance changed (customer.balance.updated) and after a master wallet moved (master_wallet.*),
 * each reads the balance as it is now, so events handled out of order still leave the right state.
 * A dip and recovery between two dispatches is not seen (docs/statements.md).
 */
export function registerBalanceAlertConsumer(): void {
  registerEventConsumer("balance_alerts", async (tx, event) => {
    const { type, data } = event.envelope;
    if (type === "customer.balance.updated" && typeof data.svc_card_id === "string")
      await checkCustomer(tx, event.orgId, data.svc_card_id);
    else if (type.startsWith("master_wallet.") && type !== "master_wallet.balance.low")
      await checkMasterWallets(tx, event.orgId);
  });
}

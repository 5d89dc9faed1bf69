/**
 * "How to add money" on My card. In this program a cardholder does not top up the card: the
 * program funds the card's balance from its master wallet (Fund a customer, in the console or over
 * the API), and refunds and won disputes credit it back; so the note says who to ask.
 */
export function AddMoneyNote({ programName }: { programName: string }) {
  return (
    <section
      aria-labelledby="add-money-title"
      className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm"
      data-testid="add-money-note"
    >
      <h2 id="add-money-title" className="text-base font-semibold">
        How to add money
      </h2>
      <p>
        Money reaches your card from {programName}: they add it to your balance, for example a payment or a
        top-up you agreed with them. You cannot add money yourself here, by card or by bank transfer.
      </p>
      <p className="text-muted">
        Refunds from shops and disputes decided in your favour come back to this balance too. Money usually
        shows within a minute of being sent; if you expect money that has not arrived, contact {programName}.
      </p>
    </section>
  );
}

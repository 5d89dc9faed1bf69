-- At most one won dispute per purchase (docs/money.md, "Disputes"): the database's own guard behind
-- the purchase's row lock. A database that already holds a purchase won more than once (the defect
-- this closes) keeps it as history: the index is then left out with a warning rather than failing
-- every start, and the money invariant (server/issuer/card-network/credits.ts) counts those purchases.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "card_disputes" WHERE status = 'won' GROUP BY "transaction_id" HAVING count(*) > 1) THEN
    RAISE WARNING 'card_disputes_one_won_key not created: some purchases already have more than one won dispute';
  ELSE
    CREATE UNIQUE INDEX "card_disputes_one_won_key" ON "card_disputes" USING btree ("transaction_id") WHERE status = 'won';
  END IF;
END $$;

-- Ledger postings in one round trip each (decision 035). The rules are those of ledger.service.ts:
-- balanced lines, member accounts never below zero (KR001 = MONEY_NOT_ENOUGH), accounts updated in
-- the order given (the caller sorts them by id), one entry per line with the balance after it.
CREATE OR REPLACE FUNCTION ledger_post(p_transaction_id bigint, p_accounts bigint[], p_amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_balance bigint;
BEGIN
  IF coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'posting for transaction %: % accounts, % amounts', p_transaction_id,
      array_length(p_accounts, 1), array_length(p_amounts, 1);
  END IF;
  IF (SELECT coalesce(sum(a), 0) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'unbalanced posting for transaction %', p_transaction_id;
  END IF;
  FOR i IN 1 .. coalesce(array_length(p_accounts, 1), 0) LOOP
    UPDATE ledger_accounts SET balance = balance + p_amounts[i]
      WHERE id = p_accounts[i] AND (kind <> 'MEMBER' OR balance + p_amounts[i] >= 0)
      RETURNING balance INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KR001', MESSAGE = 'MONEY_NOT_ENOUGH';
    END IF;
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
      VALUES (p_transaction_id, p_accounts[i], p_amounts[i], v_balance);
  END LOOP;
END $$;
--> statement-breakpoint
-- The member's next statement number; the row lock it takes serialises the member's statement writes.
CREATE OR REPLACE FUNCTION ledger_next_member_seq(p_member_id bigint)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_seq integer;
BEGIN
  UPDATE members SET movement_count = movement_count + 1 WHERE id = p_member_id RETURNING movement_count INTO v_seq;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'member % not found', p_member_id;
  END IF;
  RETURN v_seq;
END $$;
--> statement-breakpoint
-- A transaction row and its first posting as one statement: atomic without BEGIN/COMMIT round trips.
CREATE OR REPLACE FUNCTION ledger_book(
  p_member_id bigint, p_type text, p_status text, p_statement_type text, p_from_code text, p_to_code text,
  p_amount bigint, p_currency text, p_idempotency_key text, p_description text, p_metadata jsonb,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (id bigint, member_seq integer, created_at timestamptz, updated_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_seq integer;
  v_row ledger_transactions%ROWTYPE;
BEGIN
  IF p_statement_type IS NOT NULL AND p_member_id IS NOT NULL THEN
    v_seq := ledger_next_member_seq(p_member_id);
  END IF;
  INSERT INTO ledger_transactions (member_id, type, status, statement_type, member_seq, from_code, to_code,
      amount, currency, idempotency_key, description, metadata)
    VALUES (p_member_id, p_type, p_status, p_statement_type, v_seq, p_from_code, p_to_code,
      p_amount, p_currency, p_idempotency_key, p_description, coalesce(p_metadata, '{}'::jsonb))
    RETURNING * INTO v_row;
  PERFORM ledger_post(v_row.id, p_accounts, p_amounts);
  RETURN QUERY SELECT v_row.id, v_row.member_seq, v_row.created_at, v_row.updated_at;
END $$;
--> statement-breakpoint
-- Moves a transaction out of one of `p_from` into `p_to` and posts its lines, as one statement.
-- Answers `p_to` when it moved, else the status the transaction has (nothing posted then).
CREATE OR REPLACE FUNCTION ledger_settle(
  p_transaction_id bigint, p_from text[], p_to text, p_accounts bigint[], p_amounts bigint[]
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  UPDATE ledger_transactions SET status = p_to, updated_at = now(), lease_until = NULL
    WHERE id = p_transaction_id AND status = ANY (p_from);
  IF NOT FOUND THEN
    SELECT status INTO v_status FROM ledger_transactions WHERE id = p_transaction_id;
    RETURN v_status;
  END IF;
  PERFORM ledger_post(p_transaction_id, p_accounts, p_amounts);
  RETURN p_to;
END $$;

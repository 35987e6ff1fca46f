-- Money into a game parked in one statement when no protection gate applies. The member row is
-- locked first (step 1 of the lock order, as every money path). When the member has an exclusion
-- in force at p_now or a loss limit in force, nothing is written and no row is answered: the
-- caller then runs the gates' rules under the lock and parks (modules/protection). Otherwise the
-- transaction row and its posting are written as ledger_book does.
CREATE OR REPLACE FUNCTION ledger_book_ungated(
  p_now timestamptz,
  p_member_id bigint, p_type text, p_status text, p_statement_type text, p_from_code text, p_to_code text,
  p_amount bigint, p_currency text, p_idempotency_key text, p_description text, p_metadata jsonb,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (id bigint, member_seq integer, created_at timestamptz, updated_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  PERFORM 1 FROM members m WHERE m.id = p_member_id FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM protection_exclusions e
    WHERE e.member_id = p_member_id AND e.ended_at IS NULL AND e.starts_at <= p_now
      AND (e.ends_at IS NULL OR e.ends_at > p_now)
  ) OR EXISTS (
    SELECT 1 FROM protection_limits l
    WHERE l.member_id = p_member_id AND l.kind = 'LOSS' AND l.amount IS NOT NULL
  ) THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT b.id, b.member_seq, b.created_at, b.updated_at FROM ledger_book(
    p_member_id, p_type, p_status, p_statement_type, p_from_code, p_to_code, p_amount, p_currency,
    p_idempotency_key, p_description, p_metadata, p_accounts, p_amounts) b;
END $$;

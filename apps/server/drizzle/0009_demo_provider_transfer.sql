-- The demo game provider applies a transfer id at most once, in one statement (decision 035): the
-- same rules as before (unknown player, voided id, id reused for another transfer: refused with the
-- reason; too little balance: KR002, and the id is rolled back with it).
CREATE OR REPLACE FUNCTION demo_provider_transfer(
  p_game_code text, p_username text, p_transfer_id text, p_kind text, p_amount bigint, p_now timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_player bigint;
  v_seen demo_provider_transfers%ROWTYPE;
  v_delta bigint := CASE WHEN p_kind = 'DEPOSIT' THEN p_amount ELSE -p_amount END;
BEGIN
  SELECT id INTO v_player FROM demo_provider_players WHERE game_code = p_game_code AND username = p_username;
  IF NOT FOUND THEN
    RETURN 'unknown player';
  END IF;
  INSERT INTO demo_provider_transfers (game_code, transfer_id, player_id, kind, amount, state)
    VALUES (p_game_code, p_transfer_id, v_player, p_kind, p_amount, 'APPLIED')
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT * INTO v_seen FROM demo_provider_transfers WHERE game_code = p_game_code AND transfer_id = p_transfer_id;
    IF v_seen.state = 'CANCELLED' THEN
      RETURN 'transfer id cancelled';
    END IF;
    IF v_seen.kind IS DISTINCT FROM p_kind OR v_seen.amount IS DISTINCT FROM p_amount
        OR v_seen.player_id IS DISTINCT FROM v_player THEN
      RETURN 'transfer id reused for another transfer';
    END IF;
    RETURN 'APPLIED'; -- already applied: a repeat changes nothing
  END IF;
  UPDATE demo_provider_players SET balance = balance + v_delta, updated_at = p_now
    WHERE id = v_player AND balance + v_delta >= 0;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KR002', MESSAGE = 'insufficient balance';
  END IF;
  RETURN 'APPLIED';
END $$;

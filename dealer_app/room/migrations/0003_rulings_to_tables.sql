-- A room ruling that moves chips reaches its table (issue 26 §4): the table's forwarder reads
-- its own table's rulings that carry chips, and the table shows each to its dealer between
-- hands. The dealer's confirmation is one more row of the table's own record (a ruling row
-- carrying room_ruling: the id, and room_hash: the hash of the ruling here), forwarded to the
-- room like every other row: the room sees which rulings were applied, and the table skips
-- the ones its record has applied already. Nothing here changes: the room is append-only.

-- the table's own login reads its own table's chip rulings, no other table's (and no other
-- ruling: a decision without chips stays the floor's)
CREATE FUNCTION room.rulings_for_table(p_table_id text)
RETURNS TABLE (id bigint, session integer, hand_no integer, payload text, floor_login text, at text, hash text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    r room.rulings;
    chips jsonb;
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    FOR r IN SELECT * FROM room.rulings x WHERE x.table_id = p_table_id ORDER BY x.id LOOP
        BEGIN  -- (a payload that is not JSON, written by hand: not a ruling that moves chips)
            chips := r.payload::jsonb -> 'chips';
        EXCEPTION WHEN invalid_text_representation THEN
            chips := NULL;
        END;
        IF jsonb_typeof(chips) = 'object' AND chips <> '{}'::jsonb THEN
            id := r.id;
            session := r.session;
            hand_no := r.hand_no;
            payload := r.payload;
            floor_login := r.floor_login::text;
            at := r.at::text;
            hash := r.hash;
            RETURN NEXT;
        END IF;
    END LOOP;
END
$$;

REVOKE ALL ON FUNCTION room.rulings_for_table(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.rulings_for_table(text) TO dealer_table;

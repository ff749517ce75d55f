-- The room as the table's witness (issue 30 §3): a table's forwarder compares the room's whole
-- copy of its rows and heads with its record on every connect, the table asks the room at its
-- start, and the floor's console sees a table whose heads stopped arriving. Applied by
-- `dealer-app db upgrade` as the database's owner.

-- 1. a table's login reads the whole of its own rows and heads (row-level security, 0004/0005,
-- keeps every other table's from it): what it compares with its record
GRANT SELECT (row_id, hand_no, kind, payload, at, hash) ON room.log TO dealer_table;
GRANT SELECT (rows, session, hand_no, hash, at, key_id, signature, digest) ON room.heads TO dealer_table;

-- 2. when the room last heard of each table: a forwarder with nothing to send says it is there
-- now and then (room.table_seen); the console flags a table not closed that went silent. One
-- row per table, overwritten: the time only, nothing a login can grow
CREATE TABLE room.table_presence (
    table_id text PRIMARY KEY REFERENCES room.tables,
    seen_at timestamptz NOT NULL
);
CREATE FUNCTION room.table_seen(p_table_id text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', left(p_table_id, 40) USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO room.table_presence (table_id, seen_at) VALUES (p_table_id, clock_timestamp())
        ON CONFLICT (table_id) DO UPDATE SET seen_at = EXCLUDED.seen_at;
END
$$;
REVOKE ALL ON room.table_presence FROM PUBLIC;
REVOKE ALL ON FUNCTION room.table_seen(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.table_seen(text) TO dealer_table;
GRANT SELECT ON room.table_presence TO dealer_floor;

-- 3. a table reports a disagreement at a row the room no longer holds, too (one its owner
-- deleted): any row up to the table's last one in the room, one report per row as before, so
-- a login still cannot fill the floor's list beyond the rows it sent
CREATE OR REPLACE FUNCTION room.report_mismatch(p_table_id text, p_row_id bigint, p_reason text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_row_id IS NULL OR p_row_id < 1 OR p_row_id > coalesce(
            (SELECT l.row_id FROM room.log l WHERE l.table_id = p_table_id ORDER BY l.row_id DESC LIMIT 1), 0) THEN
        RETURN;
    END IF;
    INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash)
        VALUES (p_table_id, 0, 0, p_row_id, 'record', 0, 'mismatch', left(p_reason, 500), 'mismatch')
        ON CONFLICT (table_id, row_id, hash) DO NOTHING;
END
$$;

-- The table's signed heads reach the room (issue 30 §3): after each batch of rows the forwarder
-- sends the heads that cover them (row count, last row and its chain hash, signed with the
-- table's Ed25519 key, whose public half the floor approved at enrollment). The server keeps
-- them append-only and bounded; it checks no signature (a reader does, with the enrolled public
-- key, trusting nothing the server says). Applied by `dealer-app db upgrade` as the owner.
CREATE TABLE room.heads (
    id bigint PRIMARY KEY,  -- drawn by the server's check (a table's login draws nothing)
    table_id text NOT NULL REFERENCES room.tables,
    rows bigint NOT NULL CHECK (rows >= 0),
    row_id bigint NOT NULL CHECK (row_id >= 1),
    session integer NOT NULL,
    hand_no integer NOT NULL,
    hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{1,128}$'),
    at text NOT NULL CHECK (length(at) <= 40),
    key_id text NOT NULL CHECK (key_id ~ '^[0-9a-f]{1,40}$'),
    signature text NOT NULL CHECK (signature ~ '^[0-9a-f]{128}$'),
    login name NOT NULL,
    received_at timestamptz NOT NULL,
    UNIQUE (table_id, row_id)
);
CREATE SEQUENCE room.heads_id_seq OWNED BY room.heads.id;
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.heads
    FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change();

-- a head is the sending login's own table's, comes after the row it covers, and moves forward
-- (the same head sent again after an outage is left to ON CONFLICT DO NOTHING)
CREATE FUNCTION room.accept_head() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    last_head bigint;
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = NEW.table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'the login % may not send the heads of table %', session_user, left(NEW.table_id, 40)
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF EXISTS (SELECT FROM room.heads h WHERE h.table_id = NEW.table_id AND h.row_id = NEW.row_id) THEN
        RETURN NEW;  -- (sent again: ON CONFLICT keeps the first)
    END IF;
    IF NOT EXISTS (SELECT FROM room.log l WHERE l.table_id = NEW.table_id AND l.row_id = NEW.row_id) THEN
        RAISE EXCEPTION 'a head of table % for row % came before its row', NEW.table_id, NEW.row_id
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    SELECT max(h.row_id) INTO last_head FROM room.heads h WHERE h.table_id = NEW.table_id;
    IF NEW.row_id < coalesce(last_head, 0) THEN
        RAISE EXCEPTION 'a head of table % for row % comes after its head for row %', NEW.table_id, NEW.row_id,
            last_head USING ERRCODE = 'check_violation';
    END IF;
    NEW.id := nextval('room.heads_id_seq');
    NEW.login := session_user;
    NEW.received_at := clock_timestamp();
    RETURN NEW;
END
$$;
CREATE TRIGGER accept BEFORE INSERT ON room.heads FOR EACH ROW EXECUTE FUNCTION room.accept_head();

-- where a table's heads stand on the server: the row of its last head (0: none yet)
CREATE FUNCTION room.heads_head(p_table_id text) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN coalesce((SELECT max(h.row_id) FROM room.heads h WHERE h.table_id = p_table_id), 0);
END
$$;

REVOKE ALL ON room.heads FROM PUBLIC;
REVOKE ALL ON FUNCTION room.accept_head() FROM PUBLIC;
REVOKE ALL ON FUNCTION room.heads_head(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.heads_head(text) TO dealer_table;
GRANT INSERT (table_id, rows, row_id, session, hand_no, hash, at, key_id, signature) ON room.heads TO dealer_table;
-- (ON CONFLICT reads the arbiter's columns: a table's login reads its own heads only)
GRANT SELECT (table_id, row_id) ON room.heads TO dealer_table;
ALTER TABLE room.heads ENABLE ROW LEVEL SECURITY;
CREATE POLICY floor_reads ON room.heads FOR SELECT TO dealer_floor USING (true);
CREATE POLICY table_reads_its_own ON room.heads FOR SELECT TO dealer_table USING (room.is_logins_table(table_id));
CREATE POLICY table_sends ON room.heads FOR INSERT TO dealer_table WITH CHECK (true);  -- (accept_head judges)
GRANT SELECT ON room.heads TO dealer_floor;

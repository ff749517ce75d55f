-- Each floor person is themselves (issue 30 §4): at a table in a room, every floor act (voiding
-- a hand, a ruling that moves chips, closing a table whose record fails its check, stacks the
-- floor counted) is made under the floor person's own room login. The table connects AS that
-- login (the server checks its password) and records the act here; the table's signed row
-- names the login and the id returned, so a reader matches each with the other.

CREATE TABLE room.floor_acts (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL CHECK (table_id ~ '^[A-Za-z0-9-]{4,40}$'),
    kind text NOT NULL CHECK (kind IN ('void', 'ruling', 'close', 'stacks')),
    session integer NOT NULL CHECK (session >= 0),
    hand_no integer NOT NULL CHECK (hand_no >= 0),
    digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),  -- SHA-256 of what the act does
    floor_login text NOT NULL,  -- session_user: the login whose password the server checked
    at timestamptz NOT NULL DEFAULT now()  -- the server's time
);
CREATE INDEX floor_acts_table ON room.floor_acts (table_id, id);
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.floor_acts
    FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change();

-- a floor login records its act at a table; no other login may (a table's login, a login of no
-- role): the act is the person's, never the table's. Returns the room's id of the act
CREATE FUNCTION room.record_floor_act(p_table_id text, p_kind text, p_session integer, p_hand integer,
                                      p_digest text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    act_id bigint;
BEGIN
    IF NOT pg_has_role(session_user, 'dealer_floor', 'MEMBER')
       OR pg_has_role(session_user, 'dealer_table', 'MEMBER') THEN
        RAISE EXCEPTION 'only a floor''s login makes a floor act (the login % is not one)', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO room.floor_acts (table_id, kind, session, hand_no, digest, floor_login)
    VALUES (p_table_id, p_kind, p_session, p_hand, p_digest, session_user)
    RETURNING id INTO act_id;
    RETURN act_id;
END
$$;
REVOKE ALL ON room.floor_acts FROM PUBLIC;
REVOKE ALL ON SEQUENCE room.floor_acts_id_seq FROM PUBLIC;
REVOKE ALL ON FUNCTION room.record_floor_act(text, text, integer, integer, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.record_floor_act(text, text, integer, integer, text) TO dealer_floor;
GRANT SELECT ON room.floor_acts TO dealer_floor;

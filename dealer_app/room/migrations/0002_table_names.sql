-- A table's name in the room (issue 26): set at the table (Settings → Card room) or by the
-- floor, each change one more row (the room is append-only, so room.tables keeps the name the
-- table first registered with); the newest row is the table's name, and the rows say who
-- renamed it when.
CREATE TABLE room.table_names (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL REFERENCES room.tables,
    -- (no control or bidirectional-override characters: a name reads as it is)
    label text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 80
                               AND label !~ '[[:cntrl:]\u200e\u200f\u202a-\u202e\u2066-\u2069]'),
    by_login name NOT NULL DEFAULT session_user,
    at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX table_names_table ON room.table_names (table_id, id);
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.table_names
    FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change();

-- the table's own login names its table; a floor's login names any table
CREATE FUNCTION room.rename_table(p_table_id text, p_label text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    now_named text;
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id) THEN
        RAISE EXCEPTION 'no table % in the room', p_table_id USING ERRCODE = 'no_data_found';
    END IF;
    IF NOT (EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user)
            OR pg_has_role(session_user, 'dealer_floor', 'MEMBER')) THEN
        RAISE EXCEPTION 'table % is not this login''s to rename', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT coalesce((SELECT n.label FROM room.table_names n WHERE n.table_id = p_table_id ORDER BY n.id DESC LIMIT 1),
                    (SELECT t.label FROM room.tables t WHERE t.table_id = p_table_id)) INTO now_named;
    IF now_named IS DISTINCT FROM btrim(p_label) THEN
        INSERT INTO room.table_names (table_id, label) VALUES (p_table_id, btrim(p_label));
    END IF;
END
$$;

REVOKE ALL ON FUNCTION room.rename_table(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.rename_table(text, text) TO dealer_table, dealer_floor;
GRANT SELECT ON room.table_names TO dealer_floor;

-- A table registering itself twice at once (two forwarders of one record: the window's stopping
-- as the record service's starts) was refused 'not allowed' by the first's new row, and one login
-- could race two first registrations into two tables. register_table as in 0012, its calls by one
-- login taken one at a time.
CREATE TABLE room.registering (
    login text PRIMARY KEY  -- (a lock, not evidence: which logins ever registered)
);
REVOKE ALL ON room.registering FROM PUBLIC;

CREATE OR REPLACE FUNCTION room.register_table(p_table_id text, p_record_id text, p_label text, p_key bytea,
                                               p_public_key bytea DEFAULT NULL)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    known room.tables;
    mine text;
    label text;
    now_in_force room.enrollments;
BEGIN
    -- one registration of a login at a time (its row here locked to the end of the transaction):
    -- two forwarders of one record registering at once both find the table registered, and one
    -- login racing two first registrations gets one table (each read below sees what the other
    -- committed). Only this login waits: another table's registration locks another row.
    INSERT INTO room.registering (login) VALUES (session_user) ON CONFLICT DO NOTHING;
    PERFORM FROM room.registering r WHERE r.login = session_user FOR UPDATE;
    IF p_table_id IS NULL OR p_table_id !~ '^[A-Za-z0-9-]{4,40}$' OR p_record_id IS NULL
       OR p_record_id !~ '^[0-9a-f]{16}$' OR p_key IS NULL OR length(p_key) <> 32
       OR (p_public_key IS NOT NULL AND length(p_public_key) NOT BETWEEN 1 AND 64) THEN
        RAISE EXCEPTION 'not a table''s identity, record or key: refused' USING ERRCODE = 'check_violation';
    END IF;
    SELECT * INTO known FROM room.tables WHERE table_id = p_table_id;
    IF NOT FOUND THEN
        SELECT t.table_id INTO mine FROM room.tables t WHERE t.login = session_user LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION 'the login % is table %''s: a table''s login registers that one table and no other '
                            '(table % is refused)', session_user, mine, p_table_id
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        label := room.check_label(p_label);
        INSERT INTO room.tables (table_id, record_id, label, login)
            VALUES (p_table_id, p_record_id, label, session_user);
        PERFORM room.require_free_label(p_table_id, label);
        INSERT INTO room.table_keys (table_id, key) VALUES (p_table_id, p_key);
        INSERT INTO room.enrollments (table_id, record_id, key, public_key) VALUES (p_table_id, p_record_id, p_key, p_public_key);
        RETURN 'waiting';
    END IF;
    IF known.login <> session_user THEN
        RAISE EXCEPTION 'table % belongs to the login %, not %', p_table_id, known.login, session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    -- (this table's newest request only: a new request and an approval do not cross; other
    -- tables' requests are free, and so is this table's row, which its rows' check locks)
    PERFORM FROM room.enrollments e WHERE e.table_id = p_table_id ORDER BY e.id DESC LIMIT 1 FOR UPDATE;
    now_in_force := room.enrolled(p_table_id);
    IF now_in_force.id IS NULL THEN  -- never approved yet: its first request stands
        SELECT * INTO now_in_force FROM room.enrollments e WHERE e.table_id = p_table_id ORDER BY e.id LIMIT 1;
        IF now_in_force.record_id = p_record_id AND now_in_force.key = p_key
           AND now_in_force.public_key IS NOT DISTINCT FROM p_public_key THEN
            RETURN 'waiting';
        END IF;
    ELSIF now_in_force.record_id = p_record_id AND now_in_force.key = p_key
          AND now_in_force.public_key IS NOT DISTINCT FROM p_public_key THEN
        RETURN 'enrolled';
    END IF;
    INSERT INTO room.enrollments (table_id, record_id, key, public_key) VALUES (p_table_id, p_record_id, p_key, p_public_key)
        ON CONFLICT DO NOTHING;
    RETURN 'changed';
END
$$;
-- (CREATE OR REPLACE keeps the grant of 0004: dealer_table's logins execute it)

-- A head sent again that the room already holds (two forwarders of one record at once: the one
-- that read the room's heads before the other's commit) was returned by 0005's check unchanged,
-- with no id drawn: "null value in column id of relation heads", and the second forwarder was
-- told 'not allowed' for good (seen in CI). It is skipped now, as ON CONFLICT DO NOTHING meant.
CREATE OR REPLACE FUNCTION room.accept_head() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    last_head bigint;
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = NEW.table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'the login % may not send the heads of table %', session_user, left(NEW.table_id, 40)
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF EXISTS (SELECT FROM room.heads h WHERE h.table_id = NEW.table_id AND h.row_id = NEW.row_id) THEN
        RETURN NULL;  -- (sent again: the first is kept, and this one is not inserted at all)
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

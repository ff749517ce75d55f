-- The room stays up under a hostile table, and a table is the room's only once the floor
-- enrolls it (issue 30 §1 and §5). Applied by `dealer-app db upgrade` as the database's owner.

-- 1. connection limits: no login takes the server's connections from the others. Logins made
-- before this by `db add-login` get them here (the owner has CREATEROLE, as the README has it;
-- a login it may not alter is said, and left as it was)
DO $$
DECLARE
    who record;
BEGIN
    FOR who IN SELECT r.rolname, CASE WHEN pg_has_role(r.oid, 'dealer_floor', 'MEMBER') THEN 10 ELSE 4 END AS most
               FROM pg_roles r
               WHERE r.rolcanlogin AND NOT r.rolsuper AND r.rolconnlimit = -1
                 AND (pg_has_role(r.oid, 'dealer_table', 'MEMBER') OR pg_has_role(r.oid, 'dealer_floor', 'MEMBER'))
                 AND r.rolname <> current_user LOOP
        BEGIN
            EXECUTE format('ALTER ROLE %I CONNECTION LIMIT %s', who.rolname, who.most);
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'the login % keeps no connection limit (this owner may not alter it): run ALTER ROLE % CONNECTION LIMIT % as a superuser',
                who.rolname, who.rolname, who.most;
        END;
    END LOOP;
END
$$;

-- 2. bounded sizes for every text a login sends: checked for new rows (NOT VALID: a room that
-- already holds an oversized refusal keeps it; the console reads only the first characters)
ALTER TABLE room.log ADD CONSTRAINT log_sizes CHECK (
    kind ~ '^[a-z][a-z0-9_]{0,39}$' AND octet_length(payload) <= 100000 AND length(at) <= 40
    AND length(hash) <= 256) NOT VALID;
ALTER TABLE room.refusals ADD CONSTRAINT refusals_sizes CHECK (
    length(kind) <= 40 AND length(what) <= 16 AND length(reason) <= 600 AND length(hash) <= 256) NOT VALID;
ALTER TABLE room.rulings ADD CONSTRAINT rulings_sizes CHECK (octet_length(payload) <= 100000) NOT VALID;
ALTER TABLE room.tables ADD CONSTRAINT tables_label_printable CHECK (
    length(btrim(label)) BETWEEN 1 AND 80 AND label !~ '[[:cntrl:]\u200e\u200f\u202a-\u202e\u2066-\u2069]') NOT VALID;

-- 3. a table's login sees only its own table's rows (the arbiter columns ON CONFLICT reads),
-- never another's or where another stands; the floor reads every row
CREATE FUNCTION room.is_logins_table(p_table_id text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
    SELECT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user)
$$;
REVOKE ALL ON FUNCTION room.is_logins_table(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.is_logins_table(text) TO dealer_table;
ALTER TABLE room.log ENABLE ROW LEVEL SECURITY;
CREATE POLICY floor_reads ON room.log FOR SELECT TO dealer_floor USING (true);
CREATE POLICY table_reads_its_own ON room.log FOR SELECT TO dealer_table USING (room.is_logins_table(table_id));
CREATE POLICY table_sends ON room.log FOR INSERT TO dealer_table WITH CHECK (true);  -- (accept_row judges)
-- the room's row count is nobody's but the floor's: the id is drawn by the server's check
ALTER TABLE room.log ALTER COLUMN id DROP DEFAULT;
REVOKE ALL ON SEQUENCE room.log_id_seq FROM dealer_table;

-- 4. db upgrade's lock is room.upgrade_lock, a table only the owner may lock (an advisory lock
-- is anybody's): made, granted to nobody and locked by the upgrade itself (room/schema.py)

-- 5. enrollment: a table's first registration, and any change of its record or key, waits
-- for a floor login's approval (a recorded act: who, when). public_key: the table's signing
-- key (Ed25519), filled by the tables that sign their rows
CREATE TABLE room.enrollments (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL REFERENCES room.tables,
    record_id text NOT NULL CHECK (record_id ~ '^[0-9a-f]{16}$'),
    key bytea NOT NULL CHECK (length(key) = 32),
    public_key bytea CHECK (public_key IS NULL OR length(public_key) BETWEEN 1 AND 64),
    login name NOT NULL DEFAULT session_user,
    asked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- (one request per identity, record and keys: asking again is not a new request)
CREATE UNIQUE INDEX enrollments_once ON room.enrollments (table_id, record_id, key, coalesce(public_key, ''::bytea));
CREATE TABLE room.approvals (
    enrollment_id bigint PRIMARY KEY REFERENCES room.enrollments,
    floor_login name NOT NULL DEFAULT session_user,
    at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.enrollments
    FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.approvals
    FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change();
-- the tables a room had before enrollment are taken as enrolled, by the upgrade's login
INSERT INTO room.enrollments (table_id, record_id, key, login, asked_at)
    SELECT t.table_id, t.record_id, k.key, t.login, t.registered_at FROM room.tables t JOIN room.table_keys k USING (table_id)
    ORDER BY t.registered_at;
INSERT INTO room.approvals (enrollment_id, floor_login) SELECT id, current_user FROM room.enrollments;

-- a table's enrollment in force: its newest approved one (none: waiting for the floor)
CREATE FUNCTION room.enrolled(p_table_id text) RETURNS room.enrollments
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
    SELECT e.* FROM room.enrollments e JOIN room.approvals a ON a.enrollment_id = e.id
        WHERE e.table_id = p_table_id ORDER BY e.id DESC LIMIT 1
$$;
REVOKE ALL ON FUNCTION room.enrolled(text) FROM PUBLIC;

-- a name a person reads as it is: 1 to 80 characters, no control or direction-changing one
CREATE FUNCTION room.check_label(p_label text) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_label IS NULL OR length(p_label) > 200 OR length(btrim(p_label)) NOT BETWEEN 1 AND 80
       OR p_label ~ '[[:cntrl:]\u200e\u200f\u202a-\u202e\u2066-\u2069]' THEN
        RAISE EXCEPTION 'a table''s name is 1 to 80 printable characters, without control or direction-changing '
                        'ones: the name given (% characters) is refused', length(p_label)
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN btrim(p_label);
END
$$;

-- the name a table goes by now (its newest rename, else the one it registered with)
CREATE FUNCTION room.label_of(p_table_id text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
    SELECT coalesce((SELECT n.label FROM room.table_names n WHERE n.table_id = p_table_id ORDER BY n.id DESC LIMIT 1),
                    (SELECT t.label FROM room.tables t WHERE t.table_id = p_table_id))
$$;
REVOKE ALL ON FUNCTION room.label_of(text) FROM PUBLIC;

-- a name is one table's: another table (enrolled or waiting) may not take it, in any case
CREATE FUNCTION room.require_free_label(p_table_id text, p_label text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    holder text;
BEGIN
    SELECT t.table_id INTO holder FROM room.tables t
        WHERE t.table_id <> p_table_id AND lower(room.label_of(t.table_id)) = lower(p_label) LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'the name % is table %''s in this room: a name is one table''s; give this table another name',
            p_label, holder USING ERRCODE = 'unique_violation';
    END IF;
END
$$;
REVOKE ALL ON FUNCTION room.require_free_label(text, text) FROM PUBLIC;

-- a table registers itself: the first time, it asks to be enrolled (its rows are taken and
-- checked meanwhile, but the floor is not shown the table until a floor login approves it);
-- a login registers one table only; a changed record or key is a new request, and the rows
-- wait until it is approved. Says where the table stands: enrolled | waiting | changed
DROP FUNCTION room.register_table(text, text, text, bytea);
CREATE FUNCTION room.register_table(p_table_id text, p_record_id text, p_label text, p_key bytea,
                                    p_public_key bytea DEFAULT NULL)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    known room.tables;
    mine text;
    label text;
    now_in_force room.enrollments;
BEGIN
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
        -- (two first registrations of one name at once: the second waits for the first)
        LOCK TABLE room.tables IN SHARE ROW EXCLUSIVE MODE;
        PERFORM room.require_free_label(p_table_id, label);
        INSERT INTO room.tables (table_id, record_id, label, login)
            VALUES (p_table_id, p_record_id, label, session_user);
        INSERT INTO room.table_keys (table_id, key) VALUES (p_table_id, p_key);
        INSERT INTO room.enrollments (table_id, record_id, key, public_key) VALUES (p_table_id, p_record_id, p_key, p_public_key);
        RETURN 'waiting';
    END IF;
    IF known.login <> session_user THEN
        RAISE EXCEPTION 'table % belongs to the login %, not %', p_table_id, known.login, session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
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
REVOKE ALL ON FUNCTION room.register_table(text, text, text, bytea, bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.register_table(text, text, text, bytea, bytea) TO dealer_table;

-- a floor login approves a table's newest request (its first registration, or a changed record
-- or key): recorded with the login and the time. Returns the request approved
CREATE FUNCTION room.approve_table(p_table_id text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    asked room.enrollments;
BEGIN
    IF NOT pg_has_role(session_user, 'dealer_floor', 'MEMBER') THEN
        RAISE EXCEPTION 'only a floor''s login enrolls a table (the login % is not one)', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT e.* INTO asked FROM room.enrollments e WHERE e.table_id = p_table_id ORDER BY e.id DESC LIMIT 1;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no table % in the room', p_table_id USING ERRCODE = 'no_data_found';
    END IF;
    IF EXISTS (SELECT FROM room.approvals a WHERE a.enrollment_id = asked.id) THEN
        RAISE EXCEPTION 'table % has nothing waiting for approval: it is enrolled', p_table_id
            USING ERRCODE = 'no_data_found';
    END IF;
    INSERT INTO room.approvals (enrollment_id) VALUES (asked.id);
    RETURN asked.id;
END
$$;
REVOKE ALL ON FUNCTION room.approve_table(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.approve_table(text) TO dealer_floor;
GRANT SELECT ON room.enrollments, room.approvals TO dealer_floor;

-- renaming keeps a name one table's, and printable
CREATE OR REPLACE FUNCTION room.rename_table(p_table_id text, p_label text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    label text;
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id) THEN
        RAISE EXCEPTION 'no table % in the room', p_table_id USING ERRCODE = 'no_data_found';
    END IF;
    IF NOT (EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user)
            OR pg_has_role(session_user, 'dealer_floor', 'MEMBER')) THEN
        RAISE EXCEPTION 'table % is not this login''s to rename', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    label := room.check_label(p_label);
    IF room.label_of(p_table_id) IS DISTINCT FROM label THEN
        LOCK TABLE room.tables IN SHARE ROW EXCLUSIVE MODE;
        PERFORM room.require_free_label(p_table_id, label);
        INSERT INTO room.table_names (table_id, label) VALUES (p_table_id, label);
    END IF;
END
$$;

-- the server's check of every row: sizes first (nothing oversized is stored, not even in a
-- refusal), then the chain under the table's enrolled key (or, while it waits for its first
-- approval, the key it asked with). At most 3 refusals of one row are kept: a login cannot
-- fill the floor's list (a row is judged all the same: the table's own next row is taken)
CREATE OR REPLACE FUNCTION room.accept_row() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    known room.tables;
    in_force room.enrollments;
    table_key bytea;
    record_id text;
    last_row room.log;
    last_seq integer;
    same_hash text;
    expected text;
    why text;
    what text;
BEGIN
    NEW.id := nextval('room.log_id_seq');
    SELECT * INTO known FROM room.tables WHERE table_id = NEW.table_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'table % is not registered in this room', left(NEW.table_id, 40)
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF known.login <> session_user THEN  -- a table may only send its own rows
        RAISE EXCEPTION 'the login % may not send the rows of table %', session_user, NEW.table_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    PERFORM FROM room.tables WHERE table_id = NEW.table_id FOR NO KEY UPDATE;
    IF NEW.kind !~ '^[a-z][a-z0-9_]{0,39}$' OR octet_length(NEW.payload) > 100000 OR length(NEW.at) > 40
       OR length(NEW.hash) > 256 THEN
        what := 'size';
        why := format('row %s (table session %s, hand %s) is oversized or malformed: a kind of %s characters '
                      '(at most 40, a-z 0-9 _), a payload of %s bytes (at most 100000), a time of %s and a hash '
                      'of %s characters', NEW.row_id, NEW.session, NEW.hand_no, length(NEW.kind),
                      octet_length(NEW.payload), length(NEW.at), length(NEW.hash));
    END IF;
    SELECT * INTO last_row FROM room.log WHERE table_id = NEW.table_id ORDER BY row_id DESC LIMIT 1;
    IF why IS NOT NULL THEN
        NULL;
    ELSIF last_row.id IS NOT NULL AND NEW.row_id <= last_row.row_id THEN
        SELECT hash INTO same_hash FROM room.log WHERE table_id = NEW.table_id AND row_id = NEW.row_id;
        IF same_hash = NEW.hash THEN
            RETURN NEW;  -- sent again after an outage: ON CONFLICT DO NOTHING keeps the first
        END IF;
        what := 'differs';
        why := format('row %s (table session %s, row %s) is already in the room, different: another copy of this '
                      'record sent it, or it was changed after it was sent', NEW.row_id, NEW.session, NEW.seq);
    ELSE
        IF NEW.row_id > coalesce(last_row.row_id, 0) + 1 AND EXISTS (
                SELECT FROM room.refusals WHERE table_id = NEW.table_id AND row_id = coalesce(last_row.row_id, 0) + 1) THEN
            RETURN NULL;  -- after a refused row: the refusal of that row says why, once
        END IF;
        IF last_row.id IS NULL AND NEW.row_id <> 1 THEN
            what := 'early';
            why := format('row %s arrived before row 1 of the table''s record', NEW.row_id);
        ELSIF last_row.id IS NOT NULL AND NEW.row_id <> last_row.row_id + 1 THEN
            what := 'gap';
            why := format('row %s arrived after row %s: rows are missing between them', NEW.row_id, last_row.row_id);
        ELSE
            IF last_row.session = NEW.session THEN
                last_seq := last_row.seq;
            ELSE
                SELECT seq INTO last_seq FROM room.log WHERE table_id = NEW.table_id AND session = NEW.session
                    ORDER BY seq DESC LIMIT 1;
            END IF;
            IF NEW.seq <> coalesce(last_seq, 0) + 1 THEN
                what := 'numbered';
                why := format('row %s is numbered %s in table session %s, after %s', NEW.row_id, NEW.seq,
                              NEW.session, coalesce(last_seq, 0));
            END IF;
        END IF;
        IF why IS NULL THEN
            in_force := room.enrolled(NEW.table_id);
            IF in_force.id IS NOT NULL THEN
                table_key := in_force.key;
                record_id := in_force.record_id;
            ELSE
                SELECT key INTO table_key FROM room.table_keys WHERE table_id = NEW.table_id;
                record_id := known.record_id;
            END IF;
            expected := room.keyed_hash(convert_to(concat_ws('|', record_id, coalesce(last_row.hash, ''),
                        NEW.row_id, NEW.session, NEW.seq, NEW.hand_no, NEW.kind, NEW.payload, NEW.at), 'UTF8'),
                        table_key);
            IF expected IS DISTINCT FROM NEW.hash THEN  -- (no key: never taken unchecked)
                what := 'hash';
                why := format('row %s (table session %s, hand %s, %s) does not match its keyed hash: it was changed '
                              'after it was written, or written with another key', NEW.row_id, NEW.session,
                              NEW.hand_no, NEW.kind);
            END IF;
        END IF;
    END IF;
    IF why IS NULL THEN
        NEW.received_at := clock_timestamp();
        RETURN NEW;
    END IF;
    IF (SELECT count(*) FROM (SELECT FROM room.refusals WHERE table_id = NEW.table_id AND row_id = NEW.row_id
                              LIMIT 3) r) >= 3 THEN
        RETURN NULL;  -- this row was refused three times already: said, and not again
    END IF;
    INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash)
        VALUES (NEW.table_id, NEW.session, NEW.seq, NEW.row_id, left(NEW.kind, 40), NEW.hand_no, what, left(why, 600),
                left(NEW.hash, 128))
        ON CONFLICT (table_id, row_id, hash) DO NOTHING;
    RETURN NULL;  -- not stored; the rest of the batch goes on (and is refused after it)
END
$$;

-- What the second attack pass on the room found (issue 30 §1, §3, §5), closed here:
-- 1. Latin look-alikes passed the name rule ('TabIe 3' with a capital I, 'Tabǀe 3' with the
--    click U+01C0, beside 'Table 3'): a name's letters are now ASCII letters and digits and the
--    Latin-1 Supplement's letters (ä ö ü ß é …), and a name is one table's by its skeleton
--    (room.label_skeleton: dealer_app/room/table_label.py says the same rule in Python);
--    a room whose tables already share a skeleton keeps them (the first keeps the claim) and
--    refuses any new one;
-- 2. a table whose every row was deleted in the room could not file its mismatch report (row 0
--    was not taken): row 0 is the table as a whole;
-- 3. room.approve_table(text) approved a table's newest request for a floor login that called
--    it directly: dropped; room.approve_request(table, request) approves the request shown;
-- 4. a table's open registration held a lock on every request (room.approve_request locked
--    room.enrollments whole), so the floor's approvals of other tables failed after the lock
--    timeout: a request and its approval now lock only that table's newest request;
-- 5. a login may SET statement_timeout = 0: `dealer-app db watchdog` (room/watchdog.py) ends
--    such statements and transactions left open, under the owner's login, and records each
--    here (room.watchdog_acts); each table's and floor's login gets an idle-in-transaction
--    timeout too. (temp_file_limit is a superuser's setting: `db upgrade` sets it when run by
--    one, else says the statement: room/login_limits.py.)

-- 1. the letters of a name, and its skeleton
CREATE OR REPLACE FUNCTION room.check_label(p_label text) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_label IS NULL OR length(p_label) > 200 OR length(btrim(p_label)) NOT BETWEEN 1 AND 80
       OR btrim(p_label) !~ '^[A-Za-z0-9À-ÖØ-öø-ÿ][A-Za-z0-9À-ÖØ-öø-ÿ .,''()#&/+:_-]*$'
       OR btrim(p_label) ~ '  ' THEN
        RAISE EXCEPTION 'a table''s name is 1 to 80 printable characters: A-Z, Western European letters (ä ö ü ß é), '
                        'digits, single spaces and . , '' ( ) # & / + : _ - (no look-alike letters, '
                        'nothing invisible): the name given (% characters) is refused', length(p_label)
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN btrim(p_label);
END
$$;

CREATE FUNCTION room.label_skeleton(p_label text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT replace(replace(translate(replace(replace(replace(lower(btrim(p_label)), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'),
                                     'àáâãäåçèéêëìíîïðñòóôõöøùúûüýÿþÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ01i|',
                                     'aaaaaaceeeelllldnoooooouuuuyypaaaaaaceeeelllldnoooooouuuuypolll'),
                           'rn', 'm'), 'vv', 'w')
$$;
REVOKE ALL ON FUNCTION room.label_skeleton(text) FROM PUBLIC;

-- one table per skeleton: the unique key settles two registrations at once (the second waits
-- for the first's transaction, then is refused), with no lock on the whole of room.tables
CREATE TABLE room.label_claims (
    skeleton text PRIMARY KEY,
    table_id text NOT NULL UNIQUE REFERENCES room.tables ON DELETE CASCADE  -- (no evidence: a name in use)
);
REVOKE ALL ON room.label_claims FROM PUBLIC;
INSERT INTO room.label_claims (skeleton, table_id)
    SELECT room.label_skeleton(room.label_of(t.table_id)), t.table_id FROM room.tables t ORDER BY t.registered_at, t.table_id
    ON CONFLICT DO NOTHING;  -- (tables that already look alike keep their names; the first holds the claim)

CREATE OR REPLACE FUNCTION room.require_free_label(p_table_id text, p_label text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    skel text := room.label_skeleton(p_label);
    holder text;
    holder_label text;
BEGIN
    -- (every table's name now, not only the claims: a room that kept two look-alikes from
    -- before keeps refusing a third, even once the claim's holder is renamed)
    SELECT t.table_id, room.label_of(t.table_id) INTO holder, holder_label FROM room.tables t
        WHERE t.table_id <> p_table_id AND room.label_skeleton(room.label_of(t.table_id)) = skel LIMIT 1;
    IF NOT FOUND THEN
        DELETE FROM room.label_claims c WHERE c.table_id = p_table_id AND c.skeleton <> skel;
        BEGIN
            INSERT INTO room.label_claims (skeleton, table_id) VALUES (skel, p_table_id) ON CONFLICT (table_id) DO NOTHING;
            RETURN;
        EXCEPTION WHEN unique_violation THEN  -- (another table took it meanwhile: it has committed)
            SELECT c.table_id, room.label_of(c.table_id) INTO holder, holder_label
                FROM room.label_claims c WHERE c.skeleton = skel;
        END;
    END IF;
    RAISE EXCEPTION 'the name "%" looks like "%": that name is table %''s in this room, and a name is one table''s '
                    '(I l 1 are alike, 0 O, rn m, vv w, accents and case): give this table another name',
                    p_label, holder_label, holder USING ERRCODE = 'unique_violation';
END
$$;
REVOKE ALL ON FUNCTION room.require_free_label(text, text) FROM PUBLIC;

-- 1 and 4. a table registers itself: as in 0004, less the lock on the whole of room.tables (the
-- claim settles a name); a changed request locks the table's newest request, as its approval does
CREATE OR REPLACE FUNCTION room.register_table(p_table_id text, p_record_id text, p_label text, p_key bytea,
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
        PERFORM room.require_free_label(p_table_id, label);
        INSERT INTO room.table_names (table_id, label) VALUES (p_table_id, label);
    END IF;
END
$$;

-- 4. the floor approves the request it was shown: only that table's newest request is locked (the
-- table asking again meanwhile waits, or is refused after), never the whole of room.enrollments
CREATE OR REPLACE FUNCTION room.approve_request(p_table_id text, p_enrollment_id bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    newest bigint;
BEGIN
    IF NOT pg_has_role(session_user, 'dealer_floor', 'MEMBER') THEN
        RAISE EXCEPTION 'only a floor''s login enrolls a table (the login % is not one)', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    PERFORM FROM room.enrollments e WHERE e.table_id = p_table_id ORDER BY e.id DESC LIMIT 1 FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no table % in the room', p_table_id USING ERRCODE = 'no_data_found';
    END IF;
    SELECT max(e.id) INTO newest FROM room.enrollments e WHERE e.table_id = p_table_id;
    IF newest IS NULL THEN
        RAISE EXCEPTION 'no table % in the room', p_table_id USING ERRCODE = 'no_data_found';
    END IF;
    IF newest <> p_enrollment_id THEN
        RAISE EXCEPTION 'table % asked again (request % is not its newest, %): list the tables waiting and look '
                        'at the key again', p_table_id, p_enrollment_id, newest USING ERRCODE = 'serialization_failure';
    END IF;
    IF EXISTS (SELECT FROM room.approvals a WHERE a.enrollment_id = newest) THEN
        RAISE EXCEPTION 'table % has nothing waiting for approval: it is enrolled', p_table_id
            USING ERRCODE = 'no_data_found';
    END IF;
    INSERT INTO room.approvals (enrollment_id) VALUES (newest);
    RETURN newest;
END
$$;

-- 3. the old approval of "whatever the table asked last" is gone
DROP FUNCTION room.approve_table(text);

-- 2. a table's report at row 0 (the table as a whole: the room holds none of its rows now);
-- still one report per row, up to the table's last row in the room
CREATE OR REPLACE FUNCTION room.report_mismatch(p_table_id text, p_row_id bigint, p_reason text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_row_id IS NULL OR p_row_id < 0 OR p_row_id > coalesce(
            (SELECT l.row_id FROM room.log l WHERE l.table_id = p_table_id ORDER BY l.row_id DESC LIMIT 1), 0) THEN
        RETURN;
    END IF;
    INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash)
        VALUES (p_table_id, 0, 0, p_row_id, 'record', 0, 'mismatch', left(p_reason, 500), 'mismatch')
        ON CONFLICT (table_id, row_id, hash) DO NOTHING;
END
$$;

-- 5. what `dealer-app db watchdog` ended: written by the owner's login that runs it, read by the floor
CREATE TABLE room.watchdog_acts (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT clock_timestamp(),
    pid integer NOT NULL,
    login name NOT NULL,
    why text NOT NULL CHECK (why IN ('statement', 'idle')),  -- ran too long | sat idle in a transaction too long
    lasted interval NOT NULL,
    query text NOT NULL CHECK (length(query) <= 200),  -- the statement's first characters
    by_login name NOT NULL DEFAULT session_user
);
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.watchdog_acts
    FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change();
REVOKE ALL ON room.watchdog_acts FROM PUBLIC;
GRANT SELECT ON room.watchdog_acts TO dealer_floor;

-- 5. a transaction left open ends by itself too (the watchdog's sweep is the second net);
-- logins made later get it from `db add-login`
DO $$
DECLARE
    login name;
BEGIN
    FOR login IN
        SELECT r.rolname FROM pg_roles r
        WHERE r.rolcanlogin AND (pg_has_role(r.oid, 'dealer_table', 'MEMBER') OR pg_has_role(r.oid, 'dealer_floor', 'MEMBER'))
          AND NOT r.rolsuper
    LOOP
        EXECUTE format('ALTER ROLE %I IN DATABASE %I SET idle_in_transaction_session_timeout = %L', login,
                       current_database(), '30s');
    END LOOP;
END
$$;

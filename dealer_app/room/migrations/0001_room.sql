-- The card room's record (issue 15): every table's rows, as each table's own record has them,
-- re-verified here against the table's keyed chain; the floor's rulings; what was refused.
-- Applied by `dealer-app db upgrade --database URL` (as the database's owner), once.

CREATE EXTENSION IF NOT EXISTS pgcrypto;  -- hmac(): the keyed chain is checked in the server
-- nobody but the owner creates objects in public: PostgreSQL 15's default. On 13 and 14 this
-- takes effect only where the database's owner owns public; the checks below do not rely on it
-- (their search path leaves public out, and hmac is called by its schema)
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- pgcrypto's hmac, wherever the extension lives, called by its schema: the checks below never
-- look a function up by a search path that another login could put a function of its own on
DO $$
DECLARE
    home name;
BEGIN
    SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pgcrypto';
    EXECUTE format('CREATE FUNCTION room.keyed_hash(data bytea, key bytea) RETURNS text LANGUAGE sql IMMUTABLE '
                   'STRICT SET search_path = pg_catalog, pg_temp AS $f$ '
                   'SELECT pg_catalog.encode(%I.hmac(data, key, ''sha256''), ''hex'') $f$', home);
END
$$;

-- the two kinds of login, as group roles; a table's or a floor's own login is made a member
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dealer_table') THEN
        CREATE ROLE dealer_table NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dealer_floor') THEN
        CREATE ROLE dealer_floor NOLOGIN;
    END IF;
END
$$;

-- one row per table machine: its identity, made by the table and set here when it first connects
CREATE TABLE room.tables (
    table_id text PRIMARY KEY CHECK (table_id ~ '^[A-Za-z0-9-]{4,40}$'),
    record_id text NOT NULL CHECK (record_id ~ '^[0-9a-f]{16}$'),
    label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
    login name NOT NULL,  -- the only login that may send this table's rows
    registered_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- each table's chain key: read by the server's own check only (no role is granted it)
CREATE TABLE room.table_keys (
    table_id text PRIMARY KEY REFERENCES room.tables,
    key bytea NOT NULL CHECK (length(key) = 32)
);

-- every row of every table, exactly as the table's record holds it
CREATE TABLE room.log (
    id bigserial PRIMARY KEY,  -- the room's order of arrival: the floor resyncs by it
    table_id text NOT NULL REFERENCES room.tables,
    session integer NOT NULL,
    seq integer NOT NULL,
    row_id bigint NOT NULL,
    hand_no integer NOT NULL,
    kind text NOT NULL,
    payload text NOT NULL,  -- the record's JSON text, byte for byte: it is in the hash
    at text NOT NULL,
    hash text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (table_id, session, seq),
    UNIQUE (table_id, row_id)
);
CREATE INDEX log_hand ON room.log (table_id, session, hand_no, row_id);
CREATE INDEX log_kind ON room.log (kind, id);

-- rows the server would not take, and why: the floor sees them
CREATE TABLE room.refusals (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL,
    session integer NOT NULL,
    seq integer NOT NULL,
    row_id bigint NOT NULL,
    kind text NOT NULL,
    hand_no integer NOT NULL,
    what text NOT NULL,  -- differs | early | gap | numbered | hash | mismatch: the console words it
    reason text NOT NULL,  -- the same in English, for psql and the logs
    hash text NOT NULL,  -- the refused row's (each refused content is kept once)
    login name NOT NULL DEFAULT session_user,
    at timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (table_id, row_id, hash)
);
CREATE INDEX refusals_row ON room.refusals (table_id, row_id);

-- the floor's rulings on any table's hand, chained one after another
CREATE TABLE room.rulings (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL REFERENCES room.tables,
    session integer NOT NULL,
    hand_no integer NOT NULL,
    payload text NOT NULL,
    floor_login name NOT NULL DEFAULT session_user,
    at timestamptz NOT NULL DEFAULT clock_timestamp(),
    prev text NOT NULL DEFAULT '',
    hash text NOT NULL DEFAULT ''
);

-- the room's rulings are chained one at a time: a ruling locks this row until it commits
CREATE TABLE room.ruling_chain (id integer PRIMARY KEY CHECK (id = 1));
INSERT INTO room.ruling_chain VALUES (1);

-- nobody updates or deletes, whatever their grants (the owner included, short of dropping this)
CREATE FUNCTION room.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the card room''s record is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END
$$;
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tables', 'table_keys', 'log', 'refusals', 'rulings', 'ruling_chain'] LOOP
        -- per statement: refused even when it would touch no row
        EXECUTE format('CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON room.%I '
                       'FOR EACH STATEMENT EXECUTE FUNCTION room.refuse_change()', t);
    END LOOP;
END
$$;

-- a table registers itself (its identity, its record, its key) the first time it connects;
-- again later is a no-op if it is the same, refused if anything differs
CREATE FUNCTION room.register_table(p_table_id text, p_record_id text, p_label text, p_key bytea)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    known room.tables;
    known_key bytea;
BEGIN
    -- (two first registrations at once: the primary key lets one in, the other is told to retry)
    SELECT * INTO known FROM room.tables WHERE table_id = p_table_id;
    IF NOT FOUND THEN
        INSERT INTO room.tables (table_id, record_id, label, login)
            VALUES (p_table_id, p_record_id, p_label, session_user);
        INSERT INTO room.table_keys (table_id, key) VALUES (p_table_id, p_key);
        RETURN;
    END IF;
    SELECT key INTO known_key FROM room.table_keys WHERE table_id = p_table_id;
    IF known.login <> session_user THEN
        RAISE EXCEPTION 'table % belongs to the login %, not %', p_table_id, known.login, session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF known.record_id <> p_record_id OR known_key <> p_key THEN
        RAISE EXCEPTION 'table % was registered with another record or key: its rows are refused', p_table_id
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
END
$$;

-- where a table's rows stand on the server: its last row (id and hash), and its first refusal
CREATE FUNCTION room.table_head(p_table_id text, OUT row_id bigint, OUT hash text, OUT refused_row bigint,
                                OUT refused_reason text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT l.row_id, l.hash INTO row_id, hash FROM room.log l WHERE l.table_id = p_table_id
        ORDER BY l.row_id DESC LIMIT 1;
    -- the refusal of the row that would come next (what stops this table), if any
    SELECT r.row_id, r.reason INTO refused_row, refused_reason FROM room.refusals r
        WHERE r.table_id = p_table_id AND r.row_id = coalesce(table_head.row_id, 0) + 1 ORDER BY r.id DESC LIMIT 1;
END
$$;

-- a table that finds the room holding a row its record does not have (its record replaced or
-- restored) says so here, where the floor sees it
CREATE FUNCTION room.report_mismatch(p_table_id text, p_row_id bigint, p_reason text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT FROM room.tables t WHERE t.table_id = p_table_id AND t.login = session_user) THEN
        RAISE EXCEPTION 'table % is not this login''s', p_table_id USING ERRCODE = 'insufficient_privilege';
    END IF;
    -- (one per row the room holds: a table cannot fill the floor's list with words of its own)
    IF NOT EXISTS (SELECT FROM room.log WHERE table_id = p_table_id AND row_id = p_row_id) THEN
        RETURN;
    END IF;
    INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash)
        VALUES (p_table_id, 0, 0, p_row_id, 'record', 0, 'mismatch', left(p_reason, 500), 'mismatch')
        ON CONFLICT (table_id, row_id, hash) DO NOTHING;
END
$$;

-- the server's own check of every row it is sent (the table's keyed chain, issue 12): a row
-- that breaks it is not stored; why goes to room.refusals, where the floor sees it
CREATE FUNCTION room.accept_row() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    known room.tables;
    table_key bytea;
    last_row room.log;
    last_seq integer;
    same_hash text;
    expected text;
    why text;
    what text;
BEGIN
    SELECT * INTO known FROM room.tables WHERE table_id = NEW.table_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'table % is not registered in this room', NEW.table_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF known.login <> session_user THEN  -- a table may only send its own rows
        RAISE EXCEPTION 'the login % may not send the rows of table %', session_user, NEW.table_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    -- one table's rows are checked one at a time, in the order the chain has them: its row in
    -- room.tables is held until the batch commits (a lock no other login can take: it needs
    -- the owner's privileges), so its rows become visible in their order too
    PERFORM FROM room.tables WHERE table_id = NEW.table_id FOR NO KEY UPDATE;
    -- every lookup below goes by an index that gives the one row at once, whatever the
    -- planner knows of the table's size (a new table has no statistics yet)
    SELECT * INTO last_row FROM room.log WHERE table_id = NEW.table_id ORDER BY row_id DESC LIMIT 1;
    IF last_row.id IS NOT NULL AND NEW.row_id <= last_row.row_id THEN
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
            SELECT key INTO table_key FROM room.table_keys WHERE table_id = NEW.table_id;
            expected := room.keyed_hash(convert_to(concat_ws('|', known.record_id, coalesce(last_row.hash, ''),
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
    INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash)
        VALUES (NEW.table_id, NEW.session, NEW.seq, NEW.row_id, NEW.kind, NEW.hand_no, what, why, left(NEW.hash, 128))
        ON CONFLICT (table_id, row_id, hash) DO NOTHING;
    RETURN NULL;  -- not stored; the rest of the batch goes on (and is refused after it)
END
$$;
CREATE TRIGGER accept_row BEFORE INSERT ON room.log FOR EACH ROW EXECUTE FUNCTION room.accept_row();

-- the floor's console listens: ids only (the last id of each insert), never the rows themselves
CREATE FUNCTION room.notify_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    newest bigint;
BEGIN
    SELECT max(id) INTO newest FROM fresh;
    IF newest IS NOT NULL THEN
        PERFORM pg_notify('dealer_room', TG_ARGV[0] || ':' || newest);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER notify_log AFTER INSERT ON room.log REFERENCING NEW TABLE AS fresh
    FOR EACH STATEMENT EXECUTE FUNCTION room.notify_log('log');
CREATE TRIGGER notify_refusals AFTER INSERT ON room.refusals REFERENCING NEW TABLE AS fresh
    FOR EACH STATEMENT EXECUTE FUNCTION room.notify_log('refusal');
CREATE TRIGGER notify_rulings AFTER INSERT ON room.rulings REFERENCING NEW TABLE AS fresh
    FOR EACH STATEMENT EXECUTE FUNCTION room.notify_log('ruling');

-- a ruling is the floor's, signed by its login, chained after the room's last ruling
CREATE FUNCTION room.chain_ruling() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
BEGIN
    PERFORM FROM room.ruling_chain WHERE id = 1 FOR UPDATE;  -- one ruling at a time, in id order
    NEW.id := nextval('room.rulings_id_seq');
    NEW.floor_login := session_user;
    NEW.at := clock_timestamp();
    NEW.prev := coalesce((SELECT hash FROM room.rulings ORDER BY id DESC LIMIT 1), '');
    IF NOT EXISTS (SELECT FROM room.log WHERE table_id = NEW.table_id AND session = NEW.session
                   AND hand_no = NEW.hand_no AND kind = 'hand_start') THEN
        RAISE EXCEPTION 'table % has no hand %-% in this room', NEW.table_id, NEW.session, NEW.hand_no
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    NEW.hash := encode(sha256(convert_to(concat_ws('|', NEW.prev, NEW.id, NEW.table_id, NEW.session, NEW.hand_no,
                NEW.payload, NEW.floor_login, NEW.at), 'UTF8')), 'hex');
    RETURN NEW;
END
$$;
CREATE TRIGGER chain_ruling BEFORE INSERT ON room.rulings FOR EACH ROW EXECUTE FUNCTION room.chain_ruling();

-- grants: functions are executable by PUBLIC unless told otherwise
REVOKE ALL ON ALL TABLES IN SCHEMA room FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA room FROM PUBLIC;
GRANT USAGE ON SCHEMA room TO dealer_table, dealer_floor;
GRANT SELECT ON room.schema_migrations TO dealer_table, dealer_floor;  -- which schema the server has
-- a table: its own rows in (the check above holds it to its own), where it stands, nothing else
GRANT INSERT (table_id, session, seq, row_id, hand_no, kind, payload, at, hash) ON room.log TO dealer_table;
-- ON CONFLICT (table_id, session, seq) reads its arbiter columns: where rows sit, never what they say
GRANT SELECT (table_id, session, seq) ON room.log TO dealer_table;
GRANT USAGE ON SEQUENCE room.log_id_seq TO dealer_table;
GRANT EXECUTE ON FUNCTION room.register_table(text, text, text, bytea) TO dealer_table;
GRANT EXECUTE ON FUNCTION room.table_head(text) TO dealer_table;
GRANT EXECUTE ON FUNCTION room.report_mismatch(text, bigint, text) TO dealer_table;
-- the floor: reads everything but the keys, and adds rulings
GRANT SELECT ON room.tables, room.log, room.refusals, room.rulings TO dealer_floor;
GRANT INSERT (table_id, session, hand_no, payload) ON room.rulings TO dealer_floor;
GRANT USAGE ON SEQUENCE room.rulings_id_seq TO dealer_floor;

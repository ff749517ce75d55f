-- Every reader checks for itself (issue 30 §2, §6). Applied by `dealer-app db upgrade` as the owner.
--
-- 1. Each signed head carries the keyless digest of its row (record/chain.row_digest: SHA-256
-- over the rows the keyed chain covers), which a reader recomputes from the room's rows with no
-- secret and compares with what the table signed. Heads signed before it have none (NULL).
ALTER TABLE room.heads ADD COLUMN digest text CHECK (digest IS NULL OR digest ~ '^[0-9a-f]{64}$');
GRANT INSERT (digest) ON room.heads TO dealer_table;

-- 2. The room's settings, set by the database's owner (`dealer-app db hmac-rows`): no table's or
-- floor's login may change them; the floor reads them. hmac_rows: 'accepted' (the default: a
-- table that has not moved to signed heads still sends its rows) or 'forbidden' (rows of a
-- table whose enrollment holds no public key are refused, with words).
CREATE TABLE room.settings (
    name text PRIMARY KEY CHECK (name IN ('hmac_rows')),
    value text NOT NULL CHECK (value IN ('accepted', 'forbidden')),
    set_by name NOT NULL DEFAULT current_user,
    set_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
REVOKE ALL ON room.settings FROM PUBLIC;
GRANT SELECT ON room.settings TO dealer_floor;

-- after the server's own check (accept_row: triggers fire in their names' order), a row the
-- room would take is refused when HMAC rows are forbidden and its table enrolled no public key
CREATE FUNCTION room.accept_row_signed_only() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    why text;
BEGIN
    IF coalesce((SELECT s.value FROM room.settings s WHERE s.name = 'hmac_rows'), 'accepted') <> 'forbidden'
       OR (room.enrolled(NEW.table_id)).public_key IS NOT NULL
       OR EXISTS (SELECT FROM room.log l WHERE l.table_id = NEW.table_id AND l.row_id = NEW.row_id) THEN
        RETURN NEW;
    END IF;
    IF (SELECT count(*) FROM (SELECT FROM room.refusals WHERE table_id = NEW.table_id AND row_id = NEW.row_id
                              LIMIT 3) r) >= 3 THEN
        RETURN NULL;  -- (said three times already)
    END IF;
    why := format('row %s (table session %s, hand %s, %s) is refused: this room forbids rows of a table that '
                  'does not sign them, and table %s has no public key enrolled (the room''s setting hmac_rows is '
                  'forbidden; the table signs its rows once it runs a version that does, and the floor approves '
                  'its key)', NEW.row_id, NEW.session, NEW.hand_no, NEW.kind, NEW.table_id);
    INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash)
        VALUES (NEW.table_id, NEW.session, NEW.seq, NEW.row_id, left(NEW.kind, 40), NEW.hand_no, 'unsigned',
                left(why, 600), left(NEW.hash, 128))
        ON CONFLICT (table_id, row_id, hash) DO NOTHING;
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION room.accept_row_signed_only() FROM PUBLIC;
CREATE TRIGGER accept_row_signed_only BEFORE INSERT ON room.log
    FOR EACH ROW EXECUTE FUNCTION room.accept_row_signed_only();

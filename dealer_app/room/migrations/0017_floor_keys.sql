-- Each floor person signs their rulings with a key of their own (issue 30 §4; record/floor_keys.py).
-- The owner creates the floor logins and sets their passwords, so a ruling filed under a floor
-- login did not show that the person ruled: the owner could file one as them. Now a floor
-- person makes a key pair on their own machine (`dealer-app floor-key new`) and enrolls its
-- public half here; the console signs every ruling (the payload's "floor_seal": key and
-- signature over the table, session, hand, filing login and every field). The server cannot
-- check an Ed25519 signature: it refuses a ruling without a seal naming a key enrolled for the
-- filing login, and every reader checks the signature itself and which key is valid (a login's
-- one key, enrolled by itself; a room holding two under a login: neither), trusting nothing here.

CREATE TABLE room.floor_keys (
    id bigserial PRIMARY KEY,
    login name NOT NULL,
    public_key bytea NOT NULL CHECK (length(public_key) = 32),
    enrolled_by name NOT NULL DEFAULT session_user,
    at timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- one key per login, ever (a lost key means a new login): a second one under a login is not
-- the person's, and every reader says so (record/floor_keys.floor_keys_from)
CREATE UNIQUE INDEX floor_keys_one_per_login ON room.floor_keys (login);
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON room.floor_keys
    FOR EACH ROW EXECUTE FUNCTION room.refuse_change();
REVOKE ALL ON room.floor_keys FROM PUBLIC;
-- public keys: every floor and every table reads them (a table checks a ruling's seal itself)
GRANT SELECT ON room.floor_keys TO dealer_floor, dealer_table;

-- a floor login enrolls its own key, once
CREATE FUNCTION room.enroll_floor_key(p_key bytea)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    new_id bigint;
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles r WHERE r.rolname = session_user AND NOT r.rolsuper
                   AND pg_has_role(r.oid, 'dealer_floor', 'USAGE')) THEN
        RAISE EXCEPTION 'a floor key is enrolled by a floor login: % is not one', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF EXISTS (SELECT FROM room.floor_keys k WHERE k.login = session_user) THEN
        RAISE EXCEPTION 'the floor login % has its key already: a login has one key (a lost key means a new login)',
                        session_user USING ERRCODE = 'unique_violation';
    END IF;
    INSERT INTO room.floor_keys (login, public_key) VALUES (session_user, p_key) RETURNING id INTO new_id;
    RETURN new_id;
END
$$;
REVOKE ALL ON FUNCTION room.enroll_floor_key(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.enroll_floor_key(bytea) TO dealer_floor;

-- a ruling names, in its seal, a key enrolled for the login filing it (the signature itself is
-- the readers' to check; this only keeps out a ruling no reader could take as the floor's)
CREATE FUNCTION room.ruling_sealed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    key_hex text;
BEGIN
    BEGIN
        key_hex := NEW.payload::jsonb -> 'floor_seal' ->> 'key';
    EXCEPTION WHEN others THEN
        key_hex := NULL;
    END;
    IF key_hex IS NULL OR key_hex !~ '^[0-9a-f]{64}$' OR NOT EXISTS (
        SELECT FROM room.floor_keys k WHERE k.login = session_user AND k.public_key = decode(key_hex, 'hex')) THEN
        RAISE EXCEPTION 'a ruling is signed with a floor key enrolled for the login filing it (%): '
                        'make one on your own machine with dealer-app floor-key new', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END
$$;
-- (named to fire after ruling_under_its_login, 0014: triggers fire in name order, so a ruling naming
-- another login, or filed by no floor login, is refused in those words first)
CREATE TRIGGER ruling_with_a_floor_seal BEFORE INSERT ON room.rulings
    FOR EACH ROW EXECUTE FUNCTION room.ruling_sealed();

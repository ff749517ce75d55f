-- What an insider's attack on the room found (issue 30, closing review), closed here:
-- 1. a table's name that only looks like another's ('Tаble 3' with a Cyrillic а, 'Table\u200b 3',
--    a no-break space, combining marks) was taken: a name is now Latin-script letters, digits,
--    single spaces and a few marks, so two names that read alike are equal once lower-cased;
-- 2. a table's or floor's login could fill the server's disk with temporary tables and keep its
--    cores busy with endless queries: no login but the owner makes temporary tables, and every
--    table's and floor's login has a statement timeout (set on each login: a group role's
--    settings do not reach its members; `dealer-app db add-login` sets it on new ones);
-- 3. `db approve-table T-…` approved the newest request, which may not be the one the floor
--    was shown: room.approve_request approves one request by its number, and only while it is
--    the table's newest (the command names it: see cli/room.py).
CREATE OR REPLACE FUNCTION room.check_label(p_label text) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_label IS NULL OR length(p_label) > 200 OR length(btrim(p_label)) NOT BETWEEN 1 AND 80
       OR btrim(p_label) !~ '^[A-Za-z0-9À-ÖØ-öø-ɏ][A-Za-z0-9À-ÖØ-öø-ɏ .,''()#&/+:_-]*$'
       OR btrim(p_label) ~ '  ' THEN
        RAISE EXCEPTION 'a table''s name is 1 to 80 printable characters: Latin letters, digits, single spaces and '
                        '. , '' ( ) # & / + : _ - (no look-alike letters of other scripts, no invisible or '
                        'direction-changing ones): the name given (% characters) is refused', length(p_label)
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN btrim(p_label);
END
$$;

DO $$
DECLARE
    login name;
BEGIN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
    FOR login IN
        SELECT r.rolname FROM pg_roles r
        WHERE r.rolcanlogin AND (pg_has_role(r.oid, 'dealer_table', 'MEMBER') OR pg_has_role(r.oid, 'dealer_floor', 'MEMBER'))
          AND NOT r.rolsuper
    LOOP
        EXECUTE format('ALTER ROLE %I IN DATABASE %I SET statement_timeout = %L', login, current_database(), '60s');
    END LOOP;
END
$$;

CREATE FUNCTION room.approve_request(p_table_id text, p_enrollment_id bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    newest bigint;
BEGIN
    IF NOT pg_has_role(session_user, 'dealer_floor', 'MEMBER') THEN
        RAISE EXCEPTION 'only a floor''s login enrolls a table (the login % is not one)', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    LOCK TABLE room.enrollments IN SHARE ROW EXCLUSIVE MODE;  -- (no new request slips in meanwhile)
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
REVOKE ALL ON FUNCTION room.approve_request(text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION room.approve_request(text, bigint) TO dealer_floor;

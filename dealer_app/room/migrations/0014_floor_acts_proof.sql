-- A ruling is filed under the login that files it (issue 30, third attack pass, finding 3): a
-- floor login filed a ruling whose payload named another floor person ("by": floor_anna, filed
-- by floor_bob), and every reader showed the payload's name. The server already writes the
-- filing login (floor_login := session_user, 0001's chain_ruling); now it also refuses a ruling
-- that names anyone else as the floor who ruled, and one filed by a login that is not a floor's
-- (the database's owner included: it files no ruling, short of turning this trigger off — and
-- then every reader names the ruling "not filed by a floor login": room/floor_act_check.py).
-- A floor login is a login that has the dealer_floor role's privileges and is no superuser.
CREATE FUNCTION room.ruling_under_its_login() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, room, pg_temp AS $$
DECLARE
    named text;
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles r WHERE r.rolname = session_user AND NOT r.rolsuper
                   AND pg_has_role(r.oid, 'dealer_floor', 'USAGE')) THEN
        RAISE EXCEPTION 'a ruling is filed by a floor login: % is not one', session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    BEGIN
        named := NEW.payload::jsonb -> 'by' ->> 'name';
    EXCEPTION WHEN others THEN
        RAISE EXCEPTION 'a ruling is a JSON object (its "by" the floor login filing it)'
            USING ERRCODE = 'check_violation';
    END;
    IF named IS NOT NULL AND named IS DISTINCT FROM session_user::text THEN
        RAISE EXCEPTION 'a ruling filed by % names % as the floor who ruled: a floor person rules under their own '
                        'login only', session_user, left(named, 63)
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER ruling_under_its_login BEFORE INSERT ON room.rulings
    FOR EACH ROW EXECUTE FUNCTION room.ruling_under_its_login();

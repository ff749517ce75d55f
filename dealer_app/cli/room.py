"""The card room's commands (issue 15): ``db upgrade`` and ``db add-login`` on the room server,
and ``hands --database`` (the room's hands, every table's; see cli/record.py for ``--db``).

The server is ``--database URL``, else ``DEALER_APP_DATABASE``. A server that cannot be reached
or refuses is said in words (its password hidden), exit 2: the environment, not the input.
"""

from __future__ import annotations

import re
import secrets
import sys
from typing import TYPE_CHECKING

# Each command imports what it needs when it runs (in its function): `dealer-app tables`
# does not load the record, the engine's replay, the room's psycopg or Qt.
from dealer_app.cli.common import ExitCode, UsageError, command

if TYPE_CHECKING:
    import argparse

ROLES = {"table": "dealer_table", "floor": "dealer_floor"}
# how many connections one login may hold: a table's forwarder needs one, a floor's console
# two (its reader and its listener), each with room for a command or a restart beside it; no
# login can take the server's connections from the others (room/migrations/0004 sets the same
# on the logins made before)
CONNECTION_LIMITS = {"table": 4, "floor": 10}


def room_url_of(args) -> str:
    from dealer_app.room.database import ENV, RoomError, check_url, room_url

    url = room_url(getattr(args, "database", None))
    if url is None:
        raise UsageError(
            f"name the room server: --database postgresql://login:password@host/db, or {ENV}"
            + (" (or a record: --db RECORD)" if hasattr(args, "db") else "")
        )
    try:
        return check_url(url)
    except RoomError as exc:
        raise UsageError(str(exc)) from None


def cmd_db_upgrade(args: argparse.Namespace) -> ExitCode:
    from dealer_app.room.database import RoomError, shown_url
    from dealer_app.room.schema import latest_version, upgrade

    url = room_url_of(args)
    try:
        done = upgrade(url)
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    for m in done:
        print(f"applied {m.version:04d} {m.name}")
    print(
        f"{shown_url(url)}: the room's schema is at version {latest_version()}"
        + ("" if done else " (it was up to date)")
    )
    _login_limits(url)
    return ExitCode.OK


def _login_limits(url: str) -> None:
    """What only a superuser may set (room/login_limits.py): set and said, or said as what to run."""
    import psycopg

    from dealer_app.room import login_limits
    from dealer_app.room.database import RoomError, connect, words

    try:
        with connect(url, autocommit=True) as conn:
            limits = login_limits.apply(conn)
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except psycopg.Error as exc:
        raise UsageError(f"the logins' limits cannot be set ({words(exc)})") from None
    for statement in limits.done:
        print(f"set (as a superuser): {statement}")
    if limits.for_superuser:
        print(
            "a superuser must run these (temporary files of table and floor logins are unbounded, and "
            "'dealer-app db watchdog' cannot see or end their statements, until then):"
        )
        for statement in limits.for_superuser:
            print(f"  {statement}")


def cmd_db_add_login(args: argparse.Namespace) -> ExitCode:
    """A login for one table or one floor supervisor, with a password made here; prints the
    URL that machine puts in DEALER_APP_DATABASE (or its Settings)."""
    from psycopg import sql

    from dealer_app.room import login_limits

    if not re.fullmatch(r"[a-z][a-z0-9_]{0,40}", args.login):
        raise UsageError(f"{args.login!r}: a login is lower-case letters, digits and _ (table_3, floor_anna)")

    def make(conn, hashed):
        if args.role == "floor":  # (a reader flags both of two floor logins that look alike: LOOK_ALIKE)
            from dealer_app.room.floor_act_check import FLOOR_LOGINS_SQL, login_skeleton

            twins = [
                other
                for (other,) in conn.execute(FLOOR_LOGINS_SQL).fetchall()
                if other != args.login and login_skeleton(other) == login_skeleton(args.login)
            ]
            if twins:
                raise UsageError(
                    f"{args.login!r} looks like the floor login {twins[0]!r}: every reader would flag both "
                    "(choose a name nobody can take for it)"
                )
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} CONNECTION LIMIT {} IN ROLE {}").format(
                sql.Identifier(args.login),
                sql.Literal(hashed),
                sql.Literal(CONNECTION_LIMITS[args.role]),
                sql.Identifier(ROLES[args.role]),
            )
        )
        # no query of a table's or floor's login runs for ever (room/migrations/0011)
        database = conn.execute("SELECT current_database()").fetchone()[0]
        for setting, value in (
            ("statement_timeout", STATEMENT_TIMEOUT),
            ("idle_in_transaction_session_timeout", IDLE_IN_TRANSACTION_TIMEOUT),  # (migrations/0012)
        ):
            conn.execute(
                sql.SQL("ALTER ROLE {} IN DATABASE {} SET {} = {}").format(
                    sql.Identifier(args.login), sql.Identifier(database), sql.Identifier(setting), sql.Literal(value)
                )
            )
        # temporary files: only a superuser may bound them (room/login_limits.py)
        statement = login_limits.temp_file_limit_statement(conn, args.login)
        if conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0]:
            conn.execute(statement.rstrip(";"))
        else:
            print(
                f"{args.login}: its temporary files are unbounded until a superuser runs: {statement}", file=sys.stderr
            )

    return _with_new_password(args, "made", make)


def cmd_db_reset_login(args: argparse.Namespace) -> ExitCode:
    """A new password for a table's or floor's login (a machine lost it); prints the new URL."""
    from psycopg import sql

    def reset(conn, hashed):
        kind = conn.execute(
            "SELECT pg_has_role(%s, 'dealer_table', 'MEMBER'), pg_has_role(%s, 'dealer_floor', "
            "'MEMBER') FROM pg_roles WHERE rolname = %s",
            (args.login, args.login, args.login),
        ).fetchone()
        if kind is None or not any(kind):
            raise UsageError(f"{args.login}: not a table's or a floor's login in this room")
        conn.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(args.login), sql.Literal(hashed)))

    return _with_new_password(args, "changed", reset)


def cmd_db_rename_table(args: argparse.Namespace) -> ExitCode:
    """The floor renames a table in the room (a floor act: recorded with its login and time;
    the table's Settings name, when set there, renames it again at its next connection)."""
    import psycopg

    from dealer_app.room.database import RoomError, connect, shown_url, words
    from dealer_app.room.table_label import LABEL_RULE, LabelRefused, check_label

    try:  # (the room's own rule, in its words: room/table_label.py; the server checks it again)
        name = check_label(" ".join(args.name.split()))
    except LabelRefused:
        raise UsageError(f"{args.name!r}: {LABEL_RULE}") from None
    url = room_url_of(args)
    try:
        with connect(url, autocommit=True) as conn:
            conn.execute("SELECT room.rename_table(%s, %s)", (args.table_id, name))
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except psycopg.Error as exc:
        raise UsageError(f"{shown_url(url)}: table {args.table_id} is not renamed ({words(exc)})") from None
    print(f"{shown_url(url)}: table {args.table_id} is now named {name!r}")
    return ExitCode.OK


def cmd_db_approve_table(args: argparse.Namespace) -> ExitCode:
    """A floor's login enrolls a table: its first registration, or its changed record or key
    (a floor act, recorded by the server with the login and the time). Without a table: the
    tables waiting, with what each asked."""
    import psycopg

    from dealer_app.room.database import RoomError, connect, shown_url, words

    url = room_url_of(args)
    try:
        with connect(url, autocommit=True) as conn:
            if args.table_id is None:
                waiting = conn.execute(
                    "SELECT e.table_id, left(room_label, 80), e.login, encode(sha256(e.key), 'hex'), e.asked_at, "
                    "encode(sha256(e.public_key), 'hex') "
                    "FROM room.enrollments e JOIN LATERAL (SELECT coalesce((SELECT n.label FROM room.table_names n "
                    "WHERE n.table_id = e.table_id ORDER BY n.id DESC LIMIT 1), t.label) AS room_label "
                    "FROM room.tables t WHERE t.table_id = e.table_id) l ON true "
                    "WHERE NOT EXISTS (SELECT FROM room.approvals a WHERE a.enrollment_id = e.id) "
                    "AND e.id = (SELECT max(x.id) FROM room.enrollments x WHERE x.table_id = e.table_id) ORDER BY e.id"
                ).fetchall()
                for table_id, label, login, fingerprint, asked, public in waiting:
                    signing = f"  signing key {public[:12]}" if public else ""
                    print(
                        f"{table_id}  {label!r}  login {login}  key {fingerprint[:16]}{signing}  asked {asked:%Y-%m-%d %H:%M}"
                    )
                if not waiting:
                    print(f"{shown_url(url)}: no table waits for approval")
                return ExitCode.OK
            # the request approved is the one the floor looks at now, named by its number: a table
            # that asks again in between is refused (room.approve_request), never approved unseen
            asked = conn.execute(
                "SELECT e.id, encode(sha256(e.key), 'hex'), encode(sha256(e.public_key), 'hex') FROM room.enrollments e "
                "WHERE e.table_id = %s ORDER BY e.id DESC LIMIT 1",
                (args.table_id,),
            ).fetchone()
            if asked is None:
                raise UsageError(f"{shown_url(url)}: no table {args.table_id} in the room")
            request, chain_fp, public_fp = asked
            shown = f"key {chain_fp[:16]}" + (f", signing key {public_fp[:12]}" if public_fp else "")
            if args.key is not None and len(args.key) < KEY_SHOWN:
                raise UsageError(
                    f"--key {args.key!r}: give the fingerprint as the list shows it ({KEY_SHOWN} or more hexadecimal "
                    "digits): a shorter one is matched by a key made to look like it"
                )
            if args.key and not any(fp and fp.startswith(args.key.lower()) for fp in (chain_fp, public_fp)):
                print(
                    f"{shown_url(url)}: table {args.table_id} now asks with {shown}, not {args.key}: "
                    "it asked again since it was listed — nothing was approved",
                    file=sys.stderr,
                )
                return ExitCode.FAILED
            conn.execute("SELECT room.approve_request(%s, %s)", (args.table_id, request))
            floor = conn.info.user
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except psycopg.Error as exc:
        raise UsageError(f"{shown_url(url)}: table {args.table_id} is not enrolled ({words(exc)})") from None
    print(f"{shown_url(url)}: table {args.table_id} is enrolled (approved by {floor})")
    print(f"  {shown}")  # (the request approved: the one the list showed, or refused above)
    return ExitCode.OK


KEY_SHOWN = 12  # hex digits of a fingerprint `approve-table --key` needs at least (the list shows 16 and 12)
STATEMENT_TIMEOUT = "60s"  # a table's or floor's query, at most (room/migrations/0011)
IDLE_IN_TRANSACTION_TIMEOUT = "30s"  # a table's or floor's transaction left open, at most (0012)
HMAC_ROWS = ("accepted", "forbidden")  # room.settings' hmac_rows (room/migrations/0006)


def cmd_db_hmac_rows(args: argparse.Namespace) -> ExitCode:
    """The room's owner says whether rows of a table that does not sign them (no public key
    enrolled: an old HMAC-only table) are still taken (issue 30 §6); without a value, what holds."""
    import psycopg

    from dealer_app.room.database import RoomError, connect, shown_url, words

    url = room_url_of(args)
    try:
        with connect(url, autocommit=True) as conn:
            if args.value is not None:
                conn.execute(
                    "INSERT INTO room.settings (name, value) VALUES ('hmac_rows', %s) ON CONFLICT (name) DO UPDATE "
                    "SET value = EXCLUDED.value, set_by = current_user, set_at = clock_timestamp()",
                    (args.value,),
                )
            row = conn.execute("SELECT value, set_by, set_at FROM room.settings WHERE name = 'hmac_rows'").fetchone()
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except psycopg.Error as exc:
        raise UsageError(
            f"{shown_url(url)}: the room's setting hmac_rows cannot be {'set' if args.value else 'read'} "
            f"({words(exc)}; the database's owner sets it)"
        ) from None
    value = row[0] if row is not None else HMAC_ROWS[0]
    said = {
        "accepted": "rows of a table with no public key enrolled (HMAC only, checked with the room's copy of its "
        "chain key) are taken",
        "forbidden": "rows of a table with no public key enrolled are refused (every table must sign its rows)",
    }[value]
    by = f" (set by {row[1]} at {row[2]:%Y-%m-%d %H:%M})" if row is not None else " (the default)"
    print(f"{shown_url(url)}: hmac_rows = {value}{by}: {said}")
    return ExitCode.OK


def cmd_db_watchdog(args: argparse.Namespace) -> ExitCode:
    """Under the room owner's login: end table and floor logins' statements that ran too long and
    transactions left open too long, each recorded and said (room/watchdog.py)."""
    from dealer_app.room.database import RoomError
    from dealer_app.room.watchdog import Limits, watch

    for option, value in (
        ("--statement-limit", args.statement_limit),
        ("--idle-limit", args.idle_limit),
        ("--transaction-limit", args.transaction_limit),
    ):
        if not value > 0:
            raise UsageError(f"{option} {value:g}: give the limit in seconds, more than 0")
    if not args.poll > 0:
        raise UsageError(f"--poll {args.poll:g}: give the interval in seconds, more than 0")
    url = room_url_of(args)
    try:
        ended = watch(
            url, Limits(args.statement_limit, args.idle_limit, args.transaction_limit), args.poll, args.once, print
        )
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        return ExitCode.OK
    if args.once and not ended:
        print("nothing overdue: no table's or floor's statement or transaction was ended")
    return ExitCode.OK


def _with_new_password(args, done: str, apply) -> ExitCode:
    """A new password for ``args.login``, given to ``apply(conn, hashed)`` on the owner's
    connection, then the login's URL printed. The password is hashed here (SCRAM), so the
    password itself never reaches the server's statement log."""
    import psycopg

    from dealer_app.room.database import RoomError, connect, words

    url = room_url_of(args)
    password = secrets.token_urlsafe(18)
    try:
        with connect(url, autocommit=True) as conn:
            hashed = conn.pgconn.encrypt_password(password.encode(), args.login.encode(), b"scram-sha-256")
            apply(conn, hashed.decode())
            info = conn.info
            host, port, db = info.host, info.port, info.dbname
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except psycopg.Error as exc:
        raise UsageError(f"the login {args.login} cannot be {done} ({words(exc)})") from None
    print(f"postgresql://{args.login}:{password}@{host}:{port}/{db}")
    return ExitCode.OK


def room_table(args, table_id: str):
    """One room table, read as a record (``report --database``); its connection lives with it."""
    from dealer_app.room.database import RoomError
    from dealer_app.room.reader import RoomReader

    url = room_url_of(args)
    try:
        reader = RoomReader(url)
        reader.catch_up(hands=False)
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    if table_id not in reader.tables:
        known = ", ".join(sorted(reader.tables)) or "none yet"
        reader.close()
        raise UsageError(f"--table-id {table_id}: no such table in the room (its tables: {known})")
    from dealer_app.room.reader import RoomTableRecord

    return RoomTableRecord(reader, table_id, owns_reader=True)


def room_hands(args) -> list:
    """Every hand of the room, newest first (``hands --database``)."""

    def hands(reader):
        reader.catch_up()
        return reader.hands()

    return read_room(args, hands)


def room_hands_checked(args) -> tuple[list, list[str], list[str]]:
    """Every hand of the room, newest first, each table's rows checked by this reader itself
    (room/room_check.py) and each hand whose rows fail marked; with the problems' words and
    what could not be proven (notes)."""

    def hands(reader):
        reader.catch_up()
        checked = reader.check_hands()
        problems = [p.text for found in checked.values() for p in found.problems]
        problems += [f.text for f in reader.memory_look()]  # (what this machine saw before: room/memory.py)
        problems += room_floor_act_problems(reader)
        notes = [n for found in checked.values() for n in found.notes]
        return reader.hands(), problems, notes

    return read_room(args, hands)


def room_floor_act_problems(reader) -> list[str]:
    """Each floor act of the room the room's own record does not bear out (room/floor_act_check.py):
    a row applying a room ruling the room does not have, a ruling filed by no floor login or
    naming another, an unsigned floor act, a local account's act in the room: in words."""
    from dealer_app.room.floor_act_check import check_floor_acts

    return [f"floor act: {c.words()}" for c in check_floor_acts(reader._query) if c.flagged]


def read_room(args, read):
    """``read(reader)`` on a floor's reader of the room ``args`` names (``--database``, else
    DEALER_APP_DATABASE), closed after; a room that cannot be read is a usage error, named."""
    from dealer_app.room.database import RoomError
    from dealer_app.room.reader import RoomReader

    try:
        reader = RoomReader(room_url_of(args))
        try:
            return read(reader)
        finally:
            reader.close()
    except RoomError as exc:
        raise UsageError(str(exc)) from None


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("db", help="the card room's PostgreSQL server: upgrade its schema, add a login")
    db = p.add_subparsers(dest="db_command", required=True)
    q = db.add_parser("upgrade", help="apply the schema migrations the server lacks (as the database's owner)")
    q.add_argument("--database", help="postgresql://owner:password@host/db (default: DEALER_APP_DATABASE)")
    command(q, cmd_db_upgrade)
    q = db.add_parser("add-login", help="make a login for a table or a floor supervisor; prints its URL")
    q.add_argument("login", help="the login's name (table_3, floor_anna)")
    q.add_argument(
        "--role",
        choices=sorted(ROLES),
        required=True,
        help="table: sends its own rows; floor: reads every table and records rulings",
    )
    q.add_argument("--database", help="postgresql://owner:password@host/db (default: DEALER_APP_DATABASE)")
    command(q, cmd_db_add_login)
    q = db.add_parser("reset-login", help="a new password for a table's or floor's login; prints its URL")
    q.add_argument("login")
    q.add_argument("--database", help="postgresql://owner:password@host/db (default: DEALER_APP_DATABASE)")
    command(q, cmd_db_reset_login)
    q = db.add_parser("rename-table", help="the floor names a table in the room (recorded: who, when)")
    q.add_argument("table_id", help="the table: T-…, as 'dealer-app hands --database' lists it")
    q.add_argument("name", help="its name in the room (1 to 80 characters)")
    q.add_argument("--database", help="the floor's postgresql://login:password@host/db (default: DEALER_APP_DATABASE)")
    command(q, cmd_db_rename_table)
    q = db.add_parser(
        "approve-table",
        help="the floor enrolls a table, or its changed key (recorded: who, when); none: list those waiting",
    )
    q.add_argument("table_id", nargs="?", help="the table: T-…, as listed without it")
    q.add_argument(
        "--key",
        help="the key (or signing key) the list showed for it: nothing is approved if the table asks with another",
    )
    q.add_argument("--database", help="the floor's postgresql://login:password@host/db (default: DEALER_APP_DATABASE)")
    command(q, cmd_db_approve_table)
    q = db.add_parser(
        "hmac-rows",
        help="the owner: whether the room still takes rows of a table that does not sign them; none: what holds",
    )
    q.add_argument("value", nargs="?", choices=HMAC_ROWS, help="accepted (the default) or forbidden")
    q.add_argument("--database", help="postgresql://owner:password@host/db (default: DEALER_APP_DATABASE)")
    command(q, cmd_db_hmac_rows)
    q = db.add_parser(
        "watchdog",
        help="the owner: end table and floor logins' statements and open transactions that run too long (recorded)",
    )
    q.add_argument("--database", help="postgresql://owner:password@host/db (default: DEALER_APP_DATABASE)")
    q.add_argument("--statement-limit", type=float, default=60.0, help="seconds a statement may run (default 60)")
    q.add_argument("--idle-limit", type=float, default=30.0, help="seconds a transaction may sit idle (default 30)")
    q.add_argument(
        "--transaction-limit",
        type=float,
        default=300.0,
        help="seconds a transaction may stay open, even sending statements (default 300)",
    )
    q.add_argument("--poll", type=float, default=5.0, help="seconds between sweeps (default 5)")
    q.add_argument("--once", action="store_true", help="one sweep, then exit")
    command(q, cmd_db_watchdog)

"""What only a superuser may set for the room's logins, set by ``db upgrade`` when it can.

- ``temp_file_limit`` on every table's and floor's login (a sort spills temporary files without
  bound otherwise; PostgreSQL lets only a superuser set it, on a login or anywhere);
- ``pg_signal_backend`` and ``pg_read_all_stats`` for the database's owner, whose login runs
  ``db watchdog`` (room/watchdog.py).

Run by a superuser, each is done and said; run by the owner, each is said as the exact
statement a superuser must run (README, "The card room").
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.room.watchdog import NEEDED

TEMP_FILE_LIMIT = "256MB"

_LOGINS_WITHOUT_LIMIT = """
SELECT r.rolname::text FROM pg_roles r
WHERE r.rolcanlogin AND NOT r.rolsuper
  AND (pg_has_role(r.oid, 'dealer_table', 'MEMBER') OR pg_has_role(r.oid, 'dealer_floor', 'MEMBER'))
  AND NOT EXISTS (SELECT FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
                  WHERE d.datname = current_database() AND s.setrole = r.oid
                    AND EXISTS (SELECT FROM unnest(s.setconfig) c WHERE c LIKE 'temp_file_limit=%%'))
ORDER BY 1
"""


@dataclass(frozen=True)
class LoginLimits:
    done: tuple[str, ...]  # statements run here
    for_superuser: tuple[str, ...]  # statements a superuser must run


def apply(conn) -> LoginLimits:
    """Set what is missing, when this login may; otherwise say the statements."""
    from psycopg import sql

    superuser, owner, database = conn.execute(
        "SELECT r.rolsuper, pg_get_userbyid(d.datdba)::text, current_database()::text FROM pg_roles r, pg_database d "
        "WHERE r.rolname = current_user AND d.datname = current_database()"
    ).fetchone()
    statements = []
    for role in NEEDED:
        if not conn.execute("SELECT pg_has_role(%s, %s, 'USAGE')", (owner, role)).fetchone()[0]:
            statements.append(sql.SQL("GRANT {} TO {}").format(sql.Identifier(role), sql.Identifier(owner)))
    for (login,) in conn.execute(_LOGINS_WITHOUT_LIMIT).fetchall():
        statements.append(
            sql.SQL("ALTER ROLE {} IN DATABASE {} SET temp_file_limit = {}").format(
                sql.Identifier(login), sql.Identifier(database), sql.Literal(TEMP_FILE_LIMIT)
            )
        )
    said = tuple(s.as_string(conn) + ";" for s in statements)
    if not superuser:
        return LoginLimits((), said)
    for statement in statements:
        conn.execute(statement)
    return LoginLimits(said, ())


def temp_file_limit_statement(conn, login: str) -> str:
    """The statement a superuser runs to bound ``login``'s temporary files."""
    from psycopg import sql

    database = conn.execute("SELECT current_database()::text").fetchone()[0]
    return (
        sql.SQL("ALTER ROLE {} IN DATABASE {} SET temp_file_limit = {}")
        .format(sql.Identifier(login), sql.Identifier(database), sql.Literal(TEMP_FILE_LIMIT))
        .as_string(conn)
        + ";"
    )

"""The room's watchdog (``dealer-app db watchdog``): ends what a login's own settings cannot.

PostgreSQL lets any login ``SET statement_timeout = 0`` (the 60 s set on each table's and
floor's login, migrations/0011, is only a default), so a hostile table could keep the server's
cores busy for ever. The watchdog runs under the room owner's login and, every poll, ends the
backends of table and floor logins (never the owner's, never a superuser's) whose statement has
run longer than the statement limit or that sat idle in a transaction longer than the idle
limit (a transaction held open holds its locks), or whose transaction has been open longer than
the transaction limit however busy it keeps (a SELECT every second resets the idle time, yet the
open transaction holds back the server's vacuum).

Each ending is recorded in ``room.watchdog_acts`` (migrations/0012) — a room table, not the
server's log: the floor reads it beside the rows, it is append-only like the room's other
records, and the server's log would not say who ended the backend or why — and said in words.

The owner needs ``pg_signal_backend`` (to end another login's backend) and
``pg_read_all_stats`` (to see another login's statement and its age); ``db upgrade`` grants
them when run by a superuser and otherwise says what to run (room/login_limits.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.room.database import RoomError, connect, shown_url, words

if TYPE_CHECKING:
    from collections.abc import Callable

STATEMENT_LIMIT_S = 60.0  # as migrations/0011's statement_timeout
IDLE_LIMIT_S = 30.0  # as migrations/0012's idle_in_transaction_session_timeout
TRANSACTION_LIMIT_S = 300.0  # no table's or floor's transaction needs minutes: a hand's rows commit at once
POLL_S = 5.0
QUERY_SHOWN = 120  # characters of the ended statement said (200 kept)
NEEDED = ("pg_signal_backend", "pg_read_all_stats")
STATEMENT, IDLE, TRANSACTION = "statement", "idle", "transaction"  # room.watchdog_acts.why (0015)

_OVERDUE = """
SELECT pid, login, why,
       extract(epoch FROM clock_timestamp() - CASE why WHEN 'statement' THEN query_start
                                                       WHEN 'idle' THEN state_change ELSE xact_start END),
       query
FROM (
  SELECT a.pid, a.usename::text AS login, a.query_start, a.state_change, a.xact_start,
         left(coalesce(a.query, ''), 200) AS query,
         CASE WHEN a.state = 'active' AND a.query_start < clock_timestamp() - make_interval(secs => %(statement)s)
                THEN 'statement'
              WHEN a.state IN ('idle in transaction', 'idle in transaction (aborted)')
                   AND a.state_change < clock_timestamp() - make_interval(secs => %(idle)s)
                THEN 'idle'
              WHEN a.xact_start < clock_timestamp() - make_interval(secs => %(transaction)s)
                THEN 'transaction'
         END AS why
  FROM pg_stat_activity a JOIN pg_roles r ON r.oid = a.usesysid
  WHERE a.datname = current_database() AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()
    AND NOT r.rolsuper AND r.rolname <> current_user
    AND r.oid <> (SELECT d.datdba FROM pg_database d WHERE d.datname = current_database())
    AND (pg_has_role(r.oid, 'dealer_table', 'MEMBER') OR pg_has_role(r.oid, 'dealer_floor', 'MEMBER'))
) overdue
WHERE why IS NOT NULL
ORDER BY pid
"""


@dataclass(frozen=True)
class Limits:
    statement_s: float = STATEMENT_LIMIT_S
    idle_s: float = IDLE_LIMIT_S
    transaction_s: float = TRANSACTION_LIMIT_S


@dataclass(frozen=True)
class Ended:
    """One backend the watchdog ended."""

    pid: int
    login: str
    why: str  # STATEMENT | IDLE | TRANSACTION
    lasted_s: float
    query: str
    limit_s: float

    def words(self) -> str:
        shown = "".join(c if c.isprintable() else " " for c in self.query)[:QUERY_SHOWN]
        what = {
            STATEMENT: f"its statement had run {self.lasted_s:.0f} s",
            IDLE: f"it sat idle in a transaction for {self.lasted_s:.0f} s",
            TRANSACTION: f"its transaction had been open {self.lasted_s:.0f} s (however busy it kept)",
        }[self.why] + f", over the {self.limit_s:g} s limit"
        return (
            f"ended {self.login}'s connection (backend {self.pid}): {what} — {shown!r} (recorded in room.watchdog_acts)"
        )


def require_rights(conn, url: str) -> None:
    """RoomError naming the grants a superuser must make if this login cannot see or end others'
    backends."""
    missing = [
        role
        for role in NEEDED
        if not conn.execute("SELECT pg_has_role(current_user, %s, 'USAGE')", (role,)).fetchone()[0]
    ]
    if missing:
        login = conn.execute("SELECT current_user::text").fetchone()[0]
        grants = " ".join(f"GRANT {role} TO {login};" for role in missing)
        raise RoomError(
            f"{shown_url(url)}: the login {login} may not see or end other logins' statements: a superuser runs "
            f"{grants} (or 'dealer-app db upgrade' as a superuser)"
        )


def sweep(conn, limits: Limits) -> list[Ended]:
    """End every overdue backend once; each recorded in room.watchdog_acts."""
    ended = []
    for pid, login, why, lasted, query in conn.execute(
        _OVERDUE, {"statement": limits.statement_s, "idle": limits.idle_s, "transaction": limits.transaction_s}
    ).fetchall():
        if not conn.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]:
            continue  # (it ended by itself meanwhile)
        conn.execute(
            "INSERT INTO room.watchdog_acts (pid, login, why, lasted, query) VALUES (%s, %s, %s, "
            "make_interval(secs => %s), %s)",
            (pid, login, why, lasted, query),
        )
        limit = {STATEMENT: limits.statement_s, IDLE: limits.idle_s}.get(why, limits.transaction_s)
        ended.append(Ended(pid, login, why, float(lasted), query, limit))
    return ended


def watch(url: str, limits: Limits, poll_s: float, once: bool, say: Callable[[str], None]) -> int:
    """Sweep every ``poll_s`` (once: one sweep); returns how many backends were ended. A lost
    connection is said and made again at the next poll (the watchdog outlives a server restart)."""
    import psycopg

    total = 0
    conn = None
    try:
        while True:
            try:
                if conn is None or conn.closed:
                    conn = connect(url, autocommit=True)
                    require_rights(conn, url)
                for ended in sweep(conn, limits):
                    say(ended.words())
                    total += 1
            except psycopg.OperationalError as exc:
                if once:
                    raise RoomError(f"{shown_url(url)}: {words(exc)}") from None
                say(f"{shown_url(url)}: the room's server was lost ({words(exc)}); trying again in {poll_s:g} s")
                conn = None
            except psycopg.Error as exc:
                raise RoomError(f"{shown_url(url)}: the watchdog's sweep failed ({words(exc)})") from None
            if once:
                return total
            time.sleep(poll_s)
    finally:
        if conn is not None:
            conn.close()

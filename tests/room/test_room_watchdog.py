"""`dealer-app db watchdog` (room/watchdog.py) and what `db upgrade` sets as a superuser
(room/login_limits.py), on the real PostgreSQL the tests start: a table's login that lifted its
own statement timeout and sleeps is ended, recorded and said; the owner's and a superuser's
statements are left alone."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest

from dealer_app.cli import main

pytestmark = pytest.mark.pg


def _sleeping(url: str, outcome: dict, key: str) -> threading.Thread:
    """A connection that lifts its statement timeout and sleeps an hour (the attack)."""

    def run():
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("SET statement_timeout = 0")
                conn.execute("SELECT pg_sleep(3600)")
            outcome[key] = "finished"
        except psycopg.Error as exc:
            outcome[key] = f"{type(exc).__name__}: {exc}"

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _sleepers(su, login: str, older_than_s: float) -> list[int]:
    return [
        pid
        for (pid,) in su.execute(
            "SELECT pid FROM pg_stat_activity WHERE usename = %s AND query LIKE 'SELECT pg_sleep%%' "
            "AND state = 'active' AND query_start < clock_timestamp() - make_interval(secs => %s)",
            (login, older_than_s),
        ).fetchall()
    ]


def test_the_watchdog_ends_a_table_logins_endless_statement_and_leaves_the_owners(room, pg, capsys):
    superuser = pg.url(db=room.name)
    # run by the owner (no superuser): what a superuser must run is said, word for word
    assert main(["db", "upgrade", "--database", room.owner]) == 0
    said = capsys.readouterr().out
    assert f'  GRANT "pg_signal_backend" TO "{room.name}_owner";' in said
    assert f'  ALTER ROLE "{room.name}_ta" IN DATABASE "{room.name}" SET temp_file_limit = \'256MB\';' in said
    assert main(["db", "watchdog", "--once", "--database", room.owner]) == 2  # it may not yet
    assert f"a superuser runs GRANT pg_signal_backend TO {room.name}_owner;" in capsys.readouterr().err
    # run by a superuser: done, and said
    assert main(["db", "upgrade", "--database", superuser]) == 0
    said = capsys.readouterr().out
    assert f'set (as a superuser): GRANT "pg_read_all_stats" TO "{room.name}_owner";' in said
    with psycopg.connect(room.table_a) as conn:
        assert conn.execute("SHOW temp_file_limit").fetchone() == ("256MB",)

    outcome: dict[str, str] = {}
    threads = [_sleeping(room.table_a, outcome, "table"), _sleeping(room.owner, outcome, "owner")]
    threads.append(_sleeping(superuser, outcome, "superuser"))
    with psycopg.connect(superuser, autocommit=True) as su:
        # (the server's own clock: each sleep has run past the limit given below)
        while not all(_sleepers(su, login, 1.0) for login in (f"{room.name}_ta", f"{room.name}_owner", "postgres")):
            time.sleep(0.05)
        table_pid = _sleepers(su, f"{room.name}_ta", 1.0)[0]
        assert main(["db", "watchdog", "--once", "--statement-limit", "1", "--database", room.owner]) == 0
        out = capsys.readouterr().out
        assert f"ended {room.name}_ta's connection (backend {table_pid}): its statement had run" in out
        assert "over the 1 s limit — 'SELECT pg_sleep(3600)' (recorded in room.watchdog_acts)" in out
        threads[0].join(10)
        assert "terminat" in outcome["table"], outcome  # the table's sleep was ended
        assert "owner" not in outcome and "superuser" not in outcome  # the others still sleep
        acts = su.execute("SELECT login::text, why, pid, by_login::text FROM room.watchdog_acts").fetchall()
        assert acts == [(f"{room.name}_ta", "statement", table_pid, f"{room.name}_owner")]
        # the floor reads the record of it
        with psycopg.connect(room.floor) as floor:
            assert floor.execute("SELECT count(*) FROM room.watchdog_acts").fetchone() == (1,)
        # a second sweep finds nothing more to end
        assert main(["db", "watchdog", "--once", "--statement-limit", "1", "--database", room.owner]) == 0
        assert "nothing overdue" in capsys.readouterr().out
        su.execute("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%%'")
    for thread in threads:
        thread.join(10)


def test_the_watchdog_ends_a_transaction_left_open(room, pg, capsys):
    main(["db", "upgrade", "--database", pg.url(db=room.name)])
    capsys.readouterr()
    idle = psycopg.connect(room.table_b)
    try:
        idle.execute("SET idle_in_transaction_session_timeout = 0")  # (lifted, as a hostile table would)
        idle.execute("SELECT 1")  # begins a transaction, left open
        with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
            while not su.execute(
                "SELECT pid FROM pg_stat_activity WHERE usename = %s AND state = 'idle in transaction' "
                "AND state_change < clock_timestamp() - interval '1 second'",
                (f"{room.name}_tb",),
            ).fetchall():
                time.sleep(0.05)
        assert main(["db", "watchdog", "--once", "--idle-limit", "1", "--database", room.owner]) == 0
        out = capsys.readouterr().out
        assert f"ended {room.name}_tb's connection" in out and "it sat idle in a transaction for" in out
        with pytest.raises(psycopg.OperationalError):
            idle.execute("SELECT 1")
    finally:
        idle.close()


def test_the_watchdogs_options_are_checked(room, capsys):
    assert main(["db", "watchdog", "--once", "--statement-limit", "0", "--database", room.owner]) == 2
    assert "--statement-limit 0: give the limit in seconds, more than 0" in capsys.readouterr().err


def test_the_watchdog_ends_a_transaction_kept_open_by_statements(room, pg, capsys):
    """The fourth attack pass (finding 7): a table's login in REPEATABLE READ sends a SELECT every
    second, so its idle time never grows, yet its transaction (its snapshot) stays open."""
    main(["db", "upgrade", "--database", pg.url(db=room.name)])
    capsys.readouterr()
    login = f"{room.name}_tb"
    stop, outcome = threading.Event(), {}

    def keep_alive():
        try:
            with psycopg.connect(room.table_b) as conn:
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                while not stop.is_set():
                    conn.execute("SELECT count(*) FROM pg_class")
                    stop.wait(1)
            outcome["b"] = "finished"
        except psycopg.Error as exc:
            outcome["b"] = f"{type(exc).__name__}: {exc}"

    thread = threading.Thread(target=keep_alive, daemon=True)
    thread.start()
    try:
        with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
            while not su.execute(
                "SELECT pid FROM pg_stat_activity WHERE usename = %s AND xact_start < clock_timestamp() - "
                "interval '3 seconds'",
                (login,),
            ).fetchall():
                time.sleep(0.05)
        # the idle limit alone does not see it (each SELECT resets the idle time): the transaction limit does
        args = ["db", "watchdog", "--once", "--idle-limit", "2", "--database", room.owner]
        assert main([*args, "--transaction-limit", "2"]) == 0
        out = capsys.readouterr().out
        assert f"ended {login}'s connection" in out
        assert "its transaction had been open" in out and "over the 2 s limit" in out
        thread.join(30)
        assert "OperationalError" in outcome["b"] or "AdminShutdown" in outcome["b"], outcome
        with psycopg.connect(room.owner) as owner:
            whys = owner.execute("SELECT why FROM room.watchdog_acts WHERE login = %s", (login,)).fetchall()
        assert whys == [("transaction",)]
    finally:
        stop.set()
        thread.join(30)

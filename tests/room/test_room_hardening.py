"""The room's holes the second attack pass found (issue 30 §1, §3, §5; migration 0012), each on
the real PostgreSQL the tests start: Latin look-alike table names, a mismatch report of a table
the room holds no row of, the old ``room.approve_table(text)``, and a table's open registration
holding up the floor's approvals of other tables."""

from __future__ import annotations

import time

import psycopg
import pytest

from dealer_app.cli import main
from dealer_app.room import schema
from dealer_app.room.forwarder import REFUSED, Forwarder
from dealer_app.room.reader import RoomReader
from dealer_app.room.table_label import LABEL_RULE, LabelRefused, check_label, skeleton
from dealer_app.room.watch import DISAGREES
from tests.room.test_room_hostile_table import dealt

pytestmark = pytest.mark.pg

REGISTER = "SELECT room.register_table(%s, '0123456789abcdef', %s, %s)"
KEY = b"s" * 32


def _newest_request(conn, table_id: str) -> int:
    return conn.execute("SELECT max(id) FROM room.enrollments WHERE table_id = %s", (table_id,)).fetchone()[0]


def test_latin_look_alikes_of_a_tables_name_are_refused_naming_the_name_they_look_like(room):
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        assert conn.execute(REGISTER, ("T-HONEST3", "Table 3", KEY)).fetchone() == ("waiting",)
    with psycopg.connect(room.table_b, autocommit=True) as conn:
        # the attack: a capital I for the l, and the click U+01C0 (Latin Extended-B)
        for name in ("TabIe 3", "Tab1e 3", "TABLE 3", "Tåble 3", "Tabie 3", "Table 3 "):
            with pytest.raises(psycopg.errors.UniqueViolation) as said:
                conn.execute(REGISTER, ("T-SPOOF3", name, KEY))
            assert 'looks like "Table 3": that name is table T-HONEST3\'s in this room' in str(said.value), name
        with pytest.raises(psycopg.errors.CheckViolation, match="no look-alike letters"):
            conn.execute(REGISTER, ("T-SPOOF3", "Tab\u01c0e 3", KEY))
        # a name of its own, with the letters a German or French room writes, is taken
        assert conn.execute(REGISTER, ("T-SPOOF3", "Tisch Müller (Café)", KEY)).fetchone() == ("waiting",)
    # renaming is held to the same rule, for a floor too, and says it in words
    assert main(["db", "rename-table", "T-SPOOF3", "Tab1e 3", "--database", room.floor]) == 2
    with psycopg.connect(room.floor, autocommit=True) as conn:
        conn.execute("SELECT room.rename_table('T-HONEST3', 'Modern 3')")
        with pytest.raises(psycopg.errors.UniqueViolation, match='looks like "Modern 3"'):
            conn.execute("SELECT room.rename_table('T-SPOOF3', 'Rnodern 3')")  # rn reads as m
        conn.execute("SELECT room.rename_table('T-SPOOF3', 'Table 3')")  # freed by the rename: taken now
    with psycopg.connect(room.owner) as conn:
        assert dict(conn.execute("SELECT table_id, room.label_of(table_id) FROM room.tables").fetchall()) == {
            "T-HONEST3": "Modern 3",
            "T-SPOOF3": "Table 3",
        }


def test_the_rooms_name_rule_and_skeleton_are_the_programs_own(room):
    """room.check_label and room.label_skeleton (SQL) answer as room/table_label.py does."""
    names = [
        "Table 3", "TabIe 3", "Tab|e 3", "Tab\u01c0e 3", "T\u0430ble 3", "Tisch Müller", "TISCH MÜLLER", "Straße 1",
        "STRASSE 1", "Cornwall", "Comwall", "Vvest 2", "West 2", "Ærø", "aerø", "Tisch 10", "Tisch IO", "Élan",
        "  Padded  ", "Two  spaces", "", "x" * 81, "Table\u200b3", "#1 Corner", "-dash", "ÿ ý þ ð",
    ]  # fmt: skip
    with psycopg.connect(room.owner, autocommit=True) as conn:
        for name in names:
            try:
                sql_said = conn.execute("SELECT room.check_label(%s)", (name,)).fetchone()[0]
            except psycopg.errors.CheckViolation as exc:
                assert LABEL_RULE in str(exc), name  # (one rule, in the same words)
                with pytest.raises(LabelRefused, match="no look-alike letters"):
                    check_label(name)
                continue
            assert check_label(name) == sql_said, name
            assert conn.execute("SELECT room.label_skeleton(%s)", (name,)).fetchone()[0] == skeleton(name), name
    assert skeleton("TabIe 3") == skeleton("Table 3") == skeleton("Tab1e 3")
    assert skeleton("Comwall") == skeleton("Cornwall") and skeleton("Vvest 2") == skeleton("West 2")
    assert skeleton("Tisch Müller") != skeleton("Tisch Mayer")


def test_a_room_that_already_holds_look_alike_names_upgrades_keeping_them_and_refuses_a_third(pg, monkeypatch):
    url = pg.create_database("lookalike_room")
    every = schema.migrations()
    monkeypatch.setattr(schema, "migrations", lambda: [m for m in every if m.version < 12])
    schema.upgrade(url)  # a room as 0011 left it: the look-alikes were taken then
    for login in ("lookalike_a", "lookalike_b", "lookalike_c"):
        pg.admin(f"CREATE ROLE {login} LOGIN PASSWORD 'pw-{login}' IN ROLE dealer_table")
    for login, table_id, name in (("lookalike_a", "T-FIRST3", "Table 3"), ("lookalike_b", "T-SECOND3", "TabIe 3")):
        with psycopg.connect(pg.url(login, f"pw-{login}", "lookalike_room"), autocommit=True) as conn:
            assert conn.execute(REGISTER, (table_id, name, KEY)).fetchone() == ("waiting",)
    monkeypatch.setattr(schema, "migrations", lambda: every)
    assert [m.version for m in schema.upgrade(url)] == [m.version for m in every if m.version >= 12]
    with psycopg.connect(url, autocommit=True) as conn:
        assert dict(conn.execute("SELECT table_id, room.label_of(table_id) FROM room.tables").fetchall()) == {
            "T-FIRST3": "Table 3",
            "T-SECOND3": "TabIe 3",
        }
    third = pg.url("lookalike_c", "pw-lookalike_c", "lookalike_room")
    with (
        psycopg.connect(third, autocommit=True) as conn,
        pytest.raises(psycopg.errors.UniqueViolation, match='looks like "Table 3"'),
    ):
        conn.execute(REGISTER, ("T-THIRD3", "Tab1e 3", KEY))
    with psycopg.connect(pg.url("lookalike_b", "pw-lookalike_b", "lookalike_room"), autocommit=True) as conn:
        conn.execute("SELECT room.rename_table('T-SECOND3', 'Table 4')")  # the second takes a name of its own
        assert conn.execute(REGISTER, ("T-SECOND3", "Table 4", KEY)).fetchone() == ("waiting",)


def test_a_table_whose_every_row_was_deleted_in_the_room_files_its_report_and_the_console_shows_it(room, tmp_path):
    store = dealt(tmp_path, room.table_a, "Table 5")
    tid = store.table_id()
    room.enroll(tid)
    with psycopg.connect(room.owner, autocommit=True) as conn:  # the owner deletes every row of the table
        conn.execute("ALTER TABLE room.heads DISABLE TRIGGER USER")
        conn.execute("ALTER TABLE room.log DISABLE TRIGGER USER")
        conn.execute("DELETE FROM room.heads WHERE table_id = %s", (tid,))
        conn.execute("DELETE FROM room.log WHERE table_id = %s", (tid,))
    fwd = Forwarder(store, room.table_a, "Table 5", retry_max_s=0.2).start()
    deadline = time.monotonic() + 10
    while fwd.state.state != REFUSED:
        assert time.monotonic() < deadline, fwd.state
        time.sleep(0.05)
    said = fwd.state.detail
    fwd.stop(wait=True)
    assert "were cut from the room's copy" in said
    with psycopg.connect(room.owner) as conn:  # filed, at row 0: the table as a whole
        assert conn.execute("SELECT row_id, what FROM room.refusals WHERE table_id = %s", (tid,)).fetchall() == [
            (0, "mismatch")
        ]
    reader = RoomReader(room.floor)  # (a machine that never saw the rows: only the table's report says it)
    try:
        reader.catch_up()
        flags = [f for f in reader.flags() if f.table_id == tid and f.what == DISAGREES]
    finally:
        reader.close()
    assert len(flags) == 1 and "rows 1–" in flags[0].reason and "were cut from the room's copy" in flags[0].reason


def test_the_old_approve_table_is_gone_and_the_command_approves_as_before(room, capsys):
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        conn.execute(REGISTER, ("T-WAITS01", "Table 6", KEY))
    with psycopg.connect(room.floor, autocommit=True) as conn, pytest.raises(psycopg.errors.UndefinedFunction):
        conn.execute("SELECT room.approve_table('T-WAITS01')")
    assert main(["db", "approve-table", "T-WAITS01", "--database", room.floor]) == 0
    assert f"table T-WAITS01 is enrolled (approved by {room.name}_floor)" in capsys.readouterr().out


@pytest.mark.parametrize("held", ["first registration", "changed key"])
def test_a_tables_open_registration_does_not_hold_up_the_floors_approval_of_another(room, capsys, held):
    with psycopg.connect(room.table_b, autocommit=True) as conn:
        conn.execute(REGISTER, ("T-TABLEB1", "Table B", KEY))
    if held == "changed key":
        with psycopg.connect(room.table_a, autocommit=True) as conn:
            conn.execute(REGISTER, ("T-TABLEA1", "Table A", KEY))
        room.enroll("T-TABLEA1")
    a = psycopg.connect(room.table_a)  # begins, registers, and does not commit
    try:
        other_key = KEY if held == "first registration" else b"n" * 32
        assert a.execute(REGISTER, ("T-TABLEA1", "Table A", other_key)).fetchone()[0] in ("waiting", "changed")
        with psycopg.connect(room.floor, autocommit=True, options="-c lock_timeout=2000") as floor:
            approved = floor.execute(
                "SELECT room.approve_request('T-TABLEB1', %s)", (_newest_request(floor, "T-TABLEB1"),)
            ).fetchone()[0]
            assert floor.execute(
                "SELECT count(*) FROM room.approvals WHERE enrollment_id = %s", (approved,)
            ).fetchone() == (1,)
        # and the command, as the floor runs it
        assert main(["db", "approve-table", "--database", room.floor]) == 0
        assert "no table waits for approval" in capsys.readouterr().out  # (A's is not committed: not seen)
    finally:
        a.close()

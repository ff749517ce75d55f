"""What an insider's attack on the room found, each now caught or refused (issue 30's closing
review): the owner cutting a table's last hands with their heads, deleting a whole table,
replacing its enrolled key or rewriting a console ruling — caught by each floor machine's memory
of the room (room/memory.py); look-alike table names; a table login's temporary tables and
endless queries; approving a request the floor was not shown."""

from __future__ import annotations

import psycopg
import pytest

from dealer_app.cli import main
from dealer_app.room.reader import RoomReader
from tests.room.test_room_hostile_table import dealt, new_login

pytestmark = pytest.mark.pg


def _owner_sql(room, *statements) -> None:
    """The database's owner, triggers off (as the attack did: ALTER TABLE … DISABLE TRIGGER)."""
    with psycopg.connect(room.owner, autocommit=True) as conn:
        for sql, args in statements:
            conn.execute(sql, args)


def _flags(room) -> list[str]:
    reader = RoomReader(room.floor)
    try:
        reader.catch_up()
        return [f"{f.what}: {f.reason}" for f in reader.flags() if f.what not in ("silent",)]
    finally:
        reader.close()


def test_the_owner_cutting_a_tables_last_hands_with_their_heads_is_flagged_by_a_machine_that_saw_them(
    room, tmp_path, capsys
):
    store = dealt(tmp_path, room.table_a, "Table 2", hands=3)
    tid = store.table_id()
    room.enroll(tid)
    assert _flags(room) == []  # this floor machine sees the room whole, and remembers it
    last_hand = max(h for (h,) in psycopg.connect(room.owner).execute("SELECT hand_no FROM room.log").fetchall())
    _owner_sql(
        room,
        ("ALTER TABLE room.heads DISABLE TRIGGER USER", ()),
        ("ALTER TABLE room.log DISABLE TRIGGER USER", ()),
        ("DELETE FROM room.heads WHERE table_id = %s AND hand_no = %s", (tid, last_hand)),
        ("DELETE FROM room.log WHERE table_id = %s AND hand_no = %s", (tid, last_hand)),
    )
    flags = _flags(room)
    assert any(f.startswith("cut: ") and "rows and heads were cut in the room" in f for f in flags), flags
    # the command line says it too, and fails
    assert main(["hands", "--database", room.floor]) == 1
    assert "rows and heads were cut in the room" in capsys.readouterr().err


def test_the_owner_deleting_a_table_or_replacing_its_key_or_a_ruling_is_flagged(room, tmp_path):
    store = dealt(tmp_path, room.table_a, "Table 2")
    tid = store.table_id()
    room.enroll(tid)
    reader = RoomReader(room.floor)
    reader.catch_up()
    reader.record_ruling(tid, 1, 1, {"case": "F-1", "decision": "Bob keeps the pot", "floor": "Anna"})
    reader.close()
    assert _flags(room) == []
    _owner_sql(
        room,
        ("ALTER TABLE room.rulings DISABLE TRIGGER USER", ()),
        ("UPDATE room.rulings SET payload = replace(payload, 'Bob keeps', 'Mallory keeps')", ()),
        (
            "UPDATE room.rulings r SET hash = encode(sha256(convert_to(concat_ws('|', r.prev, r.id, r.table_id, "
            "r.session, r.hand_no, r.payload, r.floor_login, r.at), 'UTF8')), 'hex')",
            (),
        ),
        ("ALTER TABLE room.enrollments DISABLE TRIGGER USER", ()),
        ("UPDATE room.enrollments SET public_key = %s WHERE table_id = %s", (b"\x07" * 32, tid)),
    )
    flags = _flags(room)
    assert any(f.startswith("ruling-changed: ") and "it was rewritten" in f for f in flags), flags
    assert any(f.startswith("rekeyed: ") and "the room's owner replaced it" in f for f in flags), flags
    with psycopg.connect(room.owner, autocommit=True) as conn:  # the whole table gone, and every ruling
        tables = [t for (t,) in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'room'").fetchall()]
        for t in tables:
            conn.execute(f"ALTER TABLE room.{t} DISABLE TRIGGER USER")
        for t in ("rulings", "heads", "log", "approvals", "table_presence", "refusals", "floor_acts", "table_keys"):
            if t in tables:
                conn.execute(f"DELETE FROM room.{t}")
        for t in ("enrollments", "table_names", "tables"):
            conn.execute(f"DELETE FROM room.{t}")
    flags = _flags(room)
    assert any(f.startswith("gone: ") and "the room no longer has it" in f for f in flags), flags
    assert any(f.startswith("ruling-gone: ") for f in flags), flags


def test_a_table_name_that_only_looks_like_anothers_is_refused(room, tmp_path):
    dealt(tmp_path, room.table_a, "Table 3")
    key = b"s" * 32
    with psycopg.connect(room.table_b, autocommit=True) as conn:
        for name in ("T\u0430ble 3", "Table\u200b 3", "Table 3\u00a0x", "Table  3", "Table 3\u0301", "Tisch \u2461"):
            with pytest.raises(psycopg.errors.CheckViolation, match="no look-alike letters"):
                conn.execute("SELECT room.register_table('T-SPOOFB1', '0123456789abcdef', %s, %s)", (name, key))


def test_a_table_login_makes_no_temporary_tables_and_its_queries_time_out(room, capsys):
    url = new_login(room, capsys, "t7", "table")
    with psycopg.connect(url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("CREATE TEMP TABLE fill AS SELECT repeat('x', 1000) FROM generate_series(1, 10)")
        assert conn.execute("SHOW statement_timeout").fetchone() == ("1min",)


def test_approve_table_approves_the_request_the_floor_was_shown_and_no_other(room, tmp_path, capsys):
    store = dealt(tmp_path, room.table_a, "Table 4")
    tid = store.table_id()
    assert main(["db", "approve-table", "--database", room.floor]) == 0
    listed = capsys.readouterr().out
    shown_key = listed.split("key ")[1].split()[0]
    # the table's login asks again with another key before the floor approves what it saw
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        conn.execute(
            "SELECT room.register_table(%s, %s, %s, %s, %s)", (tid, store.record_id, "Table 4", b"k" * 32, b"\x07" * 32)
        )
    assert main(["db", "approve-table", tid, "--key", shown_key, "--database", room.floor]) == 1
    assert "asked again since it was listed — nothing was approved" in capsys.readouterr().err
    with psycopg.connect(room.owner) as conn:
        assert conn.execute(
            "SELECT count(*) FROM room.approvals a JOIN room.enrollments e ON e.id = a.enrollment_id "
            "WHERE e.table_id = %s",
            (tid,),
        ).fetchone() == (0,)


def test_the_table_says_the_room_lost_rows_it_had_acknowledged(room, tmp_path):
    """The insider review: the owner cut a table's last hand with its heads, and the table's
    forwarder sent the rows again without a word. The table remembers what the room took."""
    from dealer_app.room.forwarder import Forwarder

    store = dealt(tmp_path, room.table_a, "Table 2", hands=3)
    tid = store.table_id()
    room.enroll(tid)
    with psycopg.connect(room.owner) as conn:
        last_hand = conn.execute("SELECT max(hand_no) FROM room.log WHERE table_id = %s", (tid,)).fetchone()[0]
    _owner_sql(
        room,
        ("ALTER TABLE room.heads DISABLE TRIGGER USER", ()),
        ("ALTER TABLE room.log DISABLE TRIGGER USER", ()),
        ("DELETE FROM room.heads WHERE table_id = %s AND hand_no = %s", (tid, last_hand)),
        ("DELETE FROM room.log WHERE table_id = %s AND hand_no = %s", (tid, last_hand)),
    )
    fwd = Forwarder(store, room.table_a, "Table 2", retry_max_s=0.2).start()
    try:
        assert not fwd.wait_until_sent(3)
        assert "were cut from the room's copy" in fwd.state.detail, fwd.state
    finally:
        fwd.stop(wait=True)
    with psycopg.connect(room.owner) as conn:
        (reason,) = conn.execute(
            "SELECT reason FROM room.refusals WHERE table_id = %s AND what = 'mismatch'", (tid,)
        ).fetchone()
    assert "were cut from the room's copy" in reason
    assert "disagrees" in " ".join(_flags(room)) or any("disagree" in f for f in _flags(room))


def test_a_ruling_rewritten_with_its_hash_left_as_it_was_is_flagged(room, tmp_path):
    """The second attack pass: the owner changed a ruling's words and left its hash column alone."""
    store = dealt(tmp_path, room.table_a, "Table 2")
    tid = store.table_id()
    room.enroll(tid)
    reader = RoomReader(room.floor)
    reader.catch_up()
    reader.record_ruling(tid, 1, 1, {"case": "F-1", "decision": "Bob keeps the pot", "floor": "Anna"})
    reader.close()
    assert _flags(room) == []
    _owner_sql(
        room,
        ("ALTER TABLE room.rulings DISABLE TRIGGER USER", ()),
        ("UPDATE room.rulings SET payload = replace(payload, 'Bob keeps', 'Mallory keeps')", ()),
    )
    assert any(f.startswith("ruling-changed: ") for f in _flags(room))


def test_approve_table_wants_the_fingerprint_as_shown_not_a_short_prefix(room, tmp_path, capsys):
    """The second attack pass: a key ground to share 4 hex digits with the one shown was approved."""
    store = dealt(tmp_path, room.table_a, "Table 5")
    assert main(["db", "approve-table", store.table_id(), "--key", "8fd6", "--database", room.floor]) == 2
    assert "a shorter one is matched by a key made to look like it" in capsys.readouterr().err

"""Every reader checks the room's rows for itself (issue 30 §2), on a real PostgreSQL server:
the database's owner or a superuser turns the append-only triggers off and edits, deletes or
inserts rows, or edits or deletes signed heads; `hands --database`, `report --database`,
`verify --database` and the floor console each name it (table, session, hand, row), trusting no
trigger, no server check and no key the server holds."""

import psycopg
import pytest
from PySide6.QtCore import Qt

from dealer_app.cli import main
from dealer_app.ui.hand_list import FAILING_COLOUR
from dealer_app.ui.room_window import RoomFloorWindow
from tests.room.test_room_signed_heads import dealt_and_enrolled


def tamper(url: str, table: str, statements: list[str], tid: str) -> list:
    """Run ``statements`` (``%s``: the table's id) with ``table``'s triggers off; what they returned."""
    out = []
    with psycopg.connect(url) as conn:
        conn.execute(f"ALTER TABLE room.{table} DISABLE TRIGGER USER")
        for sql in statements:
            cur = conn.execute(sql, (tid,) * sql.count("%s"))
            out += cur.fetchall() if cur.description else []
        conn.execute(f"ALTER TABLE room.{table} ENABLE TRIGGER USER")
    return out


ATTACKS = {
    # Ann becomes Mallory in the rows of hand 2
    "edit": (
        "log",
        [
            "UPDATE room.log SET payload = replace(payload, 'Ann', 'Mallory') WHERE table_id = %s AND hand_no = 2 "
            "AND payload LIKE '%%Ann%%' RETURNING session, hand_no, row_id"
        ],
        "FORGED — the room's rows do not give the digest the table signed",
    ),
    # hand 2 is gone
    "delete": (
        "log",
        ["DELETE FROM room.log WHERE table_id = %s AND hand_no = 2 RETURNING session, hand_no, row_id"],
        "MISSING — ",
    ),
    # a row the table never wrote, after its last
    "insert": (
        "log",
        [
            "INSERT INTO room.log (id, table_id, session, seq, row_id, hand_no, kind, payload, at, hash, received_at) "
            "SELECT nextval('room.log_id_seq'), table_id, session, seq + 1, row_id + 1, hand_no, 'note', '{\"text\": \"Mallory wins\"}', at, "
            "hash, now() FROM room.log WHERE table_id = %s ORDER BY row_id DESC LIMIT 1 "
            "RETURNING session, hand_no, row_id"
        ],
        "NOT SIGNED — no signed head of the table covers them",
    ),
    # a head of hand 2 says one row more
    "edit-head": (
        "heads",
        [
            "UPDATE room.heads SET rows = rows + 1 WHERE table_id = %s AND row_id = (SELECT max(row_id) FROM "
            "room.heads WHERE table_id = %s AND hand_no = 2) RETURNING session, hand_no, row_id"
        ],
        "FORGED — the room's signed head for this row",
    ),
    # the heads of the last hand are deleted: its rows are signed by nothing
    "delete-heads": (
        "heads",
        [
            "DELETE FROM room.heads WHERE table_id = %s AND hand_no = (SELECT max(hand_no) FROM room.heads "
            "WHERE table_id = %s) RETURNING session, hand_no, row_id"
        ],
        "NOT SIGNED — no signed head of the table covers them",
    ),
}


@pytest.mark.parametrize("who", ["owner", "superuser"])
@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_every_reader_names_what_the_owner_or_a_superuser_changed(attack, who, room, pg, tmp_path, capsys, qtbot):
    store = dealt_and_enrolled(room, tmp_path)
    tid, record = store.table_id(), str(store.path)
    store.close()
    assert main(["hands", "--database", room.floor]) == 0  # whole before
    assert "fails this reader's own check" not in capsys.readouterr().err
    table, statements, words = ATTACKS[attack]
    url = room.owner if who == "owner" else pg.url(db=room.name)
    touched = tamper(url, table, statements, tid)
    assert touched, f"{attack}: nothing was changed"
    session, hand, row = touched[0]
    if attack == "insert":  # (the row after the last: said as not signed from that row)
        session, hand = touched[0][0], touched[0][1]
    # hands --database: said, with the table, session, hand and row, and exit 1
    assert main(["hands", "--database", room.floor]) == 1
    err = capsys.readouterr().err
    assert "the room's copy fails this reader's own check" in err
    assert words in err
    assert f"({tid}), " in err and f"session {session}, hand" in err
    if attack in ("edit", "edit-head"):
        assert f"session {session}, hand {hand}, row" in err and str(row) in err
    if attack == "delete":
        assert f"session {session}, hand {hand}, row {row}: MISSING" in err or f"rows {row}–" in err
    # report --database of the hand: exit 1 and the words (a deleted hand cannot be reported at all)
    if attack != "delete":
        pdf = tmp_path / f"{attack}.pdf"
        assert (
            main(
                [
                    "report",
                    "--database",
                    room.floor,
                    "--table-id",
                    tid,
                    "--hand",
                    f"{session}-{hand}",
                    "--out",
                    str(pdf),
                ]
            )
            == 1
        )
        err = capsys.readouterr().err
        assert "fails its check" in err and words.split(" — ")[0] in err
    else:
        assert (
            main(
                [
                    "report",
                    "--database",
                    room.floor,
                    "--table-id",
                    tid,
                    "--hand",
                    f"{session}-{hand}",
                    "--out",
                    str(tmp_path / "gone.pdf"),
                ]
            )
            == 1
        )
        capsys.readouterr()
    # verify RECORD --database: the room's copy named against the record and by its own digest
    assert main(["verify", record, "--database", room.floor]) == 1
    out = capsys.readouterr().out
    assert words.split(" — ")[0] in out or "missing in the room" in out
    # the console: the words in red above the hands, and the hand painted red
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.problem_line.isVisible(), timeout=10000)
    assert words.split(" — ")[0] in w.problem_line.text() or words.split(" — ")[0] in w.problem_line.toolTip()
    assert "THE ROOM'S COPY FAILS THIS CONSOLE'S CHECK" in w.problem_line.text()
    if attack != "delete":
        key = f"{session}-{hand}"
        qtbot.waitUntil(lambda: any(h.id == key and h.failing for h in w.shown), timeout=5000)
        shown = next(i for i, h in enumerate(w.shown) if h.id == key)
        index = w.hand_model.index(shown, 0)
        assert w.hand_model.data(index, Qt.ItemDataRole.ForegroundRole) == FAILING_COLOUR
        assert "FAILS THE RECORD'S CHECK" in w.hand_list.item(shown, 3).text()
    w.close()


def test_a_whole_room_passes_every_readers_check(room, tmp_path, capsys, qtbot):
    store = dealt_and_enrolled(room, tmp_path)
    tid = store.table_id()
    store.close()
    assert main(["hands", "--database", room.floor]) == 0
    captured = capsys.readouterr()
    assert "fails" not in captured.err and tid in captured.out
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.feed.checks >= 1, timeout=10000)
    qtbot.wait(200)
    assert not w.problem_line.isVisible()
    assert w.shown and not any(h.failing for h in w.shown)
    w.close()


def test_the_owner_forbids_hmac_rows_and_a_table_without_a_public_key_is_refused_with_words(room, capsys):
    assert main(["db", "hmac-rows", "--database", room.owner]) == 0
    assert "hmac_rows = accepted (the default)" in capsys.readouterr().out
    assert main(["db", "hmac-rows", "forbidden", "--database", room.floor]) == 2  # (a floor's login may not)
    assert "the database's owner sets it" in capsys.readouterr().err
    assert main(["db", "hmac-rows", "forbidden", "--database", room.owner]) == 0
    assert "hmac_rows = forbidden (set by" in capsys.readouterr().out
    # an old table: registered with its chain key only (no public key), enrolled by the floor
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        conn.execute("SELECT room.register_table('T-OLDHMAC1', '0123456789abcdef', 'Old table', %s)", (b"k" * 32,))
    room.enroll("T-OLDHMAC1")
    from dealer_app.record.chain import row_hash

    at = "2026-01-01T00:00:00"
    good = row_hash(b"k" * 32, "0123456789abcdef", "", 1, 1, 1, 0, "open_table", "{}", at)  # (its keyed chain holds)
    send = (
        "INSERT INTO room.log (table_id, session, seq, row_id, hand_no, kind, payload, at, hash) "
        "VALUES ('T-OLDHMAC1', 1, 1, 1, 0, 'open_table', '{}', %s, %s)"
    )
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        conn.execute(send, (at, good))
    with psycopg.connect(room.floor) as conn:
        assert conn.execute("SELECT count(*) FROM room.log WHERE table_id = 'T-OLDHMAC1'").fetchone() == (0,)
        (reason,) = conn.execute("SELECT reason FROM room.refusals WHERE table_id = 'T-OLDHMAC1'").fetchone()
    assert "this room forbids rows of a table that does not sign them" in reason
    assert "table T-OLDHMAC1 has no public key enrolled" in reason
    # allowed again by the owner: the same row is taken
    assert main(["db", "hmac-rows", "accepted", "--database", room.owner]) == 0
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        conn.execute(send, (at, good))
    with psycopg.connect(room.floor) as conn:
        assert conn.execute("SELECT count(*) FROM room.log WHERE table_id = 'T-OLDHMAC1'").fetchone() == (1,)

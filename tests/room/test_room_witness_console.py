"""The room console flags, in red, every table whose heads stopped arriving, whose rows no head
covers, or whose record and room disagree (issue 30 §3), on a real PostgreSQL server; a closed
table that went quiet is not flagged."""

import psycopg

from dealer_app.live.controller import TableController
from dealer_app.record.hand_index import record_time
from dealer_app.record.store import Store
from dealer_app.room.forwarder import Forwarder
from dealer_app.ui.room_window import RoomFloorWindow
from tests.support.live_random import play


def dealt(tmp_path, name, url, label, seed, close=False) -> Store:
    store = Store(tmp_path / f"{name}.sqlite3", anchors=tmp_path / f"{name}-anchors.txt")
    c = TableController(store)
    play(c, seed, 60, lambda c: None)
    if close:
        c.close_table()
    fwd = Forwarder(store, url, label, retry_max_s=0.2).start()
    assert fwd.wait_until_sent(15), fwd.state
    fwd.stop(wait=True)
    return store


def shown(label) -> str:
    return label.text() if label.isVisible() else ""


def test_the_console_flags_silent_uncovered_and_disagreeing_tables(qtbot, room, pg, tmp_path):
    open_table = dealt(tmp_path, "a", room.table_a, "Stud 1", 21)
    closed = dealt(tmp_path, "b", room.table_b, "Stud 2", 22, close=True)
    a, b = open_table.table_id(), closed.table_id()
    room.enroll(a, b)
    # ten minutes pass with nothing from either table (the server's times, set back by a
    # superuser), and the room loses table a's last two heads
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
        for table in ("room.log", "room.heads"):
            su.execute(f"ALTER TABLE {table} DISABLE TRIGGER append_only")
            su.execute(f"UPDATE {table} SET received_at = received_at - interval '10 minutes'")
        su.execute("UPDATE room.table_presence SET seen_at = seen_at - interval '10 minutes'")
        su.execute(
            "DELETE FROM room.heads WHERE table_id = %s AND row_id IN "
            "(SELECT row_id FROM room.heads WHERE table_id = %s ORDER BY row_id DESC LIMIT 2)",
            (a, a),
        )
        last_head, heard = su.execute(
            "SELECT row_id, received_at::text FROM room.heads WHERE table_id = %s ORDER BY row_id DESC LIMIT 1", (a,)
        ).fetchone()
        uncovered, since = su.execute(
            "SELECT count(*), min(received_at)::text FROM room.log WHERE table_id = %s AND row_id > %s",
            (a, last_head),
        ).fetchone()
    assert uncovered > 0
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: "stopped arriving" in shown(w.flag_line), timeout=10000)
    text = w.flag_line.text()
    assert "#b00020" in w.flag_line.styleSheet()
    when = record_time(heard)[:19].replace("T", " ")
    assert (
        f"Stud 1 ({a}): its signed heads stopped arriving — the room has not heard from this open table since "
        f"{when} UTC" in text
    )
    first = record_time(since)[:19].replace("T", " ")
    assert f"Stud 1 ({a}): {uncovered} row(s) on the server that no signed head covers, since {first} UTC" in text
    assert b not in text  # (closed: quiet is no alarm)
    # table b's forwarder finds its record and the room disagree, and says so to the room
    with psycopg.connect(room.table_b, autocommit=True) as conn:
        conn.execute(
            "SELECT room.report_mismatch(%s, 3, %s)",
            (b, f"table {b}, session 1, hand 1, row 3 (sit): the room's copy differs"),
        )
    qtbot.waitUntil(lambda: "disagree" in shown(w.flag_line), timeout=10000)
    assert (
        f"Stud 2 ({b}): its record and the room's copy disagree, since " in w.flag_line.text()
        and f"table {b}, session 1, hand 1, row 3 (sit): the room's copy differs" in w.flag_line.text()
    )
    w.close()
    open_table.close()
    closed.close()


def test_the_dealer_is_told_the_room_and_record_disagree_naming_table_hand_and_row(qtbot, room, pg, tmp_path):
    from tests.ui.test_ui_room import dealer_window

    store = Store(tmp_path / "hands.sqlite3")
    play(TableController(store), 23, 60, lambda c: None)
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(15), fwd.state
    fwd.stop(wait=True)
    table_id = store.table_id()
    room.enroll(table_id)
    store.close()
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:  # the owner's kind of edit
        su.execute("ALTER TABLE room.log DISABLE TRIGGER append_only")
        session, hand = su.execute(
            "UPDATE room.log SET at = '2001-01-01T00:00:00.000+00:00' WHERE table_id = %s AND row_id = 5 "
            "RETURNING session, hand_no",
            (table_id,),
        ).fetchone()
    d = dealer_window(qtbot, tmp_path, room.table_a)
    label = d.w.room_label
    qtbot.waitUntil(lambda: "DISAGREE" in label.text(), timeout=10000)
    assert "1 difference" in label.text() and "#b00020" in label.styleSheet()
    assert f"table {table_id}, session {session}, hand {hand}, row 5 (" in label.toolTip()
    assert "at: the record's" in label.toolTip() and "2001-01-01" in label.toolTip()


def test_the_flags_are_said_in_german(qtbot, qapp, room):
    from PySide6.QtCore import QTranslator

    from dealer_app.room.watch import DISAGREES, SILENT, UNCOVERED, TableFlag
    from tests.support.helpers import load_german

    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    try:
        w = RoomFloorWindow(room.floor)
        qtbot.addWidget(w)
        at = "2026-12-05T02:00:00.000+00:00"
        said = [
            w._flag_words(TableFlag("T-ABCD", SILENT, at)),
            w._flag_words(TableFlag("T-ABCD", UNCOVERED, at, rows=3)),
            w._flag_words(TableFlag("T-ABCD", DISAGREES, at, reason="row 3 differs")),
        ]
        w.close()
    finally:
        qapp.removeTranslator(translator)
    assert said == [
        "T-ABCD: Seine signierten Stände kommen nicht mehr an — der Saal hat von diesem offenen Tisch seit "
        "2026-12-05 02:00:00 UTC nichts gehört",
        "T-ABCD: 3 Zeilen auf dem Server, die kein signierter Stand abdeckt, seit 2026-12-05 02:00:00 UTC",
        "T-ABCD: Sein Protokoll und die Kopie des Saals stimmen nicht überein, seit 2026-12-05 02:00:00 UTC — "
        "row 3 differs",
    ]

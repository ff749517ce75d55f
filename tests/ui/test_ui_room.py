"""The card room in the windows (issue 15), on a real PostgreSQL server: the dealer's window
forwards its record and says so in the status bar, through an outage; the floor's room console
sees a new hand within a second, opens it with a click and follows it as it is dealt."""

import psycopg
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.room.forwarder import Forwarder
from dealer_app.ui.main_window import MainWindow
from dealer_app.ui.room_window import RoomFloorWindow
from tests.support.live_random import PLAYERS
from tests.ui.test_ui_floor import focus, open_row
from tests.ui.test_ui_live_table import Dealer


def dealer_window(qtbot, tmp_path, url):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    settings.setValue("room/database", url)
    settings.setValue("room/table_name", "Stud 1")
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return Dealer(qtbot, w)


def server_count(room, table_id):
    with psycopg.connect(room.owner) as conn:
        return conn.execute("SELECT count(*) FROM room.log WHERE table_id = %s", (table_id,)).fetchone()[0]


def test_the_dealer_sees_the_room_and_deals_on_through_an_outage(qtbot, tmp_path, room):
    d = dealer_window(qtbot, tmp_path, room.table_a)
    d.open_table("stud-5-10", [5000] * 3)
    label = d.w.room_label
    qtbot.waitUntil(lambda: label.text() == "Room: up to date", timeout=5000)
    d.cards("Kc 2c 9h")
    d.key(Qt.Key_B)  # bring-in
    store = d.c.store
    qtbot.waitUntil(
        lambda: server_count(room, store.table_id()) == store.db.execute("SELECT count(*) FROM log").fetchone()[0],
        timeout=5000,
    )
    room.pg.stop()
    d.key(Qt.Key_C)
    d.key(Qt.Key_F)  # the hand ends: nothing waits for the server
    qtbot.waitUntil(lambda: "offline" in label.text(), timeout=5000)
    assert "waiting" in label.text() and "#b00020" in label.styleSheet()
    room.pg.start()
    qtbot.waitUntil(lambda: label.text() == "Room: up to date", timeout=10000)
    d.enter()  # confirm the award
    local = store.db.execute("SELECT id, hash FROM log ORDER BY id").fetchall()
    qtbot.waitUntil(lambda: server_count(room, store.table_id()) == len(local), timeout=5000)
    with psycopg.connect(room.owner) as conn:
        assert (
            conn.execute(
                "SELECT row_id, hash FROM room.log WHERE table_id = %s ORDER BY id", (store.table_id(),)
            ).fetchall()
            == local
        )
        assert conn.execute("SELECT label FROM room.tables").fetchall() == [("Stud 1",)]


def test_the_room_console_sees_a_new_hand_within_a_second_and_follows_it(qtbot, tmp_path, room):
    store = Store(tmp_path / "hands.sqlite3")
    fwd = Forwarder(store, room.table_a, "Stud 2", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.room_line.text().startswith("Room: live"), timeout=5000)
    qtbot.waitUntil(lambda: "Stud 2" in w.room_line.text(), timeout=5000)
    assert w.hand_list.rowCount() == 0
    c.start_hand()
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 1, timeout=1000)  # within a second
    assert w.hand_list.item(0, 0).text() == "Stud 2 1-1" and w.hand_list.item(0, 4).text() == "stud-5-10"
    assert w.hand_list.item(0, 2).text() == "open"
    open_row(qtbot, w, 0)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)
    steps = len(w.timeline.steps)
    for card in ("Kc", "2c", "9h", "Qd"):
        c.enter_card(card)
    qtbot.waitUntil(lambda: len(w.timeline.steps) == steps + 4, timeout=2000)  # the open hand, live
    assert w.index == len(w.timeline.steps) - 1  # (it was at the end: it stays at the end)
    qtbot.keyClick(focus(qtbot), Qt.Key_Home)
    assert w.index == 0
    c.act("bring_in")
    qtbot.waitUntil(lambda: len(w.timeline.steps) == steps + 5, timeout=2000)
    assert w.index == 0  # the floor looking back is not moved
    qtbot.keyClick(focus(qtbot), Qt.Key_End)
    assert w.index == steps + 4
    assert w.bridge.controller.prompt().kind == "action"  # (after the bring-in, the next seat acts)
    fwd.stop(wait=True)
    w.close()


def test_the_room_console_names_what_the_server_refused(qtbot, tmp_path, room):
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    c.start_hand()
    store.close()
    import sqlite3

    raw = sqlite3.connect(tmp_path / "hands.sqlite3")
    raw.execute("UPDATE log SET payload = payload || ' ' WHERE kind = 'hand_start'")
    raw.commit()
    raw.close()
    store = Store(tmp_path / "hands.sqlite3")
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    fwd = Forwarder(store, room.table_a, "Stud 3", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    qtbot.waitUntil(lambda: w.refusal_line.isVisible(), timeout=5000)
    text = w.refusal_line.text()
    assert "The room refused 1 row(s)" in text and "Stud 3" in text and "hand_start" in text
    assert "keyed hash" in text
    # who sent it, and that the table's own record is not what changed (issue 26)
    assert f"sent by the login {room.name}_ta" in text and "the table's own record is not changed" in text
    fwd.stop(wait=True)
    w.close()


def test_the_room_console_comes_back_after_the_server_restarts(qtbot, tmp_path, room):
    store = Store(tmp_path / "hands.sqlite3")
    fwd = Forwarder(store, room.table_a, "Stud 4", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    c.start_hand()
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 1, timeout=5000)
    room.pg.stop()
    qtbot.waitUntil(lambda: "offline" in w.room_line.text(), timeout=5000)
    for card in ("Kc", "2c", "9h", "Qd"):  # the table deals on meanwhile
        c.enter_card(card)
    c.act("bring_in")
    room.pg.start()
    qtbot.waitUntil(lambda: w.room_line.text().startswith("Room: live"), timeout=10000)
    assert fwd.wait_until_sent(10)
    open_row(qtbot, w, 0)  # the console's own connection is made again too
    qtbot.waitUntil(lambda: w.timeline is not None and len(w.timeline.steps) >= 6, timeout=3000)
    assert w.timeline.steps[-1].kind == "input" and w.timeline.steps[-1].inputs[-1][0] == "act"
    fwd.stop(wait=True)
    w.close()


def test_the_room_console_starts_over_101_refusals_of_a_megabyte(qtbot, tmp_path, room):
    """The attack: one refused row with a 1 MB kind made the console crash on every start (a
    room from before the sizes were bounded): it starts, and shows each refusal's first words."""
    store = Store(tmp_path / "hands.sqlite3")
    TableController(store).open_table("stud-5-10", None, PLAYERS)
    fwd = Forwarder(store, room.table_a, "Stud 5", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    assert fwd.wait_until_sent(10)
    fwd.stop(wait=True)
    huge = "k" * 1_000_000
    with psycopg.connect(room.owner, autocommit=True) as conn:
        conn.execute("ALTER TABLE room.refusals DROP CONSTRAINT refusals_sizes")  # (as before 0004)
        for n in range(101):
            conn.execute(
                "INSERT INTO room.refusals (table_id, session, seq, row_id, kind, hand_no, what, reason, hash) "
                "VALUES (%s, 1, 1, 1, %s, 0, 'size', %s, %s)",
                (store.table_id(), huge, huge, str(n)),
            )
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.refusal_line.isVisible(), timeout=5000)
    assert "The room refused 101 row(s)" in w.refusal_line.text()
    assert len(w.refusal_line.toolTip()) < 50 * 800  # (the first words of each, never a megabyte)
    w.close()

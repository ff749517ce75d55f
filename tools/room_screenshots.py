"""Screenshots of the card room (issue 15), in real windows (run under Xvfb), on a PostgreSQL
server started for the shots (tests/support/pg_server.py):

    xvfb-run -a -s "-screen 0 1400x900x24" python tools/room_screenshots.py docs/screenshots
    xvfb-run -a -s "-screen 0 1400x900x24" python tools/room_screenshots.py docs/screenshots/de de

Two tables deal into one room (one with an undo mid-hand), a third table's record was edited
before it connected; the floor's room console shows every table, the refusal, and a hand
being dealt. The dealer's window shows the room in its status bar, then offline.
"""

import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests.support
os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp()  # the shots' own key

import contextlib

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.schema import upgrade
from dealer_app.ui.app import install_translator
from dealer_app.ui.main_window import MainWindow
from dealer_app.ui.room_window import RoomFloorWindow
from tests.support.live_random import random_input
from tests.support.pg_server import PgServer

PLAYERS = [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (4, "Dee", 20000), (5, "Eve", 20000)]


def deal_hands(c, rng, hands):
    for _ in range(hands):
        c.start_hand()
        while c.prompt().kind != "award":
            with contextlib.suppress(InputError):
                random_input(c, rng)
        c.finish_hand()


def main(out: str, language: str = "en"):
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
    settings.setValue("language", language)
    install_translator(app, settings)
    pg = PgServer()
    try:
        owner = pg.create_database("room")
        upgrade(owner)
        pg.admin(
            "CREATE ROLE stud1 LOGIN PASSWORD 'a' IN ROLE dealer_table; "
            "CREATE ROLE stud2 LOGIN PASSWORD 'b' IN ROLE dealer_table; "
            "CREATE ROLE stud3 LOGIN PASSWORD 'c' IN ROLE dealer_table; "
            "CREATE ROLE floor_anna LOGIN PASSWORD 'f' IN ROLE dealer_floor"
        )

        def wait(condition, seconds=10):
            deadline = time.monotonic() + seconds
            while not condition() and time.monotonic() < deadline:
                app.processEvents()
                time.sleep(0.01)

        # table 3's record was edited before it first connected: the room refuses that row
        third = Store(tmp / "t3" / "hands.sqlite3")
        c3 = TableController(third)
        c3.open_table("stud-1-2", None, PLAYERS[:4])
        deal_hands(c3, random.Random(3), 1)
        third.close()
        raw = sqlite3.connect(tmp / "t3" / "hands.sqlite3")
        raw.execute("UPDATE log SET payload = replace(payload, '\"pots\"', '\"pots\" ') WHERE kind = 'hand_end'")
        raw.commit()
        raw.close()
        third = Store(tmp / "t3" / "hands.sqlite3")
        f3 = Forwarder(third, pg.url("stud3", "c", "room"), "Stud 3").start()

        second = Store(tmp / "t2" / "hands.sqlite3")
        f2 = Forwarder(second, pg.url("stud2", "b", "room"), "Stud 2").start()
        c2 = TableController(second)
        c2.open_table("stud-5-10", None, PLAYERS)
        deal_hands(c2, random.Random(2), 3)

        # the dealer's own window at Stud 1
        settings.setValue("room/database", pg.url("stud1", "a", "room"))
        settings.setValue("room/table_name", "Stud 1")
        w = MainWindow(TableController(Store(tmp / "t1" / "hands.sqlite3")), settings)
        w.ask_before_closing = False
        w.resize(1280, 800)
        w.show()
        c1 = w.controller
        c1.open_table("stud-5-10", None, PLAYERS)
        deal_hands(c1, random.Random(1), 2)
        c1.start_hand()
        rng = random.Random(11)
        w.activateWindow()
        wait(lambda: QApplication.focusWidget() is not None, 3)

        def key(k, modifier=Qt.KeyboardModifier.NoModifier):  # as the dealer types: to the focused widget
            QTest.keyClick(QApplication.focusWidget() or w, k, modifier)
            wait(lambda: False, 0.05)

        for code in ("kc", "2c", "9h", "qd", "8s"):  # the door cards, typed
            for ch in code:
                key(ch)
        key(Qt.Key.Key_B)  # the bring-in
        key(Qt.Key.Key_C)
        key(Qt.Key.Key_C)
        key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # a slip, undone: the room has the undo too
        key(Qt.Key.Key_F)
        wait(lambda: w.room_label.text() == w.room.tr("Room: up to date"))

        console = RoomFloorWindow(pg.url("floor_anna", "f", "room"))
        console.resize(1400, 860)
        console.show()
        wait(lambda: console.refusal_line.isVisible() and console.hand_list.rowCount() >= 6)
        console.hand_list.selectRow(0)  # Stud 1's hand, being dealt
        wait(lambda: console.timeline is not None)
        for _ in range(3):
            random_input(c1, rng)
        wait(lambda: console.timeline is not None and console.index >= len(console.timeline.steps) - 1, 3)
        time.sleep(0.3)
        wait(lambda: False, 0.5)
        console.grab().save(str(out_dir / "12-room-console-live.png"))
        w.grab().save(str(out_dir / "13-room-dealer-up-to-date.png"))
        pg.stop()
        random_input(c1, rng)
        wait(lambda: "offline" in w.room_label.text() or "offline" in w.room_label.text().lower(), 10)
        wait(lambda: False, 0.3)
        w.grab().save(str(out_dir / "14-room-dealer-offline.png"))
        pg.start()
        wait(lambda: w.room_label.text() == w.room.tr("Room: up to date"), 15)
        for f in (f2, f3):
            f.stop()
        w.room.stop()
        console.close()
        w.close()
    finally:
        pg.destroy()


if __name__ == "__main__":
    main(*sys.argv[1:])

"""Issue 30 §4 in a room, at the dealer's window: voiding a hand at a table in a room asks the
floor for their own room login and its password (the local account's boxes, worded for the
room), typed with the keyboard; the act is the room's (room.floor_acts) and the row names the
login. A real PostgreSQL server, as the other room tests."""

import psycopg
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QComboBox

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.room.floor_login import RoomFloorLogin
from dealer_app.ui.floor_dialogs import IrregularityDialog
from dealer_app.ui.main_window import MainWindow
from tests.support.helpers import load_german

PASSWORD = "anna-room-secret"
GERMAN = ("Saal-Login des Floors", "Saal-Passwort")


@pytest.fixture
def window(qtbot, room, tmp_path, monkeypatch):
    """The dealer's window at a table in ``room`` (named by DEALER_APP_DATABASE), a hand dealt
    to the bring-in."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("DEALER_APP_DATABASE", room.table_a)
    room.pg.admin(f"CREATE ROLE {room.name}_anna LOGIN PASSWORD '{PASSWORD}' IN ROLE dealer_floor")
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    w = MainWindow(c, QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.ask_before_closing = False
    w.show()
    qtbot.waitExposed(w)
    c.open_table("stud-5-10", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000)])
    c.start_hand()
    for card in ("Kc", "2c", "9h"):
        c.enter_card(card)
    yield w
    w.room.stop()


def focus(qtbot):
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
    return QApplication.focusWidget()


def irregularity_dialog(qtbot, w) -> IrregularityDialog:
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(focus(qtbot), Qt.Key_I, Qt.ControlModifier)
    qtbot.waitUntil(
        lambda: any(isinstance(d, IrregularityDialog) and d.isVisible() for d in QApplication.topLevelWidgets())
    )
    dialog = next(d for d in QApplication.topLevelWidgets() if isinstance(d, IrregularityDialog) and d.isVisible())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=3000)
    return dialog


def test_a_misdeal_voided_with_the_floors_room_login_typed_in_the_dialog(qtbot, window, room):
    c = window.controller
    assert isinstance(c.floor_authority, RoomFloorLogin)  # the window joined the room
    dialog = irregularity_dialog(qtbot, window)
    kinds = dialog.findChild(QComboBox)
    assert focus(qtbot) is kinds
    while kinds.currentData() != "I-6":
        qtbot.keyClick(kinds, Qt.Key_Down)
    label = dialog.rows["floor"][0].text()
    assert label == "Floor's room login" and dialog.rows["passphrase"][0].text() == "Room password"
    qtbot.keyClick(focus(qtbot), Qt.Key_Tab)
    assert focus(qtbot) is dialog.floor_name
    qtbot.keyClicks(focus(qtbot), f"{room.name}_anna")
    qtbot.keyClick(focus(qtbot), Qt.Key_Tab)
    assert focus(qtbot) is dialog.passphrase
    qtbot.keyClicks(focus(qtbot), PASSWORD)
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    assert c.prompt().kind == "award" and "Misdeal" in c.prompt().text
    (row,) = [p for _h, k, p, _at in c.store.session_log(c.session_id) if k == "irregularity"]
    with psycopg.connect(room.owner) as conn:
        ((act_id, login),) = conn.execute("SELECT id, floor_login FROM room.floor_acts").fetchall()
    assert login == f"{room.name}_anna" and row["by"]["room_act"] == act_id and row["by"]["room_login"] == login


def test_the_room_words_are_german(qtbot, window):
    from PySide6.QtCore import QTranslator

    from dealer_app.ui.floor_login_words import room_login_labels

    german = QTranslator()
    assert load_german(german)
    QApplication.installTranslator(german)
    try:
        assert room_login_labels() == GERMAN
    finally:
        QApplication.removeTranslator(german)


def test_the_floor_console_checks_the_floor_acts_with_the_room(qtbot, window, room):
    from dealer_app.room.forwarder import Forwarder
    from dealer_app.ui.room_window import RoomFloorWindow
    from tests.ui.test_ui_floor import open_row

    c = window.controller
    window.room.stop()
    c.report_irregularity("I-6", floor=(f"{room.name}_anna", PASSWORD))
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        room.enroll_when_registered(c.store.table_id())
        assert fwd.wait_until_sent(10), fwd.state
    finally:
        fwd.stop(wait=True)
    console = RoomFloorWindow(room.floor)
    qtbot.addWidget(console)
    console.show()
    qtbot.waitExposed(console)
    qtbot.waitUntil(lambda: console.hand_list.rowCount() == 1, timeout=5000)
    open_row(qtbot, console, 0)
    qtbot.mouseClick(console.verify_button, Qt.LeftButton)
    assert "1 floor act(s) made under a floor's room login match the room's record" in console.status.text()

"""Issue 26 §1, the room half: the record of ordinary sessions (tests/session_record.py),
forwarded to a card room, where every hand opens in the room's console, steps from its first
input to its last, ends with the stacks the table's own record gives, and prints a report."""

from __future__ import annotations

import subprocess

from session_record import ordinary_sessions
from test_room import send_all

from dealer_app.cli import main
from dealer_app.floor.timeline import load_hand
from dealer_app.history.hand_index import list_hands
from dealer_app.history.store import Store
from dealer_app.room.reader import RoomReader


def test_every_hand_of_an_ordinary_record_opens_in_the_room(room, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    path = tmp_path / "h.sqlite3"
    made = ordinary_sessions(path, tmp_path / "anchors.txt", hands=10, seed=11)
    assert made["short_starts"] and made["rulings"] and made["leaves"] and made["undos"]
    assert all(made["irregularities"].values()), made["irregularities"]
    store = Store(path, anchors=tmp_path / "anchors.txt")
    send_all(store, room.table_a, "Stud 1")
    local = {(h.session, h.hand): h for h in list_hands(store)}
    reader = RoomReader(room.floor)
    try:
        reader.catch_up()
        hands = reader.hands()
        assert {(h.session, h.hand) for h in hands} == set(local)
        table = reader.table(store.table_id())
        for h in hands:
            timeline = load_hand(table, h.session, h.hand)
            mine = load_hand(store, h.session, h.hand)
            assert [s.kind for s in timeline.steps][:len(mine.steps)] == [s.kind for s in mine.steps], h.id
            for i in range(len(timeline.steps)):  # every step opens, first input to last
                timeline.moment(i)
            end, my_end = timeline.moment(len(mine.steps) - 1), mine.moment(len(mine.steps) - 1)
            assert {v.seat: v.stack for v in end.seats()} == {v.seat: v.stack for v in my_end.seats()}, h.id
    finally:
        reader.close()
    ruled = [h for h in hands if h.rulings][:2] + hands[:1]
    for h in ruled:
        out = tmp_path / f"room-{h.id}.pdf"
        assert main(["report", "--database", room.floor, "--table-id", h.table_id, "--hand", h.id,
                     "--out", str(out)]) == 0
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert "Ruling report" in text and "Page 1 of" in text


def test_every_room_hand_opens_in_the_room_console_by_keys(qtbot, room, tmp_path, monkeypatch):
    """The floor walks the room console's list with the arrow keys: each hand opens (no error
    box), as the table's record has it."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtWidgets import QApplication, QMessageBox

    from dealer_app.ui.room_window import RoomFloorWindow
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    path = tmp_path / "h.sqlite3"
    ordinary_sessions(path, tmp_path / "anchors.txt", hands=6, seed=5)
    store = Store(path, anchors=tmp_path / "anchors.txt")
    send_all(store, room.table_a, "Stud 1")
    count = len(list_hands(store))
    boxes = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: boxes.append(a))  # (an error box: counted)
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == count, timeout=10000)
    first = w.hand_list.visualItemRect(w.hand_list.item(0, 0))
    qtbot.mouseClick(w.hand_list.viewport(), Qt.LeftButton, pos=QPoint(first.center()))
    opened = set()
    for row in range(count):
        qtbot.waitUntil(lambda row=row: w.timeline is not None and (w.timeline.session, w.timeline.hand) ==
                        (w.shown[row].session, w.shown[row].hand), timeout=5000)
        opened.add((w.timeline.session, w.timeline.hand))
        if row + 1 < count:
            qtbot.waitUntil(lambda: QApplication.focusWidget() is w.hand_list.viewport()
                            or QApplication.focusWidget() is w.hand_list, timeout=2000)
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Down)
    assert len(opened) == count and boxes == []
    w.close()

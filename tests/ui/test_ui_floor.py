"""The floor console, used as a floor supervisor uses it: keys go to the focused widget, clicks
to visible widgets. Find a hand by filter, step to the disputed action, read what was legal and
why, rule with the floor's account, print the report (read back with pdftotext), and try a what-if that
leaves the record exactly as it was."""

import contextlib
import random
import shutil
import subprocess

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QFileDialog, QLineEdit

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store
from dealer_app.ui.floor_dialogs import IrregularityDialog, RulingDialog, WhatIfDialog
from dealer_app.ui.floor_window import FloorWindow
from dealer_app.ui.main_window import MainWindow
from tests.support.floor_accounts import MARIA
from tests.support.live_random import random_input


def _play_to_end(c, rng):
    while c.hand.phase != "done":
        with contextlib.suppress(InputError):
            random_input(c, rng)
    c.finish_hand()


@pytest.fixture
def record(tmp_path, monkeypatch):
    """Four hands; in hand 3 seat 5 calls out of turn and the dealer undoes a slip."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    c.open_table(
        "stud-5-10", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (4, "Di", 20000), (5, "Eve", 20000)]
    )
    rng = random.Random(5)
    for n in range(4):
        c.start_hand()
        if n == 2:
            for card in ("Kc", "2c", "9h", "Qd", "8s"):
                c.enter_card(card)
            c.act("bring_in")
            c.report_irregularity("I-5", seat=5, action="call")
            c.act("call")
            c.undo()
            c.act("call")
        _play_to_end(c, rng)
    store.close()
    return tmp_path / "hands.sqlite3"


@pytest.fixture
def console(qtbot, record):
    w = FloorWindow(Store(record, create=False))
    qtbot.addWidget(w)
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    return w


def focus(qtbot):
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
    return QApplication.focusWidget()


def click_check(qtbot, box):
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))  # on the box, not beside it


def dialog_of(qtbot, kind):
    """The dialog a click opened, once it has the keyboard (as it does for the user)."""
    qtbot.waitUntil(lambda: any(isinstance(d, kind) and d.isVisible() for d in QApplication.topLevelWidgets()))
    dialog = next(d for d in QApplication.topLevelWidgets() if isinstance(d, kind) and d.isVisible())
    qtbot.addWidget(dialog)  # closed after the test: a dialog left open would take the next tests' keys
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=3000)
    return dialog


def type_file_name(qtbot, files, path):
    """Type a path into a file dialog's name box, over what it proposes, and press Enter."""
    name = files.findChild(QLineEdit, "fileNameEdit")
    qtbot.mouseClick(name, Qt.LeftButton)
    qtbot.keyClick(focus(qtbot), Qt.Key_End)
    for _ in range(len(name.text())):
        qtbot.keyClick(focus(qtbot), Qt.Key_Backspace)
    qtbot.keyClicks(focus(qtbot), str(path))
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)


def type_into(qtbot, widget, text):
    qtbot.mouseClick(widget, Qt.LeftButton)
    for ch in text:
        qtbot.keyClick(focus(qtbot), ch)


def open_row(qtbot, w, row):
    rect = w.hand_list.visualItemRect(w.hand_list.item(row, 0))
    qtbot.mouseClick(w.hand_list.viewport(), Qt.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: w.timeline is not None)


def test_find_a_hand_by_filter_and_step_to_the_disputed_action(qtbot, console):
    w = console
    assert w.bridge.controller.idle_words == "Choose a hand on the left"  # not the dealer's "Open a table"
    assert w.hand_list.rowCount() == 4 and w.hand_list.item(0, 0).text() == "1-4"  # newest first
    click_check(qtbot, w.filter_undo)
    assert w.hand_list.rowCount() == 1 and w.hand_list.item(0, 0).text() == "1-3"
    type_into(qtbot, w.filter_player, "Eve")
    assert w.hand_list.rowCount() == 1
    open_row(qtbot, w, 0)
    qtbot.keyClick(focus(qtbot), Qt.Key_Home)
    assert w.index == 0
    for _ in range(6):  # five door cards, then the bring-in
        qtbot.keyClick(focus(qtbot), Qt.Key_Right)
    details = w.details.toPlainText()
    assert "seat 2: brings in" in details and "Seat 3 (Cy) to act" in details
    assert "Fold" in details and "Call $2" in details and "Complete to $5" in details
    assert "L-2" in details or "B-6" in details  # the rule IDs of the decision, with their texts
    assert "Then:" in details and "irregularity" in details.lower()
    undo_row = next(i for i in range(w.steps.count()) if "dealer undid" in w.steps.item(i).text())
    assert "seat 3: calls" in w.steps.item(undo_row).text()
    qtbot.keyClick(focus(qtbot), Qt.Key_End)
    assert w.index == len(w.timeline.steps) - 1
    qtbot.keyClick(focus(qtbot), Qt.Key_PageUp)
    assert w.index < len(w.timeline.steps) - 1 and w.index in w.timeline.street_starts()


def test_downcards_as_shown_at_the_end(qtbot, console):
    w = console
    open_row(qtbot, w, 0)
    qtbot.keyClick(focus(qtbot), Qt.Key_Home)
    for _ in range(8):
        qtbot.keyClick(focus(qtbot), Qt.Key_Right)
    before = [v.shown for v in w.bridge.controller.seats()]
    assert not any(before)  # as the dealer saw them: face down
    if w.timeline.final_shown():
        click_check(qtbot, w.reveal)
        assert any(v.shown for v in w.bridge.controller.seats())


def test_a_ruling_with_the_floor_account_and_the_report(qtbot, console, tmp_path):
    w = console
    before = w.store.check()
    click_check(qtbot, w.filter_irregular)
    open_row(qtbot, w, 0)
    qtbot.keyClick(focus(qtbot), Qt.Key_Home)
    for _ in range(7):
        qtbot.keyClick(focus(qtbot), Qt.Key_Right)
    qtbot.mouseClick(w.rule_button, Qt.LeftButton)
    dialog = dialog_of(qtbot, RulingDialog)
    type_into(qtbot, dialog.facts, "Seat 5 called before seat 3 acted")
    rules = dialog.rules
    qtbot.mouseClick(rules, Qt.LeftButton)
    qtbot.keyClick(focus(qtbot), Qt.Key_End)
    for _ in range(3):
        qtbot.keyClick(focus(qtbot), Qt.Key_Backspace)
    for ch in "I-5, I-3":
        qtbot.keyClick(focus(qtbot), ch)
    assert "binding" in dialog.rule_texts.text()  # the cited rule's words, as typed
    type_into(qtbot, dialog.decision, "The call stands: the action to seat 5 did not change")
    type_into(qtbot, dialog.witnesses, "Dealer Jo")
    type_into(qtbot, dialog.camera, "cam 2 21:03")
    type_into(qtbot, dialog.floor_name, "Maria")
    type_into(qtbot, dialog.passphrase, MARIA[1])
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok)
    qtbot.mouseClick(ok, Qt.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert before == [] and w.store.check() == []
    assert w.timeline.rulings()[0].decision.startswith("The call stands")
    assert any("floor ruling by Maria" in w.steps.item(i).text() for i in range(w.steps.count()))
    # print the report: the file dialog, as the floor fills it in
    qtbot.mouseClick(w.print_button, Qt.LeftButton)
    out = tmp_path / "report.pdf"
    type_file_name(qtbot, dialog_of(qtbot, QFileDialog), out)
    qtbot.waitUntil(out.exists, timeout=5000)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    seal = next(a.seal for a in w.store.seals() if a.hand == 3)
    for expected in (
        "Ruling report",
        "stud-5-10",
        "Eve",
        "The call stands",
        "Maria",
        "Dealer Jo",
        "cam 2 21:03",
        "I-5",
        "binding",
        seal,
        "The record proves itself",
        "dealer undid",
    ):
        assert expected in text, expected


def test_a_wrong_passphrase_is_refused_and_recorded_then_the_right_one_rules(qtbot, console):
    w = console
    open_row(qtbot, w, 0)
    rows = w.store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    qtbot.mouseClick(w.rule_button, Qt.LeftButton)
    dialog = dialog_of(qtbot, RulingDialog)
    type_into(qtbot, dialog.facts, "f")
    type_into(qtbot, dialog.decision, "d")
    type_into(qtbot, dialog.floor_name, "Maria")
    type_into(qtbot, dialog.passphrase, "not-her-passphrase")
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert "wrong floor account name or passphrase" in dialog.error.text() and dialog.isVisible()
    assert dialog.passphrase.text() == ""  # (not left in the box)
    refused = w.store.db.execute("SELECT kind, payload FROM log ORDER BY id DESC LIMIT 1").fetchone()
    assert refused[0] == "floor_refused" and '"Maria"' in refused[1] and "not-her" not in refused[1]
    type_into(qtbot, dialog.passphrase, MARIA[1])  # at once: too soon, even the right one
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert "too soon" in dialog.error.text() and dialog.isVisible()
    qtbot.wait(1100)  # the first wait is a second
    type_into(qtbot, dialog.passphrase, MARIA[1])
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok), Qt.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert w.store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0] == rows + 2  # the try and the ruling
    ruling = w.store.db.execute("SELECT kind, payload FROM log ORDER BY id DESC LIMIT 1").fetchone()
    assert ruling[0] == "ruling" and '{"name": "Maria", "role": "floor"}' in ruling[1]


def test_what_if_leaves_the_record_unchanged(qtbot, console):
    w = console
    click_check(qtbot, w.filter_undo)
    open_row(qtbot, w, 0)
    qtbot.keyClick(focus(qtbot), Qt.Key_Home)
    for _ in range(6):
        qtbot.keyClick(focus(qtbot), Qt.Key_Right)
    rows = w.store.db.execute("SELECT COUNT(*), MAX(hash) FROM log").fetchone()
    assert w.store.check() == []
    qtbot.mouseClick(w.what_if_button, Qt.LeftButton)
    dialog = dialog_of(qtbot, WhatIfDialog)
    pot = dialog.controller.hand.pot_total()
    qtbot.keyClick(focus(qtbot), "o")  # what if seat 3 had completed?
    assert dialog.controller.hand.pot_total() == pot + 500
    assert dialog.controller.prompt().seat == 4
    qtbot.keyClick(focus(qtbot), Qt.Key_Z, Qt.ControlModifier)  # undo, as at the table
    assert dialog.controller.hand.pot_total() == pot and dialog.controller.prompt().seat == 3
    assert w.store.db.execute("SELECT COUNT(*), MAX(hash) FROM log").fetchone() == rows
    assert w.store.check() == []


def test_floor_open_from_the_app_and_an_irregularity_with_ctrl_i(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    window = MainWindow(c, settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.ask_before_closing = False
    c.open_table("stud-5-10", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000)])
    c.start_hand()
    for card in ("Kc", "2c", "9h"):
        c.enter_card(card)
    stub = c.status()["stub"]
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(focus(qtbot), Qt.Key_I, Qt.ControlModifier)
    dialog = dialog_of(qtbot, IrregularityDialog)
    kinds = dialog.findChild(QComboBox)
    assert [kinds.itemData(i) for i in range(kinds.count())] == ["I-2", "I-4", "I-5", "I-6", "I-7"]
    assert "I-2" in dialog.remedy.text() and "reshuffled" in dialog.remedy.text()  # the rule's remedy
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert c.status()["stub"] == stub - 1
    _play_to_end(c, random.Random(1))
    assert window.seal_label.text() == f"Hand 1 sealed: {c.last_seal.seal}"
    floor = window.floor_console()
    qtbot.addWidget(floor)
    assert floor.hand_list.rowCount() == 1 and "irregularit" in floor.hand_list.item(0, 3).text()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is installed by the set-up script")
def test_the_report_command_writes_a_pdf(record, tmp_path):
    from dealer_app.cli import main

    out = tmp_path / "r.pdf"
    assert main(["report", "--db", str(record), "--hand", "1-3", "--out", str(out), "--moment", "6"]) == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "step 6" in text and "Legal options then" in text and "Complete to $5" in text
    assert main(["report", "--db", str(record), "--hand", "9-9", "--out", str(tmp_path / "none.pdf")]) == 1
    assert main(["report", "--db", str(record), "--hand", "three", "--out", str(tmp_path / "three.pdf")]) == 2


def test_a_downloaded_history_is_stepped_through_and_printed(qtbot, console, tmp_path):
    from tests.support.data import PHH_CORPUS

    w = console
    qtbot.mouseClick(w.files_button, Qt.LeftButton)
    type_file_name(qtbot, dialog_of(qtbot, QFileDialog), PHH_CORPUS / "10.phh")
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 5)
    w.activateWindow()  # as the window manager does when a dialog closes
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    assert w.hand_list.item(0, 0).text() == "file-1" and w.hand_list.item(0, 4).text() == "10.phh"
    open_row(qtbot, w, 0)
    assert not w.rule_button.isEnabled()  # not in the record: no ruling on it
    qtbot.keyClick(focus(qtbot), Qt.Key_Home)
    dealt = len(w.timeline.moment(0).hand.players)
    for _ in range(dealt):  # every door card: then the bring-in is due
        qtbot.keyClick(focus(qtbot), Qt.Key_Right)
    assert "brings in" in w.details.toPlainText() and "Legal now" in w.details.toPlainText()
    out = tmp_path / "file-hand.pdf"
    qtbot.mouseClick(w.print_button, Qt.LeftButton)
    type_file_name(qtbot, dialog_of(qtbot, QFileDialog), out)
    qtbot.waitUntil(out.exists, timeout=5000)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "A hand from a" in text and "Timeline" in text and "10.phh" in text  # (pdftotext writes "ﬁ")


def test_every_hand_export_accepts_is_steppable():
    """The floor steps through exactly the hands the engine replays to their end."""
    from dealer_app.floor.imported import hands_from_files
    from dealer_app.history.reading import engine_hands_of
    from dealer_app.history.sources import read_items
    from tests.support.data import FPDB, PHH_CORPUS

    paths = (
        sorted(PHH_CORPUS.glob("*.phh"))[:10]
        + sorted(p for p in FPDB.rglob("*") if p.is_file() and "Stud" in p.name)[:15]
    )
    replayed = sum(1 for item in engine_hands_of(read_items(paths)) if not isinstance(item, str))
    found, _problems = hands_from_files(paths)
    assert replayed > 10 and len(found) == replayed


def test_the_ruling_dialog_shows_the_stacks_its_remedy_leaves(qtbot, console):
    w = console
    open_row(qtbot, w, 0)
    qtbot.mouseClick(w.rule_button, Qt.LeftButton)
    dialog = dialog_of(qtbot, RulingDialog)
    end = {v.seat: v.stack for v in w.timeline.moment(len(w.timeline.steps) - 1).seats()}
    assert f"1 Ann {w.bridge.controller.money(end[1])}" in dialog.after.text()
    dialog.remedy.setFocus()  # (as a Tab to it would)
    qtbot.keyClick(focus(qtbot), Qt.Key_Down)  # Move chips between seats
    type_into(qtbot, dialog.chips[1], "-5")
    type_into(qtbot, dialog.chips[2], "5")
    assert f"1 Ann {w.bridge.controller.money(end[1] - 500)}" in dialog.after.text()
    assert f"2 Bob {w.bridge.controller.money(end[2] + 500)}" in dialog.after.text()
    dialog.remedy.setFocus()  # (as a Tab to it would)
    qtbot.keyClick(focus(qtbot), Qt.Key_Down)  # Void the hand: every chip back
    starts = {seat: stack for seat, _name, stack in w.timeline.seats}
    money = w.bridge.controller.money
    assert f"1 Ann {money(starts[1])}" in dialog.after.text() and f"5 Eve {money(starts[5])}" in dialog.after.text()


def test_the_dealer_is_told_why_the_stacks_changed_after_a_floor_ruling(qtbot, tmp_path, monkeypatch):
    """Issue 26: a ruling from the floor console moves chips on the dealer's seats between
    hands; the dealer's window says which ruling moved what (it used to change them unsaid)."""
    from dealer_app.floor.ruling import Ruling
    from dealer_app.floor.rulings import rule_at_table

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    window = MainWindow(c, settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.ask_before_closing = False
    c.open_table("stud-5-10", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000)])
    c.start_hand()
    _play_to_end(c, random.Random(3))
    recorded = rule_at_table(
        c,
        Ruling(
            c.session_id,
            1,
            1,
            "Seat 2 was paid short",
            ("I-3",),
            "Seat 1 pays seat 2",
            "adjust",
            {1: -250, 2: 250},
            "Dealer Jo",
            "cam 1",
        ),
        MARIA,
    )
    said = window.statusBar().currentMessage()
    assert recorded.case in said and "seat 1 -$2.50" in said and "seat 2 +$2.50" in said and "I-3" in said


def test_a_console_on_a_local_record_lists_hands_finished_after_it_opened(qtbot, console, record):
    """Issue 26: the table deals on while the floor's console is open on its record; the new
    hand is listed without reopening, and the hand the floor was reading stays chosen."""
    w = console
    open_row(qtbot, w, 1)
    reading = w.timeline
    chosen = w.shown[1].id
    rows = w.hand_list.rowCount()
    table = TableController(Store(record))
    table.resume(table.open_tables()[0].session_id)
    table.start_hand()
    _play_to_end(table, random.Random(9))
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == rows + 1, timeout=3 * 2000 + 1000)
    assert w.shown[0].hand == table.hand_no and "1 new hand" in w.status.text()
    assert w.timeline is reading  # not reopened: the floor goes on reading it
    selected = w.hand_list.selectionModel().selectedRows()
    assert [w.shown[r.row()].id for r in selected] == [chosen]


def _forge(record, where: str, args=()):
    """An insider's edit: one row's payload changed in SQLite (a dealt hand's pot made bigger)."""
    import sqlite3

    db = sqlite3.connect(record)
    row = db.execute(f"SELECT id, payload FROM log WHERE {where} ORDER BY id DESC LIMIT 1", args).fetchone()
    db.execute("UPDATE log SET payload = ? WHERE id = ?", (row[1].replace('"amount": ', '"amount": 1', 1), row[0]))
    db.commit()
    db.close()
    return row[0]


def _marks(w, hand_id: str) -> str:
    row = next(r for r, h in enumerate(w.shown) if h.id == hand_id)
    return w.hand_list.item(row, 3).text()


def test_the_console_lists_at_once_and_marks_a_forged_hand_when_its_check_ends(qtbot, record):
    """The hands are listed before the record's check has read the record (it runs beside the
    console); the forged hand is marked in red when it ends, and the status says so."""
    from dealer_app.ui.hand_list import FAILING_COLOUR

    _forge(record, "kind = 'hand_end' AND hand_no = 2")
    w = FloorWindow(Store(record, create=False))
    qtbot.addWidget(w)
    w.show()
    assert w.hand_list.rowCount() == 4  # listed now, whatever the check has read yet
    qtbot.waitUntil(lambda: "FAILS THE RECORD'S CHECK" in _marks(w, "1-2"), timeout=10000)
    assert not any("FAILS" in _marks(w, f"1-{n}") for n in (1, 3, 4))
    row = next(r for r, h in enumerate(w.shown) if h.id == "1-2")
    colour = w.hand_model.data(w.hand_model.index(row, 0), Qt.ItemDataRole.ForegroundRole)
    assert colour == FAILING_COLOUR and "1 hand(s)" in w.status.text()
    w.close()


def test_a_hand_forged_after_the_console_opened_is_marked_and_only_new_rows_are_read(qtbot, console, record):
    """The table deals on; an insider edits the new hand's last row before the console looks
    again. The console's check reads only the rows added since its first check (its walk is
    taken up), finds the edit and marks the new hand, and no other."""
    w = console
    qtbot.waitUntil(lambda: w.failing == {}, timeout=10000)  # the first check: whole
    assert "every row holds" in w.status.text()
    w._live.stop()  # (the table's hand and the edit land before the console's next look)
    table = TableController(Store(record))
    table.resume(table.open_tables()[0].session_id)
    table.start_hand()
    _play_to_end(table, random.Random(9))
    _forge(record, "kind = 'hand_end' AND hand_no = ?", (table.hand_no,))
    w._live.start()
    new_id = f"1-{table.hand_no}"
    qtbot.waitUntil(lambda: any(h.id == new_id for h in w.shown) and "FAILS" in _marks(w, new_id), timeout=10000)
    assert not any("FAILS" in _marks(w, f"1-{n}") for n in (1, 2, 3, 4))
    assert w.record_check._checker.kept.taken_up >= 1


def test_the_exposed_downcard_dialog_names_the_seat_due_and_how_to_report_another(qtbot, tmp_path, monkeypatch):
    """I-1 takes the exposed card as the door card of the seat whose door card is due; the dialog
    shows that seat (not to be changed) and says how a later seat's exposed card is reported,
    and the card then becomes that seat's door card."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    window = MainWindow(c, settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.ask_before_closing = False
    c.open_table("stud-5-10", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (5, "Dee", 20000)])
    c.start_hand()
    c.enter_card("Kc")  # seat 1's door card; seat 2's is due
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(focus(qtbot), Qt.Key_I, Qt.ControlModifier)
    dialog = dialog_of(qtbot, IrregularityDialog)
    kinds = dialog.findChild(QComboBox)
    qtbot.mouseClick(kinds, Qt.LeftButton)
    qtbot.keyClick(focus(qtbot), Qt.Key_Escape)
    while kinds.currentData() != "I-1":
        qtbot.keyClick(kinds, Qt.Key_Up)
    assert dialog.seat.text() == "2" and dialog.seat.isReadOnly()
    said = dialog.remedy.toPlainText()
    assert "door card of seat 2" in said and "one of the seats 3, 5" in said, said
    type_into(qtbot, dialog.card, "7h")
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok), Qt.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    seat2 = next(p for p in c.hand.players if p.seat == 2)
    from dealer_app.engine.cards import parse_card

    assert seat2.up == [parse_card("7h")], seat2.up


def test_a_find_typed_with_a_superscript_digit_finds_no_seat_and_raises_nothing(qtbot, console):
    """A "²" is a digit to str.isdigit but not to int: typed into the player box it is a name's
    letter (no one's), never a seat's number; a seat is found by its ASCII number."""
    w = console
    qtbot.mouseClick(w.filter_player, Qt.LeftButton)
    qtbot.keyClicks(focus(qtbot), "²")  # (keyClicks: the text as a keyboard layout gives it)
    assert w.filter_player.text() == "²" and w.hand_list.rowCount() == 0
    assert w.count.text() == "0 of 4 hands"
    qtbot.keyClick(focus(qtbot), Qt.Key_Backspace)
    qtbot.keyClicks(focus(qtbot), "5")  # seat 5 (Eve) played every hand
    assert w.hand_list.rowCount() == 4
    qtbot.keyClicks(focus(qtbot), "\u00b9")  # "5¹": no name holds it, and no seat
    assert w.filter_player.text() == "5\u00b9" and w.hand_list.rowCount() == 0

"""A whole hand typed as a dealer types: every key goes to whatever widget has the focus
(``QApplication.focusWidget()``), every click to a visible widget. An undo and a redo in the
middle, the awards confirmed, and the next hand started from the right stacks."""

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QDialogButtonBox, QLineEdit, QWidget

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from dealer_app.ui.new_table_dialog import NewTableDialog


class Keyboard:
    def __init__(self, qtbot, window):
        self.qtbot, self.w = qtbot, window

    def focus(self):
        self.qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
        return QApplication.focusWidget()

    def key(self, key, modifier=Qt.NoModifier):
        self.qtbot.keyClick(self.focus(), key, modifier)

    def type(self, text):
        for ch in text:
            self.qtbot.keyClick(self.focus(), ch)

    def enter(self):
        self.key(Qt.Key_Return)

    def menu(self, menu_title: str, item_text: str):
        """Open a menu with Alt+its letter, then pick the item with its letter (the & keys)."""
        bar_action = next(a for a in self.w.menuBar().actions() if a.text().replace("&", "") == menu_title)
        letter = bar_action.text()[bar_action.text().index("&") + 1]
        self.key(getattr(Qt, f"Key_{letter.upper()}"), Qt.AltModifier)
        self.qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=2000)
        popup = QApplication.activePopupWidget()
        if popup is not bar_action.menu():  # two menus share the letter: Alt+letter again moves on
            self.qtbot.keyClick(popup, Qt.Key_Escape)
            self.qtbot.mouseClick(
                self.w.menuBar(), Qt.LeftButton, pos=self.w.menuBar().actionGeometry(bar_action).center()
            )
            self.qtbot.waitUntil(lambda: QApplication.activePopupWidget() is bar_action.menu(), timeout=2000)
            popup = bar_action.menu()
        item = next(a for a in popup.actions() if a.text().replace("&", "").startswith(item_text))
        self.qtbot.mouseClick(popup, Qt.LeftButton, pos=popup.actionGeometry(item).center())

    def card(self, code):
        self.type(code)  # taken as soon as it is complete: no Enter
        assert not self.w.panel.error.text(), self.w.panel.error.text()

    def action(self, letter):
        self.type(letter)  # one key acts
        assert not self.w.panel.error.text(), self.w.panel.error.text()


def dealer_window(qtbot, tmp_path) -> MainWindow:
    """The live table's window on a record and settings of the test's own, shown at 1280x800."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def window(qtbot, tmp_path):
    return dealer_window(qtbot, tmp_path)


def open_table_by_hand(qtbot, kb, w, players):
    kb.key(Qt.Key_N, Qt.ControlModifier)  # Table → Open table…
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), NewTableDialog), timeout=2000)
    dialog = QApplication.activeModalWidget()
    dialog.activateWindow()  # the window manager's job on a real screen
    qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=2000)
    table_index = dialog.table_box.findData("stud-5-10")
    qtbot.mouseClick(dialog.table_box, Qt.LeftButton)  # the list opens; arrows pick, Enter takes
    for _ in range(abs(table_index - dialog.table_box.currentIndex())):
        kb.key(Qt.Key_Down if dialog.table_box.currentIndex() < table_index else Qt.Key_Up)
    kb.enter()
    assert dialog.table_box.currentData() == "stud-5-10"
    checks = [c for c in dialog.findChildren(QCheckBox) if c.isVisible()]
    names = [
        e for e in dialog.findChildren(QLineEdit) if e.placeholderText() and e.isVisible() and e is not dialog.find_box
    ]  # (not the Find box)
    for i, name in enumerate(players):
        qtbot.mouseClick(names[i], Qt.LeftButton)
        kb.type(name)  # typing a name ticks the seat
        assert checks[i].isChecked()
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok)
    qtbot.mouseClick(ok, Qt.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    assert w.controller.session is not None
    w.activateWindow()  # the window manager gives the main window back its focus


def test_a_hand_typed_to_the_focused_widget_with_undo_and_redo(qtbot, window):
    w, c = window, window.controller
    kb = Keyboard(qtbot, w)
    open_table_by_hand(qtbot, kb, w, ["Ann", "Bob", "Cy"])
    assert c.prompt().kind == "between"
    kb.enter()  # start hand 1
    assert c.prompt().kind == "card" and c.hand_no == 1
    for code in ("kd", "2c", "th"):
        kb.card(code)
    assert c.prompt().seat == 2  # 2♣ brings in (B-2)
    kb.action("b")  # seat 2 brings in $2
    kb.action("c")  # seat 3 calls $2 — a slip
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # undo, wherever the focus is
    assert c.prompt().seat == 3 and len(c.inputs) == 4
    kb.key(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)  # redo: the call is back
    assert c.prompt().seat == 1 and c.inputs[-1] == ["act", 3, "call", 200]
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # no: undo it again
    kb.action("o")  # seat 3 completes to $5
    kb.action("f")  # seat 1 folds
    kb.action("c")  # seat 2 calls
    for code in ("9h", "5c"):  # fourth street
        kb.card(code)
    kb.action("k")
    kb.action("k")
    kb.card("qs")  # fifth street: a slip…
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # …undone inside the card box
    assert c.prompt().kind == "card" and c.prompt().seat == 2
    kb.card("qh")
    kb.card("4d")
    kb.action("k")
    kb.action("e")  # seat 3 bets $10
    kb.action("f")  # seat 2 folds: seat 3 wins
    assert c.prompt().kind == "award"
    shown = [s.stack for s in c.seats()]
    assert shown == [4950, 4450, 5600]  # antes 3 x $0.50 + $5 + $5; the $10 bet uncalled (P-2)
    kb.enter()  # confirm the awards
    assert c.prompt().kind == "between" and [s.stack for s in c.seats()] == shown
    kb.enter()  # the next hand
    assert c.hand_no == 2 and [p.start for p in c.hand.players] == shown
    log = [k for _, k, _, _ in c.store.session_log(c.session_id)]
    assert log.count("undo") == 3 and log.count("redo") == 1 and log.count("hand_end") == 1


def start_a_hand(qtbot, window):
    c = window.controller
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    kb = Keyboard(qtbot, window)
    kb.enter()
    return kb, c


def test_a_full_disk_is_said_in_words_and_the_hand_waits(qtbot, window):
    from tests.live.test_live_trust import fill_the_disk, free_the_disk

    kb, c = start_a_hand(qtbot, window)
    kb.card("kd")
    fill_the_disk(c.store)
    kb.type("2c")
    kb.enter()
    assert "The hand record cannot be written: disk full — nothing was changed" in window.panel.error.text()
    assert c.prompt().seat == 2 and len(c.inputs) == 1
    free_the_disk(c.store)
    kb.enter()  # the same card, once there is room
    assert c.prompt().seat == 3 and not window.panel.error.text()


def test_an_unexpected_error_is_shown_and_logged_with_its_traceback(qtbot, window, tmp_path, monkeypatch):
    from dealer_app import errorlog

    log_file = errorlog.setup_logging(tmp_path / "logs")
    kb, c = start_a_hand(qtbot, window)

    def broken(*_args):
        raise ZeroDivisionError("a bug in the engine")

    import dealer_app.live.input_log as input_log_module

    monkeypatch.setattr(input_log_module, "apply_input", broken)  # stands for any engine bug
    kb.type("kd")
    kb.enter()
    text = window.panel.error.text()
    assert "Unexpected error: ZeroDivisionError: a bug in the engine" in text and str(log_file) in text
    assert c.inputs == []
    logged = log_file.read_text()
    assert "Traceback (most recent call last)" in logged and "ZeroDivisionError: a bug in the engine" in logged


def test_quit_with_a_hand_open_asks_first(qtbot, window):
    from PySide6.QtWidgets import QMessageBox

    from tests.ui.test_ui_live_table import answer_question

    kb, c = start_a_hand(qtbot, window)
    kb.card("kd")
    answer_question(qtbot, QMessageBox.No)
    window.close()  # the window's close button
    assert window.isVisible() and c.session is not None
    answer_question(qtbot, QMessageBox.Yes)
    window.close()
    assert not window.isVisible()


def test_table_close_and_the_resume_list(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    from dealer_app.ui.resume_dialog import ResumeDialog
    from tests.ui.test_ui_live_table import answer_question

    kb, c = start_a_hand(qtbot, window)
    kb.card("kd")
    sid = c.session_id
    c.store.close()
    # the next start: a second window on the same record lists the table with what it stood at
    settings = QSettings(str(tmp_path / "s2.ini"), QSettings.IniFormat)
    w2 = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w2)
    w2.show()
    dialog = w2.resume_dialog()
    assert isinstance(dialog, ResumeDialog) and dialog.list.count() == 1
    assert "Ann, Bob, Cy — hand 1, third street" in dialog.list.item(0).text()
    qtbot.mouseClick(dialog.resume_button, Qt.LeftButton)
    assert w2.controller.session_id == sid and w2.controller.inputs == [["deal", 1, ["Kd"]]]
    answer_question(qtbot, QMessageBox.Yes)  # "hand 1 is not finished: close anyway?"
    w2.activateWindow()
    Keyboard(qtbot, w2).menu("Table", "Close table")
    assert w2.controller.session is None
    assert TableController(Store(tmp_path / "hands.sqlite3")).open_tables() == []


def test_a_top_up_during_a_hand_is_refused_before_any_question(qtbot, window):
    from PySide6.QtWidgets import QApplication

    kb, _c = start_a_hand(qtbot, window)
    kb.card("kd")
    kb.menu("Seats", "Top up")
    assert QApplication.activeModalWidget() is None  # no seat or amount asked
    assert "Seats change only between hands: finish the hand first — T-4" in window.panel.error.text()


def test_a_picker_click_then_action_keys_and_ctrl_z_with_a_card_half_typed(qtbot, window):
    kb, c = start_a_hand(qtbot, window)
    kb.card("kd")
    qtbot.mouseClick(window.panel.picker["2c"], Qt.LeftButton)  # the mouse, for one card
    kb.type("t")  # half of "th"…
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # …and undo: the 2c goes
    assert c.prompt().seat == 2 and window.panel.card_edit.text() == ""
    qtbot.mouseClick(window.panel.picker["2c"], Qt.LeftButton)
    kb.card("th")
    kb.action("b")  # keys act after a click
    kb.action("o")
    assert [x[2] for x in c.inputs[3:]] == ["bring_in", "complete"]


def test_a_whole_street_typed_in_one_line(qtbot, window):
    kb, c = start_a_hand(qtbot, window)
    kb.type("kd 2c 10h")
    assert [inp[2] for inp in c.inputs] == [["Kd"], ["2c"], ["Th"]] and c.prompt().kind == "action"


def test_a_refused_card_stays_in_the_box_with_the_reason(qtbot, window):
    kb, c = start_a_hand(qtbot, window)
    kb.card("kd")
    kb.type("kd")
    assert "already seen" in window.panel.error.text() and window.panel.card_edit.selectedText() == "kd"
    kb.type("2c")  # typing over the selection
    assert c.prompt().seat == 3 and not window.panel.error.text()


def test_spread_amounts_by_digits_and_out_of_range_refused_with_the_range(qtbot, window):
    c = window.controller
    c.open_table("stud-1-5-spread", None, [(1, "Ann", 3000), (2, "Bob", 3000), (3, "Cy", 3000)])
    kb = Keyboard(qtbot, window)
    kb.enter()
    kb.type("kd7c9s")
    assert [b.text() for b, _c, _s in window.panel.action_buttons] == ["Bring in $1–$5  [B + amount + Enter]"]
    kb.type("b")  # a range: the key selects it
    kb.type("20")
    kb.enter()
    assert "Bring in $1–$5: $20 is outside that range" in window.panel.error.text()
    assert len(c.inputs) == 3  # nothing recorded or applied
    kb.type("3")
    kb.enter()
    assert c.inputs[-1] == ["act", 2, "bring_in", 300]
    stepper = next(s for _b, ch, s in window.panel.action_buttons if ch.action == "raise")
    assert stepper.singleStep() == 100  # the table's betting unit, $1


def test_the_table_and_its_limits_are_always_shown_and_the_picker_follows_four_colours(qtbot, window):
    kb, _c = start_a_hand(qtbot, window)
    assert window.windowTitle().startswith("$5-10 Seven Card Stud · us-cardroom")
    before = window.panel.picker["Kd"].styleSheet()
    assert "#1456c8" in before and window.table_view.four_colour  # four colours unless turned off: a blue diamond
    kb.menu("Settings", "Four-colour")  # turned off: two colours, and kept so
    assert window.panel.picker["Kd"].styleSheet() != before and "#c8102e" in window.panel.picker["Kd"].styleSheet()
    assert not window.table_view.four_colour and window.settings.value("four_colour", type=bool) is False


def test_a_saved_two_colour_choice_stays_as_saved(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    settings.setValue("four_colour", False)  # a dealer turned four colours off before
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w)
    assert not w.table_view.four_colour and "#c8102e" in w.panel.picker["Kd"].styleSheet()


def test_the_rule_text_is_rendered_not_markdown(qtbot, window):
    window.rulings.show_rules(["D-7"])
    text = window.rulings.rule.toPlainText()
    assert "shortage_procedure" in text and "`" not in text and "**" not in text and "*before*" not in text


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1200, 700), (1024, 700)])
@pytest.mark.parametrize("seats", range(2, 9))
def test_seat_boxes_do_not_overlap_and_stay_in_the_view(qtbot, window, seats, size):
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0] or window.width() > size[0], timeout=2000)
    view = window.table_view
    rects = [view.seat_rect(s, seats) for s in range(1, seats + 1)]
    for i, a in enumerate(rects):
        assert QRectF(view.rect()).contains(a), (i + 1, a, view.rect())
        for j, b in enumerate(rects[i + 1 :], i + 2):
            assert not a.intersects(b), f"seats {i + 1} and {j} overlap at {seats} seats"
    if size == (1280, 800):  # at the default size, upcards at least 60 px wide
        assert view.CARD_W * view.seat_scale(seats) >= 60


def test_ctrl_z_in_the_amount_box_undoes_the_hand(qtbot, window):
    c = window.controller
    c.open_table("stud-1-5-spread", None, [(1, "Ann", 3000), (2, "Bob", 3000), (3, "Cy", 3000)])
    kb = Keyboard(qtbot, window)
    kb.enter()
    kb.type("kd7c9s")
    kb.type("b")
    kb.type("3")
    kb.enter()  # Bob brings in $3
    kb.type("r")
    kb.type("7")  # half an amount typed in the box…
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # …and Ctrl+Z undoes the bring-in, not the text
    assert len(c.inputs) == 3 and c.prompt().seat == 2
    kb.type("c")  # no "call" here: a key that is not offered does nothing
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # and Ctrl+Z still works after the box went away
    assert len(c.inputs) == 2


def test_ctrl_z_with_nothing_to_undo_says_so(qtbot, window):
    # found by a walkthrough: between hands the key did nothing at all, and the dealer could
    # not tell whether a seat change had been undone
    w, c = window, window.controller
    kb = Keyboard(qtbot, w)
    open_table_by_hand(qtbot, kb, w, ["Ann", "Bob"])
    assert c.prompt().kind == "between"
    kb.key(Qt.Key_Z, Qt.ControlModifier)
    assert w.panel.error.text() == "Nothing to undo: seat changes and confirmed awards are final — T-4"
    assert c.prompt().kind == "between" and c.hand is None
    kb.enter()  # start hand 1
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # nothing entered yet
    assert w.panel.error.text() == "Nothing to undo yet in this hand — T-4"
    assert c.prompt().kind == "card" and c.inputs == []
    kb.key(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert w.panel.error.text() == "Nothing to redo"


def test_enter_confirms_the_awards_after_a_fold_on_fourth_street_typed_as_a_line(qtbot, window):
    """A new floor person's walkthrough: fourth street typed as one line ("3s7h"), then E and F:
    the hand ended, and Enter did nothing (the focus stayed in the card box, which took it); the
    next hand's cards went into that box while the awards were due."""
    w, c = window, window.controller
    kb = Keyboard(qtbot, w)
    open_table_by_hand(qtbot, kb, w, ["Ann", "Bob", "Cy"])
    kb.enter()  # start hand 1
    for code in ("kd", "2c", "th"):
        kb.card(code)
    kb.action("b")  # seat 2 brings in
    kb.action("f")  # seat 3 folds
    kb.action("c")  # seat 1 calls
    # the window is not the active one (under a bare X server, with no window manager, it never
    # is; here another window takes it): the panel leaves the focus where it was
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not w.isActiveWindow(), timeout=2000)
    keys = w.focusWidget  # (what the dealer types reaches the window's own focused widget)
    qtbot.keyClicks(keys(), "3s7h")  # fourth street, one line
    qtbot.keyClick(keys(), "e")  # seat 1 (K♦ 3♠) bets
    assert keys() is w.panel.card_edit
    qtbot.keyClick(keys(), "f")  # seat 2 folds: seat 1 wins
    assert c.prompt().kind == "award" and not w.panel.card_edit.isVisible() and keys() is w.panel.card_edit
    qtbot.keyClicks(keys(), "qs")  # (a card typed too early: the hidden box takes nothing)
    assert c.prompt().kind == "award" and not w.panel.card_edit.text()
    qtbot.keyClick(keys(), Qt.Key_Enter, Qt.KeypadModifier)  # confirm the awards, wherever the focus was left
    assert c.prompt().kind == "between"

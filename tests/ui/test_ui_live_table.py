"""Whole hands played through the live table's widgets, by keyboard and by mouse (pytest-qt)."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def answer_question(qtbot, button):
    """Click ``button`` of the next question box as soon as it is on screen."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def click():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            qtbot.mouseClick(box.button(button), Qt.LeftButton)
        else:
            QTimer.singleShot(10, click)

    QTimer.singleShot(0, click)


class Dealer:
    """Drives the window the way a dealer does."""

    def __init__(self, qtbot, window):
        self.qtbot, self.w = qtbot, window
        self.panel = window.panel
        self.c = window.controller

    def open_table(self, table, buy_ins, profile=None):
        dialog = self.w.open_table_dialog()
        dialog.fill(table, [(i + 1, NAMES[i], b) for i, b in enumerate(buy_ins)], profile)
        from PySide6.QtWidgets import QDialogButtonBox

        box = dialog.findChild(QDialogButtonBox)
        self.qtbot.mouseClick(box.button(QDialogButtonBox.Ok), Qt.LeftButton)
        assert not dialog.isVisible(), dialog.error.text()
        self.enter()  # Start hand [Enter]

    def type_card(self, code):
        self.qtbot.keyClicks(self.panel.card_edit, code)  # taken once its two characters are in

    def pick_card(self, code):
        self.qtbot.mouseClick(self.panel.picker[code], Qt.LeftButton)

    def cards(self, codes, mouse=False):
        for code in codes.split():
            (self.pick_card if mouse else self.type_card)(code)
            assert not self.panel.error.text(), self.panel.error.text()

    def key(self, key, enter=False):
        """An action's key acts at once (one key); ``enter`` adds an Enter after it."""
        self.qtbot.keyClick(self.w, key)
        if enter:
            self.enter()

    def enter(self):
        self.qtbot.keyClick(self.w, Qt.Key_Return)

    def buttons(self):
        return [(b.text(), ch) for b, ch, _s in self.panel.action_buttons]

    def click(self, action, to=None, amount=None):
        for button, choice, stepper in self.panel.action_buttons:
            if choice.action == action and (to is None or choice.to == to):
                if stepper is not None and amount is not None:
                    stepper.setValue(amount)
                self.qtbot.mouseClick(button, Qt.LeftButton)
                assert not self.panel.error.text(), self.panel.error.text()
                return
        raise AssertionError(f"no {action} {to} button in {self.buttons()}")

    def show(self, downs):
        seat = self.c.prompt().seat
        self.qtbot.keyClicks(self.panel.show_edit, downs)
        # (all the downcards typed: shown at once, the box gone; Enter now would confirm the next
        # step, as it does wherever the focus is — fewer typed: Enter shows them)
        if self.c.prompt().kind == "show" and self.c.prompt().seat == seat:
            self.qtbot.keyClick(self.panel.show_edit, Qt.Key_Return)
        assert not self.panel.error.text(), self.panel.error.text()

    def checks_around(self):
        while self.c.prompt().kind == "action":
            self.key(Qt.Key_K)


@pytest.fixture
def dealer(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return Dealer(qtbot, w)


def test_fixed_limit_bring_in_completion_cap_and_side_pot(dealer):
    d = dealer
    d.open_table("stud-3-6", [5000, 5000, 5000, 3000])
    d.cards("Kd 7c As")
    d.cards("2c", mouse=True)
    assert d.panel.prompt.text() == "Seat 4 brings in: lowest door card, 2♣"
    assert "B-2" in d.panel.reason.text()
    assert [t for t, _ in d.buttons()] == ["Bring in $1  [B]", "Complete to $3  [O]"]
    d.key(Qt.Key_B)  # seat 4 brings in $1
    d.key(Qt.Key_O)  # seat 1 completes to $3 (B-6)
    d.key(Qt.Key_R)  # seat 2 raises to $6
    d.key(Qt.Key_R)  # seat 3 to $9
    d.key(Qt.Key_R)  # seat 4 to $12: capped (L-6)
    assert d.c.status()["capped"] and [c.action for _, c in d.buttons()] == ["fold", "call"]
    for _ in range(3):
        d.key(Qt.Key_C)
    d.cards("Qh 3d 9h 5c")
    d.checks_around()
    for street in ("Jd 7d 8c 4h", "Tc Th 6s 6d", None):
        if street:
            d.cards(street)
        else:
            d.enter()  # deal the river: downcards are counted, not entered
        assert d.c.prompt().seat == 2  # a pair of sevens showing
        d.click("bet")  # seat 2 bets $6
        d.click("call")  # seat 3
        if street is None:
            assert [t for t, _ in d.buttons()] == ["Fold  [F]", "Call all-in $5.75  [C]"]
        d.click("call")  # seat 4 (all-in for less on the river)
        d.click("call")  # seat 1
    assert d.c.hand.showdown_order == [2, 3, 4, 1]  # the river bettor shows first (W-1)
    while d.c.prompt().kind == "show":
        seat = d.c.prompt().seat
        d.show({1: "2h 3c 4s", 2: "5d 6c 8s", 3: "8d 9d Ks", 4: "Ah Ac Ad"}[seat])
    pots = d.c.awards()
    assert d.c.prompt().kind == "award"
    assert [(p["amount"], p["eligible"]) for p in pots] == [(12000, [1, 2, 3, 4]), (75, [1, 2, 3])]
    assert pots[0]["winners"] == {4: 12000}  # three aces
    assert pots[1]["winners"] == {3: 75}  # nines and eights
    assert "Main pot" in d.panel.summary.text() and "Side pot 1" in d.panel.summary.text()
    d.enter()  # confirm the awards: the hand ends
    assert d.c.prompt().kind == "between" and d.c.hand is None
    assert [s.stack for s in d.c.seats()] == [1975, 1975, 2050, 12000]
    d.enter()  # the dealer starts the next hand
    assert d.c.hand_no == 2
    # stacks carried over, less the next hand's 25-cent antes
    assert [s.stack for s in d.c.seats()] == [1975 - 25, 1975 - 25, 2050 - 25, 12000 - 25]


def test_fourth_street_open_pair_two_buttons(dealer):
    d = dealer
    d.open_table("stud-10-20", [10000] * 3)
    d.cards("Kd 7c 9s")
    d.key(Qt.Key_B)
    d.key(Qt.Key_C)
    d.key(Qt.Key_C)
    d.cards("Kh 8d 2s")
    assert [t for t, _ in d.buttons()] == ["Check  [K]", "Bet $10  [E]", "Bet $20  [G]"]
    assert "A-2" in d.panel.reason.text() and "L-3" in d.c.hand.decision_rules
    d.key(Qt.Key_G)  # the big bet
    assert [t for t, _ in d.buttons()][2] == "Raise to $40  [R]"


def test_spread_limit_stepper(dealer):
    d = dealer
    d.open_table("stud-1-5-spread", [3000] * 3)
    d.cards("Kd 7c 9s")
    ((_text, choice),) = d.buttons()
    assert choice.min_to == 100 and choice.max_to == 500
    d.click("bring_in", amount=300)  # the bring-in opens for $3
    d.click("raise", amount=700)  # raise by 4: $3 + $4
    assert d.c.hand.current_to == 700
    stepper = next(s for _b, c, s in d.panel.action_buttons if c.action == "raise")
    assert (stepper.minimum(), stepper.maximum()) == (1100, 1200)


def test_eight_handed_common_card(dealer):
    d = dealer
    d.open_table("stud-10-20", [100000] * 8)
    d.cards("2c 3c 4c 5c 6c 7c 8c 9c")
    d.key(Qt.Key_B)
    for _ in range(7):
        d.key(Qt.Key_C)
    for street in ("2d 3d 4d 5d 6d 7d 8d 9d", "2h 3h 4h 5h 6h 7h 8h 9h", "2s 3s 4s 5s 6s 7s 8s 9s"):
        d.cards(street)
        if street.startswith("2s"):
            assert "common card" in d.c.warning()
        d.checks_around()
    p = d.c.prompt()
    assert p.kind == "common" and "D-7" in p.rules
    assert "shuffle the 3 burn cards" in d.panel.prompt.text()
    d.cards("Ts")
    assert d.c.status()["common"] == "Ts"
    assert d.c.prompt().seat == d.c.hand.street_first[6]  # D-8
    d.checks_around()
    assert d.c.prompt().kind == "show"


def test_hi_lo_split(dealer):
    d = dealer
    d.open_table("stud8-10-20", [10000] * 3)
    d.cards("Kc 3h 4c")
    d.key(Qt.Key_B)  # seat 2 (3h) brings in
    d.key(Qt.Key_C)
    d.key(Qt.Key_C)
    for street in ("9s 5s 4s", "9h 7h Tc", "Qd Qc Td"):
        d.cards(street)
        d.checks_around()
    d.enter()
    d.checks_around()
    while d.c.prompt().kind == "show":
        seat = d.c.prompt().seat
        d.show({1: "Kh Kd Jc", 2: "Ac 2d Js", 3: "Qh Th 6s"}[seat])
    pot = d.c.awards()[0]
    assert "H-2" in pot["rules"] and pot["winners"][1] == pot["winners"][2] == pot["amount"] // 2
    assert "low" in d.panel.summary.text()


def test_hand_won_by_folds(dealer):
    d = dealer
    d.open_table("stud-5-10", [5000] * 3)
    d.cards("Kd 7c As")
    d.key(Qt.Key_B)
    d.key(Qt.Key_O)  # seat 3 completes
    d.key(Qt.Key_F)
    d.key(Qt.Key_F)
    assert d.c.prompt().kind == "award" and d.c.hand.showdown_order == []
    assert d.c.awards()[0]["rules"] == ["W-2"]


def test_undo_redo_mid_street(dealer):
    d = dealer
    d.open_table("stud-5-10", [5000] * 3)
    d.cards("Kd 7c As")
    d.key(Qt.Key_B)
    d.key(Qt.Key_O)
    before = [s.stack for s in d.c.seats()]
    d.qtbot.keyClick(d.w, Qt.Key_Z, Qt.ControlModifier)
    d.qtbot.keyClick(d.w, Qt.Key_Z, Qt.ControlModifier)
    assert d.c.prompt().seat == 2 and [c.action for _, c in d.buttons()] == ["bring_in", "complete"]
    d.qtbot.keyClick(d.w, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    d.qtbot.keyClick(d.w, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert [s.stack for s in d.c.seats()] == before
    log = [k for _, k, _, _ in d.c.store.session_log(d.c.session_id)]
    assert log.count("undo") == 2 and log.count("redo") == 2


def test_bad_input_in_the_ui_changes_nothing(dealer):
    d = dealer
    d.open_table("stud-5-10", [5000] * 3)
    d.type_card("zz")
    assert "Unknown card code 'z'" in d.panel.error.text()  # a stray letter is refused on its own
    d.type_card("Kd")
    d.type_card("kd")
    assert "already seen" in d.panel.error.text() and d.c.prompt().seat == 2
    assert not d.panel.picker["Kd"].isEnabled()
    # a hand is open: opening another table asks first; "No" keeps the hand
    answer_question(d.qtbot, QMessageBox.No)
    assert d.w.open_table_dialog() is None and d.c.prompt().seat == 2
    answer_question(d.qtbot, QMessageBox.Yes)
    dialog = d.w.open_table_dialog()
    dialog.fill("stud-5-10", [(1, "A", 5000), (2, "B", 100)])
    dialog.open_table()
    assert "T-3" in dialog.error.text() and dialog.isVisible()
    dialog.reject()


CHILD = textwrap.dedent("""
    import sys, time
    from dealer_app.record.store import Store
    from dealer_app.live.controller import TableController
    c = TableController(Store(sys.argv[1]))
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    c.start_hand()
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    c.act("call")
    c.undo()
    print("READY", flush=True)
    time.sleep(60)
""")


def test_restart_after_kill_resumes_with_nothing_lost(qtbot, tmp_path):
    db = tmp_path / "hands.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert child.stdout.readline().strip() == "READY"
    child.send_signal(signal.SIGKILL)
    child.wait()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(db)), settings)
    qtbot.addWidget(w)
    assert w.offer_resume(answer=True)
    c = w.controller
    assert c.prompt().kind == "action" and c.prompt().seat == 1
    assert [(s.seat, s.stack, s.round_to) for s in c.seats()] == [(1, 4950, 0), (2, 4750, 200), (3, 4450, 500)]
    assert c.redo_stack == [["act", 1, "call", None]]
    assert w.panel.prompt.text().startswith("Seat 1")
    assert c.redo()  # the undone call is still there to redo


def test_broken_limits_file_is_named_and_the_rest_still_open(qtbot, tmp_path):
    import shutil

    src = Path(__file__).resolve().parents[2] / "limits"
    shutil.copytree(src, tmp_path / "limits")
    (tmp_path / "limits" / "stud-1-2.yaml").write_text("name: stud-1-2\nseats: many\n")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "h.sqlite3"), limits_dir=tmp_path / "limits"), settings)
    qtbot.addWidget(w)
    dialog = w.open_table_dialog()
    # every table of the folder but the broken one is offered
    assert dialog.table_box.count() == len(list(src.glob("*.yaml"))) - 1 > 20
    assert "stud-1-2.yaml:2: seats:" in dialog.problems.text()


@pytest.mark.parametrize(
    "text,needle",
    [
        ("name: x\noptions: {[a]: 1}\n", "found unhashable key"),
        ("? [a, b]\n: 1\n", "a field name must be a plain word"),
        ("name: x\na: &x [*x]\n", "recursive"),
        ("name: !!python/object:os.system x\n", "could not determine a constructor"),
    ],
)
def test_yaml_the_safe_loader_refuses_never_empties_the_new_table_dialog(qtbot, tmp_path, text, needle):
    import shutil

    src = Path(__file__).resolve().parents[2] / "limits"
    shutil.copytree(src, tmp_path / "limits")
    (tmp_path / "limits" / "hostile.yaml").write_text(text)
    (tmp_path / "limits" / "house" / "hostile.yaml").write_text(text)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "h.sqlite3"), limits_dir=tmp_path / "limits"), settings)
    qtbot.addWidget(w)
    dialog = w.open_table_dialog()
    tables = len(list(src.glob("*.yaml")))  # (the copied folder's, the hostile file left out)
    assert dialog.table_box.count() == tables > 20 and dialog.profile_box.count() == 3
    assert "hostile.yaml:" in dialog.problems.text() and needle in dialog.problems.text()


def test_corrupt_hand_record_is_refused_and_kept(tmp_path):
    from dealer_app.record.store import StoreError

    bad = tmp_path / "hands.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match=str(bad)):
        Store(bad)
    assert bad.read_bytes().startswith(b"this is not a database")  # nothing lost

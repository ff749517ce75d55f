"""The dealer's input never goes silently wrong (issue 25): a whole street typed with a card
too many or with the folded seats in it, a stray letter, an action key that is not legal, and
digits typed after an action that acted at once. Every key goes to
``QApplication.focusWidget()``; the table is opened through the controller (the set-up), the
rest is typed."""

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from tests.support.helpers import load_german
from tests.ui.test_ui_dealer_keys import Keyboard, dealer_window


class WhenShown:
    """Acts on the modal window of ``kind`` that is about to open (in its own event loop), then
    stops; gives up after two seconds, so it can never act on a later test's window.
    ``done`` says whether it acted."""

    def __init__(self, kind, act):
        from PySide6.QtCore import QTimer

        self.kind, self.act, self.done, self.tries = kind, act, False, 100
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._poll)
        self.timer.start()

    def _poll(self):
        self.tries -= 1
        modal = QApplication.activeModalWidget()
        if isinstance(modal, self.kind) and modal.isVisible():
            self.timer.stop()
            self.done = True
            self.act(modal)
        elif self.tries <= 0:
            self.timer.stop()


@pytest.fixture
def window(qtbot, tmp_path):
    return dealer_window(qtbot, tmp_path)


class Keys(Keyboard):
    """The dealer keys tests' keyboard (keys to the focused widget), with Ctrl+Z and the panel's
    refusal line."""

    def undo(self):
        self.key(Qt.Key_Z, Qt.ControlModifier)

    @property
    def error(self) -> str:
        return self.w.panel.error.text()


def three_handed(qtbot, w):
    """Ann, Bob and Cy at $4-8, hand 1 started by Enter: the door cards are due."""
    c = w.controller
    c.open_table("stud-4-8", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000)])
    kb = Keys(qtbot, w)
    kb.key(Qt.Key_Return)
    return kb, c


def six_handed_fourth_street(qtbot, w):
    """Seats 1, 2, 3, 4, 6, 7 at $4-8; seats 3 and 4 fold on third street (the issue's table)."""
    c = w.controller
    c.open_table(
        "stud-4-8",
        None,
        [(s, n, 20000) for s, n in ((1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Di"), (6, "Ed"), (7, "Flo"))],
    )
    kb = Keys(qtbot, w)
    kb.key(Qt.Key_Return)  # hand 1
    kb.type("9c th 2c jd qs 5h")  # door cards, seat by seat: 2♣ brings in
    assert c.prompt().seat == 3 and not kb.error
    kb.type("bfoccc")  # 3 brings in, 4 folds, 6 completes, 7 1 2 call
    assert c.prompt().seat == 3 and not kb.error
    kb.type("f")  # the bring-in folds
    assert c.prompt().kind == "card" and c.prompt().seat == 1 and not kb.error
    return kb, c


def dealt_this_street(c):
    return {inp[1]: inp[2][0] for inp in c.inputs if inp[0] == "deal"} if c.hand.street == 4 else None


def test_a_street_typed_with_the_folded_seats_in_it_is_caught_and_named(qtbot, window):
    kb, c = six_handed_fourth_street(qtbot, window)
    line = window.panel.deal_line
    assert "seat 1 ← next" in line.text() and "3, 4" in line.text()  # where the cards go, before typing
    kb.type("4c ")
    assert "seat 1 4♣" in line.text() and "seat 2 ← next" in line.text()
    kb.type("kd 7s ah 3d 6h")  # seat 3's and 4's positions typed too
    street = [inp for inp in c.inputs if inp[0] == "deal"][-4:]
    assert [(i[1], i[2]) for i in street] == [(1, ["4c"]), (2, ["Kd"]), (6, ["7s"]), (7, ["Ah"])]
    seen = c.seen_cards()
    assert "3d" not in seen and "6h" not in seen  # nothing beyond the street applied…
    box = window.panel.card_edit
    assert box.isVisible() and box.text() == "3d 6h" and not box.selectedText()  # …nor dropped
    message = kb.error
    assert "Fourth street is complete: 3♦ 6♥ are 2 cards too many" in message
    assert "seat 1 4♣, seat 2 K♦, seat 6 7♠, seat 7 A♥" in message and "Ctrl+Z" in message
    assert "folded, no card: seat 3, 4" in message
    kb.undo()
    kb.undo()  # seat 7's and seat 6's cards back
    assert c.prompt().kind == "card" and c.prompt().seat == 6 and box.text() == ""
    kb.type("3d 6h")  # what the table really holds
    assert c.prompt().kind == "action" and c.prompt().seat == 2  # K♦ high acts first
    assert not kb.error


def test_one_card_too_many_typed_fast_or_pasted_is_refused_the_same_way(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd 3h 7c 8c")  # typed without a pause: 8♣ is one too many
    assert [i[2] for i in c.inputs] == [["Kd"], ["3h"], ["7c"]]
    assert window.panel.card_edit.text() == "8c"
    assert "Third street is complete: 8♣ is one card too many" in kb.error
    assert "seat 1 K♦, seat 2 3♥, seat 3 7♣" in kb.error
    kb.undo()  # the same line again, pasted in one go
    kb.undo()
    kb.undo()
    assert c.inputs == [] and c.prompt().seat == 1
    QApplication.clipboard().setText("kd 3h 7c 8c")
    kb.key(Qt.Key_V, Qt.ControlModifier)
    assert [i[2] for i in c.inputs] == [["Kd"], ["3h"], ["7c"]]
    assert window.panel.card_edit.text() == "8c" and "8♣ is one card too many" in kb.error


def test_a_card_typed_after_the_street_is_never_taken_as_an_action_key(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd 3h 7c 2c")  # "c" of 2♣ is the Call key: it must not call
    assert len(c.inputs) == 3 and "2♣ is one card too many" in kb.error


def test_an_extra_card_that_starts_like_an_action_key_is_still_a_card(qtbot, window):
    """K (check, king) and T (raise, ten) after the street's last card and a space are the
    line's: refused as cards too many, never a check or a raise."""
    kb, c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("bcc")  # bring-in, two calls: fourth street
    kb.type("9s 8s 7s kc")
    assert len(c.inputs) == 9 and c.inputs[-1][0] == "deal" and "K♣ is one card too many" in kb.error
    assert window.panel.card_edit.text() == "kc"
    kb.key(Qt.Key_Escape)
    kb.type("k")  # now K is the check it looks like
    assert c.inputs[-1][2] == "check"
    kb.type("e")
    kb.type("cc")  # fifth street
    kb.type("2s 3s 4s th")
    assert c.inputs[-1][0] == "deal" and "10♥ is one card too many" in kb.error


def test_no_action_key_acts_while_cards_too_many_are_in_the_box(qtbot, window):
    """After a card too many the line's cards may be wrong (the folded seats typed in): no
    action key acts on them until the dealer has checked them and pressed Esc."""
    kb, c = six_handed_fourth_street(qtbot, window)
    kb.type("4c kd 7s ah 3d 6h")  # seat 7 got seat 4's A♥: it would act first
    inputs = len(c.inputs)
    kb.type("e")  # the real table: seat 2 bets — not on these cards
    assert len(c.inputs) == inputs and "E does not act yet" in kb.error
    assert window.panel.card_edit.text() == "3d 6h"  # the refused cards are still there
    kb.undo()
    kb.undo()
    kb.type("3d 6h")
    kb.type("e")  # now it is seat 2's bet, on the right cards
    assert c.inputs[-1] == ["act", 2, "bet", 400]


def test_no_action_button_acts_while_cards_too_many_are_in_the_box(qtbot, window):
    """A click on an action's button is held as its key is: the line's cards may be wrong, and
    the refused cards stay in the box (a click used to bet seat 7 on seat 4's A♥ and empty it)."""
    kb, c = six_handed_fourth_street(qtbot, window)
    kb.type("4c kd 7s ah 3d 6h")
    inputs = len(c.inputs)
    button = next(b for b, choice, _stepper in window.panel.action_buttons if choice.action == "bet")
    qtbot.waitUntil(button.isVisible)  # (shown once the window has caught up)
    qtbot.mouseClick(button, Qt.LeftButton)
    assert len(c.inputs) == inputs and "does not act yet" in kb.error and "who acts next rests on them" not in kb.error
    assert window.panel.card_edit.text() == "3d 6h"  # nothing taken, nothing dropped
    kb.undo()
    kb.undo()
    kb.type("3d 6h")
    button = next(b for b, choice, _s in window.panel.action_buttons if choice.action == "bet")
    qtbot.waitUntil(button.isVisible)
    qtbot.mouseClick(button, Qt.LeftButton)
    assert c.inputs[-1] == ["act", 2, "bet", 400]


def test_an_action_key_acts_after_esc_clears_a_card_too_many(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd 3h 2c 8c")  # 8♣ refused, kept in the box
    kb.type("b")
    assert len(c.inputs) == 3 and "B does not act yet" in kb.error
    kb.key(Qt.Key_Escape)  # the dealer has checked: the box is cleared
    kb.type("b")
    assert c.inputs[-1] == ["act", 3, "bring_in", 200] and window.panel.card_edit.text() == ""


def test_k_after_a_space_behind_the_street_is_said_to_be_a_card(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("bcc")
    kb.type("9s 8s 7s ")  # the street, and a space out of habit
    kb.type("k")
    assert "K is taken as the start of a card" in kb.error and "Esc, then K for Check" in kb.error
    kb.key(Qt.Key_Escape)
    kb.type("k")
    assert c.inputs[-1][2] == "check"


def test_a_line_stops_at_its_street_when_the_next_is_due_at_once(qtbot, window):
    """Everyone all-in: no betting between the streets. A card more in the same line is one
    too many for its street, never the next street's first card."""
    c = window.controller
    c.open_table("stud-1-2", None, [(1, "Ann", 2000), (2, "Bob", 2000)])
    kb = Keys(qtbot, window)
    kb.key(Qt.Key_Return)
    kb.type("kd 3h")  # Bob brings in $0.50
    kb.type("b")
    kb.type("o")  # Ann completes to $1
    kb.type("c")
    kb.type("9s 8s")  # fourth street
    kb.type("e")
    kb.type("r")
    while c.prompt().kind == "action":  # raise until both are all-in or capped
        keys = [ch.key for ch in c.choices()]
        kb.type("r" if "R" in keys else "c")
    if c.prompt().kind == "card":  # both all-in: fifth street is due at once
        kb.type("7s 6s 5s")
        street = [i for i in c.inputs if i[0] == "deal"]
        assert street[-1][2] == ["6s"] and "5♠ is one card too many" in kb.error


def test_digits_after_a_call_that_ends_the_round_are_not_a_card(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("bcc")  # the last call ends third street
    assert c.prompt().kind == "card"
    kb.type("4")
    kb.key(Qt.Key_Return)  # "c 4 Enter": an amount, not a four
    assert window.panel.card_edit.text() == "" and "was done at once" in kb.error
    kb.type("9s")  # the next card is taken as usual
    assert c.inputs[-1] == ["deal", 1, ["9s"]]


def test_a_g_key_without_an_open_pair_says_why(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("bcc")
    kb.type("9s8s7s")
    kb.type("g")
    assert "open pair on fourth street" in kb.error and "L-3" in kb.error and c.inputs[-1][0] == "deal"


def test_a_stray_letter_does_not_eat_the_next_card(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("f")
    assert "Unknown card code 'f'" in kb.error and window.panel.card_edit.selectedText() == "f"
    assert "D-1" not in kb.error  # a typo is no rule's matter
    kb.type("kc")  # typed over the refused letter
    assert c.inputs == [["deal", 1, ["Kc"]]] and window.panel.card_edit.text() == ""


def test_an_action_key_that_is_not_legal_says_why(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("c")  # no call at the bring-in
    assert len(c.inputs) == 3
    assert "C (Call) is not possible now" in kb.error and "B Bring in $2" in kb.error
    assert not window.panel.card_box.isVisible()  # C starts no card: the line is over
    kb.type("x")
    assert "'x' is no key here" in kb.error and len(c.inputs) == 3


def test_digits_after_a_one_amount_raise_do_not_reach_the_next_player(qtbot, window):
    kb, c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("bo")  # 3 brings in, 1 completes to $4
    buttons = [b.text() for b, _c, _s in window.panel.action_buttons]
    assert "Raise to $8  [R]" in buttons  # one amount: the key acts at once
    kb.type("r10")
    kb.key(Qt.Key_Return)
    assert c.inputs[-1] == ["act", 2, "raise", 800] and len(c.inputs) == 6
    assert c.prompt().seat == 3  # Enter did not act for seat 3
    assert "Raise to $8 was done at once" in kb.error and "10" in kb.error
    kb.type("c")  # the next key is seat 3's again
    assert c.inputs[-1] == ["act", 3, "call", 800]


@pytest.mark.parametrize(
    "table, profile, words",
    [
        ("stud8-10-20", None, "no double bet: this house plays hi-lo without it"),
        ("stud-1-5-spread", None, "no double bet: spread limit bets the same range on every street"),
        ("stud-10-20", "tda-tournament", "no double bet: this house plays without it"),
    ],
)
def test_the_reason_when_no_fourth_street_double_bet_is_offered(qtbot, window, table, profile, words):
    c = window.controller
    c.open_table(table, profile, [(1, "Ann", 40000), (2, "Bob", 40000), (3, "Cy", 40000)])
    kb = Keys(qtbot, window)
    kb.key(Qt.Key_Return)
    kb.type("kd3h2c")
    if table == "stud-1-5-spread":  # a range: B, the amount, Enter
        kb.type("b1")
        kb.key(Qt.Key_Return)
        kb.type("cc")
    else:
        kb.type("bcc")  # 3 brings in, 1 and 2 call
    kb.type("ks 5d 9c")  # seat 1 shows a pair of kings
    assert c.prompt().kind == "action" and not kb.error
    assert words in window.panel.reason.text()
    assert "L-3" in window.panel.reason.text()
    if table != "stud-1-5-spread":
        assert all(ch.to != 2000 for ch in c.choices())  # only the small bet


# --- Seats: leave asks first and says the amount; the player comes back with their chips ----------
def open_menu_item(qtbot, w, menu_title, item_text):
    """Alt+the menu's letter, then a click on the item (as a dealer does)."""
    bar_action = next(a for a in w.menuBar().actions() if a.text().replace("&", "") == menu_title)
    qtbot.mouseClick(w.menuBar(), Qt.LeftButton, pos=w.menuBar().actionGeometry(bar_action).center())
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is bar_action.menu(), timeout=2000)
    popup = bar_action.menu()
    item = next(a for a in popup.actions() if a.text().replace("&", "").startswith(item_text))
    qtbot.mouseClick(popup, Qt.LeftButton, pos=popup.actionGeometry(item).center())


def a_hand_where_bob_loses(qtbot, w):
    """$1-2: Bob (who sat down with $22) antes, brings in, calls a completion and folds on
    fourth street: he keeps $20.75."""
    c = w.controller
    c.open_table("stud-1-2", None, [(1, "Ann", 2000), (2, "Bob", 2200), (3, "Cy", 2000)])
    kb = Keys(qtbot, w)
    kb.key(Qt.Key_Return)
    kb.type("kd 2c 9h")
    kb.type("boc")  # Bob brings in $0.50, Cy completes, Ann calls
    kb.type("c")  # Bob calls the $1
    kb.type("qs 3d 4h")
    kb.type("e")  # Ann bets $1 (queen high)
    kb.type("f")  # Bob folds
    kb.type("f")  # Cy folds: Ann wins
    kb.key(Qt.Key_Return)  # confirm the awards: between hands
    assert c.prompt().kind == "between" and c.session.seats[2].stack == 2200 - 25 - 100
    return kb, c


def answer_when_shown(qtbot, button_text):
    """Click the button of the message box that is about to open (its own event loop)."""
    from PySide6.QtWidgets import QMessageBox

    return WhenShown(
        QMessageBox,
        lambda box: qtbot.mouseClick(next(b for b in box.buttons() if b.text() == button_text), Qt.LeftButton),
    )


def test_leave_asks_says_the_amount_and_the_player_comes_back_with_their_chips(qtbot, window):
    from PySide6.QtWidgets import QComboBox, QDialogButtonBox

    from dealer_app.ui.seat_dialogs import JoinDialog, LeaveDialog

    kb, c = a_hand_where_bob_loses(qtbot, window)
    open_menu_item(qtbot, window, "Seats", "Leave")
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), LeaveDialog), timeout=2000)
    dialog = QApplication.activeModalWidget()
    seat_box = dialog.findChild(QComboBox, "seat_choice")
    qtbot.mouseClick(seat_box, Qt.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Down)  # seat 2, Bob
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    assert seat_box.currentData() == 2 and "Bob takes $20.75" in dialog.note.text()
    ok = dialog.buttons.button(QDialogButtonBox.Ok)
    asked = answer_when_shown(qtbot, "Stay seated")  # asked: no
    qtbot.mouseClick(ok, Qt.LeftButton)
    assert asked.done and 2 in c.session.seats and dialog.isVisible()
    asked = answer_when_shown(qtbot, "Leave with $20.75")  # asked again: yes
    qtbot.mouseClick(ok, Qt.LeftButton)
    assert asked.done
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    assert 2 not in c.session.seats and "Bob left the table with $20.75" in window.statusBar().currentMessage()
    left = [p for _h, k, p, _a in c.store.session_log(c.session_id) if k == "leave"]
    assert left == [{"seat": 2, "name": "Bob", "cash_out": 2075}]
    # Bob comes back this session: his $20.75 is offered, below the $20 buy-in would be refused for a new player
    open_menu_item(qtbot, window, "Seats", "Join")
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), JoinDialog), timeout=2000)
    join = QApplication.activeModalWidget()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is join.name, timeout=2000)
    kb.type("Dee")  # a new player first: the full buy-in
    from dealer_app.ui.words import editable_money

    assert f"at least {c.money(2000)}" in join.note.text() and join.buy_in.text() == editable_money(2000, "")
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("Bob")
    assert "Bob left this session with $20.75" in join.note.text() and join.buy_in.text() == editable_money(2075, "")
    qtbot.mouseClick(join.buy_in, Qt.LeftButton)
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("15")  # less than he left with: refused…
    qtbot.mouseClick(join.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert "Bob left this session with $20.75" in join.error.text() and "T-3" in join.error.text()
    assert join.isVisible() and join.name.text() == "Bob" and join.buy_in.text() == "15"  # …as typed
    qtbot.mouseClick(join.buy_in, Qt.LeftButton)
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("20")  # a full buy-in, but less than he took: refused
    qtbot.mouseClick(join.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert "Bob left this session with $20.75" in join.error.text() and join.isVisible()
    qtbot.mouseClick(join.buy_in, Qt.LeftButton)
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("20.75")
    qtbot.mouseClick(join.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert not join.error.text()
    qtbot.waitUntil(lambda: not join.isVisible(), timeout=2000)
    bob = next(p for p in c.session.seats.values() if p.name == "Bob")
    assert bob.stack == 2075
    # the record replays the leave and the return: a resume gives the same table
    seats = {s: (p.name, p.stack) for s, p in c.session.seats.items()}
    window.close()
    again = TableController(c.store)
    again.resume(c.session_id)
    assert {s: (p.name, p.stack) for s, p in again.session.seats.items()} == seats


def test_top_up_shows_the_stack_and_the_least_amount(qtbot, window):
    from PySide6.QtWidgets import QDialogButtonBox

    from dealer_app.ui.seat_dialogs import TopUpDialog

    kb, c = a_hand_where_bob_loses(qtbot, window)
    open_menu_item(qtbot, window, "Seats", "Top up")
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), TopUpDialog), timeout=2000)
    dialog = QApplication.activeModalWidget()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.amount, timeout=2000)
    # seat 1, Ann, won: her stack and the least amount ($0.25, one chip: us-cardroom lets any amount in)
    ann = c.session.seats[1].stack
    assert f"Stack now {c.money(ann)}" in dialog.note.text() and "add at least $0.25" in dialog.note.text()
    kb.type("0.10")  # not a whole chip: refused, kept
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    assert "T-2" in dialog.error.text() and dialog.isVisible() and dialog.amount.text() == "0.10"
    qtbot.mouseClick(dialog.amount, Qt.LeftButton)
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("5")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    assert c.session.seats[1].stack == ann + 500


# --- tables: resume the one played last, ask before leaving one, Quit defaults to No ---------------
def press_enter_on_next_box(qtbot):
    """Press Enter in the message box that is about to open (its default button)."""
    from PySide6.QtWidgets import QMessageBox

    return WhenShown(QMessageBox, lambda box: qtbot.keyClick(box, Qt.Key_Return))


def test_quit_with_a_hand_open_defaults_to_no(qtbot, window):
    c = window.controller
    c.open_table("stud-4-8", None, [(1, "Ann", 20000), (2, "Bob", 20000)])
    kb = Keys(qtbot, window)
    kb.key(Qt.Key_Return)
    kb.type("kd")
    asked = press_enter_on_next_box(qtbot)  # Enter on "quit anyway?"
    open_menu_item(qtbot, window, "Table", "Quit")
    assert asked.done and window.isVisible() and c.inputs == [["deal", 1, ["Kd"]]]


def test_resume_offers_the_table_played_last_with_its_last_input_and_enter_resumes_it(qtbot, tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    first = TableController(store)
    first.open_table("stud-1-2", None, [(1, "Ann", 2000), (2, "Bob", 2000)])
    first.start_hand()
    second = TableController(store)  # another window, another table, played after
    second.open_table("stud-4-8", None, [(1, "Cy", 20000), (2, "Di", 20000)])
    second.start_hand()
    first.enter_card("2c")  # …but the first table was played last
    store.close()
    settings = QSettings(str(tmp_path / "s2.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w)
    w.show()
    from dealer_app.ui.resume_dialog import ResumeDialog

    seen = {}

    def enter(dialog):
        seen["rows"] = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        seen["current"] = dialog.list.currentRow()
        # the dialog's focus widget: the list, the table played last selected (offscreen the dialog
        # may not be the active window, so its own focus widget is asked)
        seen["focus"] = QApplication.focusWidget() or dialog.focusWidget()
        if seen["focus"] is not dialog.list:
            dialog.reject()  # (the assertion below fails; never a dialog left waiting)
            return
        qtbot.keyClick(seen["focus"], Qt.Key_Return)
        if dialog.isVisible():  # Enter did not resume: said below, and the dialog closed
            seen["error"] = dialog.error.text()
            dialog.reject()

    asked = WhenShown(ResumeDialog, enter)
    w.offer_resume()  # at start, as run_app does
    assert asked.done and seen["current"] == 0 and "error" not in seen, seen
    assert seen["focus"] is not None and seen["focus"].objectName() == "open_tables", seen["focus"]
    assert seen["rows"][0].startswith("$1-2 Seven Card Stud (us-cardroom)"), seen
    assert "Last input: seat 1 dealt 2♣" in seen["rows"][0]
    assert w.controller.session_id == first.session_id and w.controller.inputs == [["deal", 1, ["2c"]]]


def test_opening_another_table_between_hands_asks_whether_to_close_this_one(qtbot, window):
    from dealer_app.ui.new_table_dialog import NewTableDialog

    c = window.controller
    c.open_table("stud-4-8", None, [(1, "Ann", 20000), (2, "Bob", 20000)])
    sid = c.session_id
    asked = press_enter_on_next_box(qtbot)  # Enter: Cancel, nothing changes
    Keys(qtbot, window).key(Qt.Key_N, Qt.ControlModifier)
    assert asked.done and c.session_id == sid and not isinstance(QApplication.activeModalWidget(), NewTableDialog)
    window.activateWindow()  # the window manager gives the main window back its focus
    asked = answer_when_shown(qtbot, "Close this table")
    Keys(qtbot, window).key(Qt.Key_N, Qt.ControlModifier)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), NewTableDialog), timeout=2000)
    assert asked.done and c.session is None and not c.store.is_open(sid)
    QApplication.activeModalWidget().reject()


def test_a_limit_table_is_picked_by_typing_its_stakes_or_game(qtbot, window):
    from dealer_app.ui.new_table_dialog import NewTableDialog

    kb = Keys(qtbot, window)
    kb.key(Qt.Key_N, Qt.ControlModifier)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), NewTableDialog), timeout=2000)
    dialog = QApplication.activeModalWidget()
    dialog.activateWindow()  # the window manager's job on a real screen
    qtbot.mouseClick(dialog.find_box, Qt.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.find_box, timeout=2000)
    kb.type("hi eight")  # (a mixed table deals Hi-Lo too: "eight or better" is the Hi-Lo table's own)
    assert dialog.table_box.currentData() == "stud8-10-20"
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("seven 4-8")  # ("4-8" alone finds the H.O.R.S.E. stud rounds' table first)
    assert dialog.table_box.currentData() == "stud-4-8"
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("spread 1-5")
    assert dialog.table_box.currentData() == "stud-1-5-spread"
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type("omaha")
    assert "No limit table matches 'omaha'" in dialog.error.text()
    dialog.reject()


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_menu_has_its_own_alt_letter(qtbot, window, language):
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    if language == "de":
        assert load_german(translator)
        QApplication.installTranslator(translator)
    try:
        settings = QSettings(str(window.settings.fileName()) + language, QSettings.IniFormat)
        w = MainWindow(TableController(), settings)
        qtbot.addWidget(w)
        letters = []
        for a in w.menuBar().actions():
            text = a.text()
            assert "&" in text, text
            letters.append(text[text.index("&") + 1].lower())
        assert len(letters) == len(set(letters)), [a.text() for a in w.menuBar().actions()]
    finally:
        QApplication.removeTranslator(translator)


def painted_seat_texts(qtbot, window, monkeypatch):
    """The texts the table view paints, by seat box (recorded as it paints: nothing is faked)."""
    from dealer_app.ui.table_view import TableView

    seen: list[str] = []
    original = TableView._text

    def record(self, p, rect, text, *args, **kwargs):
        seen.append(text)
        return original(self, p, rect, text, *args, **kwargs)

    monkeypatch.setattr(TableView, "_text", record)
    window.table_view.repaint()
    return seen


def test_each_seat_shows_what_it_has_in_the_pot_what_it_must_call_and_a_held_action(qtbot, window, monkeypatch):
    c = window.controller
    c.open_table("stud-4-8", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (4, "Di", 20000)])
    kb = Keys(qtbot, window)
    kb.key(Qt.Key_Return)
    kb.type("kd 3h 2c 9s")
    kb.type("bo")  # Cy brings in $2, Di completes to $4
    texts = painted_seat_texts(qtbot, window, monkeypatch)
    # Ann to act: she must put in $4; Cy has $2.50 in (ante + bring-in) and must put in $2 more
    assert any("TO ACT · call $4" in t for t in texts), " | ".join(texts)
    assert any("to call $2 · in pot $2.50" in t for t in texts), " | ".join(texts)
    assert any("in pot $4.50" in t for t in texts), texts  # Di: ante + $4
    c.report_irregularity("I-5", seat=2, action="call", to=400)  # Bob calls out of turn (held)
    texts = painted_seat_texts(qtbot, window, monkeypatch)
    assert any("HELD: Call $4 (I-5)" in t for t in texts), " | ".join(texts)


def test_a_fold_cites_no_bet_size_rule_and_the_seal_line_ends_with_its_words(qtbot, window):
    kb, _c = three_handed(qtbot, window)
    kb.type("kd3h2c")
    kb.type("bff")  # Cy brings in; Ann and Bob fold: Cy wins
    log = [window.rulings.list.item(i).text() for i in range(window.rulings.list.count())]
    folds = [line for line in log if "folds" in line]
    assert len(folds) == 2 and all("L-2" not in line and "—" not in line for line in folds), log
    kb.key(Qt.Key_Return)  # confirm the awards: the hand is sealed
    reason = window.panel.reason.text()
    assert "sealed in the record" in reason and not reason.rstrip().endswith("—"), reason
    assert "</b> — <" not in reason and not reason.endswith("</b> — ")


def spread_bring_in_selected(qtbot, w):
    """Ann, Bob and Cy at the $1-5 spread table, the door cards typed; B selected the bring-in,
    whose amount has a range: the amount box has the focus."""
    c = w.controller
    c.open_table("stud-1-5-spread", None, [(1, "Ann", 3000), (2, "Bob", 3000), (3, "Cy", 3000)])
    kb = Keys(qtbot, w)
    kb.enter()
    kb.type("kd7c9s")
    kb.type("b")
    stepper = w.panel.action_buttons[0][2]
    assert stepper is not None and kb.focus() is stepper
    return kb, c, stepper


def test_a_letter_typed_into_an_amount_is_refused_at_once_in_words(qtbot, window):
    kb, c, stepper = spread_bring_in_selected(qtbot, window)
    kb.type("2")
    kb.type("c")  # no amount has a C: said at once, not at Enter
    assert kb.error == "C is not part of an amount: type the amount for Bring in $1–$5, then Enter — Esc goes back"
    assert stepper.lineEdit().text() == "2" and len(c.inputs) == 3  # the box keeps its digits, nothing acted
    kb.type("x")
    assert kb.error.startswith("X is not part of an amount") and stepper.lineEdit().text() == "2"
    kb.enter()
    assert c.inputs[-1] == ["act", 2, "bring_in", 200] and not kb.error


def test_esc_leaves_the_amount_box_and_a_currency_sign_and_decimal_point_are_taken(qtbot, window):
    kb, c, stepper = spread_bring_in_selected(qtbot, window)
    kb.type("9")
    kb.key(Qt.Key_Escape)  # "Esc goes back": the action is not selected
    assert window.panel.selected is None and kb.focus() is not stepper and len(c.inputs) == 3
    kb.type("b")  # selected again, from its least amount
    assert kb.focus() is stepper and stepper.lineEdit().text() == "$1"
    kb.type("$2.50")
    assert stepper.lineEdit().text() == "$2.50" and not kb.error
    kb.enter()
    assert c.inputs[-1] == ["act", 2, "bring_in", 250]


def test_a_letter_in_a_german_amount_is_refused_in_german_and_the_decimal_comma_taken(qtbot, tmp_path):
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert load_german(translator)
    QApplication.installTranslator(translator)
    try:
        w = dealer_window(qtbot, tmp_path)
        kb, c, stepper = spread_bring_in_selected(qtbot, w)
        kb.type("0,5")
        kb.type("c")
        assert kb.error.startswith("C gehört zu keinem Betrag") and "Bring-in 1\u00a0$–5\u00a0$" in kb.error
        assert stepper.lineEdit().text() == "0,5"
        kb.type("0 $")  # a currency sign and a space are the amount's
        assert stepper.lineEdit().text() == "0,50 $"
        kb.enter()
        assert "0,50" in kb.error and len(c.inputs) == 3  # below the bring-in's $1: refused with the range
    finally:
        QApplication.removeTranslator(translator)

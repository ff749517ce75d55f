"""A whole mixed stud session at the live table's window (catalog §14), every key sent to the
focused widget: eight hands of Seven Card Stud, eight of Razz, eight of Hi-Lo (triple-stud-10-20,
``hands 8``), an undo across the game change, the window closed mid-rotation and the record
opened again, and the floor's switch of the game (refused mid-hand, then confirmed by the
floor's account). The game shown and the game recorded are checked for every hand."""

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.engine.events import BringInChosen
from dealer_app.floor.timeline import load_hand
from dealer_app.live.controller import TableController
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from dealer_app.ui.switch_game_dialog import SwitchGameDialog
from tests.support.floor_accounts import MARIA, TOM
from tests.ui.test_ui_dealer_keys import Keyboard

GAME = {"stud": "Seven Card Stud", "razz": "Razz", "stud8": "Seven Card Stud Hi-Lo"}
# the door cards of every hand: 2♣ brings in at stud and Hi-Lo (seat 2: B-2, H-1), K♦ at Razz (seat 1: R-2)
DOORS = ("kd", "2c", "th")
BRINGS_IN = {"stud": 2, "stud8": 2, "razz": 1}


def dealer_window(qtbot, tmp_path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    return w


def banner(w) -> str:
    assert w.panel.game_banner.isVisible()
    return w.panel.game_banner.text()


def play_hand(kb, w, game: str, left: int, then: str, undo_at_award: bool = False) -> None:
    """One hand as the dealer keys it: start, three door cards, the bring-in and two folds,
    the awards confirmed. ``game`` and the hands of it ``left`` (this one included) are what
    the window must show at its start."""
    c = w.controller
    kb.enter()  # Start hand [Enter]
    assert c.prompt().kind == "card" and c.session.game == game
    shown = banner(w)
    assert GAME[game] in shown
    if left == 1:
        assert f"Last {GAME[game]} hand: next {GAME[then]}" in shown
    else:
        assert f"{GAME[game]} — {left - 1} more hand(s), then {GAME[then]}" in shown
    for code in DOORS:
        kb.card(code)
    assert c.prompt().seat == BRINGS_IN[game], (game, c.prompt().seat)
    chosen = next(e for e in c.hand.events if isinstance(e, BringInChosen))
    assert chosen.rules == (("R-2",) if game == "razz" else ("B-2", "H-1") if game == "stud8" else ("B-2",))
    kb.action("b")
    kb.action("f")
    kb.action("f")
    assert c.prompt().kind == "award"
    if undo_at_award:  # the last fold taken back and given again: the game and its outlook stay
        kb.key(Qt.Key_Z, Qt.ControlModifier)
        assert c.prompt().kind == "action" and c.session.game == game
        assert f"Last {GAME[game]} hand: next {GAME[then]}" in banner(w)
        kb.key(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
        assert c.prompt().kind == "award"
    kb.enter()  # confirm the awards
    assert c.prompt().kind == "between"


def rotation(hand_no: int) -> tuple[str, int, str]:
    """hands 8 of stud, razz, stud8: the game of hand ``hand_no`` (from 1), the hands of it
    left counting it, and the next game."""
    order = ("stud", "razz", "stud8")
    i = (hand_no - 1) // 8 % 3
    return order[i], 8 - (hand_no - 1) % 8, order[(i + 1) % 3]


def recorded_games(store: Store, session_id: int) -> dict[int, str]:
    return {h: p["game"] for h, k, p, _at in store.session_log(session_id) if k == "hand_start"}


def test_a_mixed_session_keyed_with_undo_across_a_game_change_and_a_resume(qtbot, tmp_path):
    w = dealer_window(qtbot, tmp_path)
    kb = Keyboard(qtbot, w)
    # (the set-up: the table opened through the controller; everything after it is keyed)
    w.controller.open_table("triple-stud-10-20", None, [(1, "Ann", 100000), (2, "Bob", 100000), (3, "Cy", 100000)])
    w.activateWindow()
    for hand_no in range(1, 13):
        game, left, then = rotation(hand_no)
        play_hand(kb, w, game, left, then, undo_at_award=hand_no == 8)  # (8: the last stud hand)
    store_path, session_id = w.controller.store.path, w.controller.session_id
    assert w.controller.game_shown().text == "Razz — 3 more hand(s), then Seven Card Stud Hi-Lo"
    w.close()  # between hands: the dealer's window closes mid-rotation
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=2000)
    w.controller.store.close()

    w2 = dealer_window(qtbot, tmp_path)  # the record opened again
    assert w2.offer_resume(True)
    kb = Keyboard(qtbot, w2)
    c = w2.controller
    assert c.session_id == session_id and c.hand_no == 12
    assert "Razz — 3 more hand(s), then Seven Card Stud Hi-Lo" in banner(w2)
    for hand_no in range(13, 25):
        game, left, then = rotation(hand_no)
        if hand_no == 13:  # an undo inside a Razz hand after the resume: still Razz
            kb.enter()
            kb.card("kd")
            kb.key(Qt.Key_Z, Qt.ControlModifier)
            assert c.session.game == "razz" and c.inputs == []
            kb.key(Qt.Key_G, Qt.ControlModifier)  # the floor's switch, mid-hand: refused in words
            assert "Switching the game only between hands: finish the hand first" in w2.panel.error.text()
            assert not isinstance(QApplication.activeModalWidget(), SwitchGameDialog)
            for code in DOORS:
                kb.card(code)
            assert c.prompt().seat == BRINGS_IN["razz"]
            for letter in "bff":
                kb.action(letter)
            kb.enter()
            continue
        play_hand(kb, w2, game, left, then)
    assert c.game_shown().text == "Seven Card Stud — 7 more hand(s), then Razz"

    # the floor switches to Hi-Lo between hands: Ctrl+G, the game, the floor's account
    kb.key(Qt.Key_G, Qt.ControlModifier)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), SwitchGameDialog), timeout=2000)
    dialog = QApplication.activeModalWidget()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.game, timeout=2000)
    while dialog.game.currentData() != "stud8":
        kb.key(Qt.Key_Down)
    kb.key(Qt.Key_Tab)
    kb.type(TOM[0])
    kb.key(Qt.Key_Tab)
    kb.type("wrong")
    kb.enter()
    assert dialog.isVisible() and dialog.error.text()  # a wrong passphrase: refused, nothing switched
    assert c.session.game == "stud"
    assert QApplication.focusWidget() is dialog.passphrase  # (emptied: the passphrase is never kept)
    kb.key(Qt.Key_Backtab)  # Maria, then (Tom's refused try holds his account a moment)
    kb.key(Qt.Key_A, Qt.ControlModifier)
    kb.type(MARIA[0])
    kb.key(Qt.Key_Tab)
    kb.type(MARIA[1])
    kb.enter()
    assert not dialog.isVisible(), dialog.error.text()
    w2.activateWindow()
    assert "Seven Card Stud Hi-Lo — 7 more hand(s), then Seven Card Stud" in banner(w2)
    play_hand(kb, w2, "stud8", 8, "stud")

    # the record names the game of every hand (M-3), and so do its readers
    want = {n: rotation(n)[0] for n in range(1, 25)} | {25: "stud8"}
    assert recorded_games(c.store, session_id) == want
    switch = [p for _h, k, p, _at in c.store.session_log(session_id) if k == "switch_game"]
    assert [(s["input"], s["by"]["name"]) for s in switch] == [(["switch_game", "stud8"], "Maria")]
    assert {h.hand: h.game for h in list_hands(c.store)} == want
    for hand_no in (8, 9, 17, 25):
        timeline = load_hand(c.store, session_id, hand_no)
        assert timeline.moment(len(timeline.steps) - 1).hand.rules.game == want[hand_no]
    assert store_path == c.store.path

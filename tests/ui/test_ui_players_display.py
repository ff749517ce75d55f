"""The players' display (Window → Players' display): opened from the menu, it follows the hand the
dealer types in the main window — pot, stacks, bets, the seat to act, upcards, the result — and
shows no downcard until it is shown; large type at 1280x800, German, and remembered across starts.

Every key goes to whatever widget has the focus (``QApplication.focusWidget()``), every menu item
is clicked in its open menu."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTranslator
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from dealer_app.ui.players_display import CardRow, PlayersDisplay
from tests.support.helpers import load_german

I18N = Path(__file__).resolve().parents[2] / "dealer_app" / "ui" / "i18n"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


class Keyboard:
    def __init__(self, qtbot, window):
        self.qtbot, self.w = qtbot, window

    def focus(self):
        """The focused widget: the dealer's window's, never the players' display."""
        self.qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
        return QApplication.focusWidget()

    def key(self, key, modifier=Qt.NoModifier):
        self.qtbot.keyClick(self.focus(), key, modifier)

    def type(self, text):
        for ch in text.replace(" ", ""):
            self.qtbot.keyClick(self.focus(), ch)
            assert not self.w.panel.error.text(), self.w.panel.error.text()

    def enter(self):
        self.key(Qt.Key_Return)

    def menu(self, item_text: str):
        """Window → item: the menu opened with Alt and its letter, the item clicked in it."""
        bar_action = next(
            a
            for a in self.w.menuBar().actions()
            if a.menu() is not None and any(i.text().replace("&", "") == item_text for i in a.menu().actions())
        )
        letter = bar_action.text()[bar_action.text().index("&") + 1]
        self.key(getattr(Qt, f"Key_{letter.upper()}"), Qt.AltModifier)
        self.qtbot.waitUntil(lambda: QApplication.activePopupWidget() is bar_action.menu(), timeout=2000)
        popup = bar_action.menu()
        item = next(a for a in popup.actions() if a.text().replace("&", "") == item_text)
        self.qtbot.mouseClick(popup, Qt.LeftButton, pos=popup.actionGeometry(item).center())
        return item


def make_window(qtbot, tmp_path, name="hands.sqlite3", settings=None):
    settings = settings or QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / name)), settings)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def window(qtbot, tmp_path):
    return make_window(qtbot, tmp_path)


def open_display(qtbot, kb, w, item="Players' display") -> PlayersDisplay:
    kb.menu(item)
    qtbot.waitUntil(lambda: w.players_display is not None and w.players_display.isVisible(), timeout=2000)
    display = w.players_display
    display.resize(1280, 800)
    qtbot.waitExposed(display)
    qtbot.waitUntil(lambda: w.isAncestorOf(QApplication.focusWidget()), timeout=2000)  # the keys stay
    return display


def texts(display) -> list[str]:
    """Every word the display shows."""
    return [label.text() for label in display.findChildren(QLabel) if label.isVisible() and label.text()]


def shown_cards(display) -> list[str]:
    """Every card face the display shows (a back is None, and not listed)."""
    return [code for row in display.findChildren(CardRow) if row.isVisible() for code in row.codes if code]


def tile_words(display, seat):
    t = display.tiles[seat]
    return t.name.text(), t.stack.text(), t.bet.text(), t.state.text()


def check_against_the_table(display, c):
    """The display says what the controller's public views say: pot, stacks, bets, the seat to
    act, upcards; and no face it shows is a card that is not public."""
    seats = c.seats()
    assert list(display.tiles) == [v.seat for v in seats]
    pots = c.pots()
    assert display.pot.text() == "Pot " + c.money(c.status()["pot"] or sum(a for a, _ in pots))
    public = {code for v in seats for code in v.up + v.shown} | ({c.status()["common"]} - {None})
    assert set(shown_cards(display)) <= public
    for v in seats:
        name, stack, bet, state = tile_words(display, v.seat)
        assert name.endswith(v.name) and stack == c.money(v.stack)
        assert bet == (f"Bet: {c.money(v.round_to)}" if v.round_to else "")
        assert (state == "TO ACT") == v.to_act
        row = display.tiles[v.seat].cards.codes
        if not v.folded and not v.shown:  # the downcards as backs only
            assert row == [None] * v.down_count + v.up
    p = c.prompt()
    if p.kind == "action":
        assert display.banner.text() == f"Seat {p.seat} ({seats[p.seat - 1].name}) to act"


def test_opened_from_the_window_menu_without_taking_the_dealers_keys(qtbot, window):
    w, c = window, window.controller
    kb = Keyboard(qtbot, w)
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    display = open_display(qtbot, kb, w)
    assert (
        w.players_display_action.isChecked()
        and display.isWindow()
        and display.windowTitle().endswith("Players' display")
    )
    assert display.banner.text() == "Between hands" and [tile_words(display, s)[0] for s in (1, 2, 3)] == [
        "1  Ann",
        "2  Bob",
        "3  Cy",
    ]
    kb.enter()  # the dealer's Enter: the hand starts
    assert c.hand_no == 1 and display.table_line.text() == "Hand 1"
    kb.type("kd")  # typed in the dealer's window
    qtbot.mouseClick(display, Qt.LeftButton)  # a click on the display keeps no focus
    qtbot.waitUntil(lambda: w.isAncestorOf(QApplication.focusWidget()), timeout=2000)
    kb.type("2c")
    qtbot.keyClicks(display, "th")  # keys pressed in the display are the dealer's
    assert [v.up for v in c.seats()] == [["Kd"], ["2c"], ["Th"]]
    qtbot.keyClick(display, Qt.Key_B)  # seat 2 brings in, from the display's keys
    assert c.seats()[1].round_to == 200 and display.tiles[2].bet.text() == "Bet: $2"
    assert w.isAncestorOf(QApplication.focusWidget())
    kb.key(Qt.Key_P, Qt.ControlModifier)  # Ctrl+P closes it…
    assert not display.isVisible() and not w.players_display_action.isChecked()
    kb.key(Qt.Key_P, Qt.ControlModifier)  # …and opens it again, up to date
    assert display.isVisible() and w.players_display_action.isChecked()
    assert display.banner.text() == "Seat 3 (Cy) to act"
    display.close()  # closing the window unticks the item
    assert not w.players_display_action.isChecked()


def test_the_display_follows_the_hand_and_shows_no_downcard_before_it_is_shown(qtbot, window):
    w, c = window, window.controller
    kb = Keyboard(qtbot, w)
    c.open_table("stud-3-6", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000), (4, "Dee", 3000)])
    display = open_display(qtbot, kb, w)
    downs = {1: "2h 3c 4s", 2: "5d 6c 8s", 3: "8d 9d Ks", 4: "Ah Ac Ad"}  # what each shows at the end
    hidden = {code for cards in downs.values() for code in cards.split()}

    def step(keys):
        if len(keys) > 1:
            kb.type(keys)  # a card
        else:
            kb.key(getattr(Qt, f"Key_{keys.upper()}"))  # an action's key
        check_against_the_table(display, c)
        assert not hidden & set(shown_cards(display)) and not any(
            code in text for code in hidden for text in texts(display)
        )

    kb.enter()
    for card in ["kd", "7c", "as", "2c"]:
        step(card)
    assert display.street.text() == "Third street" and display.pot.text() == "Pot $1"  # four antes of 25c
    assert display.tiles[4].state.text() == "TO ACT" and display.tiles[4].border == "#ffd400"
    assert display.banner.text() == "Seat 4 (Dee) to act"
    assert [display.tiles[s].cards.codes for s in (1, 4)] == [[None, None, "Kd"], [None, None, "2c"]]
    for key in "borrrccc":  # bring-in, completion, three raises to the cap, calls
        step(key)
        if key == "o":
            assert tile_words(display, 4)[1:3] == ("$28.75", "Bet: $1") and tile_words(display, 1)[2] == "Bet: $3"
    assert display.pot.text() == "Pot $49" and all(display.tiles[s].bet.text() == "" for s in (1, 2, 3, 4))
    for card in ["qh", "3d", "9h", "5c"]:
        step(card)
    while c.prompt().kind == "action":
        step("k")
    for street in ("jd 7d 8c 4h", "tc th 6s 6d", None):
        if street:
            for card in street.split():
                step(card)
        else:
            kb.enter()  # the river: counted, never typed
            check_against_the_table(display, c)
            assert [display.tiles[s].cards.codes[:3] for s in (1, 2, 3, 4)] == [[None] * 3] * 4
        for key in "eccc":
            step(key)
            if street is None and key == "e":
                assert display.tiles[2].bet.text() == "Bet: $6" and display.banner.text() == "Seat 3 (Cy) to act"
            if street is None and key == "c" and c.seats()[3].all_in:
                assert display.tiles[4].state.text() == "ALL-IN"
                assert display.side_pots.isVisible() and "Side pot 1" in display.side_pots.text()
    assert c.prompt().kind == "show" and display.street.text() == "Showdown"
    while c.prompt().kind == "show":
        seat = c.prompt().seat
        assert display.banner.text().startswith(f"Seat {seat} ({NAMES[seat - 1]}) shows")
        kb.type(downs[seat])  # shown as soon as all three are typed
        shown_now = set(downs[seat].split())
        assert shown_now <= set(shown_cards(display))  # shown at the showdown: public
        hidden -= shown_now
        assert not hidden & set(shown_cards(display))
        check_against_the_table(display, c)
    assert c.prompt().kind == "award" and display.street.text() == "Result"
    main, side = display.banner.text().split("\n")
    assert main == "Main pot $120: Dee wins $120 (three of a kind, aces)"
    assert side.startswith("Side pot 1 $0.75: Cy wins $0.75 (")
    assert tile_words(display, 4)[3] == "WINS $120" and tile_words(display, 3)[3] == "WINS $0.75"
    assert display.tiles[4].border == "#7ee787"
    kb.enter()  # the awards confirmed
    assert display.banner.text() == "Between hands" and tile_words(display, 4)[1] == "$120"


def test_large_type_at_1280x800_eight_handed(qtbot, window):
    w, c = window, window.controller
    kb = Keyboard(qtbot, w)
    c.open_table("stud-10-20", None, [(i + 1, NAMES[i] * 4, 100000) for i in range(8)])
    display = open_display(qtbot, kb, w)
    kb.enter()
    for card in ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]:
        kb.type(card)
    kb.key(Qt.Key_B)
    assert display.size().width() == 1280 and display.size().height() == 800
    qtbot.waitUntil(lambda: display.pot.height() >= QFontMetrics(display.pot.font()).height(), timeout=2000)
    pot = display.pot.font()
    assert pot.pixelSize() >= 60 and QFontMetrics(pot).height() >= 60
    assert QFontMetrics(pot).horizontalAdvance(display.pot.text()) <= display.pot.width()  # whole, not cut
    window_rect = display.rect()
    tiles = [display.tiles[s] for s in range(1, 9)]
    for i, tile in enumerate(tiles):
        assert window_rect.contains(tile.geometry())
        assert not any(tile.geometry().intersects(o.geometry()) for o in tiles[i + 1 :])
        stack = tile.stack
        fm = QFontMetrics(stack.font())
        assert stack.font().pixelSize() >= 36 and fm.height() >= 36 and stack.height() >= fm.height()
        assert fm.horizontalAdvance(stack.text()) <= stack.width()  # "$999" whole in its tile
        assert tile.cards.height() >= 60  # cards large enough to read


def test_the_display_in_german(qtbot, tmp_path):
    app = QApplication.instance()
    translator = QTranslator()
    assert load_german(translator)
    app.installTranslator(translator)
    try:
        w = make_window(qtbot, tmp_path)
        c = w.controller
        kb = Keyboard(qtbot, w)
        c.open_table("stud-5-10", None, [(1, "Anna", 5000), (2, "Ben", 5000), (3, "Cem", 5000)])
        display = open_display(qtbot, kb, w, "Spieleranzeige")  # Fenster → Spieleranzeige
        assert display.windowTitle().endswith("Spieleranzeige")
        assert display.banner.text() == "Zwischen zwei Spielen"
        kb.enter()
        kb.type("dh")  # the German dealer's letters: Dame
        kb.type("bs")
        kb.type("2c")
        assert display.street.text() == "3. Karte" and display.table_line.text() == "Spiel 1"
        assert display.banner.text() == "Platz 3 (Cem) ist am Zug" and tile_words(display, 3)[3] == "AM ZUG"
        kb.key(Qt.Key_B)  # Cem brings in $2
        assert tile_words(display, 3)[2] == "Einsatz: " + c.money(200)  # the app's German money
        assert display.pot.text() == "Pot " + c.money(350)
        kb.key(Qt.Key_F)
        kb.key(Qt.Key_F)  # everyone else folds: Cem wins
        assert tile_words(display, 1)[3] == "GEPASST" and display.street.text() == "Ergebnis"
        won = c.awarded_pots()[0].amount
        assert display.banner.text() == f"Hauptpot {c.money(won)}: Cem gewinnt {c.money(won)}"
        assert tile_words(display, 3)[3] == "GEWINNT " + c.money(won)
        words = " ".join(texts(display))
        assert not any(english in words for english in ("Bet", "wins", "Main pot", "Result", "Hand ", "FOLDED"))
    finally:
        app.removeTranslator(translator)


def test_open_state_and_place_remembered_across_starts(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = make_window(qtbot, tmp_path, "a.sqlite3", settings)
    kb = Keyboard(qtbot, w)
    kb.key(Qt.Key_P, Qt.ControlModifier)  # Window → Players' display, by its key
    qtbot.waitUntil(lambda: w.players_display is not None and w.players_display.isVisible(), timeout=2000)
    w.players_display.resize(720, 480)  # (within the offscreen screen: restoreGeometry keeps it on screen)
    w.close()  # quit with the display open
    assert not w.players_display.isVisible()
    w2 = make_window(qtbot, tmp_path, "b.sqlite3", settings)  # the next start: it opens again
    assert w2.players_display is not None and w2.players_display.isVisible()
    assert w2.players_display_action.isChecked() and w2.players_display.size().toTuple() == (720, 480)
    w2.players_display.close()  # closed by hand, then quit
    w2.close()
    w3 = make_window(qtbot, tmp_path, "c.sqlite3", settings)  # stays closed
    assert w3.players_display is None and not w3.players_display_action.isChecked()

"""Money the German way, on the German screen: "0,50 $", "5 €", "1.234,50 €" — the number first,
the decimal comma, the sign after a no-break space — on the table view, the action buttons and
in a refusal; typed amounts read with the decimal comma. The records keep the engine's cents."""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from tests.support.helpers import load_german

I18N = Path(__file__).resolve().parents[2] / "dealer_app" / "ui" / "i18n"
NBSP = "\u00a0"
ENGLISH_MONEY = re.compile(r"[$€]\s?\d")  # "$0.50", "€5": the sign before the number


@pytest.fixture
def german(qapp):
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


@pytest.fixture
def window(qtbot, tmp_path, german):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(TableController(Store(tmp_path / "hands.sqlite3")), settings)
    w.ask_before_closing = False
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    return w


def keys(qtbot, window, text):
    """Each key to whatever has the focus, as the dealer types."""
    for ch in text:
        qtbot.waitUntil(lambda: window.isAncestorOf(QApplication.focusWidget()), timeout=2000)
        qtbot.keyClick(QApplication.focusWidget(), ch)


def enter(qtbot, window):
    qtbot.waitUntil(lambda: window.isAncestorOf(QApplication.focusWidget()), timeout=2000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)


def painted_texts(view) -> list[str]:
    """Every text the table view draws in one repaint (its header, pots, stacks, bets): each
    QPainter.drawText call's text, recorded while the view paints itself."""
    from PySide6.QtGui import QPainter

    drawn: list[str] = []
    original = QPainter.drawText

    def recording(painter, *args):
        drawn.extend(a for a in args if isinstance(a, str))
        return original(painter, *args)

    QPainter.drawText = recording
    try:
        view.repaint()
    finally:
        QPainter.drawText = original
    return drawn


def test_the_table_and_the_buttons_show_german_money(qtbot, window):
    c = window.controller
    c.open_table("stud-1-2", None, [(1, "Anna", 2000), (2, "Ben", 2000), (3, "Cem", 2000)])
    enter(qtbot, window)  # Spiel 1 beginnen: the antes go in
    keys(qtbot, window, "dh 7c 2c")  # the door cards, German Dame included
    assert [s.up for s in c.seats()] == [["Qh"], ["7c"], ["2c"]]
    buttons = [b.text() for b, _c, _s in window.panel.action_buttons]
    assert buttons == [f"Bring-in 0,50{NBSP}$  [B]", f"Komplettieren auf 1{NBSP}$  [O]"]
    keys(qtbot, window, "b")  # seat 3 brings in for 0,50 $
    assert c.inputs[-1] == ["act", 3, "bring_in", 50]  # the record: cents, as ever
    buttons = [b.text() for b, _c, _s in window.panel.action_buttons]
    assert f"Mitgehen 0,50{NBSP}$  [C]" in buttons and f"Komplettieren auf 1{NBSP}$  [O]" in buttons
    texts = painted_texts(window.table_view)
    header = " ".join(texts[:2]) if texts[1].startswith("Bring-in") else texts[0]  # (on one line or two)
    assert header == (f"1-2{NBSP}$ Seven Card Stud — Fixed Limit, Ante 0,25{NBSP}$, Bring-in 0,50{NBSP}$ · US-Cardroom")
    assert f"Pot 1,25{NBSP}$" in texts  # three antes and the bring-in
    assert f"19,75{NBSP}$" in texts and f"19,25{NBSP}$" in texts  # the stacks
    assert f"0,50{NBSP}$" in texts  # the bring-in in front of seat 3
    assert "3. Karte" in texts, texts
    shown = texts + buttons + [window.panel.prompt.text(), window.panel.hint.text(), window.windowTitle()]
    assert not [t for t in shown if ENGLISH_MONEY.search(t)], shown
    assert not [t for t in shown if "0.50" in t or "0.25" in t]


def test_a_typed_amount_with_a_decimal_comma_and_a_refusal_in_german_money(qtbot, window):
    from dealer_app.ui.words import typed_cents

    assert typed_cents("2,50") == 250 and typed_cents("2,5") == 250 and typed_cents("0,50") == 50
    assert typed_cents("0.50") == 50 and typed_cents(f"2,50{NBSP}$") == 250
    c = window.controller
    c.open_table("stud-1-5-spread", None, [(1, "Anna", 3000), (2, "Ben", 3000), (3, "Cem", 3000)])
    enter(qtbot, window)
    keys(qtbot, window, "kd7c9s")
    assert [b.text() for b, _c, _s in window.panel.action_buttons] == [
        f"Bring-in 1{NBSP}$–5{NBSP}$  [B + Betrag + Enter]"
    ]
    keys(qtbot, window, "b")  # a range: the key selects it, then the amount
    keys(qtbot, window, "20")
    enter(qtbot, window)
    assert window.panel.error.text().startswith(
        f"Bring-in 1{NBSP}$–5{NBSP}$: 20{NBSP}$ liegt außerhalb dieses Bereichs"
    )
    assert len(c.inputs) == 3  # refused: nothing recorded
    keys(qtbot, window, "2,50")  # the German decimal comma
    enter(qtbot, window)
    assert c.inputs[-1] == ["act", 2, "bring_in", 250]  # read as 250 cents, and recorded so
    texts = painted_texts(window.table_view)
    assert f"2,50{NBSP}$" in texts and f"Pot 3,25{NBSP}$" in texts
    assert not [t for t in texts if ENGLISH_MONEY.search(t)], texts


def test_german_money_in_euros_and_thousands(german):
    from dealer_app.ui.words import editable_money, money, typed_cents

    assert money(50, "USD") == f"0,50{NBSP}$" and money(500, "EUR") == f"5{NBSP}€"
    assert money(123450, "EUR") == f"1.234,50{NBSP}€" and money(-250, "USD") == f"-2,50{NBSP}$"
    assert editable_money(123450, "EUR") == f"1234,50{NBSP}€"  # typed back: no grouping
    assert typed_cents(editable_money(123450, "EUR")) == 123450


def test_in_english_money_is_the_engines(qapp):
    from dealer_app.engine.money import format_money
    from dealer_app.ui.words import money

    for cents in (50, 500, 123450, -250):
        assert money(cents, "USD") == format_money(cents, "USD")

"""A base window's words are German in its subclasses too: lupdate files ``self.tr`` under the
class whose body holds it, PySide looks a text up under the object's own class — the room
console (a ``FloorWindow``) showed its hand list's marks in English in a German window
(ui/inherited_words.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTranslator

from dealer_app.record.store import Store
from dealer_app.ui.floor_window import FloorWindow
from dealer_app.ui.inherited_words import inherited_tr
from tests.support.helpers import load_german


@pytest.fixture
def german(qapp):
    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


class RoomFloorWindow(FloorWindow):
    """Named as the room console is: its own words are filed under this name."""


def test_a_floor_window_subclass_says_the_floor_windows_words_in_german(german, qtbot, tmp_path):
    console = RoomFloorWindow(Store(tmp_path / "hands.sqlite3"))
    qtbot.addWidget(console)
    assert console.tr("%n undo(s)", "", 2) == "2× rückgängig"
    assert console.tr("%n irregularity(ies)", "", 1) == "1 Unregelmäßigkeit"
    # its own words (filed under its own class) first
    assert console.tr("More hands") == "Weitere Spiele"
    # a text no context has stays English, as Qt leaves it
    assert console.tr("%n no such text(s)", "", 3) == "3 no such text(s)"


def test_the_seat_dialogs_shared_words_are_found_from_each_dialog(german):
    class JoinDialog:  # (the lookup by the class's name is what is tested)
        pass

    said = inherited_tr(JoinDialog(), "_SeatDialog", "%1 is not an amount of money")
    assert said != "%1 is not an amount of money" and "%1" in said

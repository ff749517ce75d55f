"""Issue 26 §5: say only what is true. The room's database owner can turn off the room's
checks (its trigger) and rewrite or delete rows, and the floor's console does not detect it
yet: the README never claims otherwise ("not even the owner"), and Help → About says what the
owner can do, in English and in German. (The stale comment in migration 0001 stays: a
migration's checksum covers its whole text, comments included — ``room/schema.py`` — and a
server that ran it would refuse a program whose text differs.)

Also: the room console's small table keeps "seat" and its number together on the line that
says who was pushed a pot ("Main pot $13.25 → seat 2", not "… → seat" / "2")."""

import html
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings
from PySide6.QtGui import QTextLayout, QTextOption

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from tests.support.helpers import load_german

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_does_not_claim_the_room_binds_its_owner():
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "not even the owner" not in text.lower()
    assert "database's owner can** disable the trigger and rewrite or delete rows" in text
    assert (
        "every reader detects an edit, an insertion or a deletion that leaves a later signed head in the room "
        "(schema version 6, `tests/room/test_room_reader_checks.py`)"
    ) in text


def test_a_migrations_checksum_covers_its_comments_so_a_shipped_one_is_left_as_it_is():
    from dealer_app.room.schema import Migration, migrations

    first = migrations()[0]
    assert "(the owner included, short of dropping this)" in first.sql  # (the stale comment: see above)
    edited = Migration(first.version, first.name, first.sql.replace("the owner included", "not the owner"))
    assert edited.checksum != first.checksum


@pytest.fixture
def about_text(qtbot, tmp_path):
    def text() -> str:
        w = MainWindow(
            TableController(Store(tmp_path / "hands.sqlite3")), QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
        )
        w.ask_before_closing = False
        qtbot.addWidget(w)
        box = w.about()
        qtbot.addWidget(box)
        said = " ".join(html.unescape(box.text()).split())
        box.close()
        w.store_closed = True
        w.controller.store.close()
        return said

    return text


def test_help_about_says_what_the_rooms_database_owner_can_do(about_text):
    text = about_text()
    assert (
        "A card room's database owner can turn off the room's checks and rewrite or delete the room's copy "
        "unseen: the floor's console does not detect it yet."
    ) in text
    assert "not even" not in text


def test_help_about_says_it_in_german(qapp, about_text):
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    try:
        text = about_text()
    finally:
        qapp.removeTranslator(translator)
    assert (
        "Der Eigentümer der Datenbank eines Cardrooms kann deren Prüfungen abschalten und die Kopie des "
        "Cardrooms unbemerkt umschreiben oder löschen: Die Konsole des Floors erkennt das noch nicht."
    ) in text


def test_the_small_tables_pushed_pot_keeps_seat_and_its_number_on_one_line(qtbot, tmp_path, monkeypatch):
    """The room console's small table (a hand at its end): the line "Main pot $… → seat N" wraps at
    that width, but never between "seat" and N (a no-break space joins them)."""
    from dealer_app.floor.timeline import load_hand
    from dealer_app.ui.qt_bridge import ControllerBridge
    from dealer_app.ui.table_view import CENTRED_WRAPPED, TableView
    from tests.record.test_record_proves_itself import play_hands

    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)])
    play_hands(c, 1, 1)
    timeline = load_hand(c.store, c.session_id, 1)
    drawn: list[tuple[QRectF, str, int, bool]] = []
    original = TableView._text

    def seen(self, p, rect, text, size, colour, bold=False, align=CENTRED_WRAPPED):
        drawn.append((QRectF(rect), text, size, bold))
        original(self, p, rect, text, size, colour, bold, align)

    monkeypatch.setattr(TableView, "_text", seen)
    view = TableView(ControllerBridge(timeline.moment(len(timeline.steps) - 1)))
    qtbot.addWidget(view)
    view.resize(760, 560)  # (its smallest: the room console's table beside its hand list)
    view.grab()
    pushed = [d for d in drawn if "→" in d[1]]
    assert pushed, [d[1] for d in drawn]
    for rect, text, size, bold in pushed:
        assert "seat\u00a0" in text and "seat " not in text, text
        wrapped = 0
        for width in range(int(rect.width()), 100, -10):  # this width, and the narrower ones it wraps at
            lines = _wrapped(text, TableView._font(size, bold), width)
            wrapped += len(lines) > 1
            assert not any(line.endswith("seat") for line in lines), (width, lines)
            assert any("seat\u00a0" in line for line in lines), (width, lines)
        assert wrapped, text  # (it does wrap: the check means something)
    c.store.close()


def _wrapped(text: str, font, width: float) -> list[str]:
    """The lines a word-wrapped text takes at this width (as the table view draws it)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines

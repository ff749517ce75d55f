"""Settings → Card room: the table's name is checked by the room's rule (room/table_label.py,
migration 0012) when the dealer presses OK, and a name the room would refuse is said in the
dialog, in words (German too), and not saved — instead of the server's English refusal turning
up later in the forwarder's status. Typed by keys into the focused box, OK clicked."""

import pytest
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from tests.support.helpers import load_german
from tests.ui.test_ui_floor import focus

URL = "postgresql://table_3:secret@floor-server/room"


@pytest.fixture
def dialog(qtbot, tmp_path, monkeypatch):
    from dealer_app.room.database import ENV
    from dealer_app.ui.room_link import RoomSettingsDialog

    monkeypatch.delenv(ENV, raising=False)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("room/database", URL)
    settings.setValue("room/table_name", "Stud 3")
    d = RoomSettingsDialog(settings)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d, settings


def retype_name(qtbot, d, text):
    qtbot.mouseClick(d.name, Qt.LeftButton)
    box = focus(qtbot)
    assert box is d.name
    qtbot.keyClick(box, Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClick(box, Qt.Key_Backspace)
    type_text(box, text)


def type_text(widget, text):
    """Each character as a keyboard sends it: a key press with its text (QTest's keyClicks takes
    Latin-1 only; a Cyrillic a (U+0430) or a click sign comes from a keyboard layout or an input method)."""
    for ch in text:
        key = Qt.Key(ord(ch.upper())) if ch.isascii() and ch.isalnum() else Qt.Key.Key_unknown
        QApplication.sendEvent(widget, QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, ch))
        QApplication.sendEvent(widget, QKeyEvent(QEvent.Type.KeyRelease, key, Qt.KeyboardModifier.NoModifier, ch))


def click_ok(qtbot, d):
    ok = d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isVisible()
    qtbot.mouseClick(ok, Qt.LeftButton)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("T\u0430ble 7", "U+0430 CYRILLIC SMALL LETTER A"),  # a Cyrillic a
        ("Ta\u01c0le 7", "U+01C0 LATIN LETTER DENTAL CLICK"),  # a click that reads as l
        ("Table\u202e 7", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("Table  7", "two spaces in a row"),
        ("-Table 7", "begins with “-”"),
    ],
)
def test_a_name_the_room_would_refuse_is_said_in_the_dialog_and_not_saved(qtbot, dialog, typed, said):
    d, settings = dialog
    retype_name(qtbot, d, typed)
    assert d.name.text() == typed
    click_ok(qtbot, d)
    assert d.isVisible() and d.result() == 0  # not accepted
    assert said in d.error.text() and d.error.isVisible()
    assert QApplication.focusWidget() is d.name  # (back in the box to mend it)
    assert settings.value("room/table_name") == "Stud 3"
    retype_name(qtbot, d, "Stud 7 – Jürgen's")  # an en dash is not the room's either
    click_ok(qtbot, d)
    assert "U+2013 EN DASH" in d.error.text() and settings.value("room/table_name") == "Stud 3"
    retype_name(qtbot, d, "Stud 7 - Jürgen's")
    click_ok(qtbot, d)
    assert not d.isVisible() and d.result() == 1
    assert settings.value("room/table_name") == "Stud 7 - Jürgen's"


def test_the_refusal_is_said_in_german(qtbot, qapp, dialog):
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    try:
        d, settings = dialog
        retype_name(qtbot, d, "T\u0430ble 7")
        click_ok(qtbot, d)
        assert d.isVisible() and settings.value("room/table_name") == "Stud 3"
        assert "U+0430" in d.error.text() and "Tischname" in d.error.text(), d.error.text()
        retype_name(qtbot, d, "Tisch  7")
        click_ok(qtbot, d)
        assert "Leerzeichen" in d.error.text(), d.error.text()
    finally:
        qapp.removeTranslator(translator)


def test_an_empty_name_is_the_machines_and_saved(qtbot, dialog):
    d, settings = dialog
    retype_name(qtbot, d, "")
    click_ok(qtbot, d)
    assert not d.isVisible() and settings.value("room/table_name") == ""

"""German ships with the app: every string translated, and the screen really turns German."""

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow
from tests.support.helpers import load_german

I18N = Path(__file__).resolve().parents[2] / "dealer_app" / "ui" / "i18n"


def test_every_source_string_has_a_german_translation():
    root = ET.parse(I18N / "dealer_app_de.ts").getroot()
    messages = list(root.iter("message"))
    assert len(messages) > 80
    unfinished = [
        m.find("source").text
        for m in messages
        if m.find("translation").get("type") == "unfinished" or not m.find("translation").text
    ]
    assert unfinished == []


def test_ts_covers_every_tr_call(tmp_path):
    """lupdate finds no string that the shipped .ts lacks (a new tr() needs its German)."""
    import shutil

    fresh = tmp_path / "fresh.ts"
    shutil.copy(I18N / "dealer_app_de.ts", fresh)
    package = I18N.parents[1]  # the UI's tr() calls, and the refusals marked in the engine and live/
    folders = ("ui", "engine", "live", "history", "floor", "training")
    ui = sorted(str(p) for folder in folders for p in (package / folder).glob("*.py"))
    ui += sorted(str(p) for p in package.glob("*.py"))  # errorlog.py words an unexpected error
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"  # installed with PySide6 in the venv
    out = subprocess.run([str(lupdate), *ui, "-ts", str(fresh)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "0 new" in out.stdout or "(0 new" in out.stdout, out.stdout


def test_main_window_in_german(qtbot, tmp_path):
    app = QApplication.instance()
    translator = QTranslator()
    assert load_german(translator)
    app.installTranslator(translator)
    try:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
        c = TableController(Store(tmp_path / "h.sqlite3"))
        w = MainWindow(c, settings)
        qtbot.addWidget(w)
        titles = [a.text() for a in w.menuBar().actions()]
        assert titles[:3] == ["&Tisch", "&Bearbeiten", "&Plätze"]
        c.open_table("stud-5-10", None, [(1, "A", 5000), (2, "B", 5000)])
        c.start_hand()
        c.enter_card("Kd")
        c.enter_card("2c")
        assert w.panel.prompt.text() == "Platz 2 setzt den Bring-in: niedrigste Door Card, 2♣"
        # money the German way: the number, then the sign after a no-break space
        assert [b.text() for b, _c, _s in w.panel.action_buttons] == [
            "Bring-in 2\u00a0$  [B]",
            "Komplettieren auf 5\u00a0$  [O]",
        ]
    finally:
        app.removeTranslator(translator)


def test_a_german_dealer_types_german_rank_letters_and_reads_german(qtbot, tmp_path):
    from PySide6.QtCore import Qt

    app = QApplication.instance()
    translator = QTranslator()
    assert load_german(translator)
    app.installTranslator(translator)
    try:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
        c = TableController(Store(tmp_path / "h.sqlite3"))
        w = MainWindow(c, settings)
        qtbot.addWidget(w)
        w.show()
        w.activateWindow()
        qtbot.waitExposed(w)
        c.open_table("stud-5-10", None, [(1, "Anna", 5000), (2, "Ben", 5000), (3, "Cem", 5000)])
        c.start_hand()

        def focus():  # the dealer's window has the keys (not one an earlier test left open)
            w.activateWindow()
            qtbot.waitUntil(lambda: w.isAncestorOf(QApplication.focusWidget()), timeout=2000)
            return QApplication.focusWidget()

        def typed(text):
            for ch in text:
                qtbot.keyClick(focus(), ch)

        typed("Dh")  # Dame: the queen of hearts
        typed("Bs")  # Bube: the jack of spades
        assert [s.up for s in c.seats()][:2] == [["Qh"], ["Js"]]
        assert w.panel.prompt.text() == "Platz 3 (Cem): Door Card"
        typed("Dh")  # a slip: the queen is already out
        assert w.panel.error.text() == (
            "Die Karte D♥ ist in diesem Spiel schon gesehen (offene Karte von Platz 1) — D-1"
        )
        qtbot.keyClick(focus(), Qt.Key_A, Qt.ControlModifier)
        typed("Zd")  # Zehn: the ten of diamonds
        assert [s.up for s in c.seats()] == [["Qh"], ["Js"], ["Td"]]
        assert w.panel.prompt.text() == "Platz 3 setzt den Bring-in: niedrigste Door Card, 10♦"
        picker = [b.text() for b in w.panel.picker.values()]
        assert "D♥" in picker and "B♠" in picker and "Q♥" not in picker
    finally:
        app.removeTranslator(translator)


def test_a_translation_rewritten_on_disk_while_the_app_runs_stays_german(tmp_path):
    # Qt reads a .qm in place: an update (or a rebuild) that rewrites the file while the app
    # runs turned a dealer's screen English halfway through a hand; the app reads a copy
    import shutil

    from PySide6.QtCore import QCoreApplication

    from dealer_app.ui.app import load_translation

    qm = tmp_path / "dealer_app_de.qm"
    shutil.copy(I18N / "dealer_app_de.qm", qm)
    app = QApplication.instance()
    translator = load_translation(app, qm)
    assert translator is not None
    try:
        assert QCoreApplication.translate("Words", "Seat %1 folds") == "Platz %1 passt"
        qm.write_bytes(b"\0" * qm.stat().st_size)  # rewritten in place, as lrelease or an update does
        assert QCoreApplication.translate("Words", "Seat %1 folds") == "Platz %1 passt"
    finally:
        app.removeTranslator(translator)
    assert load_translation(app, tmp_path / "missing.qm") is None


def test_no_tr_call_hides_in_an_f_string():
    """lupdate does not read into f-strings: a tr() there is never translated (the floor
    console once showed "Legal now" in German)."""
    import io
    import re
    import tokenize

    call = re.compile(r"(?<![A-Za-z_])(tr|translate)\(")  # self.tr( or translate(, not getattr( or str(
    package = I18N.parents[1]
    hidden = []
    for path in sorted(package.rglob("*.py")):
        for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if (
                tok.type == tokenize.STRING
                and tok.string.lstrip("rbRB").startswith(("f", "F"))
                and call.search(tok.string)
            ):
                hidden.append(f"{path.name}:{tok.start[0]}")
    assert hidden == []

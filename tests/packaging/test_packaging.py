"""What the packaged app is tested with: --version, --smoke-test, and Help → About."""

import subprocess
import sys

from PySide6.QtCore import QSettings

from dealer_app import __version__


def test_version_and_smoke_test(tmp_path):
    out = subprocess.run([sys.executable, "-m", "dealer_app", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"dealer-app {__version__} (source)"
    pdf = tmp_path / "smoke.pdf"
    run = subprocess.run(
        [sys.executable, "-m", "dealer_app", "--smoke-test", str(pdf)],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert run.returncode == 0, run.stderr
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Ruling report" in text and "stud-1-2" in text and "Seal:" in text


def test_help_about_names_the_version_the_record_and_the_licences(qtbot, tmp_path):
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store
    from dealer_app.ui.main_window import MainWindow

    w = MainWindow(
        TableController(Store(tmp_path / "hands.sqlite3")), QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    )
    qtbot.addWidget(w)
    box = w.about()
    qtbot.addWidget(box)
    text = box.text()
    assert __version__ in text and str(tmp_path / "hands.sqlite3") in text
    assert "LGPL-3.0" in text and "PyYAML" in text and "fsrs" in text

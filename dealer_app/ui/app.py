"""Start the desktop app: translations, the hand record, the live table window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.history.store import Store, StoreError
from dealer_app.live.controller import TableController

I18N = Path(__file__).resolve().parent / "i18n"


def install_translator(app: QApplication, settings: QSettings) -> QTranslator | None:
    """German when the setting says so, or the system language is German (MusicBrainz Picard
    style: one .qm per language beside the code)."""
    choice = settings.value("language", "system")
    lang = QLocale.system().name().split("_")[0] if choice == "system" else choice
    if lang == "en":
        return None
    translator = QTranslator(app)
    if translator.load(str(I18N / f"dealer_app_{lang}.qm")):
        app.installTranslator(translator)
        return translator
    return None


def run_app(argv=None) -> int:
    app = QApplication.instance() or QApplication(argv or sys.argv)
    QCoreApplication.setOrganizationName("dealer-app")
    QCoreApplication.setApplicationName("dealer-app")
    settings = QSettings("dealer-app", "dealer-app")
    install_translator(app, settings)
    from dealer_app.ui.main_window import MainWindow
    try:
        store = Store()
    except (StoreError, OSError) as exc:
        QMessageBox.critical(None, "dealer-app", str(exc))
        return 1
    window = MainWindow(TableController(store), settings)
    window.resize(1280, 800)
    window.show()
    if not window.offer_resume():
        window.open_table_dialog()
    return app.exec()

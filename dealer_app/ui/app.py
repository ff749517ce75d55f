"""Start the desktop app: the one start-up of its three windows (the live table, the floor
console, the trainer: ``start_qt``), translations, the hand record."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.errorlog import report, setup_logging
from dealer_app.exit_code import ExitCode
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store, StoreError, open_record
from dealer_app.room.database import RoomError, WrongLogin, room_url
from dealer_app.settings import APP, GEOMETRY, LANGUAGE, RECORD_NAME, data_dir
from dealer_app.ui.screen_fit import FLOOR_WINDOW, MAIN_WINDOW, TRAINER_WINDOW, fit_window
from dealer_app.ui.settings_store import read
from dealer_app.ui.translations import qm_file
from dealer_app.ui.words import error_words

log = logging.getLogger(__name__)


# The translations in use, and the bytes they read from: Qt reads a translation in place, so
# the bytes must live as long as the app (and a .qm file rewritten on disk while the app runs,
# by an update or a rebuild, must not turn the screen English halfway through a hand).
_IN_USE: list[tuple[QTranslator, bytes]] = []


def load_translation(app: QCoreApplication, path: Path) -> QTranslator | None:
    """Install the translation in ``path`` from a copy in memory; None if it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    translator = QTranslator(app)
    if not translator.load(data):
        return None
    _IN_USE.append((translator, data))
    app.installTranslator(translator)
    return translator


def install_translator(app: QCoreApplication, settings: QSettings) -> QTranslator | None:
    """German when the setting says so, or the system language is German (MusicBrainz Picard
    style: one .qm per language beside the code)."""
    choice = read(settings, LANGUAGE)
    lang = QLocale.system().name().split("_")[0] if choice == "system" else choice
    if lang == "en":
        return None
    qm = qm_file(str(lang))  # built from the .ts on first use (never committed)
    translator = load_translation(app, qm) if qm is not None else None
    if translator is not None:
        # Qt's own words (Yes, No, Cancel on a message box) from the translations Qt ships
        load_translation(app, Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)) / f"qtbase_{lang}.qm")
    return translator


def app_settings() -> QSettings:
    """The settings the desktop app remembers (``settings_store.app_settings``)."""
    from dealer_app.ui.settings_store import app_settings as remembered

    return remembered()


def start_qt(argv=None) -> QCoreApplication:
    """The one start-up of every window the app opens (the live table, the floor console, the
    trainer): the Qt application and its names (where Qt keeps the settings), the dealer's
    language, the log in the data folder, and the hook that shows and logs an exception a slot
    lets escape."""
    app = QApplication.instance() or QApplication(argv or sys.argv)
    QCoreApplication.setOrganizationName(APP)
    QCoreApplication.setApplicationName(APP)
    install_translator(app, app_settings())
    setup_logging(data_dir())
    install_excepthook()
    return app


def run_app(argv=None, limits_dir: Path | None = None) -> ExitCode:
    """The live table. ``limits_dir``: the folder of limit tables (``--limits``; default
    ``settings.limits_dir``), handed to the table's controller, where tables are loaded."""
    app = start_qt(argv)
    settings = app_settings()
    # (here: each window loads only its own modules; report_application, which the
    # report command uses, loads none)
    from dealer_app.ui.main_window import MainWindow
    from dealer_app.ui.room_link import ask_room_at_start

    try:
        store, notes = table_record()
    except (StoreError, OSError) as exc:  # not even a temporary folder can be written
        QMessageBox.critical(None, "dealer-app", error_words(report(exc, "no hand record can be opened")))
        return ExitCode.FAILED
    # a record cut back, swapped for an older copy or re-dealt: caught by asking the room, if
    # one is configured, before any table is offered to resume
    notes = notes + ask_room_at_start(store, settings)
    window = MainWindow(TableController(store, limits_dir), settings)
    if read(settings, GEOMETRY) is None:
        fit_window(window, MAIN_WINDOW)  # at most the screen it opens on
    elif not window.isMaximized():
        fit_window(window, window.size())  # as the dealer left it, but never larger than this screen
    window.show()
    window.report_record_notes(notes)
    try:
        resumed = window.offer_resume()
    except Exception as exc:  # the record could be read at open but not listed: say so, go on
        QMessageBox.warning(window, "dealer-app", error_words(report(exc, "listing the open tables")))
        resumed = False
    if not resumed:
        window.open_table_dialog()
    return ExitCode.of_event_loop(app.exec())


def table_record():
    """The live table's record: the record service's when its socket is there (an installed
    table: recordsvc/; a service that does not answer is an error, never a quiet fallback to a
    record the dealer's login could edit), else this login's own (``open_record``)."""
    from dealer_app.recordsvc.client import service_store

    store = service_store()
    if store is not None:
        return store, []
    return open_record(data_dir())


def install_excepthook():
    """An exception that escapes a slot reaches here: the dealer is told in words and the log
    keeps the traceback (Qt would only print it to a terminal nobody sees)."""

    def hook(exc_type, exc, tb):
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        exc.__traceback__ = tb
        message = error_words(report(exc, "uncaught in the user interface"))
        QMessageBox.critical(QApplication.activeWindow(), "dealer-app", message)

    sys.excepthook = hook


def run_floor(record: str | None = None, argv=None, database: str | None = None) -> ExitCode:
    """``dealer-app floor [RECORD]``: the floor console on its own. On an installed table (the
    record service's socket is there) and no RECORD named: the service's record, read here,
    its rulings written by the service. Else the record is opened to write rulings where it can be; a record that cannot be written (a copy on a read-only
    disk, another machine's key) is opened to read, and rulings are refused with the reason.
    ``dealer-app floor --database URL`` (or with ``DEALER_APP_DATABASE`` and no RECORD): the
    console on the card room's server, every table live (issue 15)."""
    # (here: the floor console's modules load only when it opens)
    from dealer_app.ui.floor_window import FloorWindow

    app = start_qt(argv)

    url = room_url(database) if record is None or database else None
    if url is not None:
        # (here: the room's window and psycopg load only for a room)
        from dealer_app.ui.room_window import RoomFloorWindow

        try:
            room = RoomFloorWindow(url)
        except WrongLogin as exc:
            if database:  # asked for by name: say why not
                QMessageBox.critical(None, "dealer-app", error_words(exc))
                return ExitCode.FAILED
            # DEALER_APP_DATABASE names this table's own login: the console is on its record
            log.info("floor: %s; the console opens this machine's record", exc)
        except RoomError as exc:
            QMessageBox.critical(None, "dealer-app", error_words(exc))
            return ExitCode.FAILED
        else:
            fit_window(room, FLOOR_WINDOW)
            room.show()
            return ExitCode.of_event_loop(app.exec())
    if record is None:  # an installed table: the service's record, its rulings written by the service
        from dealer_app.recordsvc.client import service_store

        try:
            service = service_store()
        except StoreError as exc:
            QMessageBox.critical(None, "dealer-app", error_words(exc))
            return ExitCode.FAILED
        if service is not None:
            window = FloorWindow(service)
            fit_window(window, FLOOR_WINDOW)
            window.show()
            return ExitCode.of_event_loop(app.exec())
    path = Path(record) if record else data_dir() / RECORD_NAME
    try:
        store = Store(path, create=False)
    except StoreError:
        try:
            store = Store.read_only(path)
        except StoreError as exc:
            QMessageBox.critical(None, "dealer-app", error_words(exc))
            return ExitCode.FAILED
    window = FloorWindow(store)
    fit_window(window, FLOOR_WINDOW)
    window.show()
    return ExitCode.of_event_loop(app.exec())


def report_application():
    """The Qt application a report needs to draw the table view: offscreen when there is no
    display, in the UI's language."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(["dealer-app"])
    install_translator(app, app_settings())
    return app


def run_trainer(argv=None) -> ExitCode:
    """``dealer-app train``: the dealer trainer on its own; trainees and their answers are kept
    in the app's record database (tables of their own)."""
    # (here: the trainer's modules load only when it opens)
    from dealer_app.training.progress import Progress
    from dealer_app.ui.trainer_window import TrainerWindow

    app = start_qt(argv)
    try:
        store, _notes = open_record(data_dir())
    except (StoreError, OSError) as exc:
        QMessageBox.critical(None, "dealer-app", error_words(report(exc, "no hand record can be opened")))
        return ExitCode.FAILED
    window = TrainerWindow(Progress(store.db))
    fit_window(window, TRAINER_WINDOW)
    window.show()
    return ExitCode.of_event_loop(app.exec())

"""The live table window: the table, the dealer's panel, the rulings log, menus and keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import QInputDialog, QLabel, QMainWindow, QMessageBox, QSplitter

from dealer_app import __version__
from dealer_app.errorlog import log
from dealer_app.floor.rulings import check_room_ruling, room_ruling_applied
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import open_record
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.settings import FOUR_COLOUR, GEOMETRY, LANGUAGE, PLAYERS_DISPLAY, build_name, data_dir
from dealer_app.ui.action_panel import ActionPanel, run_guarded
from dealer_app.ui.file_dialogs import raise_dialog
from dealer_app.ui.floor_dialogs import IrregularityDialog
from dealer_app.ui.floor_login_words import table_floor_authority
from dealer_app.ui.keys import DealerKeys
from dealer_app.ui.new_table_dialog import NewTableDialog
from dealer_app.ui.players_display import PlayersDisplay
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.resume_dialog import ResumeDialog
from dealer_app.ui.room_link import RoomSettingsDialog, TableLink
from dealer_app.ui.room_ruling_dialog import RoomRulingDialog
from dealer_app.ui.rulings import RulingsLog
from dealer_app.ui.screen_fit import FLOOR_WINDOW, TRAINER_WINDOW, ScrollingPanel, fit_window
from dealer_app.ui.seat_dialogs import JoinDialog, LeaveDialog, TopUpDialog
from dealer_app.ui.settings_store import read, save_geometry, write
from dealer_app.ui.table_view import TableView
from dealer_app.ui.words import error_words, fill, profile_name, table_title

if TYPE_CHECKING:
    from dealer_app.engine.session import TableSession


class MainWindow(QMainWindow):
    def __init__(self, controller: TableController, settings: QSettings | None = None):
        super().__init__()
        if settings is None:
            from dealer_app.ui.settings_store import app_settings

            settings = app_settings()
        self.settings = settings
        self.bridge = ControllerBridge(controller, self)
        self.ask_before_closing = True  # with a hand open, Quit asks first
        self._training_store = None  # the trainer's own record, on an installed table (``trainer``)
        self.setWindowTitle(self.tr("Stud Dealer Assistant"))
        self.table_view = TableView(self.bridge)
        # four-colour suits unless the dealer turned them off (two red suits are misread across a
        # table); type=bool makes Qt return a bool, bool() says so to the type checker
        self.table_view.four_colour = read(self.settings, FOUR_COLOUR)
        self.panel = ActionPanel(self.bridge)
        self.rulings = RulingsLog(self.bridge)
        self.panel.rule_clicked.connect(self.rulings.show_rules)
        right = QSplitter(Qt.Orientation.Vertical)
        self.panel_area = ScrollingPanel(self.panel)  # (scrolls only where a screen is too short for it)
        right.addWidget(self.panel_area)
        right.addWidget(self.rulings)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([640, 180])  # (the panel first: on a 1280x720 screen the log gets what is left)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table_view)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([820, 460])
        self.setCentralWidget(split)
        self.players_display: PlayersDisplay | None = None  # Window → Players' display, made when first opened
        self._menus()
        muck = QShortcut(QKeySequence("Ctrl+M"), self)  # the window owns it, so it lives as long
        muck.activated.connect(self.panel._muck)
        self.keys = DealerKeys(self, self.panel)  # the dealer's keys, wherever the focus is
        self.record_label = QLabel()
        self.statusBar().addWidget(self.record_label, 1)
        self.seal_label = QLabel()
        self.seal_label.setObjectName("seal")
        self.statusBar().addPermanentWidget(self.seal_label)
        if controller.store is not None:
            self.record_label.setText(fill(self.tr("Hand record: %1"), str(controller.store.path)))

        self.room_label = QLabel()
        self.room_label.setObjectName("room")
        self.statusBar().addPermanentWidget(self.room_label)
        self.room = TableLink(self.room_label, self.settings, self)
        self._join_room()  # (if a card room's server is named: DEALER_APP_DATABASE, Settings)
        self.panel.set_four_colour(self.table_view.four_colour)
        self.bridge.changed.connect(self._update_actions)
        self.bridge.changed.connect(self._say_floor_ruling)
        # the room's rulings that move chips here: shown between hands (issue 26 §4)
        self.room_ruling_dialog: RoomRulingDialog | None = None
        self._room_asked: dict[tuple[int, str], tuple] = {}  # a ruling -> (session, hand) it was shown after
        self._room_told: dict[tuple[int, str], str] = {}  # a ruling that cannot be applied -> why, as said
        self.room.rulings_changed.connect(self._offer_room_ruling)
        self.bridge.changed.connect(self._offer_room_ruling)
        self._update_actions()
        geometry = read(self.settings, GEOMETRY)
        if geometry is not None:
            self.restoreGeometry(geometry)  # size, place and maximised state, as the dealer left them
        if read(self.settings, PLAYERS_DISPLAY):  # open at the last quit: open again
            self.players_display_action.setChecked(True)

    @property
    def controller(self) -> TableController:
        return self.bridge.live

    # --- menus ----------------------------------------------------------------------------
    def _menus(self):
        table = self.menuBar().addMenu(self.tr("&Table"))
        self.new_table_action = table.addAction(self.tr("&Open table…"), QKeySequence("Ctrl+N"), self.open_table_dialog)
        self.resume_action = table.addAction(self.tr("&Resume table…"), self.resume_dialog)
        self.start_action = table.addAction(
            self.tr("&Start hand"), QKeySequence("Ctrl+H"), lambda: self._run(self.controller.start_hand)
        )
        self.close_table_action = table.addAction(self.tr("&Close table"), self.close_table)
        table.addSeparator()
        table.addAction(self.tr("&Quit"), QKeySequence.StandardKey.Quit, self.close)
        table.insertSeparator(table.actions()[-1])
        self.irregularity_action = QAction(self.tr("Report &irregularity…"), self)
        self.irregularity_action.setShortcut(QKeySequence("Ctrl+I"))
        self.irregularity_action.triggered.connect(self.irregularity_dialog)
        table.insertAction(table.actions()[-2], self.irregularity_action)
        # M-2: the floor switches a mixed table's game between hands (the floor's act)
        self.switch_game_action = QAction(self.tr("Switch &game…"), self)
        self.switch_game_action.setShortcut(QKeySequence("Ctrl+G"))
        self.switch_game_action.triggered.connect(self.switch_game_dialog)
        table.insertAction(table.actions()[-2], self.switch_game_action)
        edit = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = edit.addAction(self.tr("&Undo"), QKeySequence.StandardKey.Undo, self.undo)
        self.redo_action = edit.addAction(self.tr("&Redo"), QKeySequence("Ctrl+Shift+Z"), self.redo)
        seats = self.menuBar().addMenu(self.tr("&Seats"))
        seats.addAction(self.tr("&Join…"), self.join_dialog)
        seats.addAction(self.tr("&Top up…"), self.top_up_dialog)
        seats.addAction(self.tr("Sit &out / sit in…"), self.sit_out_dialog)
        seats.addAction(self.tr("&Leave…"), self.leave_dialog)
        floor = self.menuBar().addMenu(self.tr("&Floor"))
        self.floor_action = floor.addAction(self.tr("&Open floor console…"), self.floor_console)
        training = self.menuBar().addMenu(self.tr("T&raining"))
        training.addAction(self.tr("Open the &trainer…"), self.trainer)
        window = self.menuBar().addMenu(self.tr("&Window"))
        self.players_display_action = window.addAction(self.tr("&Players' display"))
        self.players_display_action.setCheckable(True)
        self.players_display_action.setShortcut(QKeySequence("Ctrl+P"))
        self.players_display_action.toggled.connect(self._show_players_display)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.tr("&About…"), self.about)
        settings = self.menuBar().addMenu(self.tr("Setti&ngs"))
        four = settings.addAction(self.tr("&Four-colour suits"))
        four.setCheckable(True)
        four.setChecked(self.table_view.four_colour)
        four.toggled.connect(self._four_colour)
        settings.addAction(self.tr("&Card room…"), self.room_settings)
        lang = settings.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        current = read(self.settings, LANGUAGE)
        for code, name in (("system", self.tr("System language")), ("en", "English"), ("de", "Deutsch")):
            a = QAction(name, self, checkable=True)
            a.setChecked(code == current)
            a.triggered.connect(lambda _=False, c=code: self._language(c))
            group.addAction(a)
            lang.addAction(a)

    def room_settings(self):
        """Settings → Card room…: the room's server and this table's name; forwarding starts
        (or stops) at once."""

        dialog = RoomSettingsDialog(self.settings, self)
        dialog.accepted.connect(self._join_room)
        raise_dialog(dialog)
        return dialog

    def _join_room(self) -> None:
        """The table's rows forwarded to the room named (if any), and its floor acts made under
        the floor person's own room login there (else under the local floor accounts)."""
        self.room.start(self.controller.store)
        self.controller.floor_authority = table_floor_authority(self.room.url(), self.controller.store)

    def _show_players_display(self, on: bool):
        """Window → Players' display (Ctrl+P): the players' window opens or closes; whether it is
        open is kept for the next start, and closing the window itself unticks the item."""
        write(self.settings, PLAYERS_DISPLAY, on)
        if on:
            if self.players_display is None:
                self.players_display = PlayersDisplay(self.bridge, self.settings, self)
                self.players_display.closed.connect(lambda: self.players_display_action.setChecked(False))
            self.players_display.four_colour = self.table_view.four_colour
            self.players_display.refresh()
            self.players_display.open()
        elif self.players_display is not None and self.players_display.isVisible():
            self.players_display.close()

    def _four_colour(self, on: bool):
        write(self.settings, FOUR_COLOUR, on)
        self.table_view.four_colour = on
        self.panel.set_four_colour(on)
        self.table_view.update()
        if self.players_display is not None:
            self.players_display.four_colour = on
            self.players_display.refresh()
            self.players_display.update()

    def _language(self, code: str):
        write(self.settings, LANGUAGE, code)
        QMessageBox.information(self, self.tr("Language"), self.tr("The language changes at the next start."))

    def _say_floor_ruling(self, change: str):
        """A floor ruling moved chips on this table's seats: the dealer is told why, in words
        that stay a minute in the status bar (the seats show the new stacks)."""
        notice = self.controller.floor_notice
        if change == "floor_ruling" and notice is not None:
            self.statusBar().showMessage(error_words(notice), 60000)

    def _offer_room_ruling(self, _change: str = ""):
        """Between hands only: a ruling of the room's floor that moves chips at this table, not
        applied by its record, is shown to the dealer (once after each hand, until applied; one
        that cannot be applied here is said, with why, once)."""

        c = self.controller
        if self.room_ruling_dialog is not None or c.store is None or c.session is None or c.hand is not None:
            return
        for pending in self.room.rulings:
            key = (pending.id, pending.hash)
            if pending.session != c.session_id or self._room_asked.get(key) == (c.session_id, c.hand_no):
                continue
            if room_ruling_applied(c.store, pending):
                continue
            refused = None
            try:
                check_room_ruling(c, pending)
            except InputError as exc:
                refused = error_words(exc)
                if self._room_told.get(key) == refused:
                    continue
                self._room_told[key] = refused
            self._room_asked[key] = (c.session_id, c.hand_no)
            dialog = RoomRulingDialog(c, pending, refused, self)
            dialog.setModal(True)
            dialog.finished.connect(lambda result, d=dialog: self._room_ruling_done(d, result))
            self.room_ruling_dialog = dialog
            dialog.open()
            dialog.activateWindow()
            return

    def _room_ruling_done(self, dialog: RoomRulingDialog, result: int):
        """The dealer applied the room's ruling (the floor's notice is in the status bar), or left
        it for after the next hand: said, so that nothing is left silently."""
        from PySide6.QtCore import QTimer

        self.room_ruling_dialog = None
        if dialog.applied is None and dialog.refused is None:
            self.statusBar().showMessage(
                fill(
                    self.tr("The floor's ruling on hand %1 is not applied yet: it is shown again after the next hand"),
                    f"{dialog.pending.session}-{dialog.pending.hand}",
                ),
                60000,
            )
        dialog.deleteLater()
        QTimer.singleShot(0, self._offer_room_ruling)  # (another ruling may be waiting)

    def _update_actions(self, _change: str = ""):
        c = self.controller
        # always enabled: Ctrl+Z with nothing to undo says so (a disabled action would be silent)
        self.undo_action.setEnabled(c.session is not None)
        self.redo_action.setEnabled(c.session is not None)
        self.start_action.setEnabled(c.prompt().kind in ("between", "award"))
        self.close_table_action.setEnabled(c.session is not None)
        self.irregularity_action.setEnabled(c.hand is not None)
        # (enabled with a hand open too: Ctrl+G then says why not, rather than doing nothing)
        self.switch_game_action.setEnabled(c.session is not None and c.session.mix is not None)
        self.floor_action.setEnabled(c.store is not None)
        if c.last_seal is not None:  # the record's seal of the last hand, for the dealer to read out
            seal = fill(self.tr("Hand %1 sealed: %2"), str(c.last_seal.hand), c.last_seal.seal)
            if c.seal_problem:
                seal += " — " + error_words(c.seal_problem)
            self.seal_label.setText(seal)
            self.seal_label.setStyleSheet(
                "color: #b00020; font-weight: bold" if c.seal_problem else "font-weight: bold"
            )
        title = self.tr("Stud Dealer Assistant")
        if c.session is not None:
            title = f"{table_title(c.session.table)} · {profile_name(c.session.profile)} — {title}"
        self.setWindowTitle(title)

    # --- commands -------------------------------------------------------------------------
    def _run(self, fn, *args) -> bool:
        return run_guarded(self.panel.show_error, fn, *args)

    def irregularity_dialog(self):
        """Ctrl+I: the dealer reports an irregularity; the dialog states the remedy and its rule."""

        if self.controller.hand is None:
            self.panel.show_error(self.tr("No hand is open: an irregularity is reported during a hand"), "I-3")
            return None
        dialog = IrregularityDialog(self.controller, self)
        dialog.setModal(True)
        dialog.show()
        dialog.activateWindow()
        return dialog

    def switch_game_dialog(self):
        """Ctrl+G: the floor switches a mixed table's game between hands (M-2); with a hand open,
        or at a one-game table, the dealer is told why not and no dialog opens."""
        from dealer_app.ui.switch_game_dialog import SwitchGameDialog

        if not self._run(self.controller.check_game_switch):
            return None
        dialog = SwitchGameDialog(self.controller, self)
        dialog.setModal(True)
        dialog.show()
        dialog.activateWindow()
        return dialog

    def floor_console(self):
        """Floor → Open: the console on this table's record (rulings here are the floor's)."""
        # (here: the floor console loads when it is opened, not with the table)
        from dealer_app.ui.floor_window import FloorWindow

        window = FloorWindow(self.controller.store, controller=self.controller)
        fit_window(window, FLOOR_WINDOW)  # at most the screen it opens on
        window.show()
        self._floor_window = window  # kept alive while open
        return window

    def about(self):
        """Help → About: the version and build, where the record is, the bundled parts' licences."""
        import html
        import platform

        import PySide6
        import yaml

        store = self.controller.store
        parts = [
            ("Python", platform.python_version(), "PSF License"),
            ("Qt / PySide6", PySide6.__version__, "LGPL-3.0"),
            ("PyYAML", yaml.__version__, "MIT"),
            ("fsrs", _version_of("fsrs"), "MIT"),
            ("psycopg", _version_of("psycopg"), "LGPL-3.0"),
            ("libpq (psycopg-binary)", _libpq_version(), "PostgreSQL Licence"),
        ]
        rows = "".join(
            f"<tr><td>{html.escape(n)}</td><td>{html.escape(v)}</td><td>{html.escape(lic)}</td></tr>"
            for n, v, lic in parts
        )
        name = self.tr("Stud Dealer Assistant")
        built = fill(self.tr("Build: %1"), build_name())
        record = fill(self.tr("Hand record: %1"), str(store.path) if store else "—")
        proves = self.tr(
            "The hand record proves itself against anyone without its key (record.key): an edited, "
            "deleted or inserted row is found at start, by 'dealer-app verify' and in the floor's "
            "report. Whoever holds the key and the file can rewrite it unseen; keep the anchors file "
            "on another disk. A card room's database owner can turn off the room's checks and "
            "rewrite or delete the room's copy unseen: the floor's console does not detect it yet."
        )
        text = (
            f"<h3>{html.escape(name)} {__version__}</h3><p>{html.escape(built)}<br>{html.escape(record)}</p>"
            f"<p>{html.escape(proves)}</p>"
            f"<table cellpadding='2'>{rows}</table>"
        )
        box = QMessageBox(self)
        box.setWindowTitle(self.tr("About"))
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(text)
        box.open()
        return box

    def trainer(self):
        """Training → Open: drills on this table view's engine; answers kept in this record's database."""
        # (here: the trainer loads when it is opened, not with the table)
        from dealer_app.training.progress import Progress
        from dealer_app.ui.trainer_window import TrainerWindow

        store = self.controller.store
        if self._training_store is None and isinstance(store, ServiceStore):
            # an installed table: the record is the service's and read-only here, so the
            # trainer keeps its progress where `dealer-app train` keeps it on this machine, in
            # this login's own record (README: the trainer on an installed table)
            self._training_store, notes = open_record(data_dir())
            for note in notes:
                log.info("the trainer's record: %s", note)
        if self._training_store is not None:
            store = self._training_store
        window = TrainerWindow(Progress(store.db) if store is not None and store.writable else None)
        fit_window(window, TRAINER_WINDOW)
        window.show()
        self._trainer_window = window
        return window

    def undo(self):
        c = self.controller
        if c.hand is None or not c.inputs:  # said, not silently ignored: the dealer pressed the key
            self.panel.show_error(
                self.tr("Nothing to undo: seat changes and confirmed awards are final")
                if c.hand is None
                else self.tr("Nothing to undo yet in this hand"),
                "T-4",
            )
            return
        self._run(c.undo)

    def redo(self):
        c = self.controller
        if c.hand is None or not c.redo_stack:
            self.panel.show_error(self.tr("Nothing to redo"))
            return
        self._run(c.redo)

    def _leave_hand_ok(self, doing: str) -> bool:
        """A hand is open: ask before leaving it (it stays in the record, unfinished)."""
        if not self.controller.hand_in_progress():
            return True
        answer = QMessageBox.question(
            self,
            self.tr("Hand in progress"),
            fill(
                self.tr("Hand %1 is not finished. %2 anyway? The hand stays in the record as it is."),
                str(self.controller.hand_no),
                doing,
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )  # Enter keeps the hand: leaving it takes a deliberate choice
        return answer == QMessageBox.StandardButton.Yes

    def _current_table_settled(self) -> bool:
        """Between hands, before another table is opened: close this one, or keep it open to
        resume later? (Cancel keeps everything as it is.)"""
        c = self.controller
        if c.session is None or c.hand_in_progress():
            return True
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Open another table"),
            fill(self.tr("%1 is open. Close it before the other table is opened?"), table_title(c.session.table)),
            QMessageBox.StandardButton.NoButton,
            self,
        )
        close = box.addButton(self.tr("Close this table"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(self.tr("Keep it open to resume"), QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        if box.clickedButton() is close:
            return self._run(c.close_table)
        return box.clickedButton() is keep

    def open_table_dialog(self) -> NewTableDialog | None:
        if not self._leave_hand_ok(self.tr("Open another table")) or not self._current_table_settled():
            return None
        dialog = NewTableDialog(self.controller, self)
        dialog.open()
        return dialog

    def resume_dialog(self) -> ResumeDialog | None:
        if not self._leave_hand_ok(self.tr("Resume another table")) or not self._current_table_settled():
            return None
        dialog = ResumeDialog(self.controller, self)
        dialog.open()
        return dialog

    def close_table(self):
        if self.controller.session is None:
            return
        if self.controller.hand_in_progress():
            if not self._leave_hand_ok(self.tr("Close the table")):
                return
        elif (
            QMessageBox.question(
                self, self.tr("Close table"), self.tr("Close this table? It is no longer offered to resume.")
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self._run(self.controller.close_table)

    def closeEvent(self, event):
        if not self.ask_before_closing or self._leave_hand_ok(self.tr("Quit")):
            save_geometry(self.settings, GEOMETRY, self)
            if self.players_display is not None and self.players_display.isVisible():
                self.players_display.close()  # (which unticks the item and forgets it: but it was open)
                write(self.settings, PLAYERS_DISPLAY, True)
            self.room.stop()
            event.accept()
        else:
            event.ignore()

    def _seat_change_allowed(self) -> bool:
        """Seats change between hands only (T-4): say so before asking anything."""
        return self._run(self.controller.check_seat_change)

    def _open_session(self) -> TableSession:
        """The table's session, for a seat change that check_seat_change has allowed (it refuses
        when no table is open)."""
        session = self.controller.session
        assert session is not None, "a seat change is allowed only at an open table"
        return session

    def _ask_seat(self, title: str) -> int | None:
        if not self._seat_change_allowed():
            return None
        seats = sorted(self._open_session().seats.items())
        labels = [fill(self.tr("%1 — %2"), str(s), p.name) for s, p in seats]
        choice, ok = QInputDialog.getItem(self, title, self.tr("Seat"), labels, 0, False)
        return seats[labels.index(choice)][0] if ok else None

    def join_dialog(self):
        """Seats → Join: seat, name and buy-in in one dialog, kept open (as typed) when refused."""

        if self.controller.session is None or not self._seat_change_allowed():
            return None
        return self._seat_dialog(JoinDialog(self.controller, self))

    def _seat_dialog(self, dialog):
        # what was done stays readable in the status bar (a wrong top-up is seen, and told the floor)
        dialog.accepted.connect(lambda: self.statusBar().showMessage(dialog.done_words, 30000))
        dialog.setModal(True)
        dialog.show()
        dialog.activateWindow()
        return dialog

    def top_up_dialog(self):
        """Seats → Top up: the seat's stack and the least amount it may add are shown (T-4)."""

        if self.controller.session is None or not self._seat_change_allowed():
            return None
        return self._seat_dialog(TopUpDialog(self.controller, self))

    def sit_out_dialog(self):
        seat = self._ask_seat(self.tr("Sit out / sit in"))
        if seat is not None:
            self._run(self.controller.set_sitting_out, seat, not self._open_session().seats[seat].sitting_out)

    def leave_dialog(self):
        """Seats → Leave: the amount the player takes is said, and asked again (final, T-4)."""

        if self.controller.session is None or not self._seat_change_allowed():
            return None
        return self._seat_dialog(LeaveDialog(self.controller, self))

    def offer_resume(self, answer: bool | None = None) -> bool:
        """At start: offer every table the record left open. ``answer=True`` resumes the
        newest resumable one without asking (tests, --resume)."""
        tables = self.controller.open_tables()
        if not tables:
            return False
        if answer is None:
            dialog = ResumeDialog(self.controller, self)
            dialog.exec()
            return self.controller.session is not None
        good = [t for t in tables if not t.problem]
        if answer and good:
            return self._run(self.controller.resume, good[0].session_id)
        return False

    def report_record_notes(self, notes: list[str]):
        """What happened to the record at start (a damaged file kept, a fresh one opened)."""
        if not notes:
            return
        for note in notes:
            log.warning("hand record: %s", note)
        store = self.controller.store
        assert store is not None  # (the notes are the record's, opened at start)
        self.record_label.setStyleSheet("color: #c62828; font-weight: bold;")
        self.record_label.setText(fill(self.tr("Hand record: %1 (see the warning at start)"), str(store.path)))
        QMessageBox.warning(self, self.tr("Hand record"), "\n\n".join(error_words(n) for n in notes))


def _libpq_version() -> str:
    try:
        import psycopg

        v = psycopg.pq.version()
    except (ImportError, AttributeError, OSError):  # (no libpq could be loaded: About says so)
        log.warning("About: libpq's version cannot be read", exc_info=True)
        return "?"
    return f"{v // 10000}.{v % 100}"


def _version_of(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "?"

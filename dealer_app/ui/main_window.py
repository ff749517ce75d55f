"""The live table window: the table, the dealer's panel, the rulings log, menus and keys."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import QInputDialog, QMainWindow, QMessageBox, QSplitter

from dealer_app.engine.money import to_cents
from dealer_app.live.controller import InputError, TableController
from dealer_app.ui.action_panel import ActionPanel
from dealer_app.ui.new_table_dialog import NewTableDialog
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.rulings import RulingsLog
from dealer_app.ui.table_view import TableView


class MainWindow(QMainWindow):
    def __init__(self, controller: TableController, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings or QSettings("dealer-app", "dealer-app")
        self.bridge = ControllerBridge(controller, self)
        self.setWindowTitle(self.tr("Stud Dealer Assistant"))
        self.table_view = TableView(self.bridge)
        self.table_view.four_colour = self.settings.value("four_colour", False, type=bool)
        self.panel = ActionPanel(self.bridge)
        self.rulings = RulingsLog(self.bridge)
        self.panel.rule_clicked.connect(self.rulings.show_rules)
        right = QSplitter(Qt.Vertical)
        right.addWidget(self.panel)
        right.addWidget(self.rulings)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([560, 220])
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.table_view)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([820, 460])
        self.setCentralWidget(split)
        self._menus()
        QShortcut(QKeySequence("Ctrl+M"), self, activated=self.panel._muck)
        if controller.store is not None:
            self.statusBar().showMessage(self.tr("Hand record: %1").replace("%1", str(controller.store.path)))
        self.bridge.changed.connect(self._update_actions)
        self._update_actions()

    @property
    def controller(self) -> TableController:
        return self.bridge.controller

    # --- menus ----------------------------------------------------------------------------
    def _menus(self):
        table = self.menuBar().addMenu(self.tr("&Table"))
        self.new_table_action = table.addAction(self.tr("&Open table…"), QKeySequence("Ctrl+N"), self.open_table_dialog)
        self.start_action = table.addAction(self.tr("&Start hand"), QKeySequence("Ctrl+H"),
                                            lambda: self._run(self.controller.start_hand))
        table.addSeparator()
        table.addAction(self.tr("&Quit"), QKeySequence.Quit, self.close)
        edit = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = edit.addAction(self.tr("&Undo"), QKeySequence("Ctrl+Z"), self.undo)
        self.redo_action = edit.addAction(self.tr("&Redo"), QKeySequence("Ctrl+Shift+Z"), self.redo)
        seats = self.menuBar().addMenu(self.tr("&Seats"))
        seats.addAction(self.tr("&Join…"), self.join_dialog)
        seats.addAction(self.tr("&Top up…"), self.top_up_dialog)
        seats.addAction(self.tr("Sit &out / sit in…"), self.sit_out_dialog)
        seats.addAction(self.tr("&Leave…"), self.leave_dialog)
        settings = self.menuBar().addMenu(self.tr("Se&ttings"))
        four = settings.addAction(self.tr("&Four-colour suits"))
        four.setCheckable(True)
        four.setChecked(self.table_view.four_colour)
        four.toggled.connect(self._four_colour)
        lang = settings.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        current = self.settings.value("language", "system")
        for code, name in (("system", self.tr("System language")), ("en", "English"), ("de", "Deutsch")):
            a = QAction(name, self, checkable=True)
            a.setChecked(code == current)
            a.triggered.connect(lambda _=False, c=code: self._language(c))
            group.addAction(a)
            lang.addAction(a)

    def _four_colour(self, on: bool):
        self.settings.setValue("four_colour", on)
        self.table_view.four_colour = on
        self.table_view.update()

    def _language(self, code: str):
        self.settings.setValue("language", code)
        QMessageBox.information(self, self.tr("Language"), self.tr("The language changes at the next start."))

    def _update_actions(self, _change: str = ""):
        c = self.controller
        self.undo_action.setEnabled(bool(c.hand is not None and c.inputs))
        self.redo_action.setEnabled(bool(c.hand is not None and c.redo_stack))
        self.start_action.setEnabled(c.prompt().kind in ("between", "award"))

    # --- commands -------------------------------------------------------------------------
    def _run(self, fn, *args) -> bool:
        try:
            fn(*args)
            return True
        except InputError as exc:
            self.panel.show_error(exc.message, ", ".join(exc.rules))
            return False

    def undo(self):
        self.controller.undo()

    def redo(self):
        self.controller.redo()

    def open_table_dialog(self) -> NewTableDialog:
        dialog = NewTableDialog(self.controller, self)
        dialog.open()
        return dialog

    def _ask_seat(self, title: str) -> int | None:
        seats = [str(s) for s in sorted(self.controller.session.seats)] if self.controller.session else []
        if not seats:
            return None
        seat, ok = QInputDialog.getItem(self, title, self.tr("Seat"), seats, 0, False)
        return int(seat) if ok else None

    def join_dialog(self):
        if self.controller.session is None:
            return
        seat, ok = QInputDialog.getInt(self, self.tr("Join"), self.tr("Seat"), 1, 1,
                                       self.controller.session.rules.max_players)
        if not ok:
            return
        name, ok = QInputDialog.getText(self, self.tr("Join"), self.tr("Name"))
        if not ok:
            return
        amount, ok = QInputDialog.getText(self, self.tr("Join"), self.tr("Buy-in"),
                                          text=str(self.controller.session.table.buy_in / 100))
        if ok:
            self._money_input(lambda cents: self.controller.seat_player(seat, name, cents), amount)

    def _money_input(self, fn, text: str):
        try:
            cents = to_cents(text.strip().lstrip("$€"))
        except ValueError as exc:
            self.panel.show_error(str(exc))
            return
        self._run(fn, cents)

    def top_up_dialog(self):
        seat = self._ask_seat(self.tr("Top up"))
        if seat is None:
            return
        amount, ok = QInputDialog.getText(self, self.tr("Top up"), self.tr("Amount to add"))
        if ok:
            self._money_input(lambda cents: self.controller.top_up(seat, cents), amount)

    def sit_out_dialog(self):
        seat = self._ask_seat(self.tr("Sit out / sit in"))
        if seat is not None:
            self._run(self.controller.set_sitting_out, seat, not self.controller.session.seats[seat].sitting_out)

    def leave_dialog(self):
        seat = self._ask_seat(self.tr("Leave"))
        if seat is not None:
            self._run(self.controller.leave, seat)

    def offer_resume(self, answer: bool | None = None) -> bool:
        """After a crash: offer to resume the table where the record stopped."""
        open_sessions = self.controller.resumable()
        if not open_sessions:
            return False
        sid, table, profile, opened = open_sessions[0]
        if answer is None:
            reply = QMessageBox.question(
                self, self.tr("Resume table"),
                self.tr("Table %1 (%2), opened %3, did not close. Resume it where it stopped?")
                .replace("%1", table).replace("%2", profile).replace("%3", opened[:16].replace("T", " ")))
            answer = reply == QMessageBox.Yes
        if answer:
            self.controller.resume(sid)
        return answer

    # --- keys: one key per action, Enter confirms -----------------------------------------
    def keyPressEvent(self, event):
        if event.key() in (Qt.Key_Return, Qt.Key_Enter):
            if self.panel.confirm():
                return
        text = event.text().upper()
        if text and self.controller.prompt().kind == "action" and self.panel.press_key(text):
            return
        super().keyPressEvent(event)

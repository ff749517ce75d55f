"""After a crash or a restart: every table the record left open, to resume or to close."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
)

from dealer_app.ui.action_panel import run_guarded
from dealer_app.ui.new_table_dialog import NewTableDialog
from dealer_app.ui.words import error_words, fill, input_text, profile_name, table_title


def _when(stamp: str) -> str:
    return stamp[:16].replace("T", " ") if stamp else ""


class ResumeDialog(QDialog):
    """Lists the open tables (newest first). A table that cannot be resumed is shown with the
    reason, greyed out; it can still be closed so it is not offered again."""

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Resume a table"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("These tables did not close. Resume one where it stopped, or close it.")))
        self.list = QListWidget()
        self.list.setObjectName("open_tables")
        self.list.setWordWrap(True)
        self.list.setMinimumSize(640, 240)
        layout.addWidget(self.list)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828; font-weight: bold;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.resume_button = QPushButton(self.tr("&Resume"))
        self.resume_button.setDefault(True)
        self.close_button = QPushButton(self.tr("&Close table"))
        self.new_button = QPushButton(self.tr("&New table instead"))
        self.recount_button = QPushButton(self.tr("New table from the floor's &count…"))
        self.recount_button.setToolTip(
            self.tr(
                "For a table whose record fails its check: the floor closes it, counts the stacks and confirms them"
            )
        )
        buttons.addButton(self.resume_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.addButton(self.recount_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.recount_button.clicked.connect(self._floor_count)
        for b in (self.close_button, self.new_button, self.recount_button):
            b.setAutoDefault(False)  # Enter is Resume, the table played last (never a hidden button's)
        self.resume_button.setDefault(True)
        self.resume_button.clicked.connect(self._resume)
        self.close_button.clicked.connect(self._close_selected)
        self.new_button.clicked.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda _item: self._resume())
        self.list.currentRowChanged.connect(self._selection_changed)
        layout.addWidget(buttons)
        self.tables = []
        self.reload()

    def reload(self):
        self.tables = self.controller.open_tables()
        self.list.clear()
        for t in self.tables:
            players = ", ".join(t.players)
            if t.problem:
                text = fill(
                    self.tr("%1 (%2), opened %3 — cannot be resumed: %4"),
                    t.table,
                    t.profile,
                    _when(t.opened_at),
                    error_words(t.problem_says or t.problem),
                )
            else:
                name = table_title(t.limit_table) if t.limit_table is not None else t.table  # as the dealer knows it
                house = profile_name(t.house) if t.house is not None else t.profile
                text = fill(
                    self.tr("%1 (%2) — %3 — hand %4, %5 — last input at %6"),
                    name,
                    house,
                    players,
                    t.hand_no,
                    self.tr(t.stage),
                    _when(t.last_at),
                )
                if t.last_input:  # what the dealer did last, in words: the table is recognised by it
                    text += "\n" + fill(self.tr("Last input: %1"), input_text(t.last_input, t.currency))
            item = QListWidgetItem(text)
            if t.problem:
                item.setForeground(Qt.GlobalColor.gray)
            self.list.addItem(item)
        # the table played last (the list is in that order) that can be resumed: Enter resumes it
        first_good = next((i for i, t in enumerate(self.tables) if not t.problem), 0)
        if self.tables:
            self.list.setCurrentRow(first_good)
        self._selection_changed(self.list.currentRow())
        self.list.setFocus()

    def _selected(self):
        row = self.list.currentRow()
        return self.tables[row] if 0 <= row < len(self.tables) else None

    def _selection_changed(self, _row: int):
        t = self._selected()
        self.resume_button.setEnabled(t is not None and not t.problem)
        self.recount_button.setVisible(t is not None and t.failing)
        self.close_button.setEnabled(t is not None and not t.in_use)

    def _show_error(self, message: str, rules: str = ""):
        self.error.setText(message + (f" — {rules}" if rules else ""))

    def _resume(self):
        t = self._selected()
        if t is None or t.problem:
            return
        if run_guarded(self._show_error, self.controller.resume, t.session_id):
            self.accept()

    def _close_selected(self):
        t = self._selected()
        if t is None:
            return
        answer = QMessageBox.question(
            self,
            self.tr("Close table"),
            fill(
                self.tr("Close %1 for good? Its hands stay in the record, but it is no longer offered to resume."),
                t.table,
            ),
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        floor = None
        if t.failing:  # the floor's act: its account and passphrase (never recorded, the passphrase)
            floor = self._ask_floor()
            if floor is None:
                return
        if run_guarded(self._show_error, self.controller.close_open_table, t.session_id, floor):
            self.reload()
            if not self.tables:
                self.reject()

    def _floor_count(self):
        """A table whose record fails: the floor closes it (account and passphrase) and a fresh table is
        opened from the stacks the floor counts, prefilled with what the record last said."""
        t = self._selected()
        if t is None or not t.failing:
            return
        floor = self._ask_floor()
        if floor is None or not run_guarded(self._show_error, self.controller.close_open_table, t.session_id, floor):
            return

        dialog = NewTableDialog(self.controller, self.parentWidget(), floor_count=True)
        dialog.fill(t.table, [(seat, name, stack) for seat, name, stack in t.seats])
        dialog.floor_name.setText(floor[0])
        self.accept()
        dialog.open()
        self.recount_dialog = dialog

    def _ask_floor(self) -> tuple[str, str] | None:
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        from dealer_app.ui.floor_login_words import floor_labels

        asked = floor_labels(self.controller, self.tr("Floor account"), self.tr("Floor passphrase"))
        name, ok = QInputDialog.getText(self, self.tr("Floor"), asked[0])
        if not ok or not name.strip():
            return None
        passphrase, ok = QInputDialog.getText(self, self.tr("Floor"), asked[1], QLineEdit.EchoMode.Password)
        return (name.strip(), passphrase) if ok else None

    # translatable stage names (the controller says them in English)
    def _register_for_lupdate(self):  # pragma: no cover - only read by pyside6-lupdate
        self.tr("between hands")
        self.tr("awards")
        self.tr("showdown")
        self.tr("third street")
        self.tr("fourth street")
        self.tr("fifth street")
        self.tr("sixth street")
        self.tr("seventh street")

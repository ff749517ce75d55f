"""Open a table: limit table, house profile, and 2 to 8 players with their buy-ins."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
)

from dealer_app.engine.limits import load_folder
from dealer_app.engine.session import MAX_NAME_LENGTH
from dealer_app.ui.action_panel import MoneySpinBox, run_guarded
from dealer_app.ui.floor_login_words import floor_labels
from dealer_app.ui.words import error_words, fill, money, structure_name, table_title


class NewTableDialog(QDialog):
    def __init__(self, controller, parent=None, floor_count: bool = False):
        """``floor_count``: a fresh table from stacks the floor counts and confirms with its
        account and passphrase (after a table whose record failed its check was closed)."""
        super().__init__(parent)
        self.controller = controller
        self.floor_count = floor_count
        self.setWindowTitle(self.tr("Open a table"))
        catalog = load_folder(controller.limits_dir)
        self.tables = list(catalog.tables.values())
        self.profiles = list(catalog.profiles)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.table_box = QComboBox()
        describe = self.tr("%1 — %2, ante %3, bring-in %4, buy-in %5")
        for t in self.tables:
            text = fill(
                describe,
                table_title(t),
                structure_name(t.structure),
                money(t.ante, t.currency),
                money(t.bring_in, t.currency),
                money(t.buy_in, t.currency),
            )
            self.table_box.addItem(text, t.name)
        self.profile_box = QComboBox()
        # typing the stakes or the game ("4-8", "hi-lo", "spread", "austria") picks the table
        self.find_box = QLineEdit()
        self.find_box.setObjectName("find_table")
        self.find_box.setPlaceholderText(self.tr("Type the stakes or the game: 4-8, hi-lo, spread …"))
        self.find_box.textEdited.connect(self._find_table)
        self._search = [_searchable(t, self.table_box.itemText(i)) for i, t in enumerate(self.tables)]
        form.addRow(self.tr("Find"), self.find_box)
        form.addRow(self.tr("Limit table"), self.table_box)
        form.addRow(self.tr("House rules"), self.profile_box)
        layout.addLayout(form)
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("Seat")), 0, 0)
        grid.addWidget(QLabel(self.tr("Player")), 0, 1)
        grid.addWidget(QLabel(self.tr("Buy-in")), 0, 2)
        self.rows = []
        for seat in range(1, 9):
            check = QCheckBox(str(seat))
            name = QLineEdit()
            name.setPlaceholderText(self.tr("Name"))
            name.setMaxLength(MAX_NAME_LENGTH)  # the engine's limit, so typing stops there
            buy_in = MoneySpinBox()
            grid.addWidget(check, seat, 0)
            grid.addWidget(name, seat, 1)
            grid.addWidget(buy_in, seat, 2)
            name.textEdited.connect(lambda _t, c=check: c.setChecked(True))
            self.rows.append((seat, check, name, buy_in))
        layout.addLayout(grid)
        self.floor_name = QLineEdit()
        self.floor_passphrase = QLineEdit()
        self.floor_passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        if floor_count:  # the stacks are the floor's count: the floor's account confirms them
            note = QLabel(
                self.tr(
                    "The stacks are the floor's count, not buy-ins: the floor confirms them with their "
                    "account and passphrase, and the record says so."
                )
            )
            note.setWordWrap(True)
            layout.addWidget(note)
            floor_form = QFormLayout()
            asked = floor_labels(controller, self.tr("Floor account"), self.tr("Floor passphrase"))
            floor_form.addRow(asked[0], self.floor_name)
            floor_form.addRow(asked[1], self.floor_passphrase)
            layout.addLayout(floor_form)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828; font-weight: bold;")
        layout.addWidget(self.error)
        # a broken limits file never stops the others; the dealer sees which and why
        self.problems = QLabel("\n".join(error_words(p) for p in catalog.problems))
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b26a00;")
        self.problems.setVisible(bool(catalog.problems))
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.open_table)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.table_box.currentIndexChanged.connect(self._table_changed)
        self._table_changed()

    def _find_table(self, text: str):
        """The first limit table whose stakes, game or name hold every word typed."""
        words = text.casefold().replace("$", "").replace("€", "").split()
        if not words:
            return
        match = next((i for i, hay in enumerate(self._search) if all(w in hay for w in words)), None)
        if match is None:
            self._show_error(fill(self.tr("No limit table matches %1"), repr(text.strip())))
            return
        self.error.clear()
        self.table_box.setCurrentIndex(match)

    def _table_changed(self):
        t = self.tables[self.table_box.currentIndex()]
        self.profile_box.clear()
        self.profile_box.addItem(fill(self.tr("%1 (table default)"), t.profile), t.profile)
        for p in self.profiles:
            if p != t.profile:
                self.profile_box.addItem(p, p)
        for seat, check, name, buy_in in self.rows:
            enabled = seat <= t.seats
            for w in (check, name, buy_in):
                w.setEnabled(enabled)
            buy_in.currency = t.currency
            buy_in.setSingleStep(t.chip)
            buy_in.setValue(t.buy_in)

    def fill(self, table: str, players: list[tuple[int, str, int]], profile: str | None = None):
        """Set the dialog's fields (used by tests and by 'open the same table again')."""
        self.table_box.setCurrentIndex(self.table_box.findData(table))
        if profile:
            self.profile_box.setCurrentIndex(self.profile_box.findData(profile))
        for seat, name, amount in players:
            _, check, edit, buy_in = self.rows[seat - 1]
            check.setChecked(True)
            edit.setText(name)
            buy_in.setValue(amount)

    def open_table(self):
        players = [
            (seat, name.text().strip() or fill(self.tr("Seat %1"), str(seat)), buy_in.value())
            for seat, check, name, buy_in in self.rows
            if check.isChecked() and check.isEnabled()
        ]
        floor = (self.floor_name.text().strip(), self.floor_passphrase.text()) if self.floor_count else None
        if run_guarded(
            self._show_error,
            self.controller.open_table,
            self.table_box.currentData(),
            self.profile_box.currentData(),
            players,
            floor,
        ):
            self.accept()

    def _show_error(self, message: str, rules: str = ""):
        self.error.setText(message + (f" — {rules}" if rules else ""))


def _searchable(table, shown: str) -> str:
    """What typing finds a limit table by: its title and line as shown, its file name, and
    the stakes written without the currency ("4-8" finds "$4-8")."""
    hay = " ".join((shown, table.title, table.name, table.game, table.structure)).casefold()
    game_words = {"stud8": "hi-lo hilo eight-or-better", "razz": "razz lowball low"}
    return hay.replace("$", "").replace("€", "") + " " + game_words.get(table.game, "")

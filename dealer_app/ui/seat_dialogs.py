"""Seats → Join, Top up, Leave: one dialog each, between hands (T-1…T-5, §12 T-3).

Each dialog keeps what the dealer typed when the controller refuses it (the reason shown in
the dialog, the dialog left open), says the amounts that matter before anything is done — the
stack and the least top-up, the chips a leaving player takes, the chips a returning player may
come back with — and asks before a leave, which is final. No rule here: the amounts and the
refusals are the controller's.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_app.live.controller import InputError, TableController
from dealer_app.ui.action_panel import show_failure
from dealer_app.ui.inherited_words import inherited_tr
from dealer_app.ui.words import editable_money, fill, typed_cents


class _SeatDialog(QDialog):
    """The parts every seat dialog has: a form, a note of the amounts, a red refusal line, OK
    and Cancel; ``_apply`` does the change and raises the controller's refusal."""

    def tr(self, text: str, disambiguation: str | None = None, n: int = -1) -> str:  # type: ignore[override]
        # (this class's words are filed under _SeatDialog: found from a subclass too)
        return inherited_tr(self, "_SeatDialog", text, disambiguation, n)

    def __init__(self, controller: TableController, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        layout = QVBoxLayout(self)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.note = QLabel()
        self.note.setObjectName("seat_note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("font-size: 12pt;")
        layout.addWidget(self.note)
        self.error = QLabel()
        self.error.setObjectName("seat_error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.done_words = ""  # what was done, in words, for the status bar
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def money(self, cents: int) -> str:
        return self.controller.money(cents)

    def _show_error(self, message: str, rules: str = "") -> None:
        self.error.setText(message[:1].upper() + message[1:] + (f" — {rules}" if rules else ""))

    def _amount(self, edit: QLineEdit) -> int | None:
        text = edit.text()
        try:
            return typed_cents(text)
        except (ValueError, ArithmeticError):  # "abc", "1.234", "inf"
            self._show_error(fill(self.tr("%1 is not an amount of money"), repr(text)))
            edit.setFocus()
            edit.selectAll()
            return None

    def _ok(self) -> None:
        self.error.clear()
        try:
            done = self._apply()
        except Exception as exc:  # refused (kept open, as typed) — or a failure, logged too
            show_failure(self._show_error, exc, self._apply)
            return
        if done:
            self.accept()

    def _apply(self) -> bool:
        raise NotImplementedError


class JoinDialog(_SeatDialog):
    """A player sits down: seat, name, buy-in. A player who left this session is offered the
    chips they left with (§12, T-3)."""

    def __init__(self, controller: TableController, parent: QWidget | None = None):
        super().__init__(controller, self.tr("Join"), parent)
        session = controller.session
        assert session is not None  # the Seats menu opens it at an open table
        top = session.rules.max_players
        free = [s for s in range(1, top + 1) if s not in session.seats]
        self.seat = QSpinBox()
        self.seat.setRange(1, top)
        self.seat.setValue(free[0] if free else 1)  # the first free seat, not seat 1
        self.name = QLineEdit()
        self.name.setObjectName("join_name")
        self.buy_in = QLineEdit(editable_money(session.table.buy_in, ""))
        self.buy_in.setObjectName("join_buy_in")
        self._amount_typed = False
        self.form.addRow(self.tr("Seat"), self.seat)
        self.form.addRow(self.tr("Name"), self.name)
        self.form.addRow(fill(self.tr("Buy-in (%1)"), _sign(session.table.currency)), self.buy_in)
        self.name.textEdited.connect(self._name_typed)
        self.buy_in.textEdited.connect(lambda _t: setattr(self, "_amount_typed", True))
        self._name_typed("")
        self.name.setFocus()

    def _name_typed(self, name: str) -> None:
        """Say what this player may sit down with; a returning player's chips prefilled."""
        c = self.controller
        back = c.returning_stack(name)
        least = c.least_buy_in(name)
        if back is not None and back > 0:
            self.note.setText(
                fill(
                    self.tr("%1 left this session with %2: they may come back with those chips (T-3)"),
                    name.strip(),
                    self.money(back),
                )
            )
        else:
            note = fill(self.tr("Buy-in: at least %1 (T-3)"), self.money(least))
            gone = [fill(self.tr("%1 (%2)"), who, self.money(chips)) for who, chips in c.departed() if chips > 0]
            if gone:  # type one of these names to bring the player back with their chips
                note += "\n" + fill(self.tr("Left this session, may come back with their chips: %1"), ", ".join(gone))
            self.note.setText(note)
        if not self._amount_typed:
            self.buy_in.setText(editable_money(back if back else least, ""))

    def _apply(self) -> bool:
        cents = self._amount(self.buy_in)
        if cents is None:
            return False
        self.controller.seat_player(self.seat.value(), self.name.text(), cents)
        self.done_words = fill(
            self.tr("Seat %1: %2 sits down with %3"), self.seat.value(), self.name.text().strip(), self.money(cents)
        )
        return True


class TopUpDialog(_SeatDialog):
    """Chips added to a seat between hands (T-4): its stack and the least amount shown."""

    def __init__(self, controller: TableController, parent: QWidget | None = None):
        super().__init__(controller, self.tr("Top up"), parent)
        session = controller.session
        assert session is not None
        self.seat = seat_box(controller)
        self.amount = QLineEdit()
        self.amount.setObjectName("top_up_amount")
        self.form.addRow(self.tr("Seat"), self.seat)
        self.form.addRow(fill(self.tr("Amount to add (%1)"), _sign(session.table.currency)), self.amount)
        self.seat.currentIndexChanged.connect(self._seat_chosen)
        self._seat_chosen()
        self.amount.setFocus()

    def _seat_chosen(self, _index: int = 0) -> None:
        c = self.controller
        self.error.clear()  # a refusal was about the seat chosen before
        seat = self.seat.currentData()
        session = c.session
        if seat is None or session is None:
            return
        stack, least = session.seats[seat].stack, c.least_top_up(seat)
        self.note.setText(fill(self.tr("Stack now %1 · add at least %2 (T-4)"), self.money(stack), self.money(least)))
        self.amount.setText(editable_money(least, ""))
        self.amount.selectAll()

    def _apply(self) -> bool:
        cents = self._amount(self.amount)
        if cents is None:
            return False
        seat = self.seat.currentData()
        self.controller.top_up(seat, cents)
        session = self.controller.session
        stack = session.seats[seat].stack if session is not None else cents
        self.done_words = fill(self.tr("Seat %1 topped up %2: stack %3"), seat, self.money(cents), self.money(stack))
        return True


class LeaveDialog(_SeatDialog):
    """A player leaves with their stack: the amount said, and asked again before it is done
    (a leave is final, T-4; the player may come back this session with it, T-3)."""

    def __init__(self, controller: TableController, parent: QWidget | None = None):
        super().__init__(controller, self.tr("Leave"), parent)
        self.seat = seat_box(controller)
        self.form.addRow(self.tr("Seat"), self.seat)
        self.seat.currentIndexChanged.connect(self._seat_chosen)
        self._seat_chosen()
        self.left_with: int | None = None
        self.left_name = ""
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Leave…"))
        ok.setAutoDefault(False)
        self.seat.setFocus()  # the seat first: the Leave button is a deliberate choice

    def _seat_chosen(self, _index: int = 0) -> None:
        session = self.controller.session
        seat = self.seat.currentData()
        if seat is None or session is None:
            return
        p = session.seats[seat]
        self.note.setText(fill(self.tr("%1 takes %2 from the table"), p.name, self.money(p.stack)))

    def _apply(self) -> bool:
        session = self.controller.session
        seat = self.seat.currentData()
        if session is None or seat is None:
            raise InputError(self.tr("Nobody is seated"))
        self.controller.check_seat_change()
        p = session.seats[seat]
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Leave"),
            fill(
                self.tr(
                    "Seat %1 (%2) leaves the table with %3.\n\nPay out %3 and free the seat? This is final; %2 may "
                    "come back this session with these chips."
                ),
                seat,
                p.name,
                self.money(p.stack),
            ),
            QMessageBox.StandardButton.NoButton,
            self,
        )
        leave = box.addButton(fill(self.tr("Leave with %1"), self.money(p.stack)), QMessageBox.ButtonRole.AcceptRole)
        stay = box.addButton(self.tr("Stay seated"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)  # Enter keeps the player: leaving takes a deliberate choice
        box.setEscapeButton(stay)
        box.exec()
        if box.clickedButton() is not leave:
            return False
        self.left_name = p.name
        self.left_with = self.controller.leave(seat)
        self.done_words = fill(self.tr("%1 left the table with %2"), p.name, self.money(self.left_with))
        return True


def seat_box(controller: TableController) -> QComboBox:
    """The seated players to pick from, each with its seat, name and stack."""
    box = QComboBox()
    box.setObjectName("seat_choice")
    session = controller.session
    assert session is not None
    for seat, p in sorted(session.seats.items()):
        box.addItem(f"{seat} — {p.name} ({controller.money(p.stack)})", seat)
    box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return box


def _sign(currency: str) -> str:
    return "€" if currency == "EUR" else "$"

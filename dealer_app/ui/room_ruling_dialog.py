"""A ruling of the card room's floor that moves chips at this table (issue 26 §4), shown to the
dealer between hands: who ruled, on which hand, the chips per seat, the decision, in big words.

Enter applies it (``floor/rulings.rule_from_room``: the ruling row is committed, then the chips
move, and the status bar says why the stacks changed); Escape leaves it for later, and it is
shown again after the next hand. A ruling that cannot be applied here is said with why, and
moves nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from dealer_app.floor.rulings import room_floor_name, rule_from_room
from dealer_app.live.controller import InputError, TableController
from dealer_app.ui.words import error_words, fill

if TYPE_CHECKING:
    from dealer_app.room.forwarder import PendingRuling


def _chips_of(data: dict) -> dict[int, int]:
    try:
        return {int(s): int(a) for s, a in (data.get("chips") or {}).items()}
    except (TypeError, ValueError, AttributeError):
        return {}


def _big(label: QLabel, size: int, bold: bool = False) -> QLabel:
    font = QFont(label.font())
    font.setPointSize(size)
    font.setBold(bold)
    label.setFont(font)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)  # (the floor's words are shown as typed, never as markup)
    return label


class RoomRulingDialog(QDialog):
    """The room's ruling, for the dealer to apply now (Enter) or later (Escape). ``refused``:
    why it cannot be applied at this table (said, with only Close)."""

    def __init__(
        self,
        controller: TableController,
        pending: PendingRuling,
        refused: str | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.controller, self.pending, self.refused = controller, pending, refused
        self.applied = None  # the ruling, once its chips moved
        self.setWindowTitle(self.tr("A ruling from the floor"))
        data = pending.data
        layout = QVBoxLayout(self)
        layout.addWidget(
            _big(
                QLabel(
                    fill(
                        self.tr("The floor (%1) ruled on hand %2:"),
                        room_floor_name(pending),
                        f"{pending.session}-{pending.hand}",
                    )
                ),
                16,
                bold=True,
            )
        )
        decision = _big(QLabel(str(data.get("decision") or "")), 16)
        decision.setObjectName("decision")
        layout.addWidget(decision)
        seats = controller.session.seats if controller.session is not None else {}
        for seat, amount in sorted(_chips_of(data).items()):
            player = seats.get(seat)
            moved = ("+" if amount > 0 else "") + controller.money(amount)
            if player is not None:
                line = fill(
                    self.tr("Seat %1 %2: %3 (stack %4 → %5)"),
                    seat,
                    player.name,
                    moved,
                    controller.money(player.stack),
                    controller.money(player.stack + amount),
                )
            else:
                line = fill(self.tr("Seat %1: %2"), seat, moved)
            layout.addWidget(_big(QLabel(line), 18, bold=True))
        case = str(data.get("case") or "—")
        rules = ", ".join(str(r) for r in data.get("rules") or ()) if isinstance(data.get("rules"), list) else ""
        layout.addWidget(
            _big(
                QLabel(
                    fill(
                        self.tr("Case %1 · rules %2 · recorded in the room by the login %3"),
                        case,
                        rules or "—",
                        pending.floor_login,
                    )
                ),
                11,
            )
        )
        self.error = _big(QLabel(), 14, bold=True)
        self.error.setStyleSheet("color: #b00020;")
        if refused is not None:
            self.error.setText(
                fill(
                    self.tr("This ruling cannot be applied at this table: %1. No chip is moved — tell the floor."),
                    refused,
                )
            )
        else:
            question = _big(
                QLabel(
                    self.tr("Move these chips now? Enter applies the ruling; Esc leaves it for after the next hand.")
                ),
                14,
            )
            layout.addWidget(question)
        layout.addWidget(self.error)
        if refused is not None:
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
            buttons.rejected.connect(self.reject)
            default = buttons.button(QDialogButtonBox.StandardButton.Close)
        else:
            buttons = QDialogButtonBox()
            default = buttons.addButton(self.tr("Apply the ruling"), QDialogButtonBox.ButtonRole.AcceptRole)
            later = buttons.addButton(self.tr("Not now"), QDialogButtonBox.ButtonRole.RejectRole)
            later.setAutoDefault(False)
            buttons.accepted.connect(self.apply)
            buttons.rejected.connect(self.reject)
        default.setDefault(True)
        self._default = default
        layout.addWidget(buttons)
        # the words wrap: read across the table, not down a column; never shorter than their lines
        # at that width (keep_wrapped_lines would count them at the labels' own narrowest)
        self.setMinimumWidth(max(560, layout.totalMinimumSize().width()))
        layout.activate()
        self.setMinimumHeight(layout.totalHeightForWidth(self.minimumWidth()))

    def showEvent(self, event):
        super().showEvent(event)
        self._default.setFocus(Qt.FocusReason.OtherFocusReason)

    def apply(self):
        """Enter: the ruling recorded, then its chips moved; refused, it says why and stays."""
        try:
            self.applied = rule_from_room(self.controller, self.pending)
        except InputError as exc:
            self.error.setText(error_words(exc))
            return
        self.accept()

"""The floor's dialogs: "what if" from a recorded moment, a ruling (with the floor's account), and
the dealer's report of an irregularity at the live table."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.cards import CardError, format_card, parse_card
from dealer_app.engine.catalog import rule_text
from dealer_app.floor.cases import CATEGORIES, STATUSES
from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import REMEDIES, RulingRefused, record_ruling, rule_at_table
from dealer_app.floor.timeline import HandTimeline, TimelineError
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import StoreError
from dealer_app.ui.action_panel import ActionPanel, run_guarded
from dealer_app.ui.floor_login_words import floor_labels
from dealer_app.ui.keys import DealerKeys
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.screen_fit import WHAT_IF_WINDOW, ScrollingPanel, fit_window
from dealer_app.ui.table_view import TableView
from dealer_app.ui.words import (
    action_name,
    case_category,
    case_status,
    error_words,
    fill,
    irregularity_name,
    language,
    rank_aliases,
    step_text,
    typed_cents,
)


class WhatIfDialog(QDialog):
    """From a recorded moment, play on with other actions: the dealer's own table and action
    panel, on a controller with no record (``HandTimeline.what_if``), so nothing of it is ever
    stored."""

    def __init__(self, controller: TableController, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("What if — nothing here is recorded"))
        self._controller = controller
        self.bridge = ControllerBridge(controller, self)
        layout = QHBoxLayout(self)
        self.table_view = TableView(self.bridge)
        self.panel = ActionPanel(self.bridge)
        layout.addWidget(self.table_view, 3)
        side = QVBoxLayout()
        note = QLabel(self.tr("What if: try another action from this moment. The record is not touched."))
        note.setWordWrap(True)
        note.setStyleSheet("color: #8a5a00; font-weight: bold;")
        side.addWidget(note)
        side.addWidget(self.panel, 1)
        layout.addLayout(side, 2)
        self.keys = DealerKeys(self, self.panel)  # the dealer's keys, as at the table
        for keys, step in ((QKeySequence.StandardKey.Undo, self._undo), (QKeySequence("Ctrl+Shift+Z"), self._redo)):
            shortcut = QShortcut(keys, self)
            shortcut.activated.connect(step)
        fit_window(self, WHAT_IF_WINDOW)  # at most the screen it opens on

    def _undo(self):
        if not self.controller.inputs:
            self.panel.show_error(self.tr("Nothing to undo in the what-if"))
            return
        run_guarded(self.panel.show_error, self.controller.undo)

    def _redo(self):
        if not self.controller.redo_stack:
            self.panel.show_error(self.tr("Nothing to redo"))
            return
        run_guarded(self.panel.show_error, self.controller.redo)

    @property
    def controller(self) -> TableController:
        return self._controller


class RulingDialog(QDialog):
    """A ruling on the moment shown: facts, rules cited, decision, remedy, witnesses, camera
    reference, the floor's account and passphrase. Recorded (appended) only when it is complete."""

    def __init__(self, store, timeline: HandTimeline, moment: int, parent=None, table_controller=None):
        super().__init__(parent)
        self.store, self.timeline, self.moment = store, timeline, moment
        self.table_controller = table_controller
        self.setWindowTitle(fill(self.tr("Floor ruling — hand %1"), f"{timeline.session}-{timeline.hand}"))
        layout = QVBoxLayout(self)
        step = timeline.steps[moment]
        session = timeline.moment(moment).session
        currency = session.table.currency if session is not None else "USD"
        layout.addWidget(QLabel(fill(self.tr("The moment: step %1 — %2"), str(moment), step_text(step, currency))))
        form = QFormLayout()
        # (at a table in a room the floor gives their room login: floor_login_words)
        floor_label, passphrase_label = floor_labels(
            table_controller, self.tr("Floor account"), self.tr("Floor passphrase")
        )
        # the case: a new one, or one of this hand's that is not closed (an appeal, the closing)
        self.case = QComboBox()
        self.case.addItem(self.tr("New case"), "")
        latest: dict[str, Ruling] = {}
        for r in timeline.rulings():
            if r.case:
                latest[r.case] = r
        for number, r in latest.items():
            if r.status != "closed":
                self.case.addItem(
                    fill(self.tr("%1 (%2, %3)"), number, case_category(r.category), case_status(r.status)), number
                )
        self.category = QComboBox()
        for category in CATEGORIES:
            self.category.addItem(case_category(category), category)
        self.status = QComboBox()
        for status in STATUSES:
            self.status.addItem(case_status(status), status)
        self.status.setCurrentIndex(STATUSES.index("decided"))
        self._latest = latest
        self.case.currentIndexChanged.connect(self._case_chosen)
        self.facts = QPlainTextEdit()
        self.facts.setTabChangesFocus(True)
        self.rules = QLineEdit("I-3")
        self.rules.textChanged.connect(self._show_rules)
        self.decision = QPlainTextEdit()
        self.decision.setTabChangesFocus(True)
        self.remedy = QComboBox()
        for remedy, label in zip(
            REMEDIES,
            (
                self.tr("None: the decision only"),
                self.tr("Move chips between seats"),
                self.tr("Void the hand: every chip back"),
            ),
            strict=True,
        ):
            self.remedy.addItem(label, remedy)
        room_note = None
        if getattr(store, "moves_no_chips", False):  # a room's table: its seats are in its own record
            room_note = QLabel(
                self.tr(
                    "A ruling made in the room is recorded in the room. The chips it moves reach "
                    "the table: its dealer is shown the ruling between hands, and the chips move "
                    "on its seats when the dealer confirms."
                )
            )
            room_note.setWordWrap(True)
            room_note.setObjectName("room_chips_note")
            self.remedy.setToolTip(room_note.text())
        self.chips: dict[int, QLineEdit] = {}
        chips_box = QWidget()
        chips_form = QFormLayout(chips_box)
        for seat, name, _stack in timeline.seats:
            edit = QLineEdit()
            edit.setPlaceholderText(self.tr("+ or − amount"))
            chips_form.addRow(f"{seat} {name}", edit)
            self.chips[seat] = edit
        self.witnesses = QLineEdit()
        self.camera = QLineEdit()
        self.floor_name = QLineEdit()
        self.passphrase = _passphrase_box()
        for label, w in (
            (self.tr("Case"), self.case),
            (self.tr("Category"), self.category),
            (self.tr("Status"), self.status),
            (self.tr("Facts"), self.facts),
            (self.tr("Rules cited"), self.rules),
            (self.tr("Decision"), self.decision),
            (self.tr("Remedy"), self.remedy),
            (self.tr("Chips (with Move chips)"), chips_box),
            (self.tr("Witnesses"), self.witnesses),
            (self.tr("Camera / time reference"), self.camera),
            (floor_label, self.floor_name),
            (passphrase_label, self.passphrase),
        ):
            form.addRow(label, w)
        for edit in self.chips.values():
            edit.setMinimumHeight(edit.sizeHint().height())
            edit.textChanged.connect(self._preview)
        self.remedy.currentIndexChanged.connect(self._preview)
        self.after = QLabel()  # what if this remedy: the stacks it leaves, before it is recorded
        self.after.setWordWrap(True)
        self.after.setObjectName("remedy_preview")
        self.facts.setMinimumHeight(60)
        self.decision.setMinimumHeight(60)
        fields = QWidget()  # the form's rows scroll when the screen has not the height for all of them
        fields.setLayout(form)
        layout.addWidget(ScrollingPanel(fields), 1)
        layout.addWidget(self.after)
        if room_note is not None:
            layout.addWidget(room_note)
        self.rule_texts = _RuleTexts()
        layout.addWidget(self.rule_texts)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Record the ruling"))
        buttons.accepted.connect(self.record)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.recorded: Ruling | None = None
        self._show_rules()
        self._preview()

    def _case_chosen(self):
        """A case goes on with its category (a case does not change its kind)."""
        earlier = self._latest.get(self.case.currentData() or "")
        if earlier is not None:
            self.category.setCurrentIndex(max(0, self.category.findData(earlier.category)))
        self.category.setEnabled(earlier is None)

    def _preview(self):
        """The remedy tried on the hand's final stacks (nothing is recorded until Record)."""
        end = self.timeline.moment(len(self.timeline.steps) - 1)
        stacks = {v.seat: v.stack for v in end.seats()}
        remedy = self.remedy.currentData()
        if remedy == "void":
            stacks = {seat: start for seat, _name, start in self.timeline.seats}
        elif remedy == "adjust":
            for seat, edit in self.chips.items():
                try:
                    stacks[seat] += typed_cents(edit.text().replace("−", "-")) if edit.text().strip() else 0
                except ValueError:
                    self.after.setText(fill(self.tr("A chip amount cannot be read: %1"), edit.text()))
                    return
        text = ", ".join(f"{seat} {name} {end.money(stacks.get(seat, 0))}" for seat, name, _s in self.timeline.seats)
        self.after.setText(fill(self.tr("Stacks after this remedy: %1"), text))

    def _cited(self) -> tuple[str, ...]:
        return tuple(r.strip().upper() for r in self.rules.text().replace(";", ",").split(",") if r.strip())

    def _show_rules(self):
        lang = language()
        self.rule_texts.setHtml(
            "".join(f"<p><b>{r}</b> {rule_html(rule_text(r, lang))}</p>" for r in self._cited() if rule_text(r, lang))
        )

    def ruling(self) -> Ruling:
        chips = {}
        for seat, edit in self.chips.items():
            if edit.text().strip():
                chips[seat] = typed_cents(edit.text().replace("−", "-"))
        return Ruling(
            self.timeline.session,
            self.timeline.hand,
            self.moment,
            self.facts.toPlainText().strip(),
            self._cited(),
            self.decision.toPlainText().strip(),
            self.remedy.currentData(),
            chips,
            self.witnesses.text().strip(),
            self.camera.text().strip(),
            None,
            self.case.currentData() or "",
            self.category.currentData(),
            self.status.currentData(),
        )

    def record(self):
        try:
            ruling = self.ruling()
        except ValueError as exc:
            self.error.setText(fill(self.tr("A chip amount cannot be read: %1"), str(exc)))
            return
        controller = self.table_controller
        floor = (self.floor_name.text(), self.passphrase.text())
        try:
            if controller is not None and controller.session_id == ruling.session:
                self.recorded = rule_at_table(controller, ruling, floor)  # its seats move with the record
            else:
                self.recorded = record_ruling(self.store, ruling, floor)
        except (RulingRefused, TimelineError, InputError, StoreError) as exc:  # refused: said, nothing recorded
            self.error.setText(error_words(exc))
            self.passphrase.clear()
            return
        self.accept()


class IrregularityDialog(QDialog):
    """The dealer reports an irregularity: the remedy the profile gives, with its rule, and
    what it needs (a seat, a card, an action; the floor's account and passphrase to void a hand)."""

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Report an irregularity"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.kind = QComboBox()
        for code in controller.irregularities_now():
            self.kind.addItem(irregularity_name(code), code)
        self.kind.currentIndexChanged.connect(self._changed)
        self.seat = QLineEdit()
        self.card = QLineEdit()
        self.action = QComboBox()
        for action in ("fold", "check", "call", "bet", "raise", "complete"):
            self.action.addItem(action_name(action), action)
        self.amount = QLineEdit()
        self.floor_name = QLineEdit()
        self.passphrase = _passphrase_box()
        # (at a table in a room the floor gives their room login: floor_login_words)
        floor_label, passphrase_label = floor_labels(controller, self.tr("Floor account"), self.tr("Floor passphrase"))
        self.rows = {}
        for key, label, w in (
            ("kind", self.tr("Irregularity"), self.kind),
            ("seat", self.tr("Seat"), self.seat),
            ("card", self.tr("Card"), self.card),
            ("action", self.tr("Action"), self.action),
            ("amount", self.tr("Amount (bet or raise to)"), self.amount),
            ("floor", floor_label, self.floor_name),
            ("passphrase", passphrase_label, self.passphrase),
        ):
            form.addRow(label, w)
            self.rows[key] = (form.labelForField(w), w)
        layout.addLayout(form)
        self.remedy = _RuleTexts()
        self.remedy.setMinimumWidth(560)
        layout.addWidget(self.remedy)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Apply the remedy"))
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.kind.count() == 0:
            self.remedy.setHtml(self.tr("No irregularity the table reports applies now; the floor decides (I-3)."))
        self._changed()

    def code(self) -> str | None:
        return self.kind.currentData()

    def _changed(self):
        code = self.code()
        needs = {
            "I-1": ("seat", "card"),
            "I-4": ("seat", "card"),
            "I-5": ("seat", "action", "amount"),
            "I-6": ("floor", "passphrase"),
            "I-7": ("floor", "passphrase"),
        }.get(code or "", ())
        for key, (label, w) in self.rows.items():
            if key != "kind":
                label.setVisible(key in needs)
                w.setVisible(key in needs)
        if code is None:
            return
        h = self.controller.hand
        extra = ""
        self.seat.setReadOnly(False)
        if code in ("I-1", "I-5") and h is not None and h.phase in ("deal", "bet"):
            due = self.controller.prompt().seat
            if code == "I-1" and due is not None:
                # the exposed card is entered as the door card of the seat whose door card is due
                # (the engine takes no other: I-1 keeps the dealing order); another seat's waits
                # until its own door card is due, and the dialog says so instead of a guess
                self.seat.setText(str(due))
                self.seat.setReadOnly(True)
                later = [q.seat for q in h.deal_queue[1:]] if h.street == 3 and h.phase == "deal" else []
                extra = "<p>" + fill(
                    self.tr("The exposed card becomes the door card of seat %1, whose door card is due now."), due
                )
                if len(later) == 1:
                    extra += " " + fill(
                        self.tr(
                            "If it was a downcard of seat %1, deal seat %2's door card first, "
                            "then report it when seat %1's door card is due."
                        ),
                        later[0],
                        due,
                    )
                elif later:
                    extra += " " + fill(
                        self.tr(
                            "If it was a downcard of one of the seats %1 (their door cards are "
                            "not dealt yet), deal the door cards up to that seat first, then "
                            "report it when its door card is due."
                        ),
                        ", ".join(str(seat) for seat in later),
                    )
                extra += "</p>"
        text = rule_text(code, language())
        if code == "I-5":
            option = self.controller.session.rules.out_of_turn
            extra += "<p>" + fill(self.tr("This table's house option out_of_turn: %1"), option) + "</p>"
        self.remedy.setHtml(f"<p><b>{code}</b> {rule_html(text)}</p>{extra}")

    def apply(self):
        code = self.code()
        if code is None:
            self.reject()
            return
        try:
            seat = int(self.seat.text()) if self.seat.isVisible() and self.seat.text().strip() else None
            to = typed_cents(self.amount.text()) if self.amount.isVisible() and self.amount.text().strip() else None
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        floor = (self.floor_name.text(), self.passphrase.text()) if code in ("I-6", "I-7") else None
        try:
            self.controller.report_irregularity(
                code,
                seat=seat,
                card=_typed_card(self.card.text()),
                action=self.action.currentData(),
                to=to,
                floor=floor,
            )
        except InputError as exc:  # refused (and a record that cannot be written): nothing changed
            self.error.setText(error_words(exc))
            self.passphrase.clear()
            return
        self.accept()


def _typed_card(text: str) -> str | None:
    """The card typed in the dialog, the reader's rank letters (German dh, bs, zd) read as the
    engine's code; text that is no card goes on as typed, for the engine to refuse by name."""

    text = text.strip()
    if not text:
        return None
    try:
        card = parse_card(text, rank_aliases())
    except CardError:
        return text
    return format_card(card) if card is not None else text


class _RuleTexts(QTextBrowser):
    """A rule's words in a dialog: scrolls instead of pushing the form's boxes flat."""

    def __init__(self):
        super().__init__()
        self.setOpenLinks(False)
        self.setMinimumHeight(110)
        self.setMaximumHeight(180)

    def text(self) -> str:  # (what a reader, or a test, reads)
        return self.toPlainText()


def _passphrase_box() -> QLineEdit:
    """The floor's passphrase: not shown as typed, never kept (cleared when refused)."""
    box = QLineEdit()
    box.setEchoMode(QLineEdit.EchoMode.Password)
    return box

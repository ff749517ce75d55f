"""The dealer's side panel: what to do now, card entry, the legal actions, showdown, awards.

No rules here: every choice shown comes from the controller, every click goes back to it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget

from dealer_app.engine.cards import RANKS, SUITS, CardError, split_typed_cards
from dealer_app.errorlog import report
from dealer_app.live.controller import ActionChoice, InputError, RecordFailure, TableController
from dealer_app.live.prompts import Prompt
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.words import cards as card_words
from dealer_app.ui.words import (
    editable_money,
    error_words,
    face_letter,
    high_hand,
    low_hand,
    rank_aliases,
    say,
    typed_cents,
)

SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


class MoneySpinBox(QSpinBox):
    """A stepper over integer cents, shown as money, moving in whole chips."""

    def __init__(self, currency="USD", parent=None):
        super().__init__(parent)
        self.currency = currency
        self.setMaximum(10**9)

    def event(self, event):
        """Ctrl+Z and Ctrl+Shift+Z are the hand's: the box's text undo never takes them
        (QAbstractSpinBox hands the shortcut to its line edit, which would)."""
        from PySide6.QtCore import QEvent
        from PySide6.QtGui import QKeySequence
        if event.type() == QEvent.Type.ShortcutOverride and (
                event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)):
            event.ignore()
            return True
        return super().event(event)

    def textFromValue(self, value: int) -> str:
        # as the dealer would type it back (no thousands grouping): typed_cents reads it again
        return editable_money(value, self.currency)

    def valueFromText(self, text: str) -> int:
        try:
            return typed_cents(text)
        except ValueError:
            return self.value()

    def validate(self, text, pos):
        from PySide6.QtGui import QValidator
        return QValidator.State.Acceptable, text, pos

    def typed_amount(self) -> int:
        """The amount in the box as typed, in cents (not clamped to the range: the controller
        refuses an amount outside it, naming the range)."""
        text = self.lineEdit().text().replace("€", "").replace("$", "").strip()
        try:
            return typed_cents(text)
        except (ValueError, ArithmeticError):
            raise ValueError(self.tr("%1 is not an amount of money").replace("%1", repr(text))) from None


def run_guarded(show_error, fn, *args) -> bool:
    """Run a dealer's command; any failure is shown in words (and an unexpected one logged
    with its traceback). Nothing is swallowed."""
    try:
        fn(*args)
        return True
    except RecordFailure as exc:  # the machine's fault, not the dealer's: logged too
        report(exc, "the hand record could not be written")
        show_error(error_words(exc), "")
    except InputError as exc:
        show_error(error_words(exc), ", ".join(exc.rules))
    except Exception as exc:  # the engine's or the record's error, or a bug: said, and logged
        show_error(error_words(report(exc, f"while running {getattr(fn, '__name__', fn)}")), "")
    return False


class EntryLine(QLineEdit):
    """A line edit that keeps its Return (QLineEdit passes it on after returnPressed, which
    would let the same key also confirm the next step in the window) and gives up Ctrl+Z and
    Ctrl+Shift+Z (ui/keys.py): in the card box they undo the hand, not the text."""

    def keyPressEvent(self, event):
        super().keyPressEvent(event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()


def big_button(text: str, height: int = 52) -> QPushButton:
    b = QPushButton(text)
    f = QFont()
    f.setPointSize(14)
    f.setBold(True)
    b.setFont(f)
    b.setMinimumHeight(height)
    return b


class ActionPanel(QWidget):
    rule_clicked = Signal(str)

    def __init__(self, bridge: ControllerBridge, parent: QWidget | None = None):
        super().__init__(parent)
        self.bridge = bridge
        self.selected: QPushButton | None = None
        self.setMinimumWidth(430)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # holds the focus while an action or Enter is due
        # (prompt kind, seat, hand number, inputs so far): what the typing boxes belong to
        self._moment: tuple[str, int | None, int, int] | None = None
        self._taking_typed = False
        layout = QVBoxLayout(self)
        self.prompt = QLabel()
        f = QFont()
        f.setPointSize(17)
        f.setBold(True)
        self.prompt.setFont(f)
        self.prompt.setWordWrap(True)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setTextFormat(Qt.TextFormat.RichText)
        self.reason.linkActivated.connect(self.rule_clicked.emit)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold; font-size: 13pt;")
        layout.addWidget(self.prompt)
        layout.addWidget(self.reason)
        self.hint = QLabel()  # the keys that work now
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #1a4f8a; font-size: 13pt; font-weight: bold;")
        self.hint.setObjectName("key_hint")
        layout.addWidget(self.hint)
        layout.addWidget(self.error)

        # card entry: type or pick
        self.card_box = QWidget()
        cl = QVBoxLayout(self.card_box)
        cl.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.card_edit = EntryLine()
        self.card_edit.setPlaceholderText(self.tr("Card: kd, 10h, th"))
        self.card_edit.setFont(f)
        self.card_edit.returnPressed.connect(self._enter_typed_card)
        self.card_edit.textEdited.connect(self._cards_typed)
        row.addWidget(self.card_edit)
        cl.addLayout(row)
        grid = QGridLayout()
        grid.setSpacing(2)
        self.picker: dict[str, QPushButton] = {}
        for r_i, suit in enumerate(reversed(SUITS)):
            for c_i, rank in enumerate(reversed(RANKS)):
                code = rank + suit
                b = QPushButton(face_letter(rank) + SUIT_SIGNS[suit])
                b.setFixedSize(31, 30)
                b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click enters the card; the keys stay where they work
                b.clicked.connect(lambda _=False, c=code: self._enter_card(c))
                grid.addWidget(b, r_i, c_i)
                self.picker[code] = b
        cl.addLayout(grid)
        layout.addWidget(self.card_box)
        self.set_four_colour(False)

        # actions
        self.actions_box = QWidget()
        self.actions_layout = QVBoxLayout(self.actions_box)
        self.actions_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.actions_box)

        # showdown entry
        self.show_box = QWidget()
        sl = QVBoxLayout(self.show_box)
        sl.setContentsMargins(0, 0, 0, 0)
        self.show_edit = EntryLine()
        self.show_edit.setPlaceholderText(self.tr("Downcards shown, e.g. ah kd 7c"))
        self.show_edit.setFont(f)
        self.show_edit.returnPressed.connect(self._show)
        self.show_edit.textEdited.connect(self._shown_typed)
        sl.addWidget(self.show_edit)
        srow = QHBoxLayout()
        self.show_button = big_button(self.tr("Show  [Enter]"))
        self.show_button.clicked.connect(self._show)
        self.muck_button = big_button(self.tr("Muck  [Ctrl+M]"))
        self.muck_button.clicked.connect(self._muck)
        srow.addWidget(self.show_button)
        srow.addWidget(self.muck_button)
        sl.addLayout(srow)
        layout.addWidget(self.show_box)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.summary)
        self.main_button = big_button("")
        self.main_button.clicked.connect(self._main)
        layout.addWidget(self.main_button)
        layout.addStretch(1)
        bridge.changed.connect(self.refresh)
        bridge.failed.connect(self.show_error)
        self.action_buttons: list[tuple[QPushButton, ActionChoice, MoneySpinBox | None]] = []
        self.refresh()

    @property
    def controller(self) -> TableController:
        return self.bridge.controller

    # --- input ---------------------------------------------------------------------------
    def _run(self, fn, *args) -> bool:
        return run_guarded(self.show_error, fn, *args)

    def set_four_colour(self, on: bool):
        """The picker's suits in the table's colours (the four-colour setting)."""
        from dealer_app.ui.card_painter import FOUR_COLOURS, TWO_COLOURS
        colours = FOUR_COLOURS if on else TWO_COLOURS
        for code, b in self.picker.items():
            b.setStyleSheet("QPushButton { color: %s; font-weight: bold; } QPushButton:disabled { color: #c4c4c4; "
                            "background: #e6e6e6; border: 1px solid #d0d0d0; }" % colours[code[1]].name())

    def show_error(self, message: str, rules: str = ""):
        self.error.setText(message + (f" — {rules}" if rules else ""))

    def _enter_typed_card(self):
        """Enter: whatever is still in the box (a card is taken when its two characters are
        typed, so an empty box has nothing left to enter)."""
        text = self.card_edit.text().strip()
        if not text:
            return
        if self._run(self.controller.enter_card, _in_english(text)):
            self.card_edit.clear()
        else:
            self.card_edit.selectAll()

    def _cards_typed(self, text: str):
        """Each card is taken as soon as it is complete (``kd``, ``10h``); a whole street may
        be typed in one line. A refused card stays in the box, selected, with the reason."""
        try:
            codes, rest = split_typed_cards(text, rank_aliases())
        except CardError as exc:
            self.show_error(error_words(exc), "D-1")
            self.card_edit.selectAll()
            return
        self._taking_typed = True  # refresh() must not clear the box inside its own signal
        try:
            taken = self._take_cards(codes)
        finally:
            self._taking_typed = False
        if taken < len(codes):
            self.card_edit.setText(" ".join(codes[taken:]) + (" " + rest if rest else ""))
            self.card_edit.selectAll()
            return
        self.card_edit.setText(rest)

    def _take_cards(self, codes: list[str]) -> int:
        for i, code in enumerate(codes):
            if not self._run(self.controller.enter_card, code):
                return i
        return len(codes)

    def _enter_card(self, code: str):
        self._run(self.controller.enter_card, code)

    def _show(self):
        """Show the downcards typed so far (all of them are shown as soon as they are typed;
        an empty box has nothing to show: Ctrl+M mucks)."""
        p = self.controller.prompt()
        text = self.show_edit.text().strip()
        if p.kind == "show" and text:
            if self._run(self.controller.show, p.seat, _in_english(text)):
                self.show_edit.clear()
            else:
                self.show_edit.selectAll()  # refused: the cards stay, selected, to be typed over

    def _shown_typed(self, text: str):
        """The hand is shown as soon as all its downcards are typed (fewer: Enter)."""
        p = self.controller.prompt()
        if p.kind != "show":
            return
        try:
            codes, rest = split_typed_cards(text, rank_aliases())
        except CardError as exc:
            self.show_error(error_words(exc), "D-1")
            self.show_edit.selectAll()
            return
        down = next((v.down_count for v in self.controller.seats() if v.seat == p.seat), 0)
        if codes and not rest and len(codes) == down:
            self._show()

    def _muck(self):
        p = self.controller.prompt()
        if p.kind == "show":
            self._run(self.controller.muck, p.seat)

    def _main(self):
        kind = self.controller.prompt().kind
        if kind == "river":
            self._run(self.controller.deal_river)
        elif kind == "award":
            self._run(self.controller.finish_hand)  # the hand ends; seats may change now (T-4)
        elif kind == "between":
            self._run(self.controller.start_hand)

    def _act(self, choice, stepper):
        if stepper is None:
            self._run(self.controller.act, choice.action, choice.to)
            return
        try:  # the amount as typed: out of range is refused with the range, never clamped
            to = stepper.typed_amount()
        except ValueError as exc:
            self.show_error(str(exc))
            stepper.selectAll()
            return
        if not self._run(self.controller.act, choice.action, to):
            stepper.selectAll()

    def press_key(self, key: str) -> bool:
        """An action's key acts at once (a fixed amount: one key; the undo key is the safety
        net). An action with a range of amounts is selected: type the amount, then Enter."""
        for button, choice, stepper in self.action_buttons:
            if choice.key == key:
                if stepper is None:
                    button.click()
                else:
                    self._select(button)
                    stepper.setFocus(Qt.FocusReason.ShortcutFocusReason)
                    stepper.selectAll()
                return True
        return False

    def _select(self, button):
        for b, _c, _s in self.action_buttons:
            b.setStyleSheet("")
        button.setStyleSheet("border: 4px solid #ffd400;")
        self.selected = button

    def confirm(self) -> bool:
        kind = self.controller.prompt().kind
        if kind == "action" and self.selected is not None:
            self.selected.click()
            return True
        if kind in ("river", "award", "between"):
            self._main()
            return True
        if kind == "show":
            self._show()
            return True
        return False

    # --- redraw ---------------------------------------------------------------------------
    def refresh(self, _change: str = ""):
        c = self.controller
        p = c.prompt()
        self.error.clear()
        moment = (p.kind, p.seat, c.hand_no, len(c.inputs))
        if moment != self._moment and not self._taking_typed:  # a half-typed card belongs to its moment
            self.card_edit.clear()
            self.show_edit.clear()
            self._moment = moment
        self.prompt.setText(say(p.subject))
        links = " ".join(f'<a href="{r}" style="color:#0b57d0; font-weight:bold">{r}</a>' for r in p.rules)
        reason = self.tr("Rules: %1").replace("%1", links) if p.rules else ""
        # the steps first, then why raising is (not) open; every note has its subject
        for subject, (_english, rules) in zip(p.note_subjects, p.notes, strict=True):
            reason += f"<br><b style='font-size:13pt'>{say(subject)}</b> — {', '.join(rules)}"
        self.reason.setText(reason)
        self.card_box.setVisible(p.kind in ("card", "common"))
        if p.kind in ("card", "common"):
            seen = c.seen_cards()
            for code, b in self.picker.items():
                b.setEnabled(code not in seen)
            self.card_edit.setFocus()
        self.show_box.setVisible(p.kind == "show")
        if p.kind == "show":
            self.show_edit.setFocus()
        self._rebuild_actions(p)
        voided = c.hand is not None and c.hand.voided is not None  # I-6, I-7: nothing to push, a redeal
        labels = {"river": self.tr("Deal river  [Enter]"),
                  "award": self.tr("Deal again  [Enter]") if voided else self.tr("Confirm the awards  [Enter]"),
                  "between": self.tr("Start hand %1  [Enter]").replace("%1", str(c.hand_no + 1))}
        self.main_button.setVisible(p.kind in labels)
        self.main_button.setText(labels.get(p.kind, ""))
        self.summary.setText(self._summary_html(p))
        self.hint.setText(self._hint(p.kind))
        if p.kind not in ("card", "common", "show") and self.window().isActiveWindow():
            self.setFocus(Qt.FocusReason.OtherFocusReason)  # not on a button a stray Space would press

    def _hint(self, kind: str) -> str:
        undo = self.tr("Ctrl+Z undo · Ctrl+Shift+Z redo")
        if kind in ("card", "common"):
            return self.tr("Type the card (kd, 10h, th) or a whole street — no Enter needed · %1").replace(
                "%1", undo)
        if kind == "action":
            keys = " · ".join(f"{c.key} {self._label(c)}" for _b, c, _s in self.action_buttons)
            ranged = any(s is not None for _b, _c, s in self.action_buttons)
            extra = self.tr(" · for an amount: its key, the digits, Enter") if ranged else ""
            return self.tr("Keys: %1%2 · %3").replace("%1", keys).replace("%2", extra).replace("%3", undo)
        if kind == "show":
            return self.tr("Type the downcards shown: the hand shows when all are typed · Ctrl+M muck · %1").replace(
                "%1", undo)
        if kind in ("river", "award", "between"):
            h = self.controller.hand
            if kind == "award" and h is not None and h.voided is not None:  # the floor's void: no undo
                undo = self.tr("voided by the floor: only a floor ruling changes it")
            return self.tr("Enter: %1 · %2").replace("%1", self.main_button.text().split("  [")[0]).replace(
                "%2", undo if kind != "between" else self.tr("Seats menu: join, top up, sit out, leave"))
        return ""

    def _rebuild_actions(self, prompt: Prompt) -> None:
        from PySide6.QtWidgets import QApplication
        focused = QApplication.focusWidget()
        if focused is not None and self.actions_box.isAncestorOf(focused):
            self.setFocus(Qt.FocusReason.OtherFocusReason)  # never leave the keys on a widget about to go
        while self.actions_layout.count():
            item = self.actions_layout.takeAt(0)
            widget = item.widget() if item is not None else None  # takeAt gives None only past the end
            if widget is not None:
                widget.deleteLater()
        self.action_buttons = []
        self.selected = None
        if prompt.kind != "action":
            return
        session = self.controller.session
        assert session is not None  # an action is due only in a hand, so at an open table
        currency = session.table.currency
        for choice in self.controller.choices():
            row = QWidget()
            rl = QHBoxLayout(row)
            rl.setContentsMargins(0, 0, 0, 0)
            stepper = None
            text = self._label(choice)
            if choice.min_to is not None and choice.max_to is not None:  # a range of amounts
                stepper = MoneySpinBox(currency)
                stepper.setRange(choice.min_to, choice.max_to)
                stepper.setSingleStep(self.controller.betting_unit())
                stepper.setValue(choice.min_to)
                stepper.setMinimumHeight(52)
                f = QFont()
                f.setPointSize(14)
                stepper.setFont(f)
            button = big_button(f"{text}  [{choice.key}]")
            button.setObjectName(f"action_{choice.action}_{choice.to or choice.min_to}")
            button.clicked.connect(lambda _=False, ch=choice, st=stepper: self._act(ch, st))
            rl.addWidget(button, 3)
            if stepper is not None:
                rl.addWidget(stepper, 2)
            self.actions_layout.addWidget(row)
            self.action_buttons.append((button, choice, stepper))

    def _label(self, choice: ActionChoice) -> str:
        m = self.controller.money
        if choice.action == "fold":
            return self.tr("Fold")
        if choice.action == "check":
            return self.tr("Check")
        if choice.call_amount is not None:  # a call names what goes in now
            amount = m(choice.call_amount)
            return (self.tr("Call all-in %1") if choice.all_in else self.tr("Call %1")).replace("%1", amount)
        if choice.min_to is not None and choice.max_to is not None:  # a range of amounts
            names = {"bring_in": self.tr("Bring in %1–%2"), "bet": self.tr("Bet %1–%2"),
                     "raise": self.tr("Raise to %1–%2"), "complete": self.tr("Complete to %1–%2")}
            return names[choice.action].replace("%1", m(choice.min_to)).replace("%2", m(choice.max_to))
        assert choice.to is not None  # not a range, so the engine named the one amount (LegalAction)
        if choice.all_in:
            return self.tr("All-in %1").replace("%1", m(choice.to))
        names = {"bring_in": self.tr("Bring in %1"), "bet": self.tr("Bet %1"), "raise": self.tr("Raise to %1"),
                 "complete": self.tr("Complete to %1")}
        return names[choice.action].replace("%1", m(choice.to))

    def _summary_html(self, prompt) -> str:
        c = self.controller
        if prompt.kind == "show":
            parts = []
            for best in c.best_hands_so_far():
                who = ", ".join(self.tr("seat %1").replace("%1", str(s)) for s in best.seats)
                if best.half == "high":
                    label, words = self.tr("Best so far: %1 — %2"), high_hand(best.value)
                else:
                    label, words = self.tr("Best low so far: %1 — %2"), low_hand(best.low_five)
                parts.append(f"<p style='font-size:15pt'><b>{label.replace('%1', who).replace('%2', words)}</b></p>")
            return "".join(parts)
        if prompt.kind != "award":
            warning = c.shortage_warning()
            return f"<p style='color:#ffb347'><b>{say(warning)} — D-7</b></p>" if warning is not None else ""
        parts = []
        for i, pot in enumerate(c.awarded_pots()):
            title = self.tr("Main pot") if i == 0 else self.tr("Side pot %1").replace("%1", str(i))
            winners = pot.winners if hasattr(pot, "winners") else {pot.seat: pot.amount}
            pushes = ", ".join(self.tr("seat %1: %2").replace("%1", str(s)).replace("%2", c.money(a))
                               for s, a in winners.items())
            parts.append(f"<p><b>{title} {c.money(pot.amount)}</b> → {pushes}<br>"
                         f"<span style='color:#444'>{' '.join(pot.rules)}</span></p>")
            low_word, seat_word = self.tr("low"), self.tr("Seat")
            for hand in getattr(pot, "hands", ()):
                low = f"; {low_word} {card_words(hand.low_five)} ({low_hand(hand.low_five)})" if hand.low_five else ""
                parts.append(f"<p style='margin-left:10px'>{seat_word} {hand.seat}: {card_words(hand.five)} — "
                             f"{high_hand(hand.value)}{low}</p>")
        return "".join(parts)


def _in_english(text: str) -> str:
    """Typed cards with the reader's rank letters (German B, D, Z) as the engine reads them;
    text that is no card is passed on unchanged, for the engine to refuse by name."""
    try:
        codes, rest = split_typed_cards(text, rank_aliases())
    except CardError:
        return text
    return " ".join(codes + ([rest] if rest else []))

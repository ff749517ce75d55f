"""The dealer's side panel: what to do now, card entry, the legal actions, showdown, awards.

No rules here: every choice shown comes from the controller, every click goes back to it.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget

from dealer_app.engine.cards import RANKS, SUITS, CardError, read_typed_cards, split_typed_cards
from dealer_app.errorlog import report
from dealer_app.live.controller import (
    KEYS,
    SECOND_KEYS,
    ActionChoice,
    CardNotDue,
    InputError,
    RecordFailure,
    TableController,
)
from dealer_app.ui.card_painter import FOUR_COLOURS, TWO_COLOURS
from dealer_app.ui.screen_fit import lines_height
from dealer_app.ui.words import (
    action_name,
    card_code,
    editable_money,
    error_words,
    face_letter,
    fill,
    high_hand,
    low_hand,
    rank_aliases,
    said,
    say,
    street_name,
    street_title,
    typed_cents,
)
from dealer_app.ui.words import cards as card_words

if TYPE_CHECKING:
    from dealer_app.live.prompts import Prompt
    from dealer_app.ui.qt_bridge import ControllerBridge

SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
# every action key there is (KEYS, and the second bet and raise of a fourth-street open pair)
ACTION_LETTERS = {key: action for action, key in KEYS.items()}
ACTION_LETTERS.update({second: ACTION_LETTERS[first] for first, second in SECOND_KEYS.items()})


def _card_starts() -> set[str]:
    """The letters a card may start with in the reader's language (the ranks, and German B,
    D, Z beside them)."""
    return set(RANKS) | set(rank_aliases())


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
            event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
        ):
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

    # what an amount may be typed with: digits, the decimal comma or point (German "0,50"), a
    # currency sign and spaces (a pasted "1.234,50 €" too); the range is the controller's to refuse
    AMOUNT_CHARACTERS = frozenset("0123456789.,$€ \u00a0")

    @classmethod
    def takes(cls, text: str) -> bool:
        """Whether ``text`` (a key's, or a paste's) can be part of an amount."""
        return all(ch in cls.AMOUNT_CHARACTERS for ch in text)

    def validate(self, text, pos):
        """Anything no amount is made of is never taken (the panel says so for a key); an
        amount out of range is taken as typed, for the controller to refuse with the range."""
        from PySide6.QtGui import QValidator

        if not self.takes(text):
            return QValidator.State.Invalid, text, pos
        return QValidator.State.Acceptable, text, pos

    def typed_amount(self) -> int:
        """The amount in the box as typed, in cents (not clamped to the range: the controller
        refuses an amount outside it, naming the range)."""
        text = self.lineEdit().text().replace("€", "").replace("$", "").strip()
        try:
            return typed_cents(text)
        except (ValueError, ArithmeticError):
            raise ValueError(fill(self.tr("%1 is not an amount of money"), repr(text))) from None


def run_guarded(show_error, fn, *args) -> bool:
    """Run a dealer's command; any failure is shown in words (and an unexpected one logged
    with its traceback). Nothing is swallowed."""
    try:
        fn(*args)
        return True
    except Exception as exc:
        show_failure(show_error, exc, fn)
    return False


def show_failure(show_error, exc: Exception, fn=None) -> None:
    """A refused or failed command in words: the dealer's refusal with its rules; the record's
    failure or a bug also logged with its traceback."""
    if isinstance(exc, RecordFailure):  # the machine's fault, not the dealer's: logged too
        report(exc, "the hand record could not be written")
        show_error(error_words(exc), "")
    elif isinstance(exc, InputError):
        show_error(error_words(exc), ", ".join(exc.rules))
    else:  # the engine's or the record's error, or a bug: said, and logged
        show_error(error_words(report(exc, f"while running {getattr(fn, '__name__', fn)}")), "")


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
        self._line: list[tuple[int | None, str]] = []  # (seat, card) this street's typed line gave
        self._line_open = False  # a typed line completed the street: keys still typed belong to it
        self._line_goes_on = False  # …and a space or a digit after it said the line goes on
        self._line_street = 0  # the street the line completed
        self._refused_extra = False  # a card too many was refused: no action key acts until Esc
        # (label, moment after it, digits typed since): an action that acted at once on its key
        self._at_once: tuple[str, tuple, str] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)  # (the height of a 1280x720 screen is tight)
        layout.setSpacing(4)
        self.prompt = QLabel()
        f = QFont()
        f.setPointSize(17)
        f.setBold(True)
        self.prompt.setFont(f)
        self.prompt.setWordWrap(True)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.prompt.setMinimumHeight(lines_height(f, 2))  # the lines a card's prompt needs
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setTextFormat(Qt.TextFormat.RichText)
        self.reason.linkActivated.connect(self.rule_clicked.emit)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold; font-size: 13pt;")
        # a mixed table's game, big, and when it changes (M-1, M-2); hidden at a one-game table
        self.game_banner = QLabel()
        self.game_banner.setObjectName("game_banner")
        self.game_banner.setTextFormat(Qt.TextFormat.RichText)
        self.game_banner.setWordWrap(True)
        self.game_banner.setVisible(False)
        layout.addWidget(self.game_banner)
        layout.addWidget(self.prompt)
        self.hint = QLabel()  # the keys that work now
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #1a4f8a; font-size: 13pt; font-weight: bold;")
        self.hint.setObjectName("key_hint")

        # card entry: type or pick
        self.card_box = QWidget()
        cl = QVBoxLayout(self.card_box)
        cl.setContentsMargins(0, 0, 0, 0)
        self.deal_line = QLabel()  # where each typed card goes (D-2): seat by seat, the next one marked
        self.deal_line.setObjectName("deal_line")
        self.deal_line.setTextFormat(Qt.TextFormat.RichText)
        self.deal_line.setWordWrap(True)
        self.deal_line.setStyleSheet("font-size: 13pt;")
        cl.addWidget(self.deal_line)
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
        # the picker never moves under the mouse while cards are entered: above it only the prompt
        # and the deal line, each as high as the lines it can need; the texts that come and go (the
        # rules and notes, such as a burn; the keys; a refusal) are below it
        cl.setAlignment(grid, Qt.AlignmentFlag.AlignLeft)  # (nor sideways, whatever the panel's width)
        self.deal_line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        line_font = QFont()
        line_font.setPointSize(13)  # (the deal line's)
        self.deal_line.setMinimumHeight(lines_height(line_font, 3))
        layout.addWidget(self.reason)
        layout.addWidget(self.hint)
        layout.addWidget(self.error)
        self.set_four_colour(True)  # four-colour suits by default (the window sets the dealer's choice)

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
        return self.bridge.live

    # --- input ---------------------------------------------------------------------------
    def _run(self, fn, *args) -> bool:
        return run_guarded(self.show_error, fn, *args)

    def set_four_colour(self, on: bool):
        """The picker's suits in the table's colours (the four-colour setting)."""

        colours = FOUR_COLOURS if on else TWO_COLOURS
        for code, b in self.picker.items():
            b.setStyleSheet(
                f"QPushButton {{ color: {colours[code[1]].name()}; font-weight: bold; }} QPushButton:disabled {{ color: #c4c4c4; "
                "background: #e6e6e6; border: 1px solid #d0d0d0; }"
            )

    def show_error(self, message: str, rules: str = ""):
        """A refusal shown on its own: a sentence, so it starts with a capital letter (the
        engine's words start lower-case, being parts of other sentences too)."""
        message = message[:1].upper() + message[1:]
        self.error.setText(message + (f" — {rules}" if rules else ""))

    def _enter_typed_card(self):
        """Enter: whatever is still in the box (a card is taken when its two characters are
        typed, so an empty box has nothing left to enter)."""
        text = self.card_edit.text()
        if text.strip():
            self._cards_typed(text)

    def _cards_typed(self, text: str):
        """Each card is taken as soon as it is complete (``kd``, ``10h``); a whole street may
        be typed or pasted in one line. A line ends with its street: a card beyond what the
        street needs — a bad code, a duplicate, one card too many, also when the next street is
        due at once (everyone all-in) — stays in the box as typed, with the reason; so does
        everything typed after it. Nothing typed is ever dropped."""
        if self._line_open and text[:1] in (" ", ","):
            self._line_goes_on = True  # a space after the street's last card: the line goes on
        if (
            self._line_open
            and not self._line_goes_on
            and not self._refused_extra
            and self.controller.prompt().kind in ("card", "common")
        ):
            self._line, self._line_open = [], False  # a new street, begun from an empty box: a new line
        typed = read_typed_cards(text, rank_aliases())
        self._taking_typed = True  # refresh() must not clear the box inside its own signal
        try:
            taken = self._take_cards(typed.codes)
        finally:
            self._taking_typed = False
        if taken < len(typed.codes):
            self.card_edit.setText(typed.rest_from(text, taken))
            if self._refused_extra:  # cards too many: kept, and what is typed next joins them (refused too)
                self.card_edit.end(False)
            else:  # a duplicate, or the record failed: the refused card is typed over, the rest kept
                self.card_edit.setSelection(0, len(self.card_edit.text().split(" ")[0]))
        elif typed.error is not None:  # not a card: the dealer types over it (a stray letter alone)
            self.card_edit.setText(typed.bad)
            self.card_edit.setSelection(0, len(typed.bad.split(" ")[0]))
            self.show_error(error_words(typed.error), "")
        else:
            self.card_edit.setText(typed.pending)
        self._moment = self._moment_now()  # what is in the box belongs to this moment now
        if self._line_open and self.controller.prompt().kind in ("action", "card", "common"):
            # the street is complete, the line may go on: the box stays, with the keys
            self.card_box.setVisible(True)
            if self.line_open:
                self._show_picker(False)  # no card is due: the actions keep their room
                self.hint.setText(self._hint("action"))
            self.card_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_line()

    def _take_cards(self, codes: list[str]) -> int:
        """Enter the typed cards in order; how many were taken (the rest is refused, said)."""
        c = self.controller
        for i, code in enumerate(codes):
            p = c.prompt()
            if self._line_open and p.kind in ("card", "common"):
                # the line's street is complete and the next is due at once (no betting between):
                # a card more in the same line is one too many for its street, never the next's
                self._say_too_many(self._line_street, codes[i:], ("D-2",))
                return i
            street = c.hand.street if c.hand is not None else 0
            try:
                c.enter_card(code)
            except CardNotDue as exc:
                if exc.street is None:
                    self.show_error(error_words(exc), ", ".join(exc.rules))
                else:
                    self._say_too_many(exc.street, codes[i:], exc.rules)
                return i
            except Exception as exc:  # a duplicate, the record failing …: said, never dropped
                show_failure(self.show_error, exc, c.enter_card)
                return i
            self._line.append((p.seat, code))
            h = c.hand
            if c.prompt().kind not in ("card", "common") or h is None or h.street != street:
                self._line_open = True  # the street is complete: what is typed next is none of its cards
                self._line_goes_on = False
                self._line_street = street
        return len(codes)

    def _say_too_many(self, street_no: int, extra: list[str], rules) -> None:
        """A card beyond what the street needs: refused, and the seats this line gave cards
        to named, so that a line typed with folded seats in it is caught at once. Until Esc
        (or Ctrl+Z) no action key acts: the line's cards may be wrong."""
        self._refused_extra = True
        street = street_name(street_no)
        street = street[:1].upper() + street[1:]  # the sentence starts with it
        if len(extra) == 1:
            head = fill(self.tr("%1 is complete: %2 is one card too many"), street, card_code(extra[0]))
        else:
            head = fill(
                self.tr("%1 is complete: %2 are %3 cards too many"),
                street,
                " ".join(card_code(c) for c in extra),
                len(extra),
            )
        given = [fill(self.tr("seat %1 %2"), seat, card_code(code)) for seat, code in self._line if seat is not None]
        if given:
            head += fill(
                self.tr(
                    "; this line gave %1 — check them (who acts next rests on them), Ctrl+Z takes "
                    "them back, Esc clears the box"
                ),
                ", ".join(given),
            )
        folded = [v.seat for v in self.controller.seats() if v.in_hand and v.folded]
        if folded:
            head += fill(self.tr(" (folded, no card: seat %1)"), ", ".join(str(s) for s in folded))
        self.show_error(head, ", ".join(rules))

    def _show_line(self):
        """Where the cards of this street go, seat by seat, as they are typed (D-2)."""
        deal = self.controller.street_deal()
        if deal is None:
            self.deal_line.setText("")
            return
        parts = []
        for slot in deal.slots:
            if slot.card is not None:
                parts.append(fill(self.tr("seat %1 %2"), slot.seat, card_code(slot.card)))
            elif slot.due:
                parts.append("<b><u>" + fill(self.tr("seat %1 ← next"), slot.seat) + "</u></b>")
            else:
                parts.append(fill(self.tr("seat %1"), slot.seat))
        text = fill(self.tr("%1: %2"), street_title(deal.street), " · ".join(parts))
        if deal.folded:
            text += "<br>" + fill(self.tr("No card for the folded seats: %1"), ", ".join(str(s) for s in deal.folded))
        self.deal_line.setText(text)

    def _show_picker(self, on: bool) -> None:
        for b in self.picker.values():
            b.setVisible(on)

    @property
    def line_open(self) -> bool:
        """A typed line completed its street: the card box stays, so that a card typed or pasted
        after the last one the street needs is refused in words, never taken as an action key."""
        return self._line_open and self.controller.prompt().kind == "action"

    def close_line(self) -> None:
        """Esc after a card too many: the refused cards leave the box; the actions' keys are
        live again."""
        self._line_open = self._line_goes_on = self._refused_extra = False
        self.card_edit.clear()
        self.refresh()

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
        except CardError as exc:  # a typo is no rule's matter: no rule cited
            self.show_error(error_words(exc), "")
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
        if self._refused_extra:  # a button clicked as much as a key pressed: the line's cards may be wrong
            self.show_error(
                fill(
                    self.tr(
                        "%1 does not act yet: cards too many are in the box and this line's cards "
                        "may be wrong — check them (Ctrl+Z takes one back), then Esc, then %1"
                    ),
                    self._label(choice),
                )
            )
            return
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
        """An action's key acts at once when the action has one amount (one key; the undo key
        is the safety net). An action with a range of amounts is selected: type the amount, then
        Enter. Each button says which it is ("[R]" or "[R + amount + Enter]")."""
        for button, choice, stepper in self.action_buttons:
            if choice.key == key:
                self._at_once = None
                self._line_open = False  # an action key: the line typed before is over
                if stepper is None:
                    label = fill(self.tr("Seat %1: %2"), self.controller.prompt().seat, self._label(choice))
                    button.click()
                    self._at_once = (label, self._moment_now(), "")
                else:
                    self._select(button)
                    stepper.setFocus(Qt.FocusReason.ShortcutFocusReason)
                    stepper.selectAll()
                return True
        return False

    def _moment_now(self) -> tuple:
        c = self.controller
        p = c.prompt()
        return (p.kind, p.seat, c.hand_no, len(c.inputs))

    def line_key(self, text: str) -> str:
        """After a typed line completed its street, what a key is: "line" (it goes on typing
        cards: a space, a comma or a digit — after which every key is the line's until Esc —, a
        letter no action has, the suit of a card half typed), "action" (a letter that starts no
        card in the reader's language: B, C, E, F, O … in English), or "held" (refused, said:
        an action key while cards too many are in the box — the line's cards may be wrong, so
        nothing acts on them until Esc or Ctrl+Z)."""
        if text.isspace() or text in ",." or text.isdigit():
            self._line_goes_on = True
            return "line"
        key = text.upper()
        typed = self.card_edit.text()
        if key not in ACTION_LETTERS or (typed and read_typed_cards(typed, rank_aliases()).pending):
            return "line"  # no action's key, or the suit of a card half typed ("8" then "c")
        starts_card = key in _card_starts()
        if self._refused_extra and not (starts_card and self._line_goes_on):
            self.show_error(
                fill(
                    self.tr(
                        "%1 does not act yet: cards too many are in the box and this line's cards "
                        "may be wrong — check them (Ctrl+Z takes one back), then Esc, then %1"
                    ),
                    key,
                )
            )
            return "held"
        if starts_card and (self._line_goes_on or typed):
            # (K, T; German B: a king, a ten, a jack as much as an action) said at once, never guessed silently
            self.show_error(
                fill(
                    self.tr("%1 is taken as the start of a card: type its suit — or Esc, then %1 for %2"),
                    key,
                    action_name(ACTION_LETTERS[key]),
                )
            )
            return "line"
        self.close_line()  # the line is over: the key is the action's
        return "action"

    def refuse_key(self, text: str, obj) -> bool:
        """A key pressed while an action is due that no action on the screen takes: said, not
        ignored. Digits typed into a selected amount are the amount's (not refused)."""
        if isinstance(obj, QWidget) and self.actions_box.isAncestorOf(obj):
            return self._refuse_in_amount(text, obj)  # the amount box of a selected action: its digits
        key = text.upper()
        at_once = self._at_once if self._at_once is not None and self._at_once[1] == self._moment_now() else None
        if text.isdigit() or text in ",.":
            if at_once is not None:  # "r 10 Enter" where R had one amount: it acted at once
                typed = at_once[2] + text
                self._at_once = (at_once[0], at_once[1], typed)
                self.show_error(
                    fill(
                        self.tr("%1 was done at once (it has one amount): %2 and its Enter are not used"),
                        at_once[0],
                        typed.strip(),
                    )
                )
                return True
            ranged = [c.key for _b, c, st in self.action_buttons if st is not None]
            if ranged:
                self.show_error(
                    fill(
                        self.tr("Press the action's key first (%1), then type the amount and Enter"), ", ".join(ranged)
                    )
                )
            else:
                self.show_error(self.tr("No amount to type: each action here has its one amount — press its key"))
            return True
        if text.isspace():
            return True  # between the key and its digits: nothing to say yet
        self._at_once = None
        keys = ", ".join(f"{c.key} {self._label(c)}" for _b, c, _s in self.action_buttons)
        if key in ACTION_LETTERS:
            action = ACTION_LETTERS[key]
            why = self.controller.why_not(action, key in SECOND_KEYS.values())
            self.show_error(
                fill(
                    self.tr("%1 (%2) is not possible now: %3. The keys now: %4"),
                    key,
                    action_name(action),
                    error_words(why),
                    keys,
                ),
                ", ".join(why.rules),
            )
        else:
            self.show_error(fill(self.tr("%1 is no key here. The keys now: %2"), repr(text), keys))
        return True

    def _refuse_in_amount(self, text: str, obj: QWidget) -> bool:
        """A key typed into a selected action's amount box: its digits, decimal mark, currency
        sign are the box's; any other key is refused at once, naming it and what the box wants
        (the box keeps what it holds)."""
        for _button, choice, stepper in self.action_buttons:
            if stepper is not None and (stepper is obj or stepper.isAncestorOf(obj)):
                if MoneySpinBox.takes(text):
                    return False
                self.show_error(
                    fill(
                        self.tr("%1 is not part of an amount: type the amount for %2, then Enter — Esc goes back"),
                        text.upper(),
                        self._label(choice),
                    )
                )
                return True
        return False

    def leave_amount(self, obj: QWidget) -> bool:
        """Esc in a selected action's amount box: the action is no longer selected, the box
        goes back to its least amount, the keys are the actions' again."""
        if self.selected is None or not self.actions_box.isAncestorOf(obj):
            return False
        for button, choice, stepper in self.action_buttons:
            button.setStyleSheet("")
            if stepper is not None and choice.min_to is not None:
                stepper.setValue(choice.min_to)
        self.selected = None
        self.error.clear()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def swallow_enter(self) -> bool:
        """The Enter after digits typed behind an action that acted at once is not the next
        player's: it is used up here (the dealer was told)."""
        at_once = self._at_once
        if at_once is None or at_once[1] != self._moment_now():
            return False
        if at_once[2]:
            self._at_once = None
            return True
        typed = self.card_edit.text().strip()
        if typed and typed.isdigit() and self.controller.prompt().kind in ("card", "common"):
            # the action closed the round and the next street's card box took the digits: they
            # were an amount ("c 4 Enter"), not a card, and they are not used
            self.card_edit.clear()
            self._at_once = None
            self.show_error(
                fill(
                    self.tr("%1 was done at once (it has one amount): %2 and its Enter are not used"), at_once[0], typed
                )
            )
            return True
        return False

    def _select(self, button):
        self._at_once = None  # a ranged action chosen: its Enter is its own
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
            self._line, self._line_open, self._line_goes_on, self._refused_extra = [], False, False, False
            if self._at_once is not None and self._at_once[1] != moment:
                self._at_once = None  # it belonged to the moment right after its action
        self._show_game()
        self.prompt.setText(say(p.subject))
        links = " ".join(f'<a href="{r}" style="color:#0b57d0; font-weight:bold">{r}</a>' for r in p.rules)
        reason = fill(self.tr("Rules: %1"), links) if p.rules else ""
        # the steps first, then why raising is (not) open; every note has its subject
        for subject, (_english, rules) in zip(p.note_subjects, p.notes, strict=True):
            cited = f" — {', '.join(rules)}" if rules else ""  # a note without rules (the seal) ends with its words
            reason += f"<br><b style='font-size:13pt'>{say(subject)}</b>{cited}"
        self.reason.setText(reason)
        typing = p.kind in ("card", "common") or self.line_open
        self.card_box.setVisible(typing)
        self._show_picker(p.kind in ("card", "common"))
        if typing:
            seen = c.seen_cards()
            for code, b in self.picker.items():
                b.setEnabled(code not in seen)
            self.card_edit.setFocus()
        self._show_line()
        self.show_box.setVisible(p.kind == "show")
        if p.kind == "show":
            self.show_edit.setFocus()
        self._rebuild_actions(p)
        voided = c.hand is not None and c.hand.voided is not None  # I-6, I-7: nothing to push, a redeal
        labels = {
            "river": self.tr("Deal river  [Enter]"),
            "award": self.tr("Deal again  [Enter]") if voided else self.tr("Confirm the awards  [Enter]"),
            "between": fill(self.tr("Start hand %1  [Enter]"), str(c.hand_no + 1)),
        }
        self.main_button.setVisible(p.kind in labels)
        self.main_button.setText(labels.get(p.kind, ""))
        self.summary.setText(self._summary_html(p))
        self.hint.setText(self._hint(p.kind))
        if not typing and p.kind != "show" and self.window().isActiveWindow():
            self.setFocus(Qt.FocusReason.OtherFocusReason)  # not on a button a stray Space would press

    def _show_game(self) -> None:
        """The game of this hand (the next, between hands), big, and when it changes: amber for
        the last hand of a game, so the dealer is ready for the other bring-in and first actor."""
        shown = self.controller.game_shown()
        self.game_banner.setVisible(shown is not None)
        if shown is None:
            self.game_banner.clear()
            return
        last = shown.changes_after_this_hand
        self.game_banner.setStyleSheet(
            "background: #ffe08a; border: 2px solid #b26a00; padding: 2px 6px;"
            if last
            else "background: #e3eefc; padding: 2px 6px;"
        )
        # one line, the game's name first ("Razz — 3 more hands, then …"): with the name on a line
        # of its own above, the German words pushed the action buttons out of a 720-pixel screen
        # (the dealer walkthrough)
        self.game_banner.setText(
            f"<span style='font-size:17pt; font-weight:bold'>{html.escape(said(shown.outlook))}</span>"
        )

    def _hint(self, kind: str) -> str:
        undo = self.tr("Ctrl+Z undo · Ctrl+Shift+Z redo")
        if kind in ("card", "common"):
            return fill(self.tr("Type the card (kd, 10h, th) or a whole street — no Enter needed · %1"), undo)
        if kind == "action" and self.line_open:
            return fill(self.tr("The street is dealt: Esc clears the box, then the action keys · %1"), undo)
        if kind == "action":
            keys = " · ".join(f"{c.key} {self._label(c)}" for _b, c, _s in self.action_buttons)
            ranged = any(s is not None for _b, _c, s in self.action_buttons)
            extra = self.tr(" · for an amount: its key, the digits, Enter") if ranged else ""
            return fill(self.tr("Keys: %1%2 · %3"), keys, extra, undo)
        if kind == "show":
            return fill(self.tr("Type the downcards shown: the hand shows when all are typed · Ctrl+M muck · %1"), undo)
        if kind in ("river", "award", "between"):
            h = self.controller.hand
            if kind == "award" and h is not None and h.voided is not None:  # the floor's void: no undo
                undo = self.tr("voided by the floor: only a floor ruling changes it")
            return fill(
                self.tr("Enter: %1 · %2"),
                self.main_button.text().split("  [")[0],
                undo if kind != "between" else self.tr("Seats menu: join, top up, sit out, leave"),
            )
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
            key = fill(self.tr("%1 + amount + Enter"), choice.key) if stepper is not None else choice.key
            button = big_button(f"{text}  [{key}]")
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
            return fill(self.tr("Call all-in %1") if choice.all_in else self.tr("Call %1"), amount)
        if choice.min_to is not None and choice.max_to is not None:  # a range of amounts
            names = {
                "bring_in": self.tr("Bring in %1–%2"),
                "bet": self.tr("Bet %1–%2"),
                "raise": self.tr("Raise to %1–%2"),
                "complete": self.tr("Complete to %1–%2"),
            }
            return fill(names[choice.action], m(choice.min_to), m(choice.max_to))
        assert choice.to is not None  # not a range, so the engine named the one amount (LegalAction)
        if choice.all_in:
            return fill(self.tr("All-in %1"), m(choice.to))
        names = {
            "bring_in": self.tr("Bring in %1"),
            "bet": self.tr("Bet %1"),
            "raise": self.tr("Raise to %1"),
            "complete": self.tr("Complete to %1"),
        }
        return fill(names[choice.action], m(choice.to))

    def _summary_html(self, prompt) -> str:
        c = self.controller
        if prompt.kind == "show":
            parts = []
            for best in c.best_hands_so_far():
                who = ", ".join(fill(self.tr("seat %1"), str(s)) for s in best.seats)
                if best.half == "high":
                    label, words = self.tr("Best so far: %1 — %2"), high_hand(best.value)
                else:
                    label, words = self.tr("Best low so far: %1 — %2"), low_hand(best.low_five)
                parts.append(f"<p style='font-size:15pt'><b>{fill(label, who, words)}</b></p>")
            return "".join(parts)
        if prompt.kind != "award":
            warning = c.shortage_warning()
            return f"<p style='color:#ffb347'><b>{say(warning)} — D-7</b></p>" if warning is not None else ""
        parts = []
        for i, pot in enumerate(c.awarded_pots()):
            title = self.tr("Main pot") if i == 0 else fill(self.tr("Side pot %1"), str(i))
            winners = pot.winners if hasattr(pot, "winners") else {pot.seat: pot.amount}
            pushes = ", ".join(fill(self.tr("seat %1: %2"), str(s), c.money(a)) for s, a in winners.items())
            parts.append(
                f"<p><b>{title} {c.money(pot.amount)}</b> → {pushes}<br>"
                f"<span style='color:#444'>{' '.join(pot.rules)}</span></p>"
            )
            low_word, seat_word = self.tr("low"), self.tr("Seat")
            for hand in getattr(pot, "hands", ()):
                low = f"; {low_word} {card_words(hand.low_five)} ({low_hand(hand.low_five)})" if hand.low_five else ""
                parts.append(
                    f"<p style='margin-left:10px'>{seat_word} {hand.seat}: {card_words(hand.five)} — "
                    f"{high_hand(hand.value)}{low}</p>"
                )
        return "".join(parts)


def _in_english(text: str) -> str:
    """Typed cards with the reader's rank letters (German B, D, Z) as the engine reads them;
    text that is no card is passed on unchanged, for the engine to refuse by name."""
    try:
        codes, rest = split_typed_cards(text, rank_aliases())
    except CardError:
        return text
    return " ".join(codes + ([rest] if rest else []))

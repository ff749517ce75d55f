"""What the live table tells the dealer now, as data: the prompt and the notes beside it.

Each prompt and each note has a typed *subject* (an engine event, a deal plan, a raising note,
or one of the small classes below) that ``says`` what it is (a template and its values,
``engine/says.py``): its ``text`` is the English, the UI fills the translated template with the
same values (``dealer_app/ui/words.say``). ``Prompt.text`` and ``Prompt.notes`` keep
the English for the command line, the record and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, MoneyArg, Says, joined, says

if TYPE_CHECKING:
    from dealer_app.engine.deck import DealPlan
    from dealer_app.engine.events import BringInChosen, FirstToAct


@dataclass(frozen=True)
class NoTable:
    """No table is open yet."""

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Open a table"))

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class BetweenHands:
    """T-4: a hand is over; the next starts when the dealer says so."""

    next_hand: int

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Between hands: start hand %1 when the table is ready"), self.next_hand)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class CardDue:
    """D-2: the next card to enter (the door card on third street, else an upcard), after the
    shortage procedure ``plan`` when one must be done first (D-7)."""

    seat: int
    name: str
    door: bool
    plan: DealPlan | None = None

    @property
    def says(self) -> Says:
        if self.door:
            said = says(QT_TRANSLATE_NOOP("Words", "Seat %1 (%2): door card"), self.seat, self.name)
        else:
            said = says(QT_TRANSLATE_NOOP("Words", "Seat %1 (%2): upcard"), self.seat, self.name)
        return joined(self.plan.says, ". ", said) if self.plan is not None else said

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class CommonCardDue:
    """D-7/D-8: the deck is short; the dealer turns one common card."""

    plan: DealPlan

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "%1. Enter the common card"), self.plan.says)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class RiverDue:
    """D-4: the river is dealt down (the dealer does not enter it), after the shortage
    procedure ``plan`` when one must be done first."""

    plan: DealPlan | None = None

    @property
    def says(self) -> Says:
        if self.plan is not None:
            return says(QT_TRANSLATE_NOOP("Words", "%1. Then press Enter"), self.plan.says)
        return says(QT_TRANSLATE_NOOP("Words", "Deal the river: one card down to each player"))

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class ToAct:
    """The seat to act; at the start of a street, the decision that made it first (B-2, A-1…A-5)."""

    seat: int
    name: str
    opening: BringInChosen | FirstToAct | None = None

    @property
    def says(self) -> Says:
        if self.opening is not None:
            return self.opening.says
        return says(QT_TRANSLATE_NOOP("Words", "Seat %1 (%2) to act"), self.seat, self.name)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class ShowDue:
    """W-1: the seat to show (first, or show or muck after the first)."""

    seat: int
    first: bool

    @property
    def says(self) -> Says:
        if self.first:
            return says(QT_TRANSLATE_NOOP("Words", "Seat %1 shows first"), self.seat)
        return says(QT_TRANSLATE_NOOP("Words", "Seat %1: show or muck"), self.seat)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class AwardsDue:
    """P-1: every pot is decided; the dealer pushes them and confirms."""

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Push the pots and confirm"))

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class Sealed:
    """The last hand's seal (record/chain.py): the record's proof of it, for the dealer to
    read out or write down with the awards."""

    hand: int
    seal: str
    rules: tuple[str, ...] = ()

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Hand %1 is sealed in the record: %2"), self.hand, self.seal)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class VoidDue:
    """I-6, I-7: the hand is void: every ante and bet goes back, then the same players are
    dealt again (the next hand)."""

    reason: str  # misdeal | fouled-deck

    @property
    def says(self) -> Says:
        if self.reason == "misdeal":
            return says(QT_TRANSLATE_NOOP("Words", "Misdeal: give back every ante and bet, shuffle, and deal again"))
        return says(QT_TRANSLATE_NOOP("Words", "Fouled deck: give back every ante and bet, shuffle, and deal again"))

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class PotPush:
    """A pot to push (the award step): which pot, how much, and to whom."""

    pot_index: int
    amount: int
    pushes: tuple[tuple[int, str, int], ...]  # (seat, name, amount)
    currency: str
    rules: tuple[str, ...]

    @property
    def says(self) -> Says:
        to = ListArg(
            tuple(
                says(QT_TRANSLATE_NOOP("Words", "seat %1 (%2) %3"), seat, who, MoneyArg(amount, self.currency))
                for seat, who, amount in self.pushes
            )
        )
        amount = MoneyArg(self.amount, self.currency)
        if self.pot_index == 0:
            return says(QT_TRANSLATE_NOOP("Words", "Main pot %1: push to %2"), amount, to)
        return says(QT_TRANSLATE_NOOP("Words", "Side pot %1 %2: push to %3"), self.pot_index, amount, to)

    @property
    def text(self) -> str:
        return str(self.says)


PromptKind = Literal["setup", "card", "common", "river", "action", "show", "award", "between"]
PromptSubject = NoTable | BetweenHands | CardDue | CommonCardDue | RiverDue | ToAct | ShowDue | AwardsDue | VoidDue


@dataclass
class Prompt:
    kind: str  # setup, card, common, river, action, show, award, between
    seat: int | None = None
    text: str = ""
    rules: tuple[str, ...] = ()
    # what else the dealer must know now, each with its rules (why raising is open or not, …)
    notes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # what ``text`` says, as data (for the UI's words in the reader's language)
    subject: object = None
    # each note's subject, in the order of ``notes``: an event, a deal plan, a raising note, a PotPush
    note_subjects: tuple[Note, ...] = ()


class Spoken(Protocol):
    """What a prompt says: an event, a deal plan, a raising note … (its English words)."""

    @property
    def text(self) -> str: ...


class Note(Spoken, Protocol):
    """What a prompt's note says, with the rules it applies."""

    @property
    def rules(self) -> tuple[str, ...]: ...


def prompt_for(
    kind: PromptKind,
    subject: Spoken,
    rules: tuple[str, ...] = (),
    seat: int | None = None,
    notes: tuple[Note, ...] = (),
) -> Prompt:
    """A prompt whose text and notes are its subjects' English words."""
    return Prompt(kind, seat, subject.text, rules, tuple((n.text, n.rules) for n in notes), subject, tuple(notes))

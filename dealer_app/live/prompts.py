"""What the live table tells the dealer now, as data: the prompt and the notes beside it.

Each prompt and each note has a typed *subject* (an engine event, a deal plan, a raising note,
or one of the small classes below) with its English ``text``; the UI words the same subject in
the reader's language (``dealer_app/ui/words.py``). ``Prompt.text`` and ``Prompt.notes`` keep
the English for the command line, the record and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from dealer_app.engine.money import format_money

if TYPE_CHECKING:
    from dealer_app.engine.deck import DealPlan
    from dealer_app.engine.events import BringInChosen, FirstToAct


@dataclass(frozen=True)
class NoTable:
    """No table is open yet."""

    @property
    def text(self) -> str:
        return "Open a table"


@dataclass(frozen=True)
class BetweenHands:
    """T-4: a hand is over; the next starts when the dealer says so."""

    next_hand: int

    @property
    def text(self) -> str:
        return f"Between hands: start hand {self.next_hand} when the table is ready"


@dataclass(frozen=True)
class CardDue:
    """D-2: the next card to enter (the door card on third street, else an upcard), after the
    shortage procedure ``plan`` when one must be done first (D-7)."""

    seat: int
    name: str
    door: bool
    plan: DealPlan | None = None

    @property
    def text(self) -> str:
        words = f"Seat {self.seat} ({self.name}): {'door card' if self.door else 'upcard'}"
        return f"{self.plan.words}. {words}" if self.plan is not None else words


@dataclass(frozen=True)
class CommonCardDue:
    """D-7/D-8: the deck is short; the dealer turns one common card."""

    plan: DealPlan

    @property
    def text(self) -> str:
        return f"{self.plan.words}. Enter the common card"


@dataclass(frozen=True)
class RiverDue:
    """D-4: the river is dealt down (the dealer does not enter it), after the shortage
    procedure ``plan`` when one must be done first."""

    plan: DealPlan | None = None

    @property
    def text(self) -> str:
        if self.plan is not None:
            return f"{self.plan.words}. Then press Enter"
        return "Deal the river: one card down to each player"


@dataclass(frozen=True)
class ToAct:
    """The seat to act; at the start of a street, the decision that made it first (B-2, A-1…A-5)."""

    seat: int
    name: str
    opening: BringInChosen | FirstToAct | None = None

    @property
    def text(self) -> str:
        if self.opening is not None:
            return self.opening.text
        return f"Seat {self.seat} ({self.name}) to act"


@dataclass(frozen=True)
class ShowDue:
    """W-1: the seat to show (first, or show or muck after the first)."""

    seat: int
    first: bool

    @property
    def text(self) -> str:
        return f"Seat {self.seat} shows first" if self.first else f"Seat {self.seat}: show or muck"


@dataclass(frozen=True)
class AwardsDue:
    """P-1: every pot is decided; the dealer pushes them and confirms."""

    @property
    def text(self) -> str:
        return "Push the pots and confirm"


@dataclass(frozen=True)
class Sealed:
    """The last hand's seal (record/chain.py): the record's proof of it, for the dealer to
    read out or write down with the awards."""

    hand: int
    seal: str
    rules: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"Hand {self.hand} is sealed in the record: {self.seal}"


@dataclass(frozen=True)
class VoidDue:
    """I-6, I-7: the hand is void: every ante and bet goes back, then the same players are
    dealt again (the next hand)."""

    reason: str  # misdeal | fouled-deck

    @property
    def text(self) -> str:
        what = "Misdeal" if self.reason == "misdeal" else "Fouled deck"
        return f"{what}: give back every ante and bet, shuffle, and deal again"


@dataclass(frozen=True)
class PotPush:
    """A pot to push (the award step): which pot, how much, and to whom."""

    pot_index: int
    amount: int
    pushes: tuple[tuple[int, str, int], ...]  # (seat, name, amount)
    currency: str
    rules: tuple[str, ...]

    @property
    def text(self) -> str:
        name = "Main pot" if self.pot_index == 0 else f"Side pot {self.pot_index}"
        to = ", ".join(
            f"seat {seat} ({who}) {format_money(amount, self.currency)}" for seat, who, amount in self.pushes
        )
        return f"{name} {format_money(self.amount, self.currency)}: push to {to}"


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
    note_subjects: tuple = ()


def prompt_for(
    kind: PromptKind, subject, rules: tuple[str, ...] = (), seat: int | None = None, notes: tuple = ()
) -> Prompt:
    """A prompt whose text and notes are its subjects' English words."""
    return Prompt(kind, seat, subject.text, rules, tuple((n.text, n.rules) for n in notes), subject, tuple(notes))

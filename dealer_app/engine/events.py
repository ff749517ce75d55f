"""Events: the only record of what happened. GUI, history, replay, undo and training read them.

One frozen class per kind of event, the way PokerKit models one operation per action: its
fields are typed (seat, street, amounts in cents, cards as numbers, the reason for a
decision), and readers match on the class, so a misspelt kind is an error, not silence.

``to_dict()`` gives the record's and ``--json``'s form of an event (``kind``, ``seat``, the
data fields, ``rules``, ``text``), unchanged from the string-keyed events this module replaced.
``says`` is each event's sentence as data (a template and its typed values, ``engine/says.py``):
``text`` is it filled in English, the UI fills the translated template with the same values.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from dealer_app.engine.cards import UNKNOWN, CardArg, format_card, format_cards
from dealer_app.engine.evaluator import board_says, describe_high, describe_low, high_says, low_says
from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, MoneyArg, RefusalArg, Says, joined, says

if TYPE_CHECKING:
    from dealer_app.engine.deck import DealPlan


# how each betting action is said, with its amount after it ("calls $10" but "raises to $40")
_ACTIONS = {
    "call": QT_TRANSLATE_NOOP("Words", "Seat %1 calls %2"),
    "bring_in": QT_TRANSLATE_NOOP("Words", "Seat %1 brings in for %2"),
    "complete": QT_TRANSLATE_NOOP("Words", "Seat %1 completes to %2"),
    "bet": QT_TRANSLATE_NOOP("Words", "Seat %1 bets %2"),
    "raise": QT_TRANSLATE_NOOP("Words", "Seat %1 raises to %2"),
}
_ALL_IN_ACTIONS = {
    "call": QT_TRANSLATE_NOOP("Words", "Seat %1 calls %2 all-in"),
    "bring_in": QT_TRANSLATE_NOOP("Words", "Seat %1 brings in for %2 all-in"),
    "complete": QT_TRANSLATE_NOOP("Words", "Seat %1 completes to %2 all-in"),
    "bet": QT_TRANSLATE_NOOP("Words", "Seat %1 bets %2 all-in"),
    "raise": QT_TRANSLATE_NOOP("Words", "Seat %1 raises to %2 all-in"),
}

# W-1: why the first player shows first
_SHOWDOWN_REASONS = {
    "last-aggressor": QT_TRANSLATE_NOOP("Words", "made the last bet or raise"),
    "dealers-left-house": QT_TRANSLATE_NOOP(
        "Words", "nobody bet the last round; clockwise from the dealer's left (house option)"
    ),
    "first-in-last-round": QT_TRANSLATE_NOOP("Words", "acted first in the last round, in which nobody bet"),
    "dealers-left": QT_TRANSLATE_NOOP("Words", "no betting took place; clockwise from the dealer's left"),
}

# an action as said in an irregularity: the verb alone where the rules fix the amount
_MOVES = {
    "fold": QT_TRANSLATE_NOOP("Words", "folds"),
    "check": QT_TRANSLATE_NOOP("Words", "checks"),
    "call": QT_TRANSLATE_NOOP("Words", "calls"),
    "bring_in": QT_TRANSLATE_NOOP("Words", "brings in"),
    "complete": QT_TRANSLATE_NOOP("Words", "completes"),
    "bet": QT_TRANSLATE_NOOP("Words", "bets"),
    "raise": QT_TRANSLATE_NOOP("Words", "raises"),
}
_MOVES_TO = {
    "bring_in": QT_TRANSLATE_NOOP("Words", "brings in for %1"),
    "complete": QT_TRANSLATE_NOOP("Words", "completes to %1"),
    "bet": QT_TRANSLATE_NOOP("Words", "bets %1"),
    "raise": QT_TRANSLATE_NOOP("Words", "raises to %1"),
    "call": QT_TRANSLATE_NOOP("Words", "calls %1"),
}


def move_says(action: str, to: int | None, currency: str) -> Says:
    """An action as said in an irregularity or the floor's timeline ("checks", "raises to $40")."""
    if action in ("fold", "check") or to is None:
        return says(_MOVES.get(action, action))
    return says(_MOVES_TO[action], MoneyArg(to, currency))


_SILENT = Says("")  # an event that needs no words (a burn, a deal, a round's end)


def _card_name(card: int | None) -> str:
    return UNKNOWN if card is None else format_card(card)


class Event:
    """What every event has: its ``kind`` (the record's name for the class), the seat it is
    about (None for the table), the rule IDs behind it, its data and its words."""

    __slots__ = ()
    kind: ClassVar[str]
    # fields of every class; "init=False" marks the ones fixed for a class (no seat for an
    # event about the table, the rule IDs of an event that always has the same ones)
    seat: int | None  # the player it is about
    rules: tuple[str, ...]  # given where the rule is applied, or fixed

    def data_dict(self) -> dict[str, object]:
        """The record's data fields, in the record's order."""
        return {}

    @property
    def data(self) -> dict[str, object]:
        return self.data_dict()

    @property
    def says(self) -> Says:
        """The event in words (a template and its values); an event without words says ""."""
        return _SILENT

    @property
    def text(self) -> str:
        """The decision in words, in English, as a dealer would say it ("" for no words)."""
        return str(self.says)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data_dict())
        if self.rules:
            out["rules"] = list(self.rules)
        text = self.text
        if text:
            out["text"] = text
        return out

    def as_dict(self) -> dict[str, object]:
        """The same as ``to_dict`` (the name the record and the tests have always used)."""
        return self.to_dict()


# --- antes and dealing (B-1, D-1…D-9) ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """B-1: a player's ante (all of a short stack, which is then all-in)."""

    kind: ClassVar[str] = "ante"
    seat: int
    amount: int
    all_in: bool
    currency: str
    rules: tuple[str, ...] = field(default=("B-1",), init=False)

    @property
    def says(self) -> Says:
        amount = MoneyArg(self.amount, self.currency)
        if self.all_in:
            return says(QT_TRANSLATE_NOOP("Words", "Seat %1 antes %2 and is all-in"), self.seat, amount)
        return says(QT_TRANSLATE_NOOP("Words", "Seat %1 antes %2"), self.seat, amount)

    def data_dict(self) -> dict[str, object]:
        return {"amount": self.amount, "all_in": self.all_in}


@dataclass(frozen=True, slots=True)
class DealPlanned(Event):
    """What the dealer does before a round of cards: the burn, pooling the burns, a common
    card (D-5, D-7, D-8); ``plan`` has the counts and the rule IDs."""

    kind: ClassVar[str] = "deal_plan"
    seat: None = field(default=None, init=False)
    street: int
    plan: DealPlan
    rules: tuple[str, ...]  # the plan's

    @property
    def says(self) -> Says:
        return self.plan.says

    def data_dict(self) -> dict[str, object]:
        return {"street": self.street, **self.plan.as_dict(), "stub_before": self.plan.stub_before}


@dataclass(frozen=True, slots=True)
class ShortageAhead(Event):
    """D-7: a street early, the next round will be short if everyone stays in."""

    kind: ClassVar[str] = "shortage_warning"
    seat: None = field(default=None, init=False)
    street: int  # the street that will be short
    plan: DealPlan
    rules: tuple[str, ...] = field(default=("D-7",), init=False)

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Next street: %1"), self.plan.says)

    def data_dict(self) -> dict[str, object]:
        return {"street": self.street, **self.plan.as_dict()}


@dataclass(frozen=True, slots=True)
class BurnsReshuffled(Event):
    """D-7: the burn cards are shuffled into the stub."""

    kind: ClassVar[str] = "reshuffle_burns"
    seat: None = field(default=None, init=False)
    burns: int
    rules: tuple[str, ...] = field(default=("D-7",), init=False)

    def data_dict(self) -> dict[str, object]:
        return {"burns": self.burns}


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """D-5: one card burned before the round."""

    kind: ClassVar[str] = "burn"
    seat: None = field(default=None, init=False)
    stub: int  # cards left after the burn
    rules: tuple[str, ...] = field(default=("D-5",), init=False)

    def data_dict(self) -> dict[str, object]:
        return {"stub": self.stub}


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """D-3 (third street: two down, one up) or D-4 (one card; the seventh down). A card the
    dealer cannot see is None."""

    kind: ClassVar[str] = "deal"
    seat: int
    street: int
    cards: tuple[int | None, ...]
    stub: int  # cards left after this deal
    rules: tuple[str, ...]

    @property
    def face_up(self) -> tuple[bool, ...]:
        return (False, False, True) if self.street == 3 else (self.street != 7,)

    def data_dict(self) -> dict[str, object]:
        return {
            "street": self.street,
            "cards": [_card_name(c) for c in self.cards],
            "up": list(self.face_up),
            "stub": self.stub,
        }


@dataclass(frozen=True, slots=True)
class CommonCardDealt(Event):
    """D-7/D-8: the deck is short; one card face up in the middle, every live player's."""

    kind: ClassVar[str] = "common_card"
    seat: None = field(default=None, init=False)
    card: int
    stub: int
    rules: tuple[str, ...] = field(default=("D-7", "D-8"), init=False)

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Common card %1: every live player's card"), CardArg(self.card))

    def data_dict(self) -> dict[str, object]:
        return {"card": format_card(self.card), "stub": self.stub}


# --- who acts (B-2…B-6, A-1…A-7) --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NoBetting(Event):
    """A-5/A-7: fewer than two players have chips; the street is dealt without betting."""

    kind: ClassVar[str] = "no_betting"
    seat: None = field(default=None, init=False)
    street: int
    rules: tuple[str, ...] = field(default=("A-5", "A-7"), init=False)

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "No betting: fewer than two players have chips"))

    def data_dict(self) -> dict[str, object]:
        return {"street": self.street}


@dataclass(frozen=True, slots=True)
class BringInChosen(Event):
    """B-2 (H-1 in Hi-Lo): the lowest door card brings in; B-5: if that player is all-in,
    the next player clockwise who can. ``unrecorded``: seats whose door card was not entered."""

    kind: ClassVar[str] = "bring_in_seat"
    seat: int
    rules: tuple[str, ...]
    door_card: int  # the lowest door card (in Razz the highest, R-2)
    lowest_seat: int  # whose it is (not ``seat`` when B-5 passed the bring-in on)
    unrecorded: tuple[int, ...] = ()

    @property
    def says(self) -> Says:
        if "R-2" in self.rules:  # Razz: the *highest* door card brings in (the ace counted low)
            return self._razz_says()
        if self.seat != self.lowest_seat:  # B-5: the lowest door card is all-in
            return says(
                QT_TRANSLATE_NOOP("Words", "Seat %1 brings in: the lowest door card, %2, belongs to all-in seat %3"),
                self.seat,
                CardArg(self.door_card),
                self.lowest_seat,
            )
        said = says(
            QT_TRANSLATE_NOOP("Words", "Seat %1 brings in: lowest door card, %2"), self.seat, CardArg(self.door_card)
        )
        return self._with_unrecorded(said)

    def _with_unrecorded(self, said: Says) -> Says:
        if not self.unrecorded:
            return said
        return joined(
            said,
            says(
                QT_TRANSLATE_NOOP("Words", " (door card of seat(s) %1 not recorded)", None, 1), ListArg(self.unrecorded)
            ),
        )

    def _razz_says(self) -> Says:
        """R-2: the highest door card brings in (the king highest, the ace lowest; then by suit)."""
        if self.seat != self.lowest_seat:  # B-5: the highest door card is all-in
            return says(
                QT_TRANSLATE_NOOP("Words", "Seat %1 brings in: the highest door card, %2, belongs to all-in seat %3"),
                self.seat,
                CardArg(self.door_card),
                self.lowest_seat,
            )
        return self._with_unrecorded(
            says(
                QT_TRANSLATE_NOOP("Words", "Seat %1 brings in: highest door card, %2"),
                self.seat,
                CardArg(self.door_card),
            )
        )


FirstActorReason = Literal["bring-in", "high-board", "low-board", "sixth-street", "high-hand-all-in", "low-hand-all-in"]
Tiebreak = Literal["", "suit", "low-suit", "dealers-left"]


@dataclass(frozen=True, slots=True)
class FirstToAct(Event):
    """Who opens a street's betting, and why: the bring-in (A-1), the high board (A-2, A-3),
    a tie (A-4), the first actor of sixth street with a common card (D-8), or the next player
    when the high hand is all-in (A-5)."""

    kind: ClassVar[str] = "first_to_act"
    seat: int
    street: int
    rules: tuple[str, ...]
    reason: FirstActorReason
    board_value: int = 0  # high-board: the board's value (evaluator.board_value) …
    board_size: int = 0  # … and how many cards it has
    tiebreak: Tiebreak = ""
    tiebreak_card: int | None = None  # the card by suit that broke the tie
    high_seat: int | None = None  # high-hand-all-in: the all-in high hand

    @property
    def says(self) -> Says:
        if self.reason == "bring-in":
            return says(QT_TRANSLATE_NOOP("Words", "Seat %1 acts first: the bring-in"), self.seat)
        if self.reason == "sixth-street":
            return says(
                QT_TRANSLATE_NOOP("Words", "Seat %1 acts first: acted first on sixth street (common card)"), self.seat
            )
        if self.reason == "low-hand-all-in":
            return says(
                QT_TRANSLATE_NOOP("Words", "Seat %1 acts first: the low hand, seat %2, is all-in"),
                self.seat,
                self.high_seat,
            )
        if self.reason == "high-hand-all-in":
            return says(
                QT_TRANSLATE_NOOP("Words", "Seat %1 acts first: the high hand, seat %2, is all-in"),
                self.seat,
                self.high_seat,
            )
        said = says(
            QT_TRANSLATE_NOOP("Words", "Seat %1 acts first: %2"),
            self.seat,
            board_says(self.board_value, self.board_size),
        )
        if self.tiebreak == "low-suit":
            return joined(
                said,
                says(
                    QT_TRANSLATE_NOOP("Words", "; tie broken by the lowest suit of the highest card, %1"),
                    CardArg(self.tiebreak_card),
                ),
            )
        if self.tiebreak == "suit":
            return joined(
                said,
                says(
                    QT_TRANSLATE_NOOP("Words", "; tie broken by the highest card by suit, %1"),
                    CardArg(self.tiebreak_card),
                ),
            )
        if self.tiebreak == "dealers-left":
            return joined(said, says(QT_TRANSLATE_NOOP("Words", "; tie: nearest the dealer's left")))
        return said

    def data_dict(self) -> dict[str, object]:
        return {"street": self.street}


# --- betting (L-2…L-8, I-3, P-2) --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A betting action. ``to`` is the round total after it, ``amount`` what went in now;
    neither for a fold or a check."""

    kind: ClassVar[str] = "action"
    seat: int
    action: str  # fold, check, call, bring_in, complete, bet, raise
    rules: tuple[str, ...]
    to: int | None = None
    amount: int | None = None
    all_in: bool = False
    currency: str = ""

    @property
    def says(self) -> Says:
        if self.action == "fold":
            return says(QT_TRANSLATE_NOOP("Words", "Seat %1 folds"), self.seat)
        if self.action == "check":
            return says(QT_TRANSLATE_NOOP("Words", "Seat %1 checks"), self.seat)
        assert self.to is not None and self.amount is not None  # every other action has its amounts
        said = self.amount if self.action == "call" else self.to  # "calls $10" but "raises to $40"
        templates = _ALL_IN_ACTIONS if self.all_in else _ACTIONS
        return says(templates[self.action], self.seat, MoneyArg(said, self.currency))

    def data_dict(self) -> dict[str, object]:
        if self.to is None:
            return {"action": self.action}
        return {"action": self.action, "to": self.to, "amount": self.amount, "all_in": self.all_in}


@dataclass(frozen=True, slots=True)
class RulingApplied(Event):
    """I-3: the floor applied an action the rules refuse; ``refused`` says why it was."""

    kind: ClassVar[str] = "ruling"
    seat: int
    rules: tuple[str, ...]
    refused: str
    refused_says: Says | None = None  # the refusal as data, for the reader's language

    @property
    def says(self) -> Says:
        refused = RefusalArg(self.refused_says) if self.refused_says is not None else self.refused
        return says(QT_TRANSLATE_NOOP("Words", "Floor ruling: applied although refused: %1"), refused)

    def data_dict(self) -> dict[str, object]:
        return {"refused": self.refused}


@dataclass(frozen=True, slots=True)
class UncalledBetReturned(Event):
    """P-2: the part of a bet nobody called goes back to the bettor."""

    kind: ClassVar[str] = "uncalled_bet_returned"
    seat: int
    amount: int
    currency: str
    rules: tuple[str, ...] = field(default=("P-2",), init=False)

    @property
    def says(self) -> Says:
        return says(
            QT_TRANSLATE_NOOP("Words", "Uncalled %1 returned to seat %2"),
            MoneyArg(self.amount, self.currency),
            self.seat,
        )

    def data_dict(self) -> dict[str, object]:
        return {"amount": self.amount}


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    """A-7: a betting round is over; ``pot`` is everything in the middle."""

    kind: ClassVar[str] = "round_over"
    seat: None = field(default=None, init=False)
    street: int
    pot: int
    rules: tuple[str, ...] = field(default=("A-7",), init=False)

    def data_dict(self) -> dict[str, object]:
        return {"street": self.street, "pot": self.pot}


# --- the showdown (W-1…W-5, P-1, P-3) ---------------------------------------------------------
ShowdownReason = Literal["last-aggressor", "dealers-left-house", "first-in-last-round", "dealers-left"]


@dataclass(frozen=True, slots=True)
class ShowdownOrdered(Event):
    """W-1: who shows first, and the order after; W-5 when everyone is all-in."""

    kind: ClassVar[str] = "showdown_order"
    seat: None = field(default=None, init=False)
    order: tuple[int, ...]
    rules: tuple[str, ...]
    reason: ShowdownReason

    @property
    def says(self) -> Says:
        why = _SHOWDOWN_REASONS[self.reason]  # W-1: why the first player shows first
        rest = ListArg(tuple(says(QT_TRANSLATE_NOOP("Words", "seat %1"), s) for s in self.order[1:]))
        return says(QT_TRANSLATE_NOOP("Words", "Seat %1 shows first (%2); then %3"), self.order[0], says(why), rest)

    def data_dict(self) -> dict[str, object]:
        return {"order": list(self.order)}


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """W-1/W-3: a showdown player turns the hand up (with the common card, if any)."""

    kind: ClassVar[str] = "show"
    seat: int
    cards: tuple[int | None, ...]
    rules: tuple[str, ...] = field(default=("W-1", "W-3"), init=False)

    def data_dict(self) -> dict[str, object]:
        return {"cards": format_cards(self.cards, sep=" ")}


@dataclass(frozen=True, slots=True)
class HandExposed(Event):
    """W-5: everyone is all-in, so the hands are turned up before the last cards."""

    kind: ClassVar[str] = "expose"
    seat: int
    cards: tuple[int | None, ...]
    rules: tuple[str, ...] = field(default=("W-5",), init=False)

    def data_dict(self) -> dict[str, object]:
        return {"cards": format_cards(self.cards, sep=" ")}


@dataclass(frozen=True, slots=True)
class HandMucked(Event):
    """W-1: a showdown player gives up the hand without showing."""

    kind: ClassVar[str] = "muck"
    seat: int
    rules: tuple[str, ...] = field(default=("W-1",), init=False)

    @property
    def says(self) -> Says:
        return says(QT_TRANSLATE_NOOP("Words", "Seat %1 mucks"), self.seat)


@dataclass(frozen=True, slots=True)
class PotWonByFolds(Event):
    """W-2: everyone else folded; the last player wins without showing."""

    kind: ClassVar[str] = "award"
    seat: int
    amount: int
    currency: str
    rules: tuple[str, ...] = field(default=("W-2",), init=False)

    @property
    def says(self) -> Says:
        return says(
            QT_TRANSLATE_NOOP("Words", "Seat %1 wins %2: everyone else folded; no need to show"),
            self.seat,
            MoneyArg(self.amount, self.currency),
        )

    def data_dict(self) -> dict[str, object]:
        return {"amount": self.amount, "pot": 0}


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """A hand that took part in a pot's award: its best five, their value (evaluator), and in
    Hi-Lo its best qualifying low five when the pot had a low."""

    seat: int
    five: tuple[int, ...]
    value: int
    low_five: tuple[int, ...] | None = None


PotCase = Literal["uncontested", "high", "hi-lo", "no-low", "low"]  # low: Razz, the lowest hand takes it


def _to_seats(seats: ListArg) -> Says:
    """ "to seat(s) 3, 5": a part of a pot's sentence, its words agreeing with how many seats."""
    return says(QT_TRANSLATE_NOOP("Words", "to seat(s) %1", None, 1), seats)


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """One pot at the showdown (P-1, W-3, W-4, H-2, H-3): who could win it, who did and how
    much, and the hands that decided it. ``case``: nobody else left to show (uncontested),
    the high hand takes it, split high/low, or no qualifying low."""

    kind: ClassVar[str] = "award"
    seat: None = field(default=None, init=False)
    rules: tuple[str, ...]
    amount: int
    eligible: tuple[int, ...]
    winners: dict[int, int]  # seat -> amount pushed (read only)
    hands: tuple[ScoredHand, ...]
    pot_index: int  # 0 the main pot, 1… the side pots
    case: PotCase
    high_seats: tuple[int, ...]  # who takes the high half (all of it unless split)
    high_half: int
    high_value: int  # the winning high hand's value (0 when uncontested)
    low_seats: tuple[int, ...]
    low_half: int
    low_five: tuple[int, ...]  # the winning low (hi-lo only)
    currency: str

    @property
    def says(self) -> Says:
        if self.pot_index == 0:
            name = says(QT_TRANSLATE_NOOP("Words", "main pot"))
        else:
            name = says(QT_TRANSLATE_NOOP("Words", "side pot %1"), self.pot_index)
        amount, high = MoneyArg(self.amount, self.currency), ListArg(self.high_seats)
        if self.case == "uncontested":
            return says(QT_TRANSLATE_NOOP("Words", "%1 %2 to seat %3"), name, amount, high)
        hand = high_says(self.high_value)
        if self.case == "hi-lo":
            return says(
                QT_TRANSLATE_NOOP("Words", "%1 %2: high %3 %4 (%5), low %6 %7 (%8)"),
                name,
                amount,
                MoneyArg(self.high_half, self.currency),
                _to_seats(high),  # two lists of seats, each with its own count: each its own part
                hand,
                MoneyArg(self.low_half, self.currency),
                _to_seats(ListArg(self.low_seats)),
                low_says(self.low_five),
            )
        if self.case == "no-low":
            return says(
                QT_TRANSLATE_NOOP("Words", "%1 %2: no qualifying low; all to seat(s) %3 (%4)", None, 3),
                name,
                amount,
                high,
                hand,
            )
        return says(QT_TRANSLATE_NOOP("Words", "%1 %2 to seat(s) %3 (%4)", None, 3), name, amount, high, hand)

    def data_dict(self) -> dict[str, object]:
        hands: dict[int, dict[str, str]] = {}
        for h in self.hands:
            entry = {"cards": format_cards(h.five, sep=" "), "name": describe_high(h.value)}
            if h.low_five is not None:
                entry["low"], entry["low_name"] = format_cards(h.low_five, sep=" "), describe_low(list(h.low_five))
            hands[h.seat] = entry
        return {"amount": self.amount, "eligible": list(self.eligible), "winners": dict(self.winners), "hands": hands}


@dataclass(frozen=True, slots=True)
class HandOver(Event):
    """P-3: every chip is in a stack again; ``showdown`` tells how the hand ended."""

    kind: ClassVar[str] = "hand_over"
    seat: None = field(default=None, init=False)
    showdown: bool
    rules: tuple[str, ...] = field(default=("P-3",), init=False)

    def data_dict(self) -> dict[str, object]:
        return {"showdown": self.showdown}


# --- irregularities (catalog §9, I-1…I-8): what the dealer reported, and its remedy ----------
@dataclass(frozen=True, slots=True)
class DowncardExposed(Event):
    """I-1: one of a player's first two cards was exposed: it counts as the door card and the
    third card is dealt down (the bring-in is then decided with it, A-1)."""

    kind: ClassVar[str] = "downcard_exposed"
    seat: int
    card: int
    rules: tuple[str, ...] = field(default=("I-1", "A-1"), init=False)

    @property
    def says(self) -> Says:
        return says(
            QT_TRANSLATE_NOOP("Words", "Seat %1's exposed downcard %2 is the door card; the third card is dealt down"),
            self.seat,
            CardArg(self.card),
        )

    def data_dict(self) -> dict[str, object]:
        return {"card": format_card(self.card)}


@dataclass(frozen=True, slots=True)
class CardDealtEarly(Event):
    """I-2: a card was dealt before the betting round ended: it goes back, the stub is
    reshuffled with it (without the burns), and street ``street`` is dealt without a new burn."""

    kind: ClassVar[str] = "card_dealt_early"
    seat: None = field(default=None, init=False)
    street: int  # the street the card belonged to
    stub: int
    rules: tuple[str, ...] = field(default=("I-2",), init=False)

    @property
    def says(self) -> Says:
        return says(
            QT_TRANSLATE_NOOP(
                "Words",
                "Card dealt too early: it goes back, the stub is shuffled with "
                "it (not the burns), and street %1 is dealt without a new "
                "burn",
            ),
            self.street,
        )

    def data_dict(self) -> dict[str, object]:
        return {"street": self.street, "stub": self.stub}


@dataclass(frozen=True, slots=True)
class BringInCorrected(Event):
    """I-4: the wrong player was made to bring in (a door card was misread): the chips go back
    (``returned`` to ``seat``) and the bring-in is decided again with the right card."""

    kind: ClassVar[str] = "bring_in_corrected"
    seat: int  # whose door card was wrong
    was: int | None
    card: int
    returned: int  # what the wrong bring-in had put in, given back
    returned_to: int | None  # the seat that had brought in
    currency: str
    rules: tuple[str, ...] = field(default=("I-4", "B-2"), init=False)

    @property
    def says(self) -> Says:
        parts = [
            says(
                QT_TRANSLATE_NOOP("Words", "Wrong bring-in: seat %1's door card is %2, not %3"),
                self.seat,
                CardArg(self.card),
                CardArg(self.was),
            )
        ]
        if self.returned and self.returned_to is not None:
            parts.append(
                says(
                    QT_TRANSLATE_NOOP("Words", "; %1 goes back to seat %2"),
                    MoneyArg(self.returned, self.currency),
                    self.returned_to,
                )
            )
        return joined(*parts, says(QT_TRANSLATE_NOOP("Words", "; the bring-in is decided again")))

    def data_dict(self) -> dict[str, object]:
        return {
            "was": _card_name(self.was),
            "card": format_card(self.card),
            "returned": self.returned,
            "returned_to": self.returned_to,
        }


OutOfTurnHandling = Literal["held", "floor"]


@dataclass(frozen=True, slots=True)
class ActedOutOfTurn(Event):
    """I-5: ``seat`` acted while ``owed`` had the turn; action goes back to ``owed``. Under
    ``binding-unless-changed`` the action is held, binding if the action to ``seat`` does not
    change; under ``floor`` the floor rules on it."""

    kind: ClassVar[str] = "out_of_turn"
    seat: int
    action: str
    to: int | None
    owed: int
    handling: OutOfTurnHandling
    currency: str
    rules: tuple[str, ...] = field(default=("I-5",), init=False)

    @property
    def says(self) -> Says:
        said = says(
            QT_TRANSLATE_NOOP("Words", "Seat %1 %2 out of turn; action goes back to seat %3"),
            self.seat,
            move_says(self.action, self.to, self.currency),
            self.owed,
        )
        if self.handling == "floor":
            return joined(said, says(QT_TRANSLATE_NOOP("Words", ": the floor rules on it (house option)")))
        return joined(
            said, says(QT_TRANSLATE_NOOP("Words", ": binding if the action to seat %1 does not change"), self.seat)
        )

    def data_dict(self) -> dict[str, object]:
        return {"action": self.action, "to": self.to, "owed": self.owed, "handling": self.handling}


@dataclass(frozen=True, slots=True)
class OutOfTurnSettled(Event):
    """I-5: the turn came back to a player who had acted out of turn. ``binding``: the action
    to them did not change and their action stands (it follows as an ``action`` event); else a
    bet or raise came in between, it is void, their chips are theirs and they have every option."""

    kind: ClassVar[str] = "out_of_turn_settled"
    seat: int
    action: str
    to: int | None
    binding: bool
    currency: str
    rules: tuple[str, ...] = field(default=("I-5",), init=False)

    @property
    def says(self) -> Says:
        if self.binding:
            return says(
                QT_TRANSLATE_NOOP("Words", "Seat %1's action out of turn stands: %2"),
                self.seat,
                move_says(self.action, self.to, self.currency),
            )
        return says(
            QT_TRANSLATE_NOOP(
                "Words",
                "Seat %1's action out of turn is void: a bet or raise came in between; seat %1 has every option",
            ),
            self.seat,
        )

    def data_dict(self) -> dict[str, object]:
        return {"action": self.action, "to": self.to, "binding": self.binding}


VoidReason = Literal["misdeal", "fouled-deck"]


@dataclass(frozen=True, slots=True)
class HandVoided(Event):
    """I-6 misdeal, I-7 fouled deck: every ante and bet goes back (``returned``: seat, amount),
    the hand is void, and the same players are dealt again."""

    kind: ClassVar[str] = "hand_voided"
    seat: None = field(default=None, init=False)
    reason: VoidReason
    returned: tuple[tuple[int, int], ...]
    currency: str
    rules: tuple[str, ...]

    @property
    def says(self) -> Says:
        if self.reason == "misdeal":
            return says(
                QT_TRANSLATE_NOOP(
                    "Words",
                    "Misdeal: every ante and bet goes back; the hand is void and dealt again to the same players",
                )
            )
        return says(
            QT_TRANSLATE_NOOP(
                "Words",
                "Fouled deck: every ante and bet goes back; the hand is void and dealt again to the same players",
            )
        )

    def data_dict(self) -> dict[str, object]:
        return {"reason": self.reason, "returned": {str(s): a for s, a in self.returned}}


RaisingCase = Literal[
    "capped",
    "uncapped-heads-up",
    "short-all-in-closed",
    "short-all-in-open",
    "no-double-bet-spread",
    "no-double-bet-hilo",
    "no-double-bet-razz",
    "no-double-bet-house",
]


@dataclass(frozen=True, slots=True)
class RaisingNote:
    """Not an event but a fact about the decision now: why raising is or is not open for the
    seat to act (L-6 capped, L-7 no cap heads-up, L-8 a short all-in that did or did not
    reopen the betting; L-3 an open pair on fourth street that does not allow the big bet, under
    spread limit or the house's ``open_pair_double: false``). ``raises`` of ``cap`` made so far."""

    case: RaisingCase
    seat: int
    raises: int
    cap: int
    rules: tuple[str, ...]

    @property
    def says(self) -> Says:
        if self.case == "uncapped-heads-up":
            return says(
                QT_TRANSLATE_NOOP("Words", "Raises %1 of %2, and raising goes on: two players left, no cap heads-up"),
                self.raises,
                self.cap,
            )
        if self.case == "capped":
            return says(QT_TRANSLATE_NOOP("Words", "Capped: %1 raises of %2; call or fold"), self.raises, self.cap)
        if self.case == "no-double-bet-spread":
            return says(
                QT_TRANSLATE_NOOP(
                    "Words",
                    "Open pair on fourth street, but no double bet: spread limit bets the same range on every street",
                )
            )
        if self.case == "no-double-bet-hilo":
            return says(
                QT_TRANSLATE_NOOP(
                    "Words", "Open pair on fourth street, but no double bet: this house plays hi-lo without it"
                )
            )
        if self.case == "no-double-bet-razz":
            return says(
                QT_TRANSLATE_NOOP("Words", "Open pair on fourth street, but no double bet: Razz never has it (R-4)")
            )
        if self.case == "no-double-bet-house":
            return says(
                QT_TRANSLATE_NOOP("Words", "Open pair on fourth street, but no double bet: this house plays without it")
            )
        if self.case == "short-all-in-closed":
            return says(
                QT_TRANSLATE_NOOP(
                    "Words",
                    "The all-in was less than a full raise: betting is not reopened for seat %1, "
                    "who has acted; call or fold",
                ),
                self.seat,
            )
        return says(
            QT_TRANSLATE_NOOP(
                "Words",
                "The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open",
            ),
            self.seat,
        )

    @property
    def text(self) -> str:
        return str(self.says)


EVENT_CLASSES: tuple[type[Event], ...] = (
    AntePosted,
    DealPlanned,
    ShortageAhead,
    BurnsReshuffled,
    CardBurned,
    CardsDealt,
    CommonCardDealt,
    NoBetting,
    BringInChosen,
    FirstToAct,
    ActionTaken,
    RulingApplied,
    UncalledBetReturned,
    RoundOver,
    ShowdownOrdered,
    HandShown,
    HandExposed,
    HandMucked,
    PotWonByFolds,
    PotAwarded,
    HandOver,
    DowncardExposed,
    CardDealtEarly,
    BringInCorrected,
    ActedOutOfTurn,
    OutOfTurnSettled,
    HandVoided,
)


def _quicker_init(cls: type) -> None:
    """Give a frozen, slotted dataclass an ``__init__`` that stores each field straight into
    its slot. Why: the ``__init__`` dataclass writes for a frozen class stores every field
    through ``object.__setattr__``, which made an event cost 1.0 µs to create against 0.5 µs
    this way; a hand makes about 85 events, and that difference was a tenth of a replay's
    time. Nothing else changes: the same parameters and defaults (``__wrapped__`` is
    dataclass's own, which ``inspect.signature`` shows), and assigning to a field afterwards
    still raises ``FrozenInstanceError``; ``tests/engine/test_events_typed.py`` compares the two."""
    original = cls.__dict__["__init__"]
    if hasattr(cls, "__post_init__") or any(
        f.default_factory is not dataclasses.MISSING or (not f.init and f.default is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
    ):
        raise TypeError(f"{cls.__name__}: _quicker_init knows plain fields and defaults only")
    scope: dict[str, object] = {}
    params, body = [], []
    for f in dataclasses.fields(cls):
        scope[f"_store_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's own descriptor
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
        if not f.init:
            body.append(f"    _store_{f.name}(self, _default_{f.name})")
            continue
        params.append(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}")
        body.append(f"    _store_{f.name}(self, {f.name})")
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"]), scope)
    init: Any = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__wrapped__ = original
    cls.__init__ = init  # type: ignore[misc]  # (mypy: "cannot assign to a method"; that is the point)


for _event_class in EVENT_CLASSES:
    _quicker_init(_event_class)


@dataclass(slots=True, frozen=True)
class LegalAction:
    """One legal choice: an exact ``to`` or a range ``min_to``…``max_to`` (round totals, cents).
    Frozen: the usual choices are shared between decisions (``betting._exactly``)."""

    action: str
    to: int | None = None
    min_to: int | None = None
    max_to: int | None = None
    all_in: bool = False

    def allows(self, to: int | None) -> bool:
        if self.min_to is not None and self.max_to is not None:
            return to is not None and self.min_to <= to <= self.max_to
        return self.to is None or to is None or to == self.to

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"action": self.action}
        if self.to is not None:
            out["to"] = self.to
        if self.min_to is not None:
            out["min_to"], out["max_to"] = self.min_to, self.max_to
        if self.all_in:
            out["all_in"] = True
        return out


_quicker_init(LegalAction)  # made at every action, as the events are

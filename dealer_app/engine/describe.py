"""Every event in English words, from its fields (the words a dealer would say).

``describe(event)`` is the engine's sentence for an event: the record keeps it as ``text``, the
command line prints it, and the UI words the same fields in the reader's language
(``dealer_app/ui/words.py``: one translatable template per event class). An event without
words (a burn, a deal, a round's end) describes as "".
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from dealer_app.engine.cards import card_sign
from dealer_app.engine.deck import DealPlan, plan_words
from dealer_app.engine.evaluator import describe_board, describe_high, describe_low
from dealer_app.engine.events import (
    ActedOutOfTurn,
    ActionTaken,
    AntePosted,
    BringInChosen,
    BringInCorrected,
    CardDealtEarly,
    CommonCardDealt,
    DealPlanned,
    DowncardExposed,
    Event,
    FirstToAct,
    HandMucked,
    HandVoided,
    NoBetting,
    OutOfTurnSettled,
    PotAwarded,
    PotWonByFolds,
    RaisingNote,
    RulingApplied,
    ShortageAhead,
    ShowdownOrdered,
    UncalledBetReturned,
)
from dealer_app.engine.money import format_money

if TYPE_CHECKING:
    from collections.abc import Callable

# how each betting action is said, with its amount after it
VERBS = {"bring_in": "brings in for", "complete": "completes to", "bet": "bets", "raise": "raises to", "call": "calls"}

# W-1: why the first player shows first
SHOWDOWN_REASONS = {
    "last-aggressor": "made the last bet or raise",
    "dealers-left-house": "nobody bet the last round; clockwise from the dealer's left (house option)",
    "first-in-last-round": "acted first in the last round, in which nobody bet",
    "dealers-left": "no betting took place; clockwise from the dealer's left",
}


_long = card_sign  # a card in a sentence ("10♥")


def _ante(e: AntePosted) -> str:
    return f"Seat {e.seat} antes {format_money(e.amount, e.currency)}" + (" and is all-in" if e.all_in else "")


def _action(e: ActionTaken) -> str:
    if e.action == "fold":
        return f"Seat {e.seat} folds"
    if e.action == "check":
        return f"Seat {e.seat} checks"
    assert e.to is not None and e.amount is not None  # every other action has its amounts
    said = e.amount if e.action == "call" else e.to  # "calls $10" but "raises to $40"
    return f"Seat {e.seat} {VERBS[e.action]} {format_money(said, e.currency)}" + (" all-in" if e.all_in else "")


def _bring_in(e: BringInChosen) -> str:
    if e.seat != e.lowest_seat:  # B-5: the lowest door card is all-in
        return (
            f"Seat {e.seat} brings in: the lowest door card, {_long(e.door_card)}, belongs to all-in seat "
            f"{e.lowest_seat}"
        )
    words = f"Seat {e.seat} brings in: lowest door card, {_long(e.door_card)}"
    if e.unrecorded:
        words += f" (door card of seat(s) {', '.join(map(str, e.unrecorded))} not recorded)"
    return words


def _first(e: FirstToAct) -> str:
    if e.reason == "bring-in":
        return f"Seat {e.seat} acts first: the bring-in"
    if e.reason == "sixth-street":
        return f"Seat {e.seat} acts first: acted first on sixth street (common card)"
    if e.reason == "high-hand-all-in":
        return f"Seat {e.seat} acts first: the high hand, seat {e.high_seat}, is all-in"
    tie = ""
    if e.tiebreak == "suit":
        tie = f"; tie broken by the highest card by suit, {_long(e.tiebreak_card)}"
    elif e.tiebreak == "dealers-left":
        tie = "; tie: nearest the dealer's left"
    return f"Seat {e.seat} acts first: {describe_board(e.board_value, e.board_size)}{tie}"


def _pot(e: PotAwarded) -> str:
    name = "main pot" if e.pot_index == 0 else f"side pot {e.pot_index}"
    m = functools.partial(format_money, currency=e.currency)
    high = ", ".join(map(str, e.high_seats))
    if e.case == "uncontested":
        return f"{name} {m(e.amount)} to seat {high}"
    hand = describe_high(e.high_value)
    if e.case == "hi-lo":
        return (
            f"{name} {m(e.amount)}: high {m(e.high_half)} to seat(s) {high} ({hand}), low {m(e.low_half)} "
            f"to seat(s) {', '.join(map(str, e.low_seats))} ({describe_low(list(e.low_five))})"
        )
    if e.case == "no-low":
        return f"{name} {m(e.amount)}: no qualifying low; all to seat(s) {high} ({hand})"
    return f"{name} {m(e.amount)} to seat(s) {high} ({hand})"


def _raising(n: RaisingNote) -> str:
    if n.case == "uncapped-heads-up":
        return f"Raises {n.raises} of {n.cap}, and raising goes on: two players left, no cap heads-up"
    if n.case == "capped":
        return f"Capped: {n.raises} raises of {n.cap}; call or fold"
    if n.case == "no-double-bet-spread":
        return "Open pair on fourth street, but no double bet: spread limit bets the same range on every street"
    if n.case == "no-double-bet-hilo":
        return "Open pair on fourth street, but no double bet: this house plays hi-lo without it"
    if n.case == "no-double-bet-house":
        return "Open pair on fourth street, but no double bet: this house plays without it"
    if n.case == "short-all-in-closed":
        return (
            f"The all-in was less than a full raise: betting is not reopened for seat {n.seat}, who has "
            "acted; call or fold"
        )
    return (
        f"The all-in was less than a full raise, but seat {n.seat} has not acted on the bet before it: a raise is open"
    )


def _showdown(e: ShowdownOrdered) -> str:
    return f"Seat {e.order[0]} shows first ({SHOWDOWN_REASONS[e.reason]}); then " + ", ".join(
        f"seat {s}" for s in e.order[1:]
    )


def _move(action: str, to: int | None, currency: str) -> str:
    """An action as said in an irregularity ("checks", "raises to $40")."""
    if action in ("fold", "check"):
        return {"fold": "folds", "check": "checks"}[action]
    if to is None:
        return {
            "call": "calls",
            "bring_in": "brings in",
            "complete": "completes",
            "bet": "bets",
            "raise": "raises",
        }.get(action, action)
    return f"{VERBS[action]} {format_money(to, currency)}"


def _out_of_turn(e: ActedOutOfTurn) -> str:
    said = f"Seat {e.seat} {_move(e.action, e.to, e.currency)} out of turn; action goes back to seat {e.owed}"
    if e.handling == "floor":
        return said + ": the floor rules on it (house option)"
    return said + f": binding if the action to seat {e.seat} does not change"


def _settled(e: OutOfTurnSettled) -> str:
    if e.binding:
        return f"Seat {e.seat}'s action out of turn stands: {_move(e.action, e.to, e.currency)}"
    return f"Seat {e.seat}'s action out of turn is void: a bet or raise came in between; seat {e.seat} has every option"


def _voided(e: HandVoided) -> str:
    what = "Misdeal" if e.reason == "misdeal" else "Fouled deck"
    return f"{what}: every ante and bet goes back; the hand is void and dealt again to the same players"


def _corrected(e: BringInCorrected) -> str:
    said = f"Wrong bring-in: seat {e.seat}'s door card is {_long(e.card)}, not {_long(e.was)}"
    if e.returned and e.returned_to is not None:
        said += f"; {format_money(e.returned, e.currency)} goes back to seat {e.returned_to}"
    return said + "; the bring-in is decided again"


_WORDS: dict[type[Event | RaisingNote | DealPlan], Callable[..., str]] = {
    DowncardExposed: lambda e: (
        f"Seat {e.seat}'s exposed downcard {_long(e.card)} is the door card; the third card is dealt down"
    ),
    CardDealtEarly: lambda e: (
        f"Card dealt too early: it goes back, the stub is shuffled with it (not the burns), "
        f"and street {e.street} is dealt without a new burn"
    ),
    BringInCorrected: _corrected,
    ActedOutOfTurn: _out_of_turn,
    OutOfTurnSettled: _settled,
    HandVoided: _voided,
    AntePosted: _ante,
    DealPlanned: lambda e: e.plan.words,
    ShortageAhead: lambda e: f"Next street: {e.plan.words}",
    CommonCardDealt: lambda e: f"Common card {_long(e.card)}: every live player's card",
    NoBetting: lambda e: "No betting: fewer than two players have chips",
    BringInChosen: _bring_in,
    FirstToAct: _first,
    ActionTaken: _action,
    RulingApplied: lambda e: f"Floor ruling: applied although refused: {e.refused}",
    UncalledBetReturned: lambda e: f"Uncalled {format_money(e.amount, e.currency)} returned to seat {e.seat}",
    ShowdownOrdered: _showdown,
    HandMucked: lambda e: f"Seat {e.seat} mucks",
    PotWonByFolds: lambda e: (
        f"Seat {e.seat} wins {format_money(e.amount, e.currency)}: everyone else folded; no need to show"
    ),
    PotAwarded: _pot,
    RaisingNote: _raising,
    DealPlan: plan_words,
}


def describe(event: Event | RaisingNote | DealPlan) -> str:
    """The event (or a raising note, or a deal plan) in English; "" for an event that needs no words."""
    words = _WORDS.get(type(event))
    return words(event) if words is not None else ""

"""Hands from files (PHH, PokerStars, Full Tilt and the other sites ``replay`` reads) on the
floor's timeline, as a player's downloaded history is brought to a dispute.

Each hand is replayed by the engine as ``replay`` does; its events become the inputs a dealer
would have given (deals, actions, shows, mucks), and the timeline built from them must give
back exactly the same events, or the hand is named as not steppable. A file's hand is not in
the record: it can be stepped through, tried ("what if") and printed, not ruled on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dealer_app.engine.cards import format_card
from dealer_app.engine.errors import EngineError
from dealer_app.engine.events import (
    ActedOutOfTurn,
    ActionTaken,
    CardsDealt,
    CommonCardDealt,
    HandMucked,
    HandShown,
    OutOfTurnSettled,
    RulingApplied,
)
from dealer_app.engine.limits import LimitsError, LimitTable, load_profile
from dealer_app.floor.timeline import HandTimeline, Step, TimelineError
from dealer_app.history.reading import engine_hands_of
from dealer_app.history.sources import read_items
from dealer_app.record.hand_index import HandSummary
from dealer_app.record.inputs import Act, Common, Deal, Irregularity, Muck, Show
from dealer_app.record.rows import HandStartRow

if TYPE_CHECKING:
    from dealer_app.engine.hand import Hand


def _card(c: int | None) -> str | None:
    return None if c is None else format_card(c)


def inputs_of(hand: Hand) -> list[list]:
    """The dealer's inputs that give this hand's events, in order."""
    inputs: list[list] = []
    ruled = settled = False
    for e in hand.events:
        if isinstance(e, ActedOutOfTurn):  # I-5, as the dealer reports it (a binding one is acted by the engine)
            inputs.append(Irregularity("I-5", e.seat, action=e.action, to=e.to).to_json())
        elif isinstance(e, OutOfTurnSettled):
            settled = e.binding
            continue
        elif isinstance(e, ActionTaken) and settled:
            pass
        elif isinstance(e, CardsDealt):
            inputs.append(Deal(e.seat, tuple(_card(c) for c in e.cards)).to_json())
        elif isinstance(e, CommonCardDealt):
            inputs.append(Common(format_card(e.card)).to_json())
        elif isinstance(e, RulingApplied):
            ruled = True
        elif isinstance(e, ActionTaken):
            inputs.append(Act(e.seat, e.action, e.to, floor_override=ruled).to_json())
            ruled = False
        elif isinstance(e, HandShown):
            player = hand.by_seat[e.seat]
            shown = " ".join(format_card(c) for c in player.down if c is not None)
            inputs.append(Show(e.seat, shown or None).to_json())
        elif isinstance(e, HandMucked):
            inputs.append(Muck(e.seat).to_json())
        settled = False
    return inputs


def _table_of(hand: Hand, name: str) -> LimitTable:
    r = hand.rules
    return LimitTable(
        name=name,
        title=name,
        game=r.game,
        structure=r.structure,
        currency=r.currency,
        buy_in=0,
        ante=r.ante,
        bring_in=r.bring_in,
        small_bet=r.small_bet,
        big_bet=r.big_bet,
        min_bet=r.min_bet,
        chip=r.chip,
        seats=max(8, *(p.seat for p in hand.players)),
        profile=r.profile,
    )  # (a site may number its seats past 8)


def timeline_of(hand: Hand, source: str, number: int) -> HandTimeline:
    """A file's hand as a timeline; ValueError if stepping through it does not give back the
    same hand."""
    try:
        profile = load_profile(hand.rules.profile)
    except LimitsError:
        profile = load_profile("us-cardroom")
    table = _table_of(hand, source.rsplit("/", 1)[-1])
    seats = [(p.seat, p.name, p.start) for p in hand.players]
    # a site may number its seats past 8 (seat 10 of a ten-seat server table): the same rules, drawn with them
    rules = replace(hand.rules, max_players=max(hand.rules.max_players, *(p.seat for p in hand.players)))
    timeline = HandTimeline(
        0,
        number,
        table.name,
        profile.name,
        seats,
        rules_override=rules,
        unknown_upcards=hand.unknown_upcards,
        source=source,
        limit_table=table,
        house_profile=profile,
    )
    inputs: list[tuple] = []
    timeline.steps.append(Step(0, 0, "", HandStartRow.kind, None, ()))
    for i, inp in enumerate(inputs_of(hand), 1):
        inputs.append(tuple(inp))
        timeline.steps.append(Step(i, i, "", "input", tuple(inp), tuple(inputs)))
    end = timeline.moment(len(timeline.steps) - 1).hand
    if end is None or [e.to_dict() for e in end.events] != [e.to_dict() for e in hand.events]:
        raise ValueError(f"{source}: this hand cannot be stepped through (its replay differs)")
    return timeline


def hands_from_files(paths) -> tuple[list[tuple[HandSummary, HandTimeline]], list[str]]:
    """Every hand of the files, as the floor's browser lists them, and the problems (named)."""

    found, problems = [], []
    for number, item in enumerate(engine_hands_of(read_items(paths)), 1):
        if isinstance(item, str):
            problems.append(item)
            continue
        src, hand_id, shown_number, hand = item
        source = f"{src}#{hand_id}" if hand_id else src
        try:
            timeline = timeline_of(hand, source, number)
        except (ValueError, TimelineError, EngineError) as exc:  # named; the other hands go on
            problems.append(str(exc))
            continue
        pot = sum(p["amount"] for p in hand.pots_awarded)
        summary = HandSummary(
            0,
            src.rsplit("/", 1)[-1],
            number,
            "",
            [p.name for p in hand.players],
            [p.seat for p in hand.players],
            pot,
            currency=hand.rules.currency or "USD",
        )
        summary.source = f"{source} ({shown_number})"  # type: ignore[attr-defined]
        found.append((summary, timeline))
    return found, problems

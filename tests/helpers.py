"""Small helpers to set up and drive hands in tests."""

from __future__ import annotations

from dealer_app.engine.cards import parse_cards
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, load_profile, load_table


def rules(table: str = "stud-10-20", profile: str | None = None, **options) -> BettingRules:
    t = load_table(table)
    r = BettingRules.build(t, load_profile(profile or t.profile))
    return r.with_options(**options) if options else r


def fixed_rules(profile: str = "us-cardroom", game: str = "stud", ante=100, bring_in=500, small=1000,
                big=2000, chip=100, **options) -> BettingRules:
    r = BettingRules.fixed(load_profile(profile), game, ante, bring_in, small, big, chip)
    return r.with_options(**options) if options else r


def new_hand(r: BettingRules, stacks, doors: str, downs: str | None = None) -> Hand:
    """Seats 1..n with ``stacks``; third street dealt with the given door cards."""
    h = Hand(r, [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(stacks)])
    doors = parse_cards(doors)
    downs = parse_cards(downs) if downs else [None] * (2 * len(doors))
    for i, door in enumerate(doors):
        h.deal(i + 1, [downs[2 * i], downs[2 * i + 1], door])
    return h


def deal_street(h: Hand, cards: str):
    """Deal one card to each live seat in order."""
    for c in parse_cards(cards):
        seat, _ = h.expected_deal()
        h.deal(seat, [c])


def legal(h: Hand) -> list[dict]:
    return [a.as_dict() for a in h.legal_actions()]


def kinds(h: Hand) -> list[str]:
    return [a.action for a in h.legal_actions()]


def play(h: Hand, script: str):
    """Apply 'seat:action[:to]' steps separated by spaces, e.g. '3:bring_in 4:complete:1000'."""
    for step in script.split():
        parts = step.split(":")
        seat, action = int(parts[0]), parts[1]
        to = int(parts[2]) if len(parts) > 2 else None
        h.act(seat, action, to)

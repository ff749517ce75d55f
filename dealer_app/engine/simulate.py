"""Random hands played by the rules: for property tests, the benchmark and training drills.

It only drives the engine (``Hand.legal_actions`` and the dealing and acting calls): it chooses
actions with probabilities and decides no rule. Kept with the engine so that what tests, the
engine's fingerprint and the benchmarks play depends on the engine alone; the trainer's drills
use it too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.engine.hand import Hand, SeatSpec

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from dealer_app.engine.events import LegalAction
    from dealer_app.engine.limits import BettingRules


def random_amount(action: LegalAction, rng: random.Random, chip: int) -> int | None:
    if action.min_to is None or action.max_to is None:
        return action.to
    steps = (action.max_to - action.min_to) // chip
    pick = action.min_to + rng.randint(0, steps) * chip
    return action.max_to if rng.random() < 0.2 else pick


def choose_action(
    hand: Hand, rng: random.Random, aggression: float = 0.3, fold_rate: float = 0.15
) -> tuple[str, int | None]:
    """A random legal action: mostly check/call, sometimes bet/raise, sometimes fold."""
    legal = hand.legal_actions()
    passive = [a for a in legal if a.action in ("check", "call")]
    aggressive = [a for a in legal if a.action in ("bring_in", "complete", "bet", "raise")]
    folds = [a for a in legal if a.action == "fold"]
    r = rng.random()
    if folds and r < fold_rate:
        a = folds[0]
    elif aggressive and (r > 1 - aggression or not passive):
        a = rng.choice(aggressive)
    else:
        a = passive[0] if passive else rng.choice(legal)
    return a.action, random_amount(a, rng, hand.rules.chip)


def play_random_hand(
    rules: BettingRules,
    stacks: list[int],
    rng: random.Random,
    aggression: float = 0.3,
    fold_rate: float = 0.15,
    check: Callable[[Hand], object] | None = None,
) -> Hand:
    """Deal and play one hand to the end with random legal actions, every card known.
    ``check(hand)`` runs after every step (for invariants)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(rules, [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(stacks)])
    steps = 0
    while hand.phase != "done":
        steps += 1
        if steps > 2000:
            raise RuntimeError("hand did not end")
        if hand.phase == "deal":
            if hand.plan.common_card:
                hand.deal_common(deck.pop())
            else:
                due = hand.expected_deal()
                assert due is not None  # a deal phase without a common card deals to a seat
                seat, n = due
                hand.deal(seat, [deck.pop() for _ in range(n)])
        elif hand.phase == "bet":
            assert hand.to_act is not None  # a betting round always has a player to act
            action, to = choose_action(hand, rng, aggression, fold_rate)
            hand.act(hand.to_act.seat, action, to)
        else:  # showdown: everyone shows in order
            hand.show(hand.pending_show[0])
        if check:
            check(hand)
    return hand

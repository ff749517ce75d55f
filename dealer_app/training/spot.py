"""Spot the dealer's error: a hand told step by step as a dealer runs it, with one step made
wrong. The trainee stops at that step and names the rule it breaks and the remedy.

The hand is the engine's (random, seeded); each step is one of the engine's decisions, said as
the dealer says it; one of them is replaced by a mistake of a kind dealers make: the wrong
player brings in, the wrong player acts first, an amount the rules refuse, a burn forgotten,
the wrong player shows first, a pot pushed to the wrong player. The steps keep the engine's
moment (the inputs so far), so the table can be drawn as it stood.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from dealer_app.engine.events import ActionTaken, BringInChosen, DealPlanned, FirstToAct, PotAwarded, ShowdownOrdered
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.money import format_money, to_cents
from dealer_app.simulate import choose_action

# each kind of error: the rule it breaks, and the remedy (catalog §9) the trainee names
ERRORS: dict[str, tuple[str, str]] = {
    "wrong-bring-in": ("B-2", "I-4"),
    "wrong-first-actor": ("A-2", "I-5"),
    "wrong-amount": ("L-2", "I-3"),
    "missed-burn": ("D-5", "I-3"),
    "wrong-shows-first": ("W-1", "I-3"),
    "wrong-pot": ("W-3", "I-3"),
    "wrong-shortage": ("D-7", "I-3"),
}
_SHORT = re.compile(r"Only \d+ cards? left for (\d+) players: ")
_POT_TO = re.compile(r"(to seat(?:\(s\))?) (\d+(?:, \d+)*)")
REMEDIES = ("I-1", "I-2", "I-3", "I-4", "I-5", "I-6", "I-7")


@dataclass(frozen=True)
class SpotStep:
    text: str  # what the dealer says or does, in English
    inputs: int  # how many of the hand's inputs were in when this step came


@dataclass(frozen=True)
class SpotDrill:
    steps: tuple[SpotStep, ...]
    error_step: int
    kind: str
    broken: str  # the rule the wrong step breaks
    remedy: str  # the remedy the trainee names
    truth: str  # what the step should have said
    hand: Hand  # the engine's hand, played to its end
    inputs: tuple  # the dealer's inputs, in order (for the table at each step)
    table: str


def _play(rules: BettingRules, rng: random.Random, full: bool = False) -> tuple[Hand, list, list[SpotStep]]:
    """A hand to its end; its inputs, and a step per decision worth saying. ``full``: every
    seat taken and few folds, so that the deck runs short (D-7)."""
    n = rules.max_players if full else rng.randint(3, rules.max_players)
    stacks = [rng.choice((2500, 6000, 20000)) * rules.small_bet // 100 + rules.ante for _ in range(n)]
    h = Hand(rules, [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(stacks)])
    deck = list(range(52))
    rng.shuffle(deck)
    from dealer_app.engine.cards import format_card
    inputs: list = []
    steps: list[SpotStep] = []
    seen = 0
    for _ in range(3000):
        for e in h.events[seen:]:
            text = _said(e, h)
            if text:
                steps.append(SpotStep(text, len(inputs)))
        seen = len(h.events)
        if h.phase == "done":
            break
        if h.phase == "deal":
            due = h.expected_deal()
            if due is None:
                card = deck.pop()
                h.deal_common(card)
                inputs.append(["common", format_card(card)])
            else:
                seat, count = due
                cards = [deck.pop() for _ in range(count)]
                h.deal(seat, cards)
                inputs.append(["deal", seat, [format_card(c) for c in cards]])
        elif h.phase == "bet":
            assert h.to_act is not None
            seat = h.to_act.seat
            action, to = choose_action(h, rng, 0.15 if full else 0.3, 0.0 if full else 0.1)
            h.act(seat, action, to)
            inputs.append(["act", seat, action, to])
        else:
            seat = h.pending_show[0]
            h.show(seat)
            inputs.append(["show", seat, None])
    return h, inputs, steps


def _said(e, h: Hand) -> str:
    """The engine's decision as the dealer announces it (English; the words of describe())."""
    if isinstance(e, (BringInChosen, FirstToAct, ShowdownOrdered, PotAwarded, DealPlanned)):
        return e.text
    if isinstance(e, ActionTaken):
        return e.text
    return ""


def _wrong(kind: str, step: SpotStep, h: Hand, rng: random.Random) -> str | None:
    """The step said wrong, in the way of ``kind`` (None: this step cannot go wrong that way)."""
    text = step.text
    seats = [p.seat for p in h.players]
    if kind in ("wrong-bring-in", "wrong-first-actor", "wrong-shows-first"):
        start = {"wrong-bring-in": "brings in", "wrong-first-actor": "acts first",
                 "wrong-shows-first": "shows first"}[kind]
        if start not in text or not text.startswith("Seat "):
            return None
        seat = int(text.split()[1])
        others = [s for s in seats if s != seat]
        return text.replace(f"Seat {seat} ", f"Seat {rng.choice(others)} ", 1)
    if kind == "wrong-amount":
        for verb in ("bets ", "raises to ", "completes to "):
            if verb in text and "all-in" not in text:
                amount = text.split(verb, 1)[1].split()[0]
                cents = to_cents(amount.lstrip("$€").replace(",", ""))
                # half a bet more: never a fixed-limit amount (L-2)
                wrong = format_money(cents + max(h.rules.chip, h.rules.small_bet // 2), h.rules.currency)
                return text.replace(f"{verb}{amount}", f"{verb}{wrong}", 1)
        return None
    if kind == "wrong-shortage":  # the dealer deals as if the deck were not short
        m = _SHORT.match(text)
        if m is None:
            return None
        kind_of_card = "down" if "down" in text else "up"
        return f"Burn one card, then one card {kind_of_card} to each of the {m.group(1)} players"
    if kind == "missed-burn":
        if text.startswith("Burn one card, then"):
            return text.replace("Burn one card, then o", "O", 1)
        return None
    if kind == "wrong-pot":
        m = _POT_TO.search(text)
        if m is None or text.split()[0] not in ("main", "side") or "," in m.group(2):
            return None  # (a split pot is not made wrong this way)
        seat = int(m.group(2))
        others = [s for s in seats if s != seat]
        return text[:m.start(2)] + str(rng.choice(others)) + text[m.end(2):]
    raise ValueError(kind)


def make_spot(seed: int, table: str = "stud-10-20", profile: str | None = None, limits_dir=None) -> SpotDrill:
    """One spot-the-error drill, the same for the same seed."""
    rng = random.Random(seed)
    t = load_table(table, limits_dir)
    rules = BettingRules.build(t, load_profile(profile or t.profile, limits_dir))
    for _attempt in range(200):
        kind = rng.choice(sorted(ERRORS))
        h, inputs, steps = _play(rules, rng, full=kind == "wrong-shortage")
        candidates = [i for i, s in enumerate(steps) if i > 0 and _wrong(kind, s, h, random.Random(0))]
        if not candidates:
            continue
        i = rng.choice(candidates)
        wrong = _wrong(kind, steps[i], h, rng)
        assert wrong is not None
        told = list(steps)
        told[i] = SpotStep(wrong, steps[i].inputs)
        broken, remedy = ERRORS[kind]
        return SpotDrill(tuple(told), i, kind, broken, remedy, steps[i].text, h, tuple(map(tuple, inputs)), t.name)
    raise ValueError("no hand gave a step to get wrong")


def judge_spot(drill: SpotDrill, stopped_at: int, remedy: str) -> tuple[bool, bool]:
    """(stopped at the wrong step, named its remedy)."""
    return stopped_at == drill.error_step, remedy == drill.remedy

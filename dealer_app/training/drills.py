"""Drills from the real engine: a random hand the engine deals and plays, stopped at a moment
that asks the skill, and the engine's answer at that moment (never stored with the question).

``make_drills(skill, count, seed)`` is deterministic for a seed: the table, the stacks, the
shuffle, every action and the moment chosen all come from one ``random.Random(seed)``. The
situation is the hand so far as PHH text (every card known, as the trainer sees it), with
the profile and table it is played by, so anyone can replay it to check the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from dealer_app.engine.cards import format_card
from dealer_app.engine.evaluator import describe_high
from dealer_app.engine.events import PotAwarded
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.showdown import pots_in_play
from dealer_app.history.export import hand_to_phh
from dealer_app.simulate import choose_action

# each skill: the question, and the tables it is drilled on by default (all kinds of limit)
SKILLS: dict[str, str] = {
    "bring-in": "Who brings in?",
    "first-to-act": "Who acts first on this street?",
    "legal-action": "What may this player do, with the exact amounts?",
    "pot": "How much is in the pot now?",
    "side-pots": "What are the pots, and who is eligible for each?",
    "shows-first": "Who shows first?",
    "shortage": "The deck is short: what does the dealer do before this round?",
    "stub": "How many cards are left in the stub?",
    "winners": "Who wins which pot, and how much?",
    "best-five": "What are this player's best five cards, and what is the hand called?",
}
DEFAULT_TABLES = ("stud-2-4", "stud-10-20", "stud-1-5-spread", "casinos-austria-5-10-20", "stud8-10-20")
STACKS = (300, 800, 2500, 6000, 20000, 60000)  # in small bets' hundredths: short stacks make all-ins


class DrillError(ValueError):
    """A skill, table or profile that cannot be drilled (named)."""


@dataclass(frozen=True)
class Drill:
    skill: str
    question: str
    phh: str
    profile: str
    table: str
    answer: dict
    rules: tuple[str, ...]
    hand: Hand | None = field(default=None, compare=False, repr=False)  # the engine's hand, for the screen

    def to_dict(self) -> dict:
        return {"skill": self.skill, "question": self.question,
                "situation": {"phh": self.phh, "profile": self.profile, "table": self.table},
                "answer": self.answer, "rules": list(self.rules)}


# --- the moments each skill stops at, and its answer there ---------------------------------------
def _bring_in(h: Hand, rng: random.Random):
    if h.phase == "bet" and h.street == 3 and not h.round_started and h.bring_in_decision is not None:
        return {"seat": h.bring_in_decision.seat}, h.bring_in_decision.rules
    return None


def _first_to_act(h: Hand, rng: random.Random):
    if h.phase == "bet" and h.street >= 4 and not h.round_started and h.opening_decision is not None \
            and rng.random() < 0.5:
        return {"seat": h.opening_decision.seat}, h.opening_decision.rules
    return None


def _legal_action(h: Hand, rng: random.Random):
    if h.phase == "bet" and h.to_act is not None and rng.random() < 0.25:
        return {"seat": h.to_act.seat, "legal": [a.as_dict() for a in h.legal_actions()]}, h.decision_rules
    return None


def _pot(h: Hand, rng: random.Random):
    if h.phase == "bet" and rng.random() < 0.15:  # (a betting decision: the moment a pot is asked)
        return {"pot": h.pot_total()}, ("P-1", "P-3")
    return None


def _side_pots(h: Hand, rng: random.Random):
    if h.phase in ("bet", "deal", "showdown"):
        pots = pots_in_play(h.players)
        if len(pots) >= 2 and rng.random() < 0.5:
            answer = [{"amount": amount, "eligible": [p.seat for p in eligible]} for amount, eligible in pots]
            return {"pots": answer}, ("P-1",)
    return None


def _shows_first(h: Hand, rng: random.Random):
    if h.phase == "showdown" and h.pending_show == h.showdown_order and h.showdown_decision is not None:
        return {"seat": h.showdown_order[0]}, h.showdown_decision.rules
    return None


def _shortage(h: Hand, rng: random.Random):
    plan = h.plan
    if h.phase == "deal" and not plan.normal and (plan.common_card or len(h.deal_queue) == plan.live):
        return {"burn": plan.burn, "reshuffle_burns": plan.reshuffle_burns, "common_card": plan.common_card}, \
            plan.rules
    return None


def _stub(h: Hand, rng: random.Random):
    # once a street's cards are all out: while it is bet, at the showdown or at the end (before
    # third street the answer is always 52, or 51 after a burn). Never while a street is dealt:
    # the next street's burn is made (and counted) the moment a round ends, before the table
    # shows any card of it, and ``replay`` states the stub of a street after its cards.
    if h.phase != "deal" and rng.random() < 0.1:
        return {"stub": h.stub}, ("D-5", "D-9") if h.burns else ("D-9",)
    return None


def _winners(h: Hand, rng: random.Random):
    if h.phase == "done":
        pots = [{"amount": p["amount"], "winners": {str(s): a for s, a in p["winners"].items()}}
                for p in h.pots_awarded]
        rules = tuple(dict.fromkeys(r for p in h.pots_awarded for r in p["rules"]))
        return {"pots": pots}, rules
    return None


def _best_five(h: Hand, rng: random.Random):
    if h.phase != "done":
        return None
    scored = {s.seat: s for e in h.events if isinstance(e, PotAwarded) for s in e.hands}
    if not scored:
        return None  # won by folds: nobody showed
    seat = rng.choice(sorted(scored))
    best = scored[seat]
    return {"seat": seat, "cards": [format_card(c) for c in best.five], "name": describe_high(best.value)}, ("W-3",)


ASK: dict[str, Callable] = {
    "bring-in": _bring_in, "first-to-act": _first_to_act, "legal-action": _legal_action, "pot": _pot,
    "side-pots": _side_pots, "shows-first": _shows_first, "shortage": _shortage, "stub": _stub,
    "winners": _winners, "best-five": _best_five,
}


# --- playing a hand until the moment comes -------------------------------------------------------
def _players_for(skill: str, rng: random.Random, most: int) -> int:
    if skill == "shortage":
        return rng.randint(max(2, most - 1), most)  # a full (or nearly full) table that stays in runs short
    return rng.randint(2, most)


def _stacks_for(skill: str, rng: random.Random, r: BettingRules, n: int) -> list[int]:
    unit = r.small_bet
    if skill == "side-pots":  # short stacks, so that somebody is all-in
        return [rng.choice((unit // 2, unit, 2 * unit, 4 * unit, 30 * unit)) + r.ante for _ in range(n)]
    stacks = [max(r.ante + r.chip, rng.choice(STACKS) * unit // 100) for _ in range(n)]
    if skill == "bring-in" and rng.random() < 0.25:  # B-5: someone all-in by the ante alone
        stacks[rng.randrange(n)] = r.ante
    return stacks


def _arrange(skill: str, deck: list[int], n: int, rng: random.Random) -> None:
    """Bring-in drills: often two low door cards of one rank, so the suit decides (B-2).
    (Cards are dealt from the end of the deck, three to a seat, the door card third.)"""
    if skill != "bring-in" or n < 2 or rng.random() > 0.35:
        return
    low = rng.randrange(0, 4)  # a two, three, four or five
    same = [c for c in deck if c >> 2 == low]
    first, second = rng.sample(same, 2)
    for position, card in ((-3, first), (-6, second)):  # the first two seats' door cards
        i = deck.index(card)
        deck[i], deck[position] = deck[position], deck[i]


def _play(skill: str, rules: BettingRules, rng: random.Random):
    """One hand, played until the skill's moment (its Hand and answer), or None."""
    ask = ASK[skill]
    n = _players_for(skill, rng, rules.max_players)
    seats = [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(_stacks_for(skill, rng, rules, n))]
    deck = list(range(52))
    rng.shuffle(deck)
    _arrange(skill, deck, n, rng)
    h = Hand(rules, seats)
    fold_rate = 0.0 if skill in ("shows-first", "best-five", "winners") else 0.02 if skill == "shortage" else 0.12
    aggression = 0.15 if skill == "shortage" else 0.3
    for _step in range(3000):
        found = ask(h, rng)
        if found is not None:
            return h, found
        if h.phase == "done":
            return None
        if h.phase == "deal":
            due = h.expected_deal()
            if due is None:  # D-8: a common card
                h.deal_common(deck.pop())
            else:
                seat, count = due
                h.deal(seat, [deck.pop() for _ in range(count)])
        elif h.phase == "bet":
            assert h.to_act is not None  # a betting round always has a player to act
            action, to = choose_action(h, rng, aggression, fold_rate)
            h.act(h.to_act.seat, action, to)
        else:
            h.show(h.pending_show[0])
    return None


def make_drills(skill: str, count: int, seed: int, profile: str | None = None, table: str | None = None,
                limits_dir=None) -> list[Drill]:
    """``count`` drills of ``skill``, the same for the same seed."""
    if skill not in SKILLS:
        raise DrillError(f"unknown skill {skill!r} (the skills: {', '.join(SKILLS)})")
    rng = random.Random(seed)
    tables = [table] if table else list(DEFAULT_TABLES)
    try:
        loaded = [load_table(t, limits_dir) for t in tables]
        rule_sets = [(t, BettingRules.build(t, load_profile(profile or t.profile, limits_dir))) for t in loaded]
    except (ValueError, OSError) as exc:
        raise DrillError(str(exc)) from None
    if skill == "shortage":  # a deck runs short only with a full table
        rule_sets = [(t, r) for t, r in rule_sets if r.max_players >= 7]
        if not rule_sets:
            raise DrillError("the deck runs short only at a table of 7 or 8 players: choose another --table")
    drills: list[Drill] = []
    for _attempt in range(200 * count + 200):
        if len(drills) == count:
            break
        t, r = rule_sets[rng.randrange(len(rule_sets))]
        played = _play(skill, r, rng)
        if played is None:
            continue
        h, (answer, rules) = played
        drills.append(Drill(skill, SKILLS[skill], hand_to_phh(h, extra={"_profile": r.profile, "_table": t.name}),
                            r.profile, t.name, answer, tuple(rules), h))
    if len(drills) < count:
        raise DrillError(f"only {len(drills)} of {count} {skill} drills could be made at {', '.join(tables)}")
    return drills

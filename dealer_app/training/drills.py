"""Drills from the real engine: a random hand the engine deals and plays, stopped at a moment
that asks the skill, and the engine's answer at that moment (never stored with the question).

``make_drills(skill, count, seed)`` is deterministic for a seed: the table, the stacks, the
shuffle, every action and the moment chosen all come from one ``random.Random(seed)``. The
situation is the hand so far as PHH text (every card known, as the trainer sees it), with
the profile and table it is played by, so anyone can replay it to check the answer.

Razz (catalog §13) is drilled at a Razz table: one named (``table="razz-4-8"``) or the Razz
set (``game="razz"``); the stud default tables never deal it, so a seed draws the same stud
drills as before Razz came. At a Razz table the question names the game and the rule of §13 it
turns on, and "best-five" asks the best low (R-1).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer_app.engine.cards import format_card
from dealer_app.engine.evaluator import best_low_five, describe_high, describe_low
from dealer_app.engine.events import PotAwarded
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, chip_set, load_profile, load_table
from dealer_app.engine.showdown import pots_in_play
from dealer_app.engine.simulate import choose_action
from dealer_app.history.export import hand_to_phh
from dealer_app.training.irregularity import Asker

if TYPE_CHECKING:
    from collections.abc import Callable

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
    "low-hand": "What is this player's best low (eight or better), or is there none?",
    "chip-count": "How much is in this stack of chips?",
    "make-change": "What change does the dealer give, in the fewest chips?",
    "colour-up": "Colour up this stack: the fewest chips of the same value?",
    "split-pot": "How is this Hi-Lo pot paid, in the table's chips?",
    "irregularity": "Which remedy (I-1 … I-8, or the floor, I-3), and does it apply now?",
}
DEFAULT_TABLES = ("stud-2-4", "stud-10-20", "stud-1-5-spread", "casinos-austria-5-10-20", "stud8-10-20")
HI_LO_SKILLS = ("low-hand", "split-pot")  # drilled at Hi-Lo tables only (catalog §8)
# Razz (§13): the skills whose answer Razz's rules decide, each asked in Razz's words; the chip
# drills are asked at a Razz table too (the table's chips do not depend on the game); the
# irregularity quiz's remedies are worded for stud (the lowest door card brings in, I-4)
RAZZ_SKILLS = (
    "bring-in",
    "first-to-act",
    "legal-action",
    "pot",
    "side-pots",
    "shows-first",
    "shortage",
    "stub",
    "winners",
    "best-five",
)
RAZZ_TABLES = ("razz-2-4", "razz-10-20")  # game="razz" without a table: a small and a middle limit
GAMES = ("stud", "razz")  # what ``game`` may ask for (stud: the default tables, Hi-Lo among them)
# the question at a Razz table: the game and the rule of §13 the answer turns on
RAZZ_QUESTIONS: dict[str, str] = {
    "bring-in": "Razz: who brings in (R-2, the highest door card)?",
    "first-to-act": "Razz: who acts first on this street (R-3, the lowest board)?",
    "legal-action": "Razz: what may this player do, with the exact amounts (R-4: never the double bet)?",
    "pot": "Razz: how much is in the pot now?",
    "side-pots": "Razz: what are the pots, and who is eligible for each?",
    "shows-first": "Razz: who shows first (R-5, W-1)?",
    "shortage": "Razz: the deck is short: what does the dealer do before this round?",
    "stub": "Razz: how many cards are left in the stub?",
    "winners": "Razz: who wins which pot, and how much (R-1, the lowest hand; R-5)?",
    "best-five": "Razz: what is this player's best low (R-1, ace to five), and what is it called?",
}
CHIP_SKILLS = ("chip-count", "make-change", "colour-up")  # asked in the table's chips (limits: chips)
# the chip drills at every kind of stakes: quarters, half dollars, dollars, euros
CHIP_TABLES = (
    "stud-1-2",
    "stud-4-8",
    "stud-10-20",
    "stud-20-40",
    "stud-1-5-spread",
    "casinos-austria-5-10-20",
    "stud8-10-20",
)
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
    # what the question shows beside the hand (the chips of a stack, the chip put out, the table's
    # chips): part of the situation, never of the answer
    case: dict = field(default_factory=dict)
    game: str = "stud"  # the table's game: "stud", "stud8" or "razz" (M-3: every drill names it)

    def to_dict(self) -> dict:
        situation: dict = {"phh": self.phh, "profile": self.profile, "table": self.table}
        if self.case:
            situation["case"] = self.case
        if self.game == "razz":  # (a stud or Hi-Lo drill's JSON as before; its PHH variant names it too)
            situation["game"] = self.game
        return {
            "skill": self.skill,
            "question": self.question,
            "situation": situation,
            "answer": self.answer,
            "rules": list(self.rules),
        }


# --- the moments each skill stops at, and its answer there ---------------------------------------
def _bring_in(h: Hand, rng: random.Random):
    if h.phase == "bet" and h.street == 3 and not h.round_started and h.bring_in_decision is not None:
        return {"seat": h.bring_in_decision.seat}, h.bring_in_decision.rules
    return None


def _first_to_act(h: Hand, rng: random.Random):
    if (
        h.phase == "bet"
        and h.street >= 4
        and not h.round_started
        and h.opening_decision is not None
        and rng.random() < 0.5
    ):
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
        return {"burn": plan.burn, "reshuffle_burns": plan.reshuffle_burns, "common_card": plan.common_card}, plan.rules
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
        pots = [
            {"amount": p["amount"], "winners": {str(s): a for s, a in p["winners"].items()}} for p in h.pots_awarded
        ]
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


def _low_hand(h: Hand, rng: random.Random):
    """H-2: a seat's best qualifying low of the cards it showed, or none (H-3)."""
    if h.phase != "done":
        return None
    shown = {s.seat for e in h.events if isinstance(e, PotAwarded) for s in e.hands}
    if not shown:
        return None
    seat = rng.choice(sorted(shown))
    p = h.by_seat[seat]
    cards = [c for c in p.down + p.up if c is not None] + ([h.common] if h.common is not None else [])
    five = best_low_five(cards)
    if five is None and rng.random() < 0.7:
        return None  # (most hands have no low: ask about fewer of them)
    if five is None:
        return {"seat": seat, "cards": [], "low": None}, ("H-2", "H-3")
    return {"seat": seat, "cards": [format_card(c) for c in five], "low": describe_low(five)}, ("H-2",)


def _split_pot(h: Hand, rng: random.Random):
    """H-2, H-3, W-4: one pot split high and low, paid in the table's smallest chip."""
    if h.phase != "done":
        return None
    pots = [e for e in h.events if isinstance(e, PotAwarded)]
    if len(pots) != 1 or pots[0].case != "hi-lo":
        return None
    pot = pots[0]
    return {"shares": {str(s): a for s, a in sorted(pot.winners.items())}}, pot.rules


def _chip_stack(amount: int, chips: tuple[tuple[int, str], ...], rng: random.Random, most: int = 60):
    """``amount`` as a stack a dealer could be handed: a few chips of each size, the rest in the
    smallest; None when it would take more than ``most`` chips."""
    left, out = amount, {}
    for cents, _colour in reversed(chips[1:]):
        n = left // cents
        n -= rng.randint(0, min(2, n))
        if n:
            out[cents] = n
            left -= n * cents
    if left % chips[0][0]:
        return None
    if left:
        out[chips[0][0]] = left // chips[0][0]
    if sum(out.values()) > most:
        return None
    return [[c, out[c]] for c, _colour in reversed(chips) if c in out]


def _chip_count(h: Hand, rng: random.Random, chips):
    """T-2: the pot, stacked in the table's chips: how much is it?"""
    if h.phase == "bet" and h.pot_total() and rng.random() < 0.15:
        stack = _chip_stack(h.pot_total(), chips, rng)
        if stack is not None:
            return {"amount": h.pot_total()}, ("T-2",), {"stack": stack, "chips": [list(c) for c in chips]}
    return None


def _make_change(h: Hand, rng: random.Random, chips):
    """T-2: the player to act calls with one chip bigger than the call: the change, in the
    fewest of the table's chips."""
    if h.phase != "bet" or h.to_act is None or rng.random() > 0.3:
        return None
    p = h.to_act
    call = next((a for a in h.legal_actions() if a.action == "call"), None)
    if call is None or call.to is None:
        return None
    owes = call.to - p.round_to
    bigger = [c for c, _colour in chips if c > owes and c <= p.stack]
    if owes <= 0 or not bigger:
        return None
    tendered = bigger[0]
    change = tendered - owes
    paid = fewest_chips(change, [c for c, _ in chips if c < tendered])
    return (
        {"change": change, "chips": {str(c): n for c, n in paid}},
        ("T-2",),
        {"seat": p.seat, "owes": owes, "tendered": tendered, "chips": [list(c) for c in chips]},
    )


def _colour_up(h: Hand, rng: random.Random, chips):
    """T-2: a player leaves with a stack of small chips: the same value in the fewest chips."""
    if h.phase != "done" or len(chips) < 3:
        return None
    small, next_up = chips[0][0], chips[1][0]
    won = {s for pot in h.pots_awarded for s in pot["winners"]}  # (a seat that won nothing: its stack is plain)
    seats = [p for p in h.players if p.stack >= 4 * next_up and p.stack % small == 0 and p.seat not in won]
    if not seats:
        return None
    p = rng.choice(seats)
    bigger = rng.randint(0, p.stack // next_up)
    rest = (p.stack - bigger * next_up) // small
    up = fewest_chips(p.stack, [c for c, _ in chips])
    if bigger + rest > 150 or bigger + rest <= sum(n for _c, n in up):
        return None  # (a stack already in its fewest chips has nothing to colour up)
    stack = [[c, n] for c, n in ((next_up, bigger), (small, rest)) if n]
    return (
        {"chips": {str(c): n for c, n in up}},
        ("T-2",),
        {"seat": p.seat, "stack": stack, "chips": [list(c) for c in chips]},
    )


def fewest_chips(amount: int, denominations) -> list[tuple[int, int]]:
    """``amount`` in the fewest chips of ``denominations`` (largest first, as (cents, count)).
    A card room's chips ($1, $5, $25, …) are such that taking the largest that fits each time
    is the fewest; ValueError where the smallest does not divide what is left."""
    out = []
    for cents in sorted(denominations, reverse=True):
        n, amount = divmod(amount, cents)
        if n:
            out.append((cents, n))
    if amount:
        raise ValueError(f"{amount} cents cannot be made of these chips")
    return out


ASK: dict[str, Callable] = {
    "bring-in": _bring_in,
    "first-to-act": _first_to_act,
    "legal-action": _legal_action,
    "pot": _pot,
    "side-pots": _side_pots,
    "shows-first": _shows_first,
    "shortage": _shortage,
    "stub": _stub,
    "winners": _winners,
    "best-five": _best_five,
    "low-hand": _low_hand,
    "split-pot": _split_pot,
    "chip-count": _chip_count,
    "make-change": _make_change,
    "colour-up": _colour_up,
    "irregularity": Asker,  # (a new one per hand, in _play)
}


def skill_applies(skill: str, game: str) -> bool:
    """Whether ``skill`` is drilled at a table of ``game`` (stud, stud8 or razz)."""
    if skill in HI_LO_SKILLS:
        return game == "stud8"
    if game == "razz":
        return skill in RAZZ_SKILLS or skill in CHIP_SKILLS
    return skill in SKILLS


def razz_rules(skill: str, h: Hand, rules: tuple[str, ...]) -> tuple[str, ...]:
    """A Razz drill's rules: the engine's, and the rule of §13 the answer rests on where the
    engine's decision names only stud's (the showdown order, a low's five, fourth street's bet)."""
    extra = {
        "shows-first": ("R-5",),  # W-1, with R-1's value
        "best-five": ("R-1",),  # the best low, ace to five
        "legal-action": ("R-4",) if h.street == 4 else (),  # never the big bet on fourth street
    }.get(skill, ())
    return tuple(dict.fromkeys((*extra, *rules)))


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


def _arrange(skill: str, deck: list[int], n: int, rng: random.Random, game: str = "stud") -> None:
    """Bring-in drills: often two low door cards of one rank, so the suit decides (B-2); in
    Razz two high ones (R-2: the highest door card brings in, by suit on a tie).
    (Cards are dealt from the end of the deck, three to a seat, the door card third.)"""
    if skill != "bring-in" or n < 2 or rng.random() > 0.35:
        return
    low = rng.randrange(0, 4)  # a two, three, four or five
    rank = 11 - low if game == "razz" else low  # (Razz: a king, queen, jack or ten)
    same = [c for c in deck if c >> 2 == rank]
    first, second = rng.sample(same, 2)
    for position, card in ((-3, first), (-6, second)):  # the first two seats' door cards
        i = deck.index(card)
        deck[i], deck[position] = deck[position], deck[i]


def _play(skill: str, rules: BettingRules, rng: random.Random, chips=()):
    """One hand, played until the skill's moment (its Hand and answer), or None."""
    asked = ASK[skill]
    ask = (lambda h, rng: asked(h, rng, chips)) if skill in CHIP_SKILLS else asked
    if skill == "irregularity":  # (one situation per hand, chosen as it starts; it may show a copy)
        ask = Asker(rng)
    n = _players_for(skill, rng, rules.max_players)
    seats = [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(_stacks_for(skill, rng, rules, n))]
    deck = list(range(52))
    rng.shuffle(deck)
    _arrange(skill, deck, n, rng, rules.game)
    h = Hand(rules, seats)
    fold_rate = (
        0.0
        if skill in ("shows-first", "best-five", "winners", "low-hand", "split-pot")
        else 0.02
        if skill == "shortage"
        else 0.12
    )
    aggression = 0.15 if skill == "shortage" else 0.3
    for _step in range(3000):
        found = ask(h, rng)
        if found is not None:
            if skill == "irregularity":
                *found, h = found
                return h, tuple(found)
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


def make_drills(
    skill: str,
    count: int,
    seed: int,
    profile: str | None = None,
    table: str | None = None,
    limits_dir=None,
    game: str | None = None,
) -> list[Drill]:
    """``count`` drills of ``skill``, the same for the same seed. ``game="razz"`` without a
    ``table``: at the Razz tables (RAZZ_TABLES); None or "stud": the stud defaults, as always."""
    if skill not in SKILLS:
        raise DrillError(f"unknown skill {skill!r} (the skills: {', '.join(SKILLS)})")
    if game is not None and game not in GAMES:
        raise DrillError(f"unknown game {game!r} (the games: {', '.join(GAMES)})")
    rng = random.Random(seed)
    tables = (
        [table]
        if table
        else list(RAZZ_TABLES)
        if game == "razz"
        else ["stud8-10-20"]
        if skill in HI_LO_SKILLS
        else list(CHIP_TABLES)
        if skill in CHIP_SKILLS
        else list(DEFAULT_TABLES)
    )
    try:
        loaded = [load_table(t, limits_dir) for t in tables]
        rule_sets = [(t, BettingRules.build(t, load_profile(profile or t.profile, limits_dir))) for t in loaded]
    except (ValueError, OSError) as exc:
        raise DrillError(str(exc)) from None
    if game is not None and table and any((r.game == "razz") != (game == "razz") for _t, r in rule_sets):
        raise DrillError(f"{table} does not deal {game}: choose a {game} table, or leave out the game")
    if skill == "shortage":  # a deck runs short only with a full table
        rule_sets = [(t, r) for t, r in rule_sets if r.max_players >= 7]
        if not rule_sets:
            raise DrillError("the deck runs short only at a table of 7 or 8 players: choose another --table")
    if skill in HI_LO_SKILLS:
        rule_sets = [(t, r) for t, r in rule_sets if r.game == "stud8"]
        if not rule_sets:
            raise DrillError(f"{skill} is drilled at a Hi-Lo table (stud8): choose one with --table")
    if any(r.game == "razz" for _t, r in rule_sets) and not skill_applies(skill, "razz"):
        razz = ", ".join((*RAZZ_SKILLS, *CHIP_SKILLS))
        raise DrillError(f"{skill} is not drilled at a Razz table (the Razz skills: {razz})")
    drills: list[Drill] = []
    for _attempt in range(200 * count + 200):
        if len(drills) == count:
            break
        t, r = rule_sets[rng.randrange(len(rule_sets))]
        played = _play(skill, r, rng, chip_set(t))
        if played is None:
            continue
        h, (answer, rules, *case) = played
        at_razz = r.game == "razz"
        drills.append(
            Drill(
                skill,
                RAZZ_QUESTIONS.get(skill, SKILLS[skill]) if at_razz else SKILLS[skill],
                hand_to_phh(h, extra={"_profile": r.profile, "_table": t.name}, limits_dir=limits_dir),
                r.profile,
                t.name,
                answer,
                razz_rules(skill, h, tuple(rules)) if at_razz else tuple(rules),
                h,
                case[0] if case else {},
                r.game,
            )
        )
    if len(drills) < count:
        raise DrillError(f"only {len(drills)} of {count} {skill} drills could be made at {', '.join(tables)}")
    return drills

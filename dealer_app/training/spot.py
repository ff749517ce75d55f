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
from dataclasses import dataclass, replace

from dealer_app.engine.cards import format_card
from dealer_app.engine.events import ActionTaken, BringInChosen, DealPlanned, FirstToAct, PotAwarded, ShowdownOrdered
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.engine.simulate import choose_action
from dealer_app.record.inputs import Act, Common, Deal, Show


@dataclass(frozen=True)
class Remedy:
    """What the dealer does about a mistake, as a dealer school teaches it: one per kind of
    error, and the catalog's rules it rests on. ``text`` is English (the trainer translates it
    by ``key``)."""

    key: str
    rules: tuple[str, ...]
    text: str


# every remedy the trainee may pick: one for each kind of error, and the three that answer none
# of them (a misdeal, a fouled deck, "call the floor" — I-3 is the floor's for what the rules
# leave open, and each error here has a rule of its own)
REMEDIES: tuple[Remedy, ...] = (
    Remedy(
        "bring-in-corrected",
        ("I-4", "B-2"),
        "The bring-in is corrected: its chips go back and the lowest door card brings in",
    ),
    Remedy("action-back", ("I-5", "A-2"), "Action goes back to the player whose turn it is"),
    Remedy("amount-corrected", ("L-2",), "The amount is corrected to the limit's: the chips over it go back"),
    # RR §5.6 (general irregularities): a missed burn is corrected if noticed before that
    # round's betting starts, and the later cards are those that would have come without it
    Remedy("burn-restored", ("D-5",), "The cards go back in order and the round is dealt again after a burn"),
    Remedy("shortage-dealt", ("D-7",), "The round is dealt as the shortage procedure says"),
    Remedy("right-shows-first", ("W-1",), "The player who made the last bet or raise shows first"),
    Remedy("pot-to-best-hand", ("W-3",), "The push is stopped: the pot goes to the best hand (cards speak)"),
    Remedy("misdeal", ("I-6",), "Misdeal: antes and bets go back and the hand is dealt again"),
    Remedy("fouled-deck", ("I-7",), "Fouled deck: play stops and every bet and ante goes back"),
    Remedy("floor", ("I-3",), "Call the floor: the rules leave it open"),
)
REMEDY = {r.key: r for r in REMEDIES}

# each kind of error: the rule it breaks, and the remedy the trainee names
ERRORS: dict[str, tuple[str, str]] = {
    "wrong-bring-in": ("B-2", "bring-in-corrected"),
    "wrong-first-actor": ("A-2", "action-back"),
    "wrong-amount": ("L-2", "amount-corrected"),
    "missed-burn": ("D-5", "burn-restored"),
    "wrong-shows-first": ("W-1", "right-shows-first"),
    "wrong-pot": ("W-3", "pot-to-best-hand"),
    "wrong-shortage": ("D-7", "shortage-dealt"),
}


@dataclass(frozen=True)
class RoundWithoutBurn:
    """A round dealt with no burn before it: what a dealer who forgot the burn does."""

    street: int
    live: int
    rules: tuple[str, ...] = ("D-5",)

    @property
    def says(self) -> Says:
        if self.street == 7:
            return says(QT_TRANSLATE_NOOP("Words", "One card down to each of the %1 players"), self.live)
        return says(QT_TRANSLATE_NOOP("Words", "One card up to each of the %1 players"), self.live)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class RoundAsUsual:
    """A round dealt as if the deck were not short: what a dealer who missed D-7 does."""

    street: int
    live: int
    rules: tuple[str, ...] = ("D-5",)

    @property
    def says(self) -> Says:
        if self.street == 7:
            return says(
                QT_TRANSLATE_NOOP("Words", "Burn one card, then one card down to each of the %1 players"), self.live
            )
        return says(QT_TRANSLATE_NOOP("Words", "Burn one card, then one card up to each of the %1 players"), self.live)

    @property
    def text(self) -> str:
        return str(self.says)


@dataclass(frozen=True)
class SpotStep:
    subject: object  # the engine's event, or the wrong step's (the UI says it in the reader's language)
    inputs: int  # how many of the hand's inputs were in when this step came

    @property
    def text(self) -> str:
        """The step in English."""
        return self.subject.text  # type: ignore[attr-defined]


@dataclass(frozen=True)
class SpotDrill:
    steps: tuple[SpotStep, ...]
    error_step: int
    kind: str
    broken: str  # the rule the wrong step breaks
    remedy: str  # the remedy the trainee names (a key of REMEDY)
    truth: object  # what the step should have said (the engine's event)
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

    inputs: list = []
    steps: list[SpotStep] = []
    seen = 0
    for _ in range(3000):
        for e in h.events[seen:]:
            if isinstance(e, SAID) and e.text:
                steps.append(SpotStep(e, len(inputs)))
        seen = len(h.events)
        if h.phase == "done":
            break
        if h.phase == "deal":
            due = h.expected_deal()
            if due is None:
                card = deck.pop()
                h.deal_common(card)
                inputs.append(Common(format_card(card)).to_json())
            else:
                seat, count = due
                cards = [deck.pop() for _ in range(count)]
                h.deal(seat, cards)
                inputs.append(Deal(seat, tuple(format_card(c) for c in cards)).to_json())
        elif h.phase == "bet":
            assert h.to_act is not None
            seat = h.to_act.seat
            action, to = choose_action(h, rng, 0.15 if full else 0.3, 0.0 if full else 0.1)
            h.act(seat, action, to)
            inputs.append(Act(seat, action, to).to_json())
        else:
            seat = h.pending_show[0]
            h.show(seat)
            inputs.append(Show(seat, None).to_json())
    return h, inputs, steps


SAID = (BringInChosen, FirstToAct, ShowdownOrdered, PotAwarded, DealPlanned, ActionTaken)  # what a dealer says


def _wrong(kind: str, step: SpotStep, h: Hand, rng: random.Random):
    """The step made wrong in the way of ``kind`` (None: this step cannot go wrong that way)."""
    e = step.subject
    seats = [p.seat for p in h.players]
    if kind == "wrong-bring-in" and isinstance(e, BringInChosen):
        other = rng.choice([s for s in seats if s != e.seat])
        door = h.by_seat[other].up[0] if h.by_seat[other].up else None
        if door is None:
            return None
        # said as a plain bring-in by the lowest card: the other seat's door card claimed lowest
        return replace(e, seat=other, lowest_seat=other, door_card=door, rules=("B-2",), unrecorded=())
    if kind == "wrong-first-actor" and isinstance(e, FirstToAct) and e.street >= 4:
        return replace(e, seat=rng.choice([s for s in seats if s != e.seat]))
    if kind == "wrong-shows-first" and isinstance(e, ShowdownOrdered) and len(e.order) >= 2:
        other = rng.choice(e.order[1:])
        return replace(e, order=(other, *tuple(s for s in e.order if s != other)))
    if kind == "wrong-pot" and isinstance(e, PotAwarded) and e.case in ("high", "no-low") and len(e.high_seats) == 1:
        others = [s for s in e.eligible if s != e.high_seats[0]]
        if others:
            other = rng.choice(others)
            return replace(e, high_seats=(other,), winners={other: e.amount})
        return None
    if (
        kind == "wrong-amount"
        and isinstance(e, ActionTaken)
        and e.action in ("bet", "raise", "complete")
        and not e.all_in
        and e.to is not None
        and e.amount is not None
        and h.rules.structure == "fixed"
    ):
        # (fixed limit only: half a bet more can be legal in a spread or split range)
        more = max(h.rules.chip, h.rules.small_bet // 2)  # half a bet more: never a fixed-limit amount (L-2)
        return replace(e, to=e.to + more, amount=e.amount + more)
    if kind == "missed-burn" and isinstance(e, DealPlanned) and e.plan.case == "normal":
        return RoundWithoutBurn(e.street, e.plan.live)
    if kind == "wrong-shortage" and isinstance(e, DealPlanned) and not e.plan.normal and e.street >= 4:
        return RoundAsUsual(e.street, e.plan.live)
    return None


def make_spot(seed: int, table: str = "stud-10-20", profile: str | None = None, limits_dir=None) -> SpotDrill:
    """One spot-the-error drill, the same for the same seed."""
    rng = random.Random(seed)
    t = load_table(table, limits_dir)
    rules = BettingRules.build(t, load_profile(profile or t.profile, limits_dir))
    for _attempt in range(200):
        kind = rng.choice(sorted(ERRORS))
        h, inputs, steps = _play(rules, rng, full=kind == "wrong-shortage")
        candidates = [i for i, s in enumerate(steps) if i > 0 and _wrong(kind, s, h, random.Random(0)) is not None]
        if not candidates:
            continue
        i = rng.choice(candidates)
        wrong = _wrong(kind, steps[i], h, rng)
        assert wrong is not None
        told = list(steps)
        told[i] = SpotStep(wrong, steps[i].inputs)
        broken, remedy = ERRORS[kind]
        return SpotDrill(tuple(told), i, kind, broken, remedy, steps[i].subject, h, tuple(map(tuple, inputs)), t.name)
    raise ValueError("no hand gave a step to get wrong")


@dataclass(frozen=True)
class SpotVerdict:
    """How a spot drill was answered: where the trainee stopped (None: went past the wrong
    step), whether that was the wrong step, and whether the remedy named is the error's."""

    stopped_at: int | None
    at_error: bool
    remedy_right: bool

    @property
    def right(self) -> bool:
        return self.at_error and self.remedy_right

    @property
    def passed_it(self) -> bool:
        return self.stopped_at is None


def judge_spot(drill: SpotDrill, stopped_at: int | None, remedy: str | None) -> SpotVerdict:
    """The trainee stopped at ``stopped_at`` naming ``remedy``; ``None``: they went on past the
    wrong step (a miss, judged at once: the steps after it are not the told story)."""
    at_error = stopped_at == drill.error_step
    return SpotVerdict(stopped_at, at_error, at_error and remedy == drill.remedy)

"""What a dealer knows at a drill's moment, beside the trainer's table: the hand's actions
street by street (this street always, the earlier ones on demand), the starting stacks where an
all-in or the pots depend on them, the pots on the felt when the winners are asked, and the stub
before a short round; and the working of each answer (the pot's arithmetic, who bet last, the
hand's name), for the explanation.

Read from the drill's hand (the engine's events) and said in the reader's language. What is the
answer at that moment is left out: who brings in, who acts first, who shows first, the deal plan
of the round a shortage drill asks about, the awards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dealer_app.engine.cards import parse_card
from dealer_app.engine.events import (
    ActedOutOfTurn,
    ActionTaken,
    AntePosted,
    BurnsReshuffled,
    CommonCardDealt,
    DealPlanned,
    HandMucked,
    HandShown,
    NoBetting,
    PotAwarded,
    PotWonByFolds,
    UncalledBetReturned,
)
from dealer_app.ui.words import _move as move_words
from dealer_app.ui.words import (
    card_code,
    fill,
    high_hand,
    low_hand,
    money,
    rank_letters,
    say,
    street_name,
    street_title,
)

if TYPE_CHECKING:
    from dealer_app.engine.hand import Hand

translate = QCoreApplication.translate
AGGRESSIVE = ("complete", "bet", "raise")  # W-1: the bets and raises (a bring-in is neither)


@dataclass(frozen=True)
class StreetFacts:
    street: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Facts:
    """The facts of a drill's moment: ``head`` (stacks, pots, stub) always shown; ``streets``
    the hand so far, the last one the street being played."""

    head: tuple[str, ...]
    streets: tuple[StreetFacts, ...]

    def lines(self, whole: bool) -> list[str]:
        """The text shown: every street's lines when ``whole``, else the earlier streets as
        their titles with the number of lines hidden."""
        out = list(self.head)
        for i, s in enumerate(self.streets):
            current = i == len(self.streets) - 1
            if whole or current or not s.lines:
                out.append(street_title(s.street))
                out += ["  " + line for line in s.lines]
            else:
                out.append(
                    fill(
                        translate("DrillFacts", "%1 (%2 lines hidden: Alt+H shows the whole hand)"),
                        street_title(s.street),
                        len(s.lines),
                    )
                )
        return out


def card_count(n: int) -> str:
    return translate("DrillFacts", "1 card") if n == 1 else fill(translate("DrillFacts", "%1 cards"), n)


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _seats(seats) -> str:
    return ", ".join(str(s) for s in seats)


def _antes(antes: list[AntePosted]) -> list[str]:
    amounts = {e.amount for e in antes}
    if len(amounts) == 1 and not any(e.all_in for e in antes):
        amount = antes[0].amount
        return [
            fill(
                translate("DrillFacts", "Antes: %1 from each of the %2 players (%3)"),
                money(amount, antes[0].currency),
                len(antes),
                money(amount * len(antes), antes[0].currency),
            )
        ]
    return [say(e) for e in antes]


def facts_of(skill: str, h: Hand) -> Facts:
    """The facts a trainee is shown for a drill of ``skill`` stopped at hand ``h``."""
    currency = h.rules.currency
    streets: dict[int, list[str]] = {3: []}
    street = 3
    antes: list[AntePosted] = []
    all_in = False
    for e in h.events:
        if antes and not isinstance(e, AntePosted):
            streets[3] += _antes(antes)
            antes = []
        if isinstance(e, AntePosted):
            antes.append(e)
            all_in = all_in or e.all_in
            continue
        if isinstance(e, DealPlanned):
            street = e.street
            streets.setdefault(street, [])
            asked = skill == "shortage" and e.street == h.street and h.phase == "deal"
            if not asked:  # (a shortage drill asks what this round's plan is)
                streets[street].append(_first_up(say(e)))
        elif isinstance(e, ActionTaken):
            all_in = all_in or e.all_in
            streets[street].append(say(e))
        elif isinstance(e, (UncalledBetReturned, CommonCardDealt, NoBetting, HandMucked, ActedOutOfTurn)):
            streets[street].append(say(e))
        elif isinstance(e, HandShown):
            streets[street].append(fill(translate("DrillFacts", "Seat %1 shows"), e.seat))
        elif isinstance(e, (PotAwarded, PotWonByFolds)) and skill == "irregularity":
            streets[street].append(_first_up(say(e)))  # (a fouled deck found after the awards: the floor's)
    if antes:
        streets[3] += _antes(antes)
    head: list[str] = []
    if all_in or skill in ("side-pots", "winners"):
        stacks = ", ".join(
            fill(translate("DrillFacts", "seat %1 %2"), p.seat, money(p.start, currency)) for p in h.players
        )
        head.append(fill(translate("DrillFacts", "Starting stacks: %1"), stacks))
    if skill in ("winners", "best-five", "low-hand", "split-pot") and h.phase == "done" and h.pots_awarded:
        head.append(pots_line(h))
    if skill == "shortage" and h.phase == "deal":
        plan = h.plan
        head.append(
            fill(
                translate("DrillFacts", "Before this round: %1 in the stub, %2 burn cards, %3 players to deal to"),
                card_count(plan.stub_before),
                plan.burns_before,
                plan.live,
            )
        )
    return Facts(tuple(head), tuple(StreetFacts(s, tuple(lines)) for s, lines in sorted(streets.items())))


def pots_line(h: Hand) -> str:
    """The pots on the felt before the push, with the seats that take part in each."""
    currency = h.rules.currency
    pots = h.pots_awarded
    if len(pots) == 1:
        parts = [
            fill(
                translate("DrillFacts", "pot %1 (seats %2)"),
                money(pots[0]["amount"], currency),
                _seats(pots[0]["eligible"]),
            )
        ]
    else:
        parts = [
            fill(translate("DrillFacts", "main pot %1 (seats %2)"), money(p["amount"], currency), _seats(p["eligible"]))
            if i == 0
            else fill(
                translate("DrillFacts", "side pot %1 %2 (seats %3)"),
                i,
                money(p["amount"], currency),
                _seats(p["eligible"]),
            )
            for i, p in enumerate(pots)
        ]
    return fill(translate("DrillFacts", "In the middle: %1"), "; ".join(parts))


# --- the working of an answer ---------------------------------------------------------------------
def contributions(h: Hand) -> tuple[dict[int, int], dict[int, dict[int, int]]]:
    """Each seat's ante, and what it put in on each street (less an uncalled part returned)."""
    antes: dict[int, int] = {}
    streets: dict[int, dict[int, int]] = {}
    street = 3
    for e in h.events:
        if isinstance(e, AntePosted):
            antes[e.seat] = e.amount
        elif isinstance(e, DealPlanned):
            street = e.street
        elif isinstance(e, ActionTaken) and e.to is not None:
            streets.setdefault(street, {})[e.seat] = e.to
        elif isinstance(e, UncalledBetReturned):
            streets.setdefault(street, {})[e.seat] -= e.amount
    return antes, streets


def _sum(amounts: list[int], currency: str) -> str:
    """ "$2 + $10 + $10", or "3 × $10" when every part is the same."""
    if len(amounts) > 2 and len(set(amounts)) == 1:
        return fill(translate("DrillFacts", "%1 × %2"), len(amounts), money(amounts[0], currency))
    return " + ".join(money(a, currency) for a in amounts)


def _pot_working(h: Hand) -> list[str]:
    c = h.rules.currency
    antes, streets = contributions(h)
    lines = [
        fill(translate("DrillFacts", "Antes: %1 = %2"), _sum(list(antes.values()), c), money(sum(antes.values()), c))
    ]
    totals = [sum(antes.values())]
    for street, put in sorted(streets.items()):
        parts = [a for _seat, a in sorted(put.items()) if a]
        if parts:
            lines.append(
                fill(translate("DrillFacts", "%1: %2 = %3"), street_title(street), _sum(parts, c), money(sum(parts), c))
            )
            totals.append(sum(parts))
    lines.append(
        fill(
            translate("DrillFacts", "The pot: %1 = %2"), " + ".join(money(t, c) for t in totals), money(sum(totals), c)
        )
    )
    return lines


def _side_pot_working(h: Hand, pots: list[dict]) -> list[str]:
    c = h.rules.currency
    antes, streets = contributions(h)
    put = {p.seat: antes.get(p.seat, 0) + sum(s.get(p.seat, 0) for s in streets.values()) for p in h.players}
    words = []
    for p in h.players:
        w = fill(translate("DrillFacts", "seat %1 %2"), p.seat, money(put[p.seat], c))
        if p.folded:
            w += " " + translate("DrillFacts", "(folded)")
        elif p.stack == 0:
            w += " " + translate("DrillFacts", "(all-in)")
        words.append(w)
    lines = [fill(translate("DrillFacts", "In the pot from each seat: %1"), ", ".join(words))]
    levels = sorted({put[p.seat] for p in h.players if p.stack == 0 and not p.folded})
    top = max(put.values())
    if not levels or levels[-1] < top:
        levels.append(top)
    previous, i = 0, 0
    for level in levels:
        parts = [min(a, level) - min(a, previous) for a in put.values()]
        parts = [a for a in parts if a]
        previous = level
        if not parts or i >= len(pots) or sum(parts) != pots[i]["amount"]:
            continue
        name = translate("DrillFacts", "Main pot") if i == 0 else fill(translate("DrillFacts", "Side pot %1"), i)
        if len(parts) == 1:
            lines.append(
                fill(
                    translate("DrillFacts", "%1: %2 (seats %3)"), name, money(parts[0], c), _seats(pots[i]["eligible"])
                )
            )
        else:
            lines.append(
                fill(
                    translate("DrillFacts", "%1: %2 = %3 (seats %4)"),
                    name,
                    _sum(parts, c),
                    money(sum(parts), c),
                    _seats(pots[i]["eligible"]),
                )
            )
        i += 1
    return lines


def _last_aggression(h: Hand) -> str:
    """W-1: the last bet or raise of the last round anyone acted in, in words."""
    acted: dict[int, list[ActionTaken]] = {}
    street = 3
    for e in h.events:
        if isinstance(e, DealPlanned):
            street = e.street
        elif isinstance(e, ActionTaken):
            acted.setdefault(street, []).append(e)
    if not acted:
        return ""
    last = max(acted)
    raises = [e for e in acted[last] if e.action in AGGRESSIVE]
    if not raises:
        return fill(
            translate("DrillFacts", "Nobody bet on %1; seat %2 acted first"), street_name(last), acted[last][0].seat
        )
    return fill(translate("DrillFacts", "The last bet or raise on %1: %2"), street_name(last), say(raises[-1]))


# --- chips (T-2) and Hi-Lo (H-2, H-3) ---------------------------------------------------------------
def colour_name(colour: str) -> str:
    """A chip colour from the limits file, in the reader's words."""
    words = {
        "white": translate("Chips", "white"),
        "red": translate("Chips", "red"),
        "green": translate("Chips", "green"),
        "black": translate("Chips", "black"),
        "purple": translate("Chips", "purple"),
        "yellow": translate("Chips", "yellow"),
        "blue": translate("Chips", "blue"),
        "pink": translate("Chips", "pink"),
        "grey": translate("Chips", "grey"),
    }
    return words.get(colour, colour)


def chip_name(cents: int, case: dict, currency: str) -> str:
    """ "$5 red": a chip of the table's set by its value and colour."""
    colours = {c: colour for c, colour in case.get("chips", [])}
    return fill(translate("Chips", "%1 %2"), money(cents, currency), colour_name(colours.get(cents, "")))


def chips_words(pairs, case: dict, currency: str) -> str:
    """ "2 × $25 green, 4 × $1 white"."""
    return ", ".join(
        fill(translate("Chips", "%1 × %2"), n, chip_name(int(cents), case, currency)) for cents, n in pairs
    ) or translate("Chips", "no chips")


def case_lines(skill: str, h: Hand, case: dict) -> list[str]:
    """What the question shows beside the table: the chips of a stack, the chip put out, the
    table's chips, the pot's high and low winners."""
    c = h.rules.currency
    out = []
    if case.get("chips"):
        out.append(
            fill(
                translate("Chips", "The table's chips: %1"),
                ", ".join(chip_name(cents, case, c) for cents, _colour in case["chips"]),
            )
        )
    if skill == "chip-count":
        out.append(fill(translate("Chips", "The pot, stacked: %1"), chips_words(case["stack"], case, c)))
    elif skill == "make-change":
        out.append(
            fill(
                translate("Chips", "Seat %1 calls %2 and puts out one %3 chip."),
                case["seat"],
                money(case["owes"], c),
                chip_name(case["tendered"], case, c),
            )
        )
    elif skill == "colour-up":
        out.append(
            fill(
                translate("Chips", "Seat %1 leaves the table with %2."),
                case["seat"],
                chips_words(case["stack"], case, c),
            )
        )
    elif skill == "split-pot":
        pot = next((e for e in h.events if isinstance(e, PotAwarded)), None)
        if pot is not None:
            names = {x.seat: x for x in pot.hands}
            out.append(
                fill(
                    translate("Chips", "High: %1"),
                    "; ".join(
                        fill(translate("DrillFacts", "seat %1 %2"), s, high_hand(names[s].value))
                        for s in pot.high_seats
                    ),
                )
            )
            out.append(
                fill(
                    translate("Chips", "Low: %1"),
                    "; ".join(
                        fill(translate("DrillFacts", "seat %1 %2"), s, low_hand(pot.low_five)) for s in pot.low_seats
                    ),
                )
            )
            out.append(fill(translate("Chips", "The smallest chip: %1"), money(h.rules.chip, c)))
    return out


def _low_working(h: Hand, answer: dict) -> list[str]:
    p = h.by_seat[answer["seat"]]
    cards = [x for x in p.down + p.up if x is not None] + ([h.common] if h.common is not None else [])
    low = sorted(
        {12 if x >> 2 == 12 else x >> 2 for x in cards if x >> 2 == 12 or x >> 2 <= 6},
        key=lambda r: -1 if r == 12 else r,
    )
    letters = rank_letters()
    ranks = " ".join(letters[r] for r in low) or "—"
    line = fill(translate("DrillFacts", "Different ranks eight or lower (ace low): %1"), ranks)
    if not answer["cards"]:
        return [line, translate("DrillFacts", "Fewer than five: no low; the high hand takes the whole pot (H-3)")]
    five = [parse_card(x) for x in answer["cards"]]
    return [line, fill(translate("DrillFacts", "The lowest five: %1"), low_hand([x for x in five if x is not None]))]


def _chips_working(skill: str, h: Hand, answer: dict, case: dict) -> list[str]:
    c = h.rules.currency
    if skill == "chip-count":
        parts = [fill(translate("DrillFacts", "%1 × %2"), n, money(cents, c)) for cents, n in case["stack"]]
        return [fill(translate("DrillFacts", "%1 = %2"), " + ".join(parts), money(answer["amount"], c))]
    pairs = [(int(cents), n) for cents, n in answer["chips"].items()]
    if skill == "make-change":
        first = fill(
            translate("DrillFacts", "%1 − %2 = %3 change"),
            money(case["tendered"], c),
            money(case["owes"], c),
            money(answer["change"], c),
        )
    else:
        total = sum(cents * n for cents, n in case["stack"])
        first = fill(
            translate("DrillFacts", "The stack: %1 = %2"),
            " + ".join(fill(translate("DrillFacts", "%1 × %2"), n, money(cents, c)) for cents, n in case["stack"]),
            money(total, c),
        )
    return [
        first,
        fill(translate("DrillFacts", "The fewest chips, the largest first: %1"), chips_words(pairs, case, c)),
    ]


def _split_working(h: Hand) -> list[str]:
    c = h.rules.currency
    pot = next(e for e in h.events if isinstance(e, PotAwarded))
    out = [
        fill(
            translate("DrillFacts", "Pot %1: low half %2 (whole %3 chips), high half %4"),
            money(pot.amount, c),
            money(pot.low_half, c),
            money(h.rules.chip, c),
            money(pot.high_half, c),
        )
    ]
    if pot.high_half != pot.low_half:
        out.append(translate("DrillFacts", "The odd chip goes to the high half (H-3)"))
    for seats, half in ((pot.high_seats, pot.high_half), (pot.low_seats, pot.low_half)):
        if len(seats) > 1:
            out.append(
                fill(
                    translate(
                        "DrillFacts", "%1 split between seats %2; an odd chip to the highest card by suit first (W-4)"
                    ),
                    money(half, c),
                    _seats(seats),
                )
            )
    out.append(
        ", ".join(fill(translate("DrillFacts", "seat %1 %2"), s, money(a, c)) for s, a in sorted(pot.winners.items()))
    )
    return out


def working(skill: str, h: Hand, answer: dict, case: dict | None = None) -> list[str]:
    """How the answer is found, step by step, in the reader's words."""
    c = h.rules.currency
    if skill == "irregularity":
        return irregularity_working(h, answer, case or {})
    if skill == "low-hand":
        return _low_working(h, answer)
    if skill in ("chip-count", "make-change", "colour-up"):
        return _chips_working(skill, h, answer, case or {})
    if skill == "split-pot":
        return _split_working(h)
    if skill == "bring-in" and h.bring_in_decision is not None:
        return [say(h.bring_in_decision)]
    if skill == "first-to-act" and h.opening_decision is not None:
        return [say(h.opening_decision)]
    if skill == "shows-first":
        out = [_last_aggression(h)]
        if h.showdown_decision is not None:
            out.append(say(h.showdown_decision))
        return [x for x in out if x]
    if skill == "legal-action" and h.to_act is not None:
        p = h.to_act
        return [
            fill(
                translate("DrillFacts", "Seat %1 has %2 in front and %3 behind; the bet stands at %4; raises %5 of %6"),
                p.seat,
                money(p.round_to, c),
                money(p.stack, c),
                money(h.current_to, c),
                max(0, h.levels - 1),
                h.rules.max_raises,
            )
        ]
    if skill == "pot":
        return _pot_working(h)
    if skill == "side-pots":
        return _side_pot_working(h, answer["pots"])
    if skill == "shortage":
        plan = h.plan
        return [
            fill(
                translate("DrillFacts", "%1 in the stub, %2 burn cards, %3 players to deal to"),
                card_count(plan.stub_before),
                plan.burns_before,
                plan.live,
            ),
            _first_up(say(plan)),
        ]
    if skill == "stub":
        dealt = sum(len(p.down) + len(p.up) for p in h.players) + (h.common is not None)
        line = fill(translate("DrillFacts", "52 − %1 dealt − %2 burned = %3"), dealt, h.burns, h.stub)
        if any(isinstance(e, BurnsReshuffled) for e in h.events):
            line += " " + translate("DrillFacts", "(the burn cards shuffled into the stub count as stub again)")
        return [line]
    if skill == "winners":
        out = [pots_line(h)] if h.pots_awarded else []
        return out + [_first_up(say(e)) for e in h.events if isinstance(e, (PotAwarded, PotWonByFolds))]
    return []  # best five: the answer names the cards and the hand


# --- the irregularity quiz (§9, I-1 … I-8) ---------------------------------------------------------
def _move(seat: int, action: str, to: int | None, currency: str) -> str:
    """ "seat 5 raises to $20", "seat 3 checks"."""
    return fill(translate("DrillFacts", "seat %1 %2"), seat, move_words(action, to, currency))


def _misdeal_cause(case: dict) -> str:
    return {
        "first-card-wrong-seat": translate("DrillFacts", "the first card of the hand was dealt to the wrong seat"),
        "not-entitled": fill(
            translate("DrillFacts", "seat %1 was dealt in, though not entitled to a hand"), case["seat"]
        ),
        "dealt-out": fill(
            translate("DrillFacts", "a player entitled to a hand was dealt out (the player beside seat %1)"),
            case["seat"],
        ),
        "wrong-number": fill(
            translate(
                "DrillFacts", "seat %1 was dealt the wrong number of cards, which cannot be put right in sequence"
            ),
            case["seat"],
        ),
    }[case["cause"]]


def remedy_name(rule: str) -> str:
    """A remedy of §9 as the trainee picks it: its rule ID and what it does."""
    names = {
        "I-1": translate("DrillFacts", "I-1 Exposed downcard: it is the door card, the third card down"),
        "I-2": translate("DrillFacts", "I-2 Card dealt too early: it goes back, no new burn"),
        "I-3": translate("DrillFacts", "I-3 The floor decides"),
        "I-4": translate("DrillFacts", "I-4 Wrong bring-in corrected: chips back, the right player brings in"),
        "I-5": translate("DrillFacts", "I-5 Action out of turn: binding unless the action changed"),
        "I-6": translate("DrillFacts", "I-6 Misdeal: everything back, the hand dealt again"),
        "I-7": translate("DrillFacts", "I-7 Fouled deck: play stops, every bet and ante back"),
        "I-8": translate("DrillFacts", "I-8 A flashed card, or one off the table, is an exposed card"),
    }
    return names.get(rule, rule)


def remedy_answer(answer: dict) -> str:
    """ "I-4: not now" — an irregularity drill's answer (or a trainee's) in words."""
    if answer.get("remedy") is None:
        return "—"
    if answer["remedy"] == "I-3":
        return remedy_name("I-3")
    applies = answer.get("applies")
    now = (
        "—"
        if applies is None
        else translate("DrillFacts", "applies now")
        if applies
        else translate("DrillFacts", "not now")
    )
    return fill(translate("DrillFacts", "%1 — %2"), remedy_name(answer["remedy"]), now)


def irregularity_lines(h: Hand, case: dict) -> list[str]:
    """What happened, said beside the table: the irregularity, and the house option it may
    depend on. (The hand so far is listed with the other facts.)"""
    c = h.rules.currency
    k = case["kind"]
    cards = [card_code(x) for x in case.get("cards", [])]
    if k == "exposed":
        return [
            fill(
                translate("DrillFacts", "Dealing third street, the dealer exposes one of seat %1's two downcards: %2."),
                case["seat"],
                cards[0],
            )
        ]
    if k == "flashed":
        return [
            fill(
                translate(
                    "DrillFacts",
                    "Dealing third street, the dealer flashes seat %1's first downcard, %2: the table has seen it.",
                ),
                case["seat"],
                cards[0],
            )
        ]
    if k == "both-exposed":
        return [
            fill(
                translate("DrillFacts", "Dealing third street, both of seat %1's downcards are exposed: %2 and %3."),
                case["seat"],
                cards[0],
                cards[1],
            )
        ]
    if k == "exposed-late":
        line = (
            translate("DrillFacts", "Dealing seventh street, the dealer flashes seat %1's downcard, %2.")
            if case.get("flashed")
            else translate("DrillFacts", "Dealing seventh street, the dealer exposes seat %1's downcard: %2.")
        )
        return [fill(line, case["seat"], cards[0])]
    if k == "dealt-early":
        return [
            fill(
                translate("DrillFacts", "Before this betting round has ended, the dealer deals seat %1 its %2 card."),
                case["seat"],
                street_name(case["street"]),
            )
        ]
    if k == "wrong-bring-in":
        return [
            fill(
                translate("DrillFacts", "Seat %1's door card was read as %2: it is %3. Seat %4 brought in."),
                case["seat"],
                card_code(case["read_as"]),
                card_code(case["card"]),
                case["brought_in"],
            )
        ]
    if k == "out-of-turn":
        house = fill(translate("DrillFacts", "This table's house option out_of_turn: %1"), case["house"])
        if "then" not in case:  # (referred to the floor the moment it happens)
            return [
                fill(
                    translate("DrillFacts", "Seat %1 %2 out of turn while seat %3 has the turn."),
                    case["seat"],
                    move_words(case["action"], None, c),
                    case["owed"],
                ),
                house,
            ]
        t = case["then"]
        return [
            fill(
                translate("DrillFacts", "Now %1: the turn comes to seat %2."),
                _move(t["seat"], t["action"], t["to"], c),
                case["seat"],
            ),
            house,
        ]
    if k == "misdeal":
        return [fill(translate("DrillFacts", "It is found now that %1."), _misdeal_cause(case))]
    return [
        translate("DrillFacts", "A card is found twice in the deck.")
        if case["cause"] == "twice"
        else translate("DrillFacts", "A card is found missing from the deck.")
    ]


def _since_bring_in(h: Hand) -> list[ActionTaken]:
    """Third street's actions after the bring-in (the bring-in's own first)."""
    out: list[ActionTaken] = []
    started = False
    for e in h.events:
        if isinstance(e, DealPlanned) and e.street > 3:
            break
        if isinstance(e, ActionTaken):
            if started:
                out.append(e)
            started = True
    return out


def irregularity_working(h: Hand, answer: dict, case: dict) -> list[str]:
    """Why the remedy applies now, or does not: the facts it turns on, in the catalog's words."""
    if not case:
        return []  # (a drill read back without its situation)
    c = h.rules.currency
    k, applies = case["kind"], answer["applies"]
    if k in ("exposed", "flashed"):
        out = [translate("DrillFacts", "A card the dealer flashes is an exposed card (I-8).")] if k == "flashed" else []
        return [
            *out,
            fill(
                translate(
                    "DrillFacts",
                    "Third street, seat %1's cards being dealt: the exposed card is its "
                    "door card and its third card is dealt down (I-1).",
                ),
                case["seat"],
            ),
        ]
    if k == "both-exposed":
        return [
            translate("DrillFacts", "Both downcards exposed on third street: a misdeal (I-1, I-6)."),
            translate(
                "DrillFacts",
                "No betting yet, so no substantial action: every ante goes back and the hand "
                "is dealt again, the same players in it (I-6).",
            ),
        ]
    if k == "exposed-late":
        return [
            translate(
                "DrillFacts",
                "I-1 is a third-street remedy; an exposed card on a later street is left to the floor (I-3).",
            )
        ]
    if k == "dealt-early":
        if answer["remedy"] == "I-3":
            return [
                translate(
                    "DrillFacts", "The deck is short for the next street (D-7): the floor decides how to deal it (I-3)."
                )
            ]
        return [
            translate(
                "DrillFacts",
                "The card goes back; the stub is shuffled with it, without the burns, and the "
                "street is dealt without a new burn (I-2).",
            )
        ]
    if k == "wrong-bring-in":
        since = _since_bring_in(h)
        if not since:
            return [
                translate(
                    "DrillFacts",
                    "Nobody has acted after the bring-in: it is corrected; the chips go back "
                    "and the right player brings in (I-4).",
                )
            ]
        return [
            fill(translate("DrillFacts", "After the bring-in: %1."), "; ".join(say(e) for e in since)),
            translate(
                "DrillFacts",
                "The next player has acted: the bring-in stands (I-4); the floor decides about the card (I-3).",
            ),
        ]
    if k == "out-of-turn":
        if answer["remedy"] == "I-3":
            return [
                translate(
                    "DrillFacts",
                    "The house option out_of_turn is floor: every action out of turn is "
                    "referred to the floor (I-5, I-3).",
                )
            ]
        between = [e for e in h.events[_out_of_turn_at(h) :] if isinstance(e, ActionTaken)]
        said = [say(e) for e in between] + [
            _first_up(_move(case["then"]["seat"], case["then"]["action"], case["then"]["to"], c))
        ]
        line = fill(
            translate("DrillFacts", "Between the action out of turn and seat %1's turn: %2."),
            case["seat"],
            "; ".join(said),
        )
        if applies:
            return [
                line,
                translate(
                    "DrillFacts",
                    "No bet or raise came in between: the action to the player has not "
                    "changed, so the action out of turn is binding (I-5).",
                ),
            ]
        return [
            line,
            translate(
                "DrillFacts",
                "A bet or raise came in between: the action out of turn is not binding; "
                "its chips go back and the player has every option (I-5).",
            ),
        ]
    if k == "misdeal":
        since = _since_bring_in(h)
        acted = (
            fill(translate("DrillFacts", "After the bring-in: %1."), "; ".join(say(e) for e in since))
            if since
            else translate("DrillFacts", "Nobody has acted after the bring-in.")
        )
        if applies:
            return [
                acted,
                translate(
                    "DrillFacts",
                    "Fewer than two players after the bring-in have acted: no "
                    "substantial action yet, so it is a misdeal; every ante and bet "
                    "goes back and the hand is dealt again (I-6).",
                ),
            ]
        return [
            acted,
            translate(
                "DrillFacts",
                "Two players after the bring-in have acted: substantial action. The "
                "hand plays on (I-6); a hand with the wrong number of cards is dead; "
                "the floor decides the rest (I-3).",
            ),
        ]
    if answer["remedy"] == "I-3":
        return [translate("DrillFacts", "The pot has been awarded: the hand is over, so the floor decides (I-3).")]
    return [
        translate(
            "DrillFacts",
            "A fouled deck: play stops and every bet and ante of the hand goes back, whatever the action so far (I-7).",
        )
    ]


def _out_of_turn_at(h: Hand) -> int:
    """The index of the last action out of turn in the hand's events."""
    return max(i for i, e in enumerate(h.events) if isinstance(e, ActedOutOfTurn))

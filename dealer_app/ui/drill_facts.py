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

from PySide6.QtCore import QCoreApplication

from dealer_app.engine.cards import parse_card
from dealer_app.engine.events import (
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
from dealer_app.engine.hand import Hand
from dealer_app.ui.words import fill, high_hand, low_hand, money, rank_letters, say, street_name, street_title

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
                out.append(fill(translate("DrillFacts", "%1 (%2 lines hidden: Alt+H shows the whole hand)"),
                                street_title(s.street), len(s.lines)))
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
        return [fill(translate("DrillFacts", "Antes: %1 from each of the %2 players (%3)"),
                     money(amount, antes[0].currency), len(antes), money(amount * len(antes), antes[0].currency))]
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
        elif isinstance(e, (UncalledBetReturned, CommonCardDealt, NoBetting, HandMucked)):
            streets[street].append(say(e))
        elif isinstance(e, HandShown):
            streets[street].append(fill(translate("DrillFacts", "Seat %1 shows"), e.seat))
    if antes:
        streets[3] += _antes(antes)
    head: list[str] = []
    if all_in or skill in ("side-pots", "winners"):
        stacks = ", ".join(fill(translate("DrillFacts", "seat %1 %2"), p.seat, money(p.start, currency))
                           for p in h.players)
        head.append(fill(translate("DrillFacts", "Starting stacks: %1"), stacks))
    if skill in ("winners", "best-five", "low-hand", "split-pot") and h.phase == "done" and h.pots_awarded:
        head.append(pots_line(h))
    if skill == "shortage" and h.phase == "deal":
        plan = h.plan
        head.append(fill(translate("DrillFacts", "Before this round: %1 in the stub, %2 burn cards, %3 players to "
                                                 "deal to"),
                         card_count(plan.stub_before), plan.burns_before, plan.live))
    return Facts(tuple(head), tuple(StreetFacts(s, tuple(lines)) for s, lines in sorted(streets.items())))


def pots_line(h: Hand) -> str:
    """The pots on the felt before the push, with the seats that take part in each."""
    currency = h.rules.currency
    pots = h.pots_awarded
    if len(pots) == 1:
        parts = [fill(translate("DrillFacts", "pot %1 (seats %2)"), money(pots[0]["amount"], currency),
                      _seats(pots[0]["eligible"]))]
    else:
        parts = [fill(translate("DrillFacts", "main pot %1 (seats %2)"), money(p["amount"], currency),
                      _seats(p["eligible"])) if i == 0 else
                 fill(translate("DrillFacts", "side pot %1 %2 (seats %3)"), i, money(p["amount"], currency),
                      _seats(p["eligible"])) for i, p in enumerate(pots)]
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
    """"$2 + $10 + $10", or "3 × $10" when every part is the same."""
    if len(amounts) > 2 and len(set(amounts)) == 1:
        return fill(translate("DrillFacts", "%1 × %2"), len(amounts), money(amounts[0], currency))
    return " + ".join(money(a, currency) for a in amounts)


def _pot_working(h: Hand) -> list[str]:
    c = h.rules.currency
    antes, streets = contributions(h)
    lines = [fill(translate("DrillFacts", "Antes: %1 = %2"), _sum(list(antes.values()), c),
                  money(sum(antes.values()), c))]
    totals = [sum(antes.values())]
    for street, put in sorted(streets.items()):
        parts = [a for _seat, a in sorted(put.items()) if a]
        if parts:
            lines.append(fill(translate("DrillFacts", "%1: %2 = %3"), street_title(street), _sum(parts, c),
                              money(sum(parts), c)))
            totals.append(sum(parts))
    lines.append(fill(translate("DrillFacts", "The pot: %1 = %2"), " + ".join(money(t, c) for t in totals),
                      money(sum(totals), c)))
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
            lines.append(fill(translate("DrillFacts", "%1: %2 (seats %3)"), name, money(parts[0], c),
                              _seats(pots[i]["eligible"])))
        else:
            lines.append(fill(translate("DrillFacts", "%1: %2 = %3 (seats %4)"), name, _sum(parts, c),
                              money(sum(parts), c), _seats(pots[i]["eligible"])))
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
        return fill(translate("DrillFacts", "Nobody bet on %1; seat %2 acted first"), street_name(last),
                    acted[last][0].seat)
    return fill(translate("DrillFacts", "The last bet or raise on %1: %2"), street_name(last), say(raises[-1]))


# --- chips (T-2) and Hi-Lo (H-2, H-3) ---------------------------------------------------------------
def colour_name(colour: str) -> str:
    """A chip colour from the limits file, in the reader's words."""
    words = {"white": translate("Chips", "white"), "red": translate("Chips", "red"),
             "green": translate("Chips", "green"), "black": translate("Chips", "black"),
             "purple": translate("Chips", "purple"), "yellow": translate("Chips", "yellow"),
             "blue": translate("Chips", "blue"), "pink": translate("Chips", "pink"),
             "grey": translate("Chips", "grey")}
    return words.get(colour, colour)


def chip_name(cents: int, case: dict, currency: str) -> str:
    """"$5 red": a chip of the table's set by its value and colour."""
    colours = {c: colour for c, colour in case.get("chips", [])}
    return fill(translate("Chips", "%1 %2"), money(cents, currency), colour_name(colours.get(cents, "")))


def chips_words(pairs, case: dict, currency: str) -> str:
    """"2 × $25 green, 4 × $1 white"."""
    return ", ".join(fill(translate("Chips", "%1 × %2"), n, chip_name(int(cents), case, currency))
                     for cents, n in pairs) or translate("Chips", "no chips")


def case_lines(skill: str, h: Hand, case: dict) -> list[str]:
    """What the question shows beside the table: the chips of a stack, the chip put out, the
    table's chips, the pot's high and low winners."""
    c = h.rules.currency
    out = []
    if case.get("chips"):
        out.append(fill(translate("Chips", "The table's chips: %1"),
                        ", ".join(chip_name(cents, case, c) for cents, _colour in case["chips"])))
    if skill == "chip-count":
        out.append(fill(translate("Chips", "The pot, stacked: %1"), chips_words(case["stack"], case, c)))
    elif skill == "make-change":
        out.append(fill(translate("Chips", "Seat %1 calls %2 and puts out one %3 chip."), case["seat"],
                        money(case["owes"], c), chip_name(case["tendered"], case, c)))
    elif skill == "colour-up":
        out.append(fill(translate("Chips", "Seat %1 leaves the table with %2."), case["seat"],
                        chips_words(case["stack"], case, c)))
    elif skill == "split-pot":
        pot = next((e for e in h.events if isinstance(e, PotAwarded)), None)
        if pot is not None:
            names = {x.seat: x for x in pot.hands}
            out.append(fill(translate("Chips", "High: %1"), "; ".join(
                fill(translate("DrillFacts", "seat %1 %2"), s, high_hand(names[s].value)) for s in pot.high_seats)))
            out.append(fill(translate("Chips", "Low: %1"), "; ".join(
                fill(translate("DrillFacts", "seat %1 %2"), s, low_hand(pot.low_five)) for s in pot.low_seats)))
            out.append(fill(translate("Chips", "The smallest chip: %1"), money(h.rules.chip, c)))
    return out


def _low_working(h: Hand, answer: dict) -> list[str]:
    p = h.by_seat[answer["seat"]]
    cards = [x for x in p.down + p.up if x is not None] + ([h.common] if h.common is not None else [])
    low = sorted({12 if x >> 2 == 12 else x >> 2 for x in cards if x >> 2 == 12 or x >> 2 <= 6},
                 key=lambda r: -1 if r == 12 else r)
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
        first = fill(translate("DrillFacts", "%1 − %2 = %3 change"), money(case["tendered"], c),
                     money(case["owes"], c), money(answer["change"], c))
    else:
        total = sum(cents * n for cents, n in case["stack"])
        first = fill(translate("DrillFacts", "The stack: %1 = %2"), " + ".join(
            fill(translate("DrillFacts", "%1 × %2"), n, money(cents, c)) for cents, n in case["stack"]),
            money(total, c))
    return [first, fill(translate("DrillFacts", "The fewest chips, the largest first: %1"),
                        chips_words(pairs, case, c))]


def _split_working(h: Hand) -> list[str]:
    c = h.rules.currency
    pot = next(e for e in h.events if isinstance(e, PotAwarded))
    out = [fill(translate("DrillFacts", "Pot %1: low half %2 (whole %3 chips), high half %4"), money(pot.amount, c),
                money(pot.low_half, c), money(h.rules.chip, c), money(pot.high_half, c))]
    if pot.high_half != pot.low_half:
        out.append(translate("DrillFacts", "The odd chip goes to the high half (H-3)"))
    for seats, half in ((pot.high_seats, pot.high_half), (pot.low_seats, pot.low_half)):
        if len(seats) > 1:
            out.append(fill(translate("DrillFacts", "%1 split between seats %2; an odd chip to the highest card by "
                                                    "suit first (W-4)"), money(half, c), _seats(seats)))
    out.append(", ".join(fill(translate("DrillFacts", "seat %1 %2"), s, money(a, c))
                         for s, a in sorted(pot.winners.items())))
    return out


def working(skill: str, h: Hand, answer: dict, case: dict | None = None) -> list[str]:
    """How the answer is found, step by step, in the reader's words."""
    c = h.rules.currency
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
        return [fill(translate("DrillFacts", "Seat %1 has %2 in front and %3 behind; the bet stands at %4; "
                                             "raises %5 of %6"), p.seat, money(p.round_to, c), money(p.stack, c),
                     money(h.current_to, c), max(0, h.levels - 1), h.rules.max_raises)]
    if skill == "pot":
        return _pot_working(h)
    if skill == "side-pots":
        return _side_pot_working(h, answer["pots"])
    if skill == "shortage":
        plan = h.plan
        return [fill(translate("DrillFacts", "%1 in the stub, %2 burn cards, %3 players to deal to"),
                     card_count(plan.stub_before), plan.burns_before, plan.live), _first_up(say(plan))]
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

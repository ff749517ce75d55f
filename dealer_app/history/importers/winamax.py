"""Winamax text hand histories: 7-Card Stud and 7-Card Stud Hi/Lo fixed limit (cash).

Winamax writes the ante, small and big bet in the header ("(5€/25€/50€)"), hides unseen cards
as "X", and counts a bet nobody called in the pot: there is no "Uncalled bet" line, the
winner's "collected" and the "Total pot" include it, and "Total pot" is after the rake. The
parser takes the returned bet out of both (``settle_uncalled``) so the verdict compares the
engine's pot and its return (P-2) with the server's.
"""

from __future__ import annotations

import re

from dealer_app.history.importers.base import (
    AMOUNT,
    DEALT,
    TOTAL,
    Dialect,
    HandBuilder,
    ImportError_,
    LocatedMoney,
    Refusal,
    SiteRules,
    header_match,
    parse_hands,
    read_hand_lines,
)

HEADER = re.compile(r"^Winamax Poker - .*?HandId: #([\d-]+) - (.*)$")
# ante / small bet / big bet
STAKES = re.compile(r"\(([\$€£]?[\d,.]+[\$€£]?)/([\$€£]?[\d,.]+[\$€£]?)/([\$€£]?[\d,.]+[\$€£]?)\)")
AMT = r"(-?[\$€£]?[\d,]+(?:\.\d+)?[\$€£]?)"
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([\$€£]?[\d,.]+[\$€£]?)\)(.*)$")
STREET = re.compile(
    r"^\*\*\* (3rd STREET|4th STREET|5th STREET|6th STREET|7th STREET|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH)"
    r" \*\*\*(?: \[(\w\w)\])?"
)
STREET_NO = {
    "3rd STREET": 3,
    "4th STREET": 4,
    "5th STREET": 5,
    "6th STREET": 6,
    "7th STREET": 7,
    "THIRD": 3,
    "FOURTH": 4,
    "FIFTH": 5,
    "SIXTH": 6,
    "SEVENTH": 7,
}
ACTIONS = [
    (re.compile(rf"^ posts ante {AMT}"), "ante"),
    (re.compile(rf"^ (?:brings in|bring-in) {AMT}"), "bring_in"),
    (re.compile(rf"^ calls {AMT}"), "call"),
    (re.compile(rf"^ bets {AMT}"), "bet"),
    # "raises A to B": B is what the player puts in with this raise (all-in after a
    # bring-in: "raises -6.10€ to 18.90€" on top of 10€), so it is read as a bet of B
    (re.compile(rf"^ raises -?[\$€£]?[\d,.]+[\$€£]? to {AMT}"), "bet"),
    (re.compile(r"^ checks"), "check"),
    (re.compile(r"^ folds"), "fold"),
    (re.compile(r"^ shows \[([^\]]*)\]"), "show"),
    (re.compile(r"^ mucks"), "muck"),
]
NEVER = re.compile(r"(?!)")  # Winamax writes no "Uncalled bet" line
COLLECTED = re.compile(rf"^(.+?) collected {AMOUNT}[\$€£]? from pot")
SITE = "Winamax"
# No Winamax hand in the corpus needs an option away from the catalog's us-cardroom profile:
# three heads-up/three-way hands, no cap, no open pair on fourth street, no checked river.
RULES: SiteRules = ("us-cardroom", {})
DIALECT = Dialect(
    seat=SEAT,
    street=STREET,
    street_no=STREET_NO,
    dealt=DEALT,
    uncalled=NEVER,
    total=TOTAL,
    actions=ACTIONS,
    collected=COLLECTED,
)
HIDDEN = re.compile(r"(?<=[\[ ])X(?=[\] ])")


def game_of(header: str) -> tuple[str | None, str]:
    h = header.lower()
    if "razz" in h:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in h or "deuce" in h:
            return None, "2-7 Razz is not supported"
        if "no limit" in h or "pot limit" in h:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "stud" not in h:
        m = re.match(r"\s*([^(]+?)\s*\(", header)
        return None, f"{(m.group(1) if m else 'this game')} is not a stud game"
    if "no limit" in h or "pot limit" in h:
        return None, "no-limit and pot-limit stud are not supported"
    if "5-card" in h or "5 card" in h or "5stud" in h:
        return None, "five-card stud is not supported"
    if "fixed limit" not in h:
        return None, "only fixed-limit stud is supported"
    if "hi/lo" in h or "hi-lo" in h:
        return "stud8", ""
    if "7-card stud" in h or "7stud" in h or "7 card stud" in h:
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    return "Winamax Poker - " in text[:2000] and "HandId: #" in text[:2000]


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(text, source, HEADER, parse_hand)


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    m = header_match(HEADER, block[0].strip().lstrip("\ufeff"))
    hand_id, rest = m.group(1), m.group(2)
    game, why = game_of(rest)
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    stakes = STAKES.search(rest)
    if not stakes:
        raise ImportError_("no stakes in the header", first_line)
    # play money writes decimals without a sign: every amount is then in hundredths
    money = LocatedMoney(any(sym in stakes.group(0) for sym in "$€£."), block, first_line)
    if not any(line.startswith("Dealt to ") for line in block):
        raise ImportError_(
            "the export holds no cards (no 'Dealt to' lines): the bring-in and the order of play cannot be checked",
            first_line,
        )
    b = HandBuilder(source, SITE, hand_id, game, first_line)
    b.currency = "EUR" if "€" in stakes.group(0) else "USD" if "$" in stakes.group(0) else ""
    b.small_bet, b.big_bet = money(stakes.group(2)), money(stakes.group(3))
    lines = [HIDDEN.sub("??", line) if line.startswith("Dealt to ") else line for line in block]
    read_hand_lines(b, lines, first_line, money, DIALECT)
    b.settle_bring_in(bring_ins)
    settle_uncalled(b)
    # Winamax turns every hand at showdown face up at once and lists them from the last
    # round's first actor, even after a bet and a raise (hand 9250793-470: the caller's losing
    # straight is listed before the raiser's flush): a listing, not an order of showing (W-1)
    b.expected.showdown = []
    return b.build()


def settle_uncalled(b: HandBuilder):
    """Take a bet nobody called out of the winner's collected amount and the total pot, and
    expect the engine to return it: Winamax counts it in the pot."""
    e = b.expected
    if e.total_pot is not None:
        e.total_pot += e.rake  # Winamax's total is after the rake
    returned = b.returned_bet()
    if not returned:
        return
    top_name, excess = returned
    p = b.player_no(top_name, e.lines.get("collected", b.start_line))
    if e.collected.get(p, 0) >= excess:
        e.collected[p] -= excess
        e.uncalled[p] = excess
        e.lines.setdefault("uncalled", e.lines.get("collected", b.start_line))
        if e.total_pot is not None:
            e.total_pot -= excess

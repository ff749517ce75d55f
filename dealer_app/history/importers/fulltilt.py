"""Full Tilt Poker text hand histories (Limit Stud Hi, Limit Stud H/L); UTF-8 or UTF-16."""

from __future__ import annotations

import re

from dealer_app.history.importers.base import (
    AMOUNT,
    DEALT,
    TOTAL,
    Dialect,
    ImportError_,
    Refusal,
    SiteRules,
    header_match,
    parse_hands,
    read_hand,
)

HEADER = re.compile(r"^Full Tilt Poker Game #(\d+):\s*(.*)$")
STAKES = re.compile(r"([\$€£]?[\d,]+(?:\.\d+)?)/([\$€£]?[\d,]+(?:\.\d+)?)(?: Ante ([\$€£]?[\d,.]+))?")
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([\$€£]?[\d,.]+)\)(.*)$")
STREET = re.compile(r"^\*\*\* (3RD|4TH|5TH|6TH|7TH) STREET \*\*\*(?: \[(\w\w)\])?")
ACTIONS = [
    (re.compile(rf"^ antes {AMOUNT}"), "ante"),
    (re.compile(rf"^ brings in for {AMOUNT}"), "bring_in"),
    (re.compile(rf"^ calls {AMOUNT}"), "call"),
    (re.compile(rf"^ bets {AMOUNT}"), "bet"),
    (re.compile(rf"^ raises to {AMOUNT}"), "raise"),
    (re.compile(rf"^ completes it to {AMOUNT}"), "complete"),
    (re.compile(r"^ checks"), "check"),
    (re.compile(r"^ folds"), "fold"),
    (re.compile(r"^ shows \[([^\]]*)\]"), "show"),
    (re.compile(r"^ mucks"), "muck"),
    (re.compile(rf"^ (?:wins|ties for) the (?:high |low )?(?:main |side )?pot(?: #\d+)? \({AMOUNT}\)"), "won"),
    (re.compile(rf"^ (?:wins|ties for) (?:high |low )?side pot #\d+ \({AMOUNT}\)"), "won"),
]
UNCALLED = re.compile(rf"^Uncalled bet of {AMOUNT} returned to (.+)$")
STREET_NO = {"3RD": 3, "4TH": 4, "5TH": 5, "6TH": 6, "7TH": 7}
SITE = "Full Tilt"
# A checked river shows from seat 1 too; the corpus holds no heads-up cap and no fold with a
# free check, so those stay at the catalog's defaults.
RULES: SiteRules = ("us-cardroom", {"checked_showdown_from": "dealers-left"})
DIALECT = Dialect(
    seat=SEAT, street=STREET, street_no=STREET_NO, dealt=DEALT, uncalled=UNCALLED, total=TOTAL, actions=ACTIONS
)


def game_of(header: str) -> tuple[str | None, str]:
    h = header.lower()
    if "razz" in h:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in h or "deuce" in h:
            return None, "2-7 Razz is not supported"
        if "no limit" in h or "pot limit" in h:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "stud" not in h:
        parts = header.split(" - ")
        name = next((parts[i + 1] for i, p in enumerate(parts[:-1]) if STAKES.search(p)), "this game")
        return None, f"{name.strip()} is not a stud game"
    if "no limit" in h or "pot limit" in h:
        return None, "no-limit and pot-limit stud are not supported"
    if "5 card stud" in h or "five card stud" in h:
        return None, "five-card stud is not supported"
    if "stud h/l" in h or "stud hi/lo" in h or "stud 8" in h:
        return "stud8", ""
    if "stud hi" in h or "limit stud" in h:
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    return "Full Tilt Poker Game #" in text[:3000]


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(text, source, HEADER, parse_hand)


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    header = block[0].strip().lstrip("\ufeff")
    m = header_match(HEADER, header)
    hand_id, rest = m.group(1), m.group(2)
    game, why = game_of(rest)
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    stakes = STAKES.search(rest)
    if not stakes:
        raise ImportError_("no stakes in the header", first_line)
    return read_hand(block, first_line, source, "Full Tilt", hand_id, game, stakes, DIALECT, bring_ins)

"""PokerStars text hand histories: 7 Card Stud and 7 Card Stud Hi/Lo, cash and tournament."""

from __future__ import annotations

import json
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

HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Game|Hand) #(\d+):\s*(.*)$")
# after "(" or ", " (a date such as 2009/07/08 is never taken for them)
STAKES = re.compile(r"(?:\(|, )([\$€£]?\d[\d,]*(?:\.\d+)?)/([\$€£]?\d[\d,]*(?:\.\d+)?)(?![\d.]*[eE][+-]?\d)")
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([\$€£]?[\d,.]+) in chips(?:, [^)]*)?\)(.*)$")
STREET = re.compile(r"^\*\*\* (3rd STREET|4th STREET|5th STREET|6th STREET|RIVER) \*\*\*(?: \[(\w\w)\])?")
ACTIONS = [
    (re.compile(rf"^: posts the ante {AMOUNT}"), "ante"),
    (re.compile(rf"^: brings in for {AMOUNT}"), "bring_in"),
    (re.compile(rf"^: calls {AMOUNT}"), "call"),
    (re.compile(rf"^: bets {AMOUNT}"), "bet"),
    (re.compile(rf"^: raises {AMOUNT} to {AMOUNT}"), "raise"),
    (re.compile(r"^: checks"), "check"),
    (re.compile(r"^: folds"), "fold"),
    (re.compile(r"^: shows \[([^\]]*)\]"), "show"),
    (re.compile(r"^: mucks hand"), "muck"),
]
UNCALLED = re.compile(rf"^Uncalled bet \({AMOUNT}\) returned to (.+)$")
COLLECTED = re.compile(rf"^(.+?) collected {AMOUNT} from (?:main |side )?pot")
STREET_NO = {"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7}
SITE = "PokerStars"
# How PokerStars deals, as a profile plus options (found by replaying the shared corpus; the
# closing note of issue #3 and tests/history/test_import_corpus.py give the evidence). It caps a round
# at a bet and three raises even heads-up ("Betting is capped" with two players left), lets a
# player fold when checking is free, and allows the fourth-street double bet in stud high
# ("Pair on board - a double bet is allowed"). Its 2-max home games show first the river's first
# actor when the river is checked (two stud hands and Razz hand 99632356819), and in Razz hand
# 99632307247 the player who bet sixth street before a checked river: no house option deals so,
# and those hands are listed with their reason in tests/history/test_import_corpus.py.
RULES: SiteRules = (
    "us-cardroom",
    {"heads_up_uncapped": "never", "fold_when_check_free": True, "checked_showdown_from": "dealers-left"},
)
DIALECT = Dialect(
    seat=SEAT,
    street=STREET,
    street_no=STREET_NO,
    dealt=DEALT,
    uncalled=UNCALLED,
    total=TOTAL,
    actions=ACTIONS,
    collected=COLLECTED,
    capped="Betting is capped",
    double_bet="Pair on board",
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
        m = re.search(r"\(([^,()]+)", header)
        return None, f"{(m.group(1) if m else header).strip()} is not a stud game"
    if "no limit" in h or "pot limit" in h:
        return None, "no-limit and pot-limit stud are not supported"
    if "5 card stud" in h:
        return None, "five-card stud is not supported"
    if "7 card stud hi/lo" in h or "7 card stud hi-lo" in h:
        return "stud8", ""
    if "7 card stud" in h:
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    return "PokerStars" in text[:2000] and ("Game #" in text[:2000] or "Hand #" in text[:2000])


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
    level = re.search(r"Level [^(]*\(([\d,]+)/([\d,]+)\)", rest)
    stakes = level or STAKES.search(rest)
    if not stakes:
        raise ImportError_("no stakes in the header", first_line)
    imp = read_hand(block, first_line, source, "PokerStars", hand_id, game, stakes, DIALECT, bring_ins)
    return _as_our_own(imp, block, first_line)


# dealer_app.history.export writes this line under the summary of its text export
OWN_RULES = "Dealer App rules: "
OWN_SITE = "Dealer App"


def _as_our_own(imp, block: list[str], first_line: int):
    """A hand our own text export wrote is replayed under the rules it was played by (named
    in its rules line), not under PokerStars', whose heading it borrows."""
    rules_at = next((offset for offset, line in enumerate(block) if line.startswith(OWN_RULES)), None)
    if rules_at is None:
        return imp
    line, line_no = block[rules_at], first_line + rules_at
    try:
        rules = json.loads(line[len(OWN_RULES) :])
    except ValueError:
        raise ImportError_("the Dealer App rules line is not readable", line_no) from None
    if not (
        isinstance(rules, dict)
        and isinstance(rules.get("profile"), str)
        and isinstance(rules.get("table") or "", str)
        and isinstance(rules.get("options", {}), dict)
        and isinstance(rules.get("hand", ""), str)
    ):
        raise ImportError_("the Dealer App rules line does not name a profile, table and options", line_no)
    fields = imp.phh.fields
    fields["_site"], fields["_profile"] = OWN_SITE, rules["profile"]
    if rules.get("table"):
        fields["_table"] = rules["table"]
    if rules.get("options"):
        fields["_options"] = rules["options"]
    imp.site = OWN_SITE
    if rules.get("hand"):
        imp.hand_id = rules["hand"]
    return imp

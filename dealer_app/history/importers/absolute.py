"""Absolute Poker text hand histories (``Stage #N: Seven Card Hi/Lo Normal $0.02/$0.04``):
7 Card Stud and Seven Card Hi/Lo, fixed limit ("Normal").

Each street repeats every player's cards so far ("Pocket [H H Js 10d]", H a hidden card); the
last card is the new one. "Raises $X" is what the player puts in with the raise (the corpus
holds no raise; this is how Absolute's other games write it). The showdown is written in the
order the hands were shown.
"""

from __future__ import annotations

import re

from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.history.importers.base import (
    HandBuilder,
    ImportError_,
    Money,
    Refusal,
    SiteRules,
    first_action,
    header_match,
    parse_hands,
    start_hand,
)

HEADER = re.compile(r"^Stage #C?(\d+):\s*(.*)$")
STAKES = re.compile(r"([$€£]?\d[\d,]*(?:\.\d+)?)/([$€£]?\d[\d,]*(?:\.\d+)?)")
SEAT = re.compile(r"^Seat (\d+) - (.+?) \(([$€£]?\d[\d,]*(?:\.\d+)?) in chips\)")
STREET = re.compile(r"^\*\*\* (3RD|4TH|5TH|6TH) STREET \*\*\*$|^\*\*\* (RIVER) \*\*\*$", re.I)
STREET_NO = {"3RD": 3, "4TH": 4, "5TH": 5, "6TH": 6, "RIVER": 7}
AMOUNT = r"([$€£]?\d[\d,]*(?:\.\d+)?)"
ACTIONS = [
    (re.compile(rf"^ - Ante {AMOUNT}$"), "ante"),
    (re.compile(rf"^ - Bring-In {AMOUNT}\.?$"), "bring_in"),
    (re.compile(rf"^ - Calls {AMOUNT}$"), "put_in"),
    (re.compile(rf"^ - (?:Bets|Completes|Raises|All-In|All-In\(Raise\)) {AMOUNT}$"), "put_in"),
    (re.compile(r"^ - Checks$"), "check"),
    (re.compile(r"^ - Folds$"), "fold"),
    (re.compile(r"^ - Pocket \[([^\]]*)\]"), "pocket"),
    (re.compile(r"^ - Shows \[([^\]]*)\]"), "show"),
    (re.compile(r"^ - Mucks"), "muck"),
    (re.compile(rf"^ Collects {AMOUNT} from (?:main|side) pot"), "won"),
]
TOTAL = re.compile(rf"^Total Pot\({AMOUNT}\)(?: \| Rake \({AMOUNT}\))?")
# a line that reads like an action but not as one (an unknown name, a garbled amount)
ACTION_WORD = re.compile(r" - (Ante|Bring-In|Calls|Bets|Completes|Raises|All-In|Checks|Folds|Pocket|Shows)\b")
SITE = "Absolute"
# The one hi-lo hand replays under the catalog's defaults: its river is checked and the first
# to act in it (seat 8) shows first, then clockwise (W-1 as the catalog has it).
RULES: SiteRules = ("us-cardroom", {})


def game_of(header: str) -> tuple[str | None, str]:
    h = header.lower()
    if "razz" in h:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in h or "deuce" in h:
            return None, "2-7 Razz is not supported"
        if "no limit" in h or "pot limit" in h:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "seven card" not in h and "7 card" not in h and "stud" not in h:
        name = re.match(r"\s*([A-Za-z/' ]+?)\s+(?:No Limit|Pot Limit|Normal|NORMAL|Limit|\(|[$€£\d])", header)
        return None, f"{(name.group(1) if name else 'this game').strip()} is not a stud game"
    if "no limit" in h or "pot limit" in h:
        return None, "no-limit and pot-limit stud are not supported"
    if "5 card" in h or "five card" in h:
        return None, "five-card stud is not supported"
    if "hi/lo" in h or "hi-lo" in h:
        return "stud8", ""
    return "stud", ""


def looks_like(text: str) -> bool:
    return bool(re.search(r"^Stage #C?\d+:", text[:3000].lstrip("\ufeff"), re.M))


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(text, source, HEADER, parse_hand)


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    try:
        return read_hand(block, first_line, source, bring_ins)
    except ImportError_:
        raise
    except ValueError as exc:  # an amount the patterns let through but is none
        raise ImportError_(f"unreadable amount: {exc}", first_line) from None


def read_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    m = header_match(HEADER, block[0].strip().lstrip("\ufeff"))
    hand_id, rest = m.group(1), m.group(2)
    game, why = game_of(rest)
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    stakes = STAKES.search(rest)
    if not stakes:
        raise ImportError_("no stakes in the header", first_line)
    b, money = start_hand(source, SITE, hand_id, game, first_line, stakes.group(0), stakes.group(1), stakes.group(2))
    read_lines(b, block, first_line, money)
    b.settle_bring_in(bring_ins)
    return b.build()


def read_lines(b: HandBuilder, block: list[str], first_line: int, money: Money):
    section = "seats"
    for offset, raw in enumerate(block[1:], start=1):
        line_no, line = first_line + offset, raw.strip()
        if not line:
            continue
        if line == "*** SUMMARY ***":
            section = "summary"
            continue
        if section == "summary":
            t = TOTAL.match(line)
            if t:
                b.total(money(t.group(1)), money(t.group(2)) if t.group(2) else 0, line_no)
            continue
        s = SEAT.match(line)
        if s and section == "seats":
            b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
            continue
        st = STREET.match(line)
        if st:
            b.begin_street(STREET_NO[(st.group(1) or st.group(2)).upper()], line_no)
            section = "play"
            continue
        if line == "*** SHOW DOWN ***":
            b.flush_deals(line_no)
            continue
        name = b.name_in(line)
        a = first_action(ACTIONS, line[len(name) :]) if name else None
        if name and a:
            apply(b, name, a[1], a[0], money, line_no)
        elif ACTION_WORD.search(line) or line.endswith(" from main pot"):
            raise ImportError_(f"unreadable action {line!r}", line_no)
    b.flush_deals(first_line + len(block))


def apply(b: HandBuilder, name: str, verb: str, a: re.Match, money: Money, line_no: int):
    if verb == "ante":
        b.ante(name, money(a.group(1)))
        return
    if verb == "won":
        b.collected(name, money(a.group(1)), line_no)
        return
    if b.street == 0:
        raise ImportError_("an action before the cards are dealt", line_no)
    if verb == "pocket":
        pocket(b, name, a.group(1), line_no)
    elif verb == "show":
        b.show(name, a.group(1), line_no)
    elif verb == "muck":
        b.muck(name, line_no)
    elif verb == "bring_in":
        b.bring_in = b.bring_in or money(a.group(1))
        b.act(name, "bring_in", line_no, amount=money(a.group(1)))
    elif verb in ("check", "fold"):
        b.act(name, verb, line_no)
    else:  # what the player puts in: a call, or a bet, complete or raise by the round's top
        amount = money(a.group(1))
        before, top = b.round_to.get(name, 0), max(b.round_to.values(), default=0)
        if before + amount <= top:
            b.act(name, "call", line_no, amount=amount)
        else:
            b.act(name, "bet" if top == 0 else "raise", line_no, to=before + amount)


def pocket(b: HandBuilder, name: str, text: str, line_no: int):
    """'H H Js 10d': the cards so far, H hidden; a folded player's pocket is still written."""
    if name in b.folded:
        return
    tokens = text.split()
    if len(tokens) != b.street:
        raise ImportError_(f"{len(tokens)} card(s) in {name}'s pocket on street {b.street}", line_no)
    try:
        cards = [None if t == "H" else parse_cards(t)[0] for t in tokens]
    except (CardError, IndexError):
        raise ImportError_(f"unreadable cards [{text}]", line_no) from None
    if b.street == 3:
        if name not in b.dealt_in:
            b.dealt_in.append(name)
        b.pending[name] = cards
    else:
        b.pending[name] = cards[-1:]

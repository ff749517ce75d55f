"""PokerStars text hand histories: 7 Card Stud and 7 Card Stud Hi/Lo, cash and tournament."""

from __future__ import annotations

import re

from dealer_app.history.importers.base import HandBuilder, ImportError_, Money, Refusal

HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Game|Hand) #(\d+):\s*(.*)$")
STAKES = re.compile(r"\(?([\$€£]?[\d,]+(?:\.\d+)?)/([\$€£]?[\d,]+(?:\.\d+)?)")
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([\$€£]?[\d,.]+) in chips(?:, [^)]*)?\)(.*)$")
STREET = re.compile(r"^\*\*\* (3rd|4th|5th|6th) STREET \*\*\*")
RIVER = re.compile(r"^\*\*\* RIVER \*\*\*(?: \[(\w\w)\])?")
DEALT = re.compile(r"^Dealt to (.+?) ((?:\[[^\]]*\] ?)+)$")
AMOUNT = r"([\$€£]?[\d,]+(?:\.\d+)?)"
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
TOTAL = re.compile(rf"^Total pot {AMOUNT}.*?\| Rake {AMOUNT}")
STREET_NO = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6}


def game_of(header: str) -> tuple[str | None, str]:
    h = header.lower()
    if "razz" in h:
        return None, "Razz is not supported"
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


def split_hands(lines: list[str]):
    start = None
    for i, line in enumerate(lines):
        if HEADER.match(line.strip().lstrip("\ufeff")):
            if start is not None:
                yield start, lines[start:i]
            start = i
    if start is not None:
        yield start, lines[start:]


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    lines = text.splitlines()
    bring_ins: dict = {}  # stakes -> bring-in seen in this file (for hands that open with a bet)
    for start, block in split_hands(lines):
        try:
            yield parse_hand(block, start + 1, source, bring_ins)
        except ImportError_ as exc:
            m = HEADER.match(block[0].strip().lstrip("\ufeff"))
            yield Refusal(source, m.group(1) if m else "?", exc.line or start + 1, exc.problem)


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict | None = None):
    header = block[0].strip().lstrip("\ufeff")
    m = HEADER.match(header)
    hand_id, rest = m.group(1), m.group(2)
    game, why = game_of(rest)
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    level = re.search(r"Level [^(]*\(([\d,]+)/([\d,]+)\)", rest)
    stakes = level or STAKES.search(rest)
    if not stakes:
        raise ImportError_("no stakes in the header", first_line)
    cents = "$" in stakes.group(0) or "€" in stakes.group(0) or "£" in stakes.group(0)
    money = Money(cents)
    b = HandBuilder(source, "PokerStars", hand_id, game, first_line)
    b.currency = "USD" if "$" in stakes.group(0) else "EUR" if "€" in stakes.group(0) else ""
    b.small_bet, b.big_bet = money(stakes.group(1)), money(stakes.group(2))
    section = "seats"
    for offset, raw in enumerate(block[1:], start=1):
        line_no = first_line + offset
        line = raw.strip()
        if not line:
            continue
        if line.startswith("*** SUMMARY"):
            section = "summary"
        if section == "summary":
            t = TOTAL.match(line)
            if t:
                b.total(money(t.group(1)), money(t.group(2)), line_no)
            continue
        s = SEAT.match(line)
        if s and section == "seats":
            # "is sitting out" players may still post and be dealt in; dealing decides
            b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
            continue
        st = STREET.match(line)
        if st:
            b.begin_street(STREET_NO[st.group(1)], line_no)
            section = "play"
            continue
        r = RIVER.match(line)
        if r:
            b.begin_street(7, line_no, r.group(1))
            continue
        if line.startswith("*** SHOW DOWN"):
            b.flush_deals(line_no)
            section = "showdown"
            continue
        d = DEALT.match(line)
        if d:
            b.dealt(d.group(1), re.findall(r"\[([^\]]*)\]", d.group(2)), line_no)
            continue
        u = UNCALLED.match(line)
        if u:
            b.uncalled(u.group(2).strip(), money(u.group(1)), line_no)
            continue
        c = COLLECTED.match(line)
        if c and b.name_in(line):
            b.collected(b.name_in(line), money(c.group(2)), line_no)
            continue
        if line.startswith("Betting is capped"):
            b.note_capped(line_no)
            continue
        if line.startswith("Pair on board"):
            b.note_double_bet(line_no)
            continue
        name = b.name_in(line)
        if name is None:
            continue  # table chatter, "Pair on board", "Betting is capped", "No low hand qualified"
        tail = line[len(name):]
        for rx, verb in ACTIONS:
            a = rx.match(tail)
            if not a:
                continue
            if verb == "ante":
                b.ante(name, money(a.group(1)))
            elif verb == "bring_in":
                b.bring_in = b.bring_in or money(a.group(1))
                b.act(name, "bring_in", line_no, amount=money(a.group(1)))
            elif verb == "call":
                b.act(name, "call", line_no, amount=money(a.group(1)))
            elif verb == "bet":
                b.act(name, "bet", line_no, amount=money(a.group(1)))
            elif verb == "raise":
                b.act(name, "raise", line_no, to=money(a.group(2)))
            elif verb in ("check", "fold"):
                b.act(name, verb, line_no)
            elif verb == "show":
                b.show(name, a.group(1), line_no)
            elif verb == "muck":
                b.muck(name, line_no)
            break
    b.flush_deals(first_line + len(block))
    b.settle_bring_in(bring_ins if bring_ins is not None else {})
    return b.build()

"""OnGame text hand histories (``***** History for hand R5-... *****``): Seven Card Stud and
Seven Card Stud Hi-Lo, fixed limit.

OnGame writes "raises $X to $Y" with Y the player's total for the hand so far (antes aside),
names the bring-in player's choice ("small bring in" / "big bring in", the latter a complete),
and gives the shown hands only in the summary, in seat order: the order of the showdown is not
recorded, so no showdown order is compared.
"""

from __future__ import annotations

import re

from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.history.importers.base import (
    Cards,
    HandBuilder,
    ImportError_,
    Money,
    Refusal,
    SiteRules,
    header_match,
    parse_hands,
    start_hand,
)

HEADER = re.compile(r"^\*{5} History for hand (\S+)(?: \(TOURNAMENT[^)]*\))? \*{5}$")
AMOUNT = r"([$€£]?\d[\d,]*(?:\.\d+)?)"
TABLE = re.compile(rf"^Table: .*?\((?:NO_LIMIT|POT_LIMIT|LIMIT|Limit|Pot Limit) \w+ {AMOUNT}/{AMOUNT}")
SEAT = re.compile(r"^Seat (\d+): (.+) \(([$€£]?\d[\d,]*(?:\.\d+)?)\)$")
STREETS = {
    "Dealing pocket cards": 3,
    "Dealing 4th street": 4,
    "Dealing 5th street": 5,
    "Dealing 6th street": 6,
    "Dealing river": 7,
}
DEALING = re.compile(r"^Dealing to (.+): \[([^\]]*)\]$")
ACTIONS = [
    (re.compile(rf"^ posts ante {AMOUNT}$"), "ante"),
    (re.compile(rf"^ small bring in {AMOUNT}$"), "bring_in"),
    (re.compile(rf"^ big bring in {AMOUNT}$"), "big_bring_in"),
    (re.compile(rf"^ calls {AMOUNT}$"), "call"),
    (re.compile(rf"^ bets {AMOUNT}$"), "bet"),
    (re.compile(rf"^ raises {AMOUNT} to {AMOUNT}$"), "raise"),
    (re.compile(r"^ checks$"), "check"),
    (re.compile(r"^ folds$"), "fold"),
]
POT = re.compile(rf"^(?:Main pot|Side pot(?: \d+)?): {AMOUNT} won by (.+)$")
POT_SHARE = re.compile(rf"\s*(.+?) \({AMOUNT}(?: (?:High|Low))?\)(?:,|$)")
RAKE = re.compile(rf"^Rake taken: {AMOUNT}")
SHOWN = re.compile(r"^Seat (\d+): (.+?) \([^)]*\), net: [^\[]*\[([^\]]*)\]")
# a line that reads like an action but not as one (an unknown name, a garbled amount)
ACTION_WORD = re.compile(r"\b(posts ante|bring in|calls|bets|raises|checks|folds)\b")
SITE = "OnGame"
# The five stud hands and the hi-lo hand replay under the catalog's defaults: the summary gives no
# showdown order, and no hand caps, double-bets or folds with a free check.
RULES: SiteRules = ("us-cardroom", {})


def game_of(limit: str, game: str) -> tuple[str | None, str]:
    if "STUD" not in game and game != "RAZZ":
        return None, f"{game} is not a stud game"
    if limit.upper().replace(" ", "_") in ("NO_LIMIT", "POT_LIMIT"):
        return None, f"no-limit and pot-limit {'Razz' if game == 'RAZZ' else 'stud'} are not supported"
    if game == "RAZZ":
        return "razz", ""
    if "FIVE" in game:
        return None, "five-card stud is not supported"
    if game == "SEVEN_CARD_STUD_HI_LO":
        return "stud8", ""
    if game == "SEVEN_CARD_STUD":
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    return bool(re.search(r"\*{5} History for hand \S+", text[:3000]))


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(text, source, HEADER, parse_hand)


def cards_of(text: str, line: int) -> Cards:
    """'Jh, 9d, Ac' or '-, -, Kh' ('-' is a card the history does not show)."""
    try:
        return [None if c.strip() == "-" else parse_cards(c.strip())[0] for c in text.split(",")]
    except (CardError, IndexError):
        raise ImportError_(f"unreadable cards [{text}]", line) from None


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    try:
        return read_hand(block, first_line, source, bring_ins)
    except ImportError_:
        raise
    except ValueError as exc:  # an amount the patterns let through but is none
        raise ImportError_(f"unreadable amount: {exc}", first_line) from None


def read_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    hand_id = header_match(HEADER, block[0].strip()).group(1)
    table_line = next((line.strip() for line in block[1:6] if line.startswith("Table:")), "")
    words = re.search(r"\((\w+) (\w+)", table_line)
    if not words:
        raise ImportError_("no table line with the game and stakes", first_line)
    game, why = game_of(words.group(1), words.group(2))
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    t = TABLE.match(table_line)
    if not t:
        raise ImportError_("no stakes on the table line", first_line)
    b, money = start_hand(source, SITE, hand_id, game, first_line, t.group(1), t.group(1), t.group(2))
    read_lines(b, block, first_line, money)
    b.settle_bring_in(bring_ins)
    return b.build()


def read_lines(b: HandBuilder, block: list[str], first_line: int, money: Money):
    section = "seats"
    hand_total: dict[str, int] = {}  # put in on earlier streets, antes aside ("raises X to Y")
    shown: dict[str, tuple[str, int]] = {}
    for offset, raw in enumerate(block[1:], start=1):
        line_no, line = first_line + offset, raw.strip()
        if not line or line == "---":
            continue
        if line == "Summary:":
            section = "summary"
            continue
        if section == "summary":
            read_summary_line(b, line, line_no, money, shown)
            continue
        s = SEAT.match(line)
        if s and section == "seats":
            b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
            continue
        if line in STREETS:
            for player, put in b.round_to.items():
                hand_total[player] = hand_total.get(player, 0) + put
            b.begin_street(STREETS[line], line_no)
            section = "play"
            continue
        d = DEALING.match(line)
        if d and section == "play":
            dealt_to = d.group(1)
            if dealt_to not in [n for _, n, _ in b.seats]:
                raise ImportError_(f"cards dealt to {dealt_to!r}, who has no seat", line_no)
            cards = cards_of(d.group(2), line_no)
            if len(cards) != (3 if b.street == 3 else 1):
                raise ImportError_(f"{len(cards)} card(s) dealt on street {b.street}", line_no)
            if b.street == 3 and dealt_to not in b.dealt_in:
                b.dealt_in.append(dealt_to)
            b.pending[dealt_to] = cards
            continue
        name = b.name_in(line)
        if name is not None and read_action(b, name, line[len(name) :], line_no, money, hand_total):
            continue
        if ACTION_WORD.search(line):
            raise ImportError_(f"unreadable action {line!r}", line_no)
        # "Start hand", "User", "Players in round", "Button"
    b.settle_from_summary(shown, first_line + len(block))


def read_action(b: HandBuilder, name: str, tail: str, line_no: int, money: Money, hand_total: dict) -> bool:
    tail = tail.replace(" and is all-in", "")
    for rx, verb in ACTIONS:
        a = rx.match(tail)
        if not a:
            continue
        if verb == "ante":
            b.ante(name, money(a.group(1)))
        elif b.street == 0:
            raise ImportError_("an action before the cards are dealt", line_no)
        elif verb == "bring_in":
            b.bring_in = b.bring_in or money(a.group(1))
            b.act(name, "bring_in", line_no, amount=money(a.group(1)))
        elif verb == "big_bring_in":
            # the bring-in player opens for a full bet: still the bring-in seat (B-2)
            b.act(name, "complete", line_no, to=money(a.group(1)))
            b.expected.bring_in = b.player_no(name, line_no)
            b.expected.lines["bring_in"] = line_no
        elif verb in ("call", "bet"):
            b.act(name, verb, line_no, amount=money(a.group(1)))
        elif verb == "raise":
            to = money(a.group(2)) - hand_total.get(name, 0)
            if to <= b.round_to.get(name, 0):
                raise ImportError_(f"a raise to {a.group(2)} that is no raise", line_no)
            b.act(name, "raise", line_no, to=to)
        else:
            b.act(name, verb, line_no)
        return True
    return False


def read_summary_line(b: HandBuilder, line: str, line_no: int, money: Money, shown: dict):
    p = POT.match(line)
    if p:
        b.expected.total_pot = (b.expected.total_pot or 0) + money(p.group(1))
        b.expected.lines.setdefault("total", line_no)
        shares = POT_SHARE.findall(p.group(2))
        if not shares:
            raise ImportError_("a pot won by nobody the line names", line_no)
        for who, amount in shares:
            if who not in [n for _, n, _ in b.seats]:
                raise ImportError_(f"a pot won by {who!r}, who has no seat", line_no)
            b.collected(who, money(amount), line_no)
        return
    r = RAKE.match(line)
    if r:
        b.expected.rake = money(r.group(1))
        return
    s = SHOWN.match(line)
    if s:
        shown[s.group(2)] = (s.group(3).replace(",", " "), line_no)

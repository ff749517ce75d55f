"""Winning Poker Network text hand histories: Seven Cards Stud and Seven Cards Stud HiLow,
fixed limit, in either of the two formats the network wrote.

- 2016 (UTF-16LE, ``Game started at:`` / ``Game ID: N 1/2 TABLE (Seven Cards Stud)``): the
  first betting round has no header and the headers after it are one street behind ("Third
  street" opens fourth street); amounts are bare numbers in dollars, each action's amount is
  what the player put in with it; the summary's "Pot" is after rake and jackpot fee, and lists
  the shown hands by seat, so no showdown order is compared.
- 2019 (``Hand #N - 7Stud(Fixed Limit) - $0.04/$0.08 - ...``): PokerStars-like lines; "Total pot"
  is after rake, and the winner is named only in the summary ("... and won $0.36").
"""

from __future__ import annotations

import re

from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.history.importers.base import (
    DEALT,
    Dialect,
    HandBuilder,
    ImportError_,
    Money,
    Refusal,
    SiteRules,
    read_hand_lines,
    required_amount,
    start_hand,
)

SITE = "Winning"
# The seven hands replay under the catalog's defaults: no hand caps, double-bets, folds with a
# free check or records an order of showing.
RULES: SiteRules = ("us-cardroom", {})

# --- 2016 format ----------------------------------------------------------------------------
STARTED = re.compile(r"^Game started at: ")
GAME_ID = re.compile(r"^Game ID: (\d+) ([$€£]?\d[\d,]*(?:\.\d+)?)/([$€£]?\d[\d,]*(?:\.\d+)?) (.*) \(([^()]*)\)$")
SEAT = re.compile(r"^Seat (\d+): (.+) \(([$€£]?\d[\d,]*(?:\.\d+)?)\)\.$")
NUM = r"([$€£]?\d[\d,]*(?:\.\d+)?)"
ACTIONS = [
    (re.compile(rf"^(?:posts )?ante \({NUM}\)$"), "ante"),
    (re.compile(rf"^bring in \({NUM}\)$"), "bring_in"),
    (re.compile(rf"^calls \({NUM}\)$"), "call"),
    (re.compile(rf"^bets \({NUM}\)$"), "bet"),
    (re.compile(rf"^(?:raises|caps) \({NUM}\)$"), "raise"),
    (re.compile(rf"^allin \({NUM}\)$"), "allin"),
    (re.compile(r"^checks$"), "check"),
    (re.compile(r"^folds$"), "fold"),
    (re.compile(r"^mucks cards$"), "muck"),
    (re.compile(r"^received card: \[([^\]]+)\]$"), "card"),
    (re.compile(r"^received a card\.$"), "card"),
]
# the headers are one street behind: "Third street" deals the fourth card
STREET = re.compile(r"^\*\*\* (Third|Fourth|Fifth|Sixth) street \*\*\*$")
STREET_NO = {"Third": 4, "Fourth": 5, "Fifth": 6, "Sixth": 7}
UNCALLED = re.compile(rf"^Uncalled bet \({NUM}\) returned to (.+)$")
POT = re.compile(rf"^Pot: {NUM}\. Rake {NUM}(?:\. JP fee {NUM})?")
RESULT = re.compile(
    rf"^\*?Player (.+?) (shows: .*?\[([^\]]*)\].*?|does not show cards|mucks \(does not show cards\))"
    rf"\. ?Bets: {NUM}\. Collects: {NUM}\."
)

# --- 2019 format ----------------------------------------------------------------------------
AMOUNT = r"([$€£]?\d[\d,]*(?:\.\d+)?)"
HAND = re.compile(r"^Hand #(\d+) - (.+?) - ([$€£]?\d[\d,]*(?:\.\d+)?)/([$€£]?\d[\d,]*(?:\.\d+)?) - ")
DIALECT_2019 = Dialect(
    seat=re.compile(r"^Seat (\d+): (.+?) \(([$€£]?\d[\d,]*(?:\.\d+)?)\)$"),
    street=re.compile(r"^\*\*\* (3rd|4th|5th|6th|7th) STREET \*\*\*(?: \[(\w\w)\])?"),
    street_no={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7},
    dealt=DEALT,
    uncalled=re.compile(rf"^Uncalled bet \({AMOUNT}\) returned to (.+)$"),
    total=re.compile(rf"^Total pot {AMOUNT}.*?\| Rake {AMOUNT}"),
    actions=[
        (re.compile(rf"^ posts ante {AMOUNT}$"), "ante"),
        (re.compile(rf"^ brings in {AMOUNT}$"), "bring_in"),
        (re.compile(rf"^ calls {AMOUNT}(?: and is all-in)?$"), "call"),
        (re.compile(rf"^ bets {AMOUNT}(?: and is all-in)?$"), "bet"),
        (re.compile(rf"^ raises {AMOUNT} to {AMOUNT}(?: and is all-in)?$"), "raise"),
        (re.compile(r"^ checks$"), "check"),
        (re.compile(r"^ folds$"), "fold"),
        (re.compile(r"^ shows \[([^\]]*)\]"), "show"),
        (re.compile(r"^ mucks"), "muck"),
    ],
)
WON_2019 = re.compile(
    rf"^Seat \d+: (.+?) (?:\(.*?\) )?(?:showed \[[^\]]*\] and |did not show and |mucked .*?and )?"
    rf"(?:won|collected) \(?{AMOUNT}"
)


def game_of(name: str) -> tuple[str | None, str]:
    g = name.lower()
    if "razz" in g:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in g or "deuce" in g:
            return None, "2-7 Razz is not supported"
        if "no limit" in g or "pot limit" in g:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "stud" not in g:
        return None, f"{name.split('(')[0].strip()} is not a stud game"
    if "no limit" in g or "pot limit" in g:
        return None, "no-limit and pot-limit stud are not supported"
    if g.startswith(("5", "five")):
        return None, "five-card stud is not supported"
    if "hilow" in g.replace(" ", "") or "hi-lo" in g or "hi/lo" in g or "hl" in g.replace(" ", "") or "8" in g:
        return "stud8", ""
    if g.startswith(("seven cards stud", "7stud", "7 card stud", "7-stud")):
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    head = text[:3000]
    return bool(re.search(r"^Game ID: \d+ [\d.]+/[\d.]+ ", head, re.M) and "Game started at:" in head) or bool(
        HAND.search(head) and re.search(r"^Hand #\d+ - \S*(?:Stud|Razz|Holdem|Omaha)", head, re.M | re.I)
    )


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if STARTED.match(clean(line)) or HAND.match(clean(line))]
    bring_ins: dict = {}
    for k, start in enumerate(starts):
        block = [clean(line) for line in lines[start : starts[k + 1] if k + 1 < len(starts) else len(lines)]]
        hand_id = hand_id_of(block)
        try:
            yield parse_hand(block, start + 1, source, hand_id, bring_ins)
        except ImportError_ as exc:
            yield Refusal(source, hand_id, exc.line or start + 1, exc.problem)
        except ValueError as exc:  # an amount the patterns let through but is none
            yield Refusal(source, hand_id, start + 1, f"unreadable amount: {exc}")


def clean(line: str) -> str:
    return line.strip().lstrip("\ufeff")


def hand_id_of(block: list[str]) -> str:
    for line in block[:3]:
        m = GAME_ID.match(line) or HAND.match(line) or re.match(r"^Game ID: (\d+)", line)
        if m:
            return m.group(1)
    return "?"


def parse_hand(block: list[str], first_line: int, source: str, hand_id: str, bring_ins: dict):
    h = HAND.match(block[0])
    if h:
        return parse_2019(block, first_line, source, h, bring_ins)
    g = next((GAME_ID.match(line) for line in block[1:3] if GAME_ID.match(line)), None)
    if g is None:
        raise ImportError_("no 'Game ID' line with the stakes and the game", first_line)
    game, why = game_of(g.group(5))
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    b = HandBuilder(source, SITE, hand_id, game, first_line)
    money = Money(True)  # bare numbers in dollars: cents
    b.currency = "USD"
    b.small_bet, b.big_bet = money(g.group(2)), money(g.group(3))
    read_2016(b, block, first_line, money)
    b.settle_bring_in(bring_ins)
    return b.build()


def read_2016(b: HandBuilder, block: list[str], first_line: int, money: Money):
    section, summary_seen = "seats", False
    shown: dict[str, tuple[str, int]] = {}
    for offset, line in enumerate(block[1:], start=1):
        line_no = first_line + offset
        if not line or line.startswith(("Game ID:", "Game ended at:")):
            continue
        if line == "------ Summary ------":
            section, summary_seen = "summary", True
            b.flush_deals(line_no)
            continue
        if section == "summary":
            read_2016_summary(b, line, line_no, money, shown)
            continue
        s = SEAT.match(line)
        if s and section == "seats":
            b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
            continue
        st = STREET.match(line)
        if st:
            if b.street == 0:
                raise ImportError_("a street header before the first betting round", line_no)
            b.begin_street(STREET_NO[st.group(1)], line_no)
            continue
        u = UNCALLED.match(line)
        if u:
            b.uncalled(u.group(2).strip(), money(u.group(1)), line_no)
            continue
        if not line.startswith("Player "):
            continue
        name = b.name_in(line[len("Player ") :])
        if name is None:
            raise ImportError_(f"unknown player in {line!r}", line_no)
        tail = line[len("Player ") + len(name) :].strip()
        for rx, verb in ACTIONS:
            a = rx.match(tail)
            if not a:
                continue
            if verb == "card":
                section = "play"
                deal_2016(b, name, a.group(1) if a.groups() else None, line_no)
            elif verb == "muck":
                pass  # who is left to show or muck is settled at the end
            else:
                act_2016(b, name, verb, money(a.group(1)) if a.groups() else None, line_no)
            break
    if not summary_seen:
        raise ImportError_(
            "the hand has no summary: the history stops before the hand ends", first_line + len(block) - 1
        )
    b.settle_from_summary(shown, first_line + len(block))


def deal_2016(b: HandBuilder, name: str, card: str | None, line_no: int):
    """One card per line; the first street's three come in turn (two down, then the door)."""
    if b.street == 0:
        b.begin_street(3, line_no)
    try:
        c = parse_cards(card)[0] if card else None
    except (CardError, IndexError):
        raise ImportError_(f"unknown card {card!r}", line_no) from None
    if b.street == 3:
        if name not in b.dealt_in:
            b.dealt_in.append(name)
        b.pending.setdefault(name, []).append(c)
        if len(b.pending[name]) > 3:
            raise ImportError_(f"a fourth card to {name} on the first street", line_no)
    else:
        if name in b.pending:
            raise ImportError_(f"a second card to {name} on street {b.street}", line_no)
        b.pending[name] = [c]


def act_2016(b: HandBuilder, name: str, verb: str, amount: int | None, line_no: int):
    """``amount`` is what the player put in (None for a check or fold, whose lines have none)."""
    if verb == "ante":
        b.ante(name, required_amount(amount, verb))
        return
    if b.street == 0 or (b.street == 3 and any(len(c) != 3 for c in b.pending.values())):
        raise ImportError_("an action before the first street's cards are all dealt", line_no)
    if verb in ("check", "fold"):
        b.act(name, verb, line_no)
        return
    amount = required_amount(amount, verb)  # every other action's line gives one
    if verb == "bring_in":
        b.bring_in = b.bring_in or amount
        b.act(name, "bring_in", line_no, amount=amount)
        return
    before = b.round_to.get(name, 0)
    top = max(b.round_to.values(), default=0)
    if verb == "allin":  # a call, a bet or a raise, by what it puts in
        verb = "call" if before + amount <= top else "bet" if top == 0 else "raise"
    if verb == "call":
        b.act(name, "call", line_no, amount=amount)
    else:  # a bet or raise: what the player puts in with it
        b.act(name, "bet" if top == 0 else "raise", line_no, to=before + amount)


def read_2016_summary(b: HandBuilder, line: str, line_no: int, money: Money, shown: dict):
    p = POT.match(line)
    if p:
        after, rake, fee = money(p.group(1)), money(p.group(2)), money(p.group(3)) if p.group(3) else 0
        b.total(after + rake + fee, rake + fee, line_no)  # "Pot" is what is left after both
        return
    r = RESULT.match(line)
    if r:
        name = r.group(1)
        if name not in [n for _, n, _ in b.seats]:
            raise ImportError_(f"a result for {name!r}, who has no seat", line_no)
        if r.group(3) is not None:
            shown[name] = (r.group(3), line_no)
        won = money(r.group(5))
        if won:
            b.collected(name, won, line_no)


# --- 2019 -----------------------------------------------------------------------------------
ACTION_WORD = re.compile(r"\b(posts ante|brings in|calls|bets|raises|checks|folds)\b")


def check_2019_actions(b: HandBuilder, block: list[str], first_line: int):
    """A line that reads like an action but not as one (an unknown name, a garbled amount)."""
    for offset, line in enumerate(block[1:], start=1):
        if line.startswith("*** SUMMARY"):
            return
        if not ACTION_WORD.search(line) or DIALECT_2019.uncalled.match(line):
            continue
        name = b.name_in(line)
        if name is None or not any(rx.match(line[len(name) :]) for rx, _ in DIALECT_2019.actions):
            raise ImportError_(f"unreadable action {line!r}", first_line + offset)


def parse_2019(block: list[str], first_line: int, source: str, h: re.Match, bring_ins: dict):
    hand_id = h.group(1)
    game, why = game_of(h.group(2))
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    b, money = start_hand(source, SITE, hand_id, game, first_line, h.group(3), h.group(3), h.group(4))
    read_hand_lines(b, block, first_line, money, DIALECT_2019)
    check_2019_actions(b, block, first_line)
    summary = next((i for i, line in enumerate(block) if line.startswith("*** SUMMARY")), None)
    if summary is None:
        raise ImportError_(
            "the hand has no summary: the history stops before the hand ends", first_line + len(block) - 1
        )
    for offset, line in enumerate(block[summary:], start=summary):
        w = WON_2019.match(line)
        if w:
            name = b.name_in(w.group(1))
            if name is None:
                raise ImportError_(f"a result for {w.group(1)!r}, who has no seat", first_line + offset)
            b.collected(name, money(w.group(2)), first_line + offset)
    if b.expected.total_pot is not None:  # "Total pot" is what is left after the rake
        b.expected.total_pot += b.expected.rake
    b.settle_bring_in(bring_ins)
    return b.build()

"""Everleaf Gaming text hand histories: 7 Card Stud (and Hi/Lo), in its two formats.

- **August 2011 on** (``** Dealing 4th Street **``): every upcard is written (``Dealt to NAME
  [ Ah ].``; the hero's three hole cards, the door last), and shown hands give all seven cards.
- **Before** (``**** dealing 4th street ****``): no card at all, not even a door card. Who
  brings in and who acts first follow from the upcards (B-2, A-2), so such a hand cannot be
  checked and is refused with that reason.

Amounts: ``calls [€ 0.03 EURO]``, ``bets`` and ``raises`` give what the player put in with
that action (``raises [€ 0.10 EURO]`` after a €0.05 bet is a raise to €0.10); ``completes to``
and ``posts bring-in`` are round totals. Everleaf writes no total pot, no rake and no
returned bet: the rake is taken to be what the players put in (less a last bet nobody
matched) minus what they won, so the engine's pot and awards are still checked against every
``wins`` line. Files are cp1252, so the euro sign arrives as ``\\x80``.
"""

from __future__ import annotations

import re

from dealer_app.history.importers.base import (
    HandBuilder,
    ImportError_,
    Money,
    Refusal,
    SiteRules,
    header_match,
    parse_hands,
)

SITE = "Everleaf"
# How Everleaf deals, as a profile plus options: the catalog's us-cardroom profile, unchanged,
# agrees with every hand that shows its cards (tests/history/test_import_everleaf.py). Its values that
# the hands need: the fourth-street raise of a double bet with an open pair in stud high (L-3:
# 295680332, "raises [€ 0.15 EURO]" over fours showing) and a checked river shown from its
# first actor (W-1: 295679620). No heads-up round goes past three raises, so L-7 is untested.
RULES: SiteRules = ("us-cardroom", {})

HEADER = re.compile(r"^Everleaf Gaming Game #(\d+)\s*$")
MONEY = r"([\$€]?)\s*(\d[\d,]*(?:\.\d+)?)"
STAKES = re.compile(rf"^(?:Blinds\s+)?{MONEY}\s*/\s*{MONEY}\s+(.+?)\s+-\s+\d{{4}}/\d\d/\d\d\b")
SEAT = re.compile(rf"^Seat (\d+): (.+?) \(\s*{MONEY}\s*(?:USD|EURO?)?\s*\)\s*$")
STREET = re.compile(r"^\*+ Dealing (down cards|3rd street|4th street|5th street|6th street|river) \*+$", re.IGNORECASE)
STREET_NO = {"down cards": 3, "3rd street": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7}
DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]\.?$")
BRACKET = rf"\[\s*{MONEY}\s*(?:USD|EURO?)?\s*\]"
ACTIONS = [
    (re.compile(rf"^: posts ante {BRACKET}$"), "ante"),
    (re.compile(rf"^ posts bring-in {MONEY}\.?$"), "bring_in"),
    (re.compile(rf"^ completes to {MONEY}\.?$"), "complete"),
    (re.compile(rf"^:? bets {BRACKET}$"), "bet"),
    (re.compile(rf"^ raises {BRACKET}$"), "raise"),
    (re.compile(rf"^ calls {BRACKET}$"), "call"),
    (re.compile(r"^ checks$"), "check"),
    (re.compile(r"^ folds$"), "fold"),
    (re.compile(r"^ shows \[([^\]]*)\](?: .*)?$"), "show"),
    (re.compile(r"^ does not show cards$"), "no_show"),
    (re.compile(rf"^ wins {MONEY}\s*(?:USD|EURO?)? from (?:the )?(?:main|side) pot(?: #?\d+)?(?: .*)?$"), "won"),
]
# lines about the table rather than the play
CHATTER = re.compile(
    r"^(?:Table .*|Total number of players: \d+|Seat \d+ is the button|"
    r"\*+ Hand history for game #\d+ \*+)$"
)
SEAT_CHATTER = re.compile(
    r"^ (?:sits out|is sitting out|has left the table|has joined the table|is disconnected|"
    r"has reconnected|has timed out.*|will be using .*)$"
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
        return None, f"{re.sub(r'^(NL|PL) ', '', name)} is not a stud game"
    if g.startswith(("nl ", "pl ")):
        return None, "no-limit and pot-limit stud are not supported"
    if "5 card" in g or "five card" in g:
        return None, "five-card stud is not supported"
    if "hi/lo" in g or "hi-lo" in g or "8" in g:
        return "stud8", ""
    if "7 card stud" in g:
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    return re.search(r"^\ufeff?Everleaf Gaming Game #\d+", text[:2000], re.MULTILINE) is not None


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(prepare(text), source, HEADER, parse_hand)


def prepare(text: str) -> str:
    """The text as ``parse_hand`` reads it (a part of a file too: ``batch.py``)."""
    return text.replace("\x80", "€")


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    hand_id = header_match(HEADER, block[0].strip().lstrip("\ufeff")).group(1)
    found = stakes_line(block)
    if found is None:
        raise ImportError_("no stakes and game line", first_line)
    stakes_at, stakes = found
    game, why = game_of(stakes.group(5))
    if game is None:
        return Refusal(source, hand_id, first_line + stakes_at, why)
    if not any(DEALT.match(line.strip()) for line in block):
        return Refusal(
            source,
            hand_id,
            first_line,
            "this Everleaf hand shows no cards (its format before "
            "August 2011): the bring-in and first actors cannot be checked",
        )
    cents = bool(stakes.group(1) or stakes.group(3))
    money = Money(cents)
    b = HandBuilder(source, SITE, hand_id, game, first_line)
    b.currency = "EUR" if "€" in stakes.group(0) else "USD" if "$" in stakes.group(0) else ""
    try:
        b.small_bet, b.big_bet = money(stakes.group(2)), money(stakes.group(4))
    except ValueError as exc:
        raise ImportError_(f"stakes: {exc}", first_line + stakes_at) from None
    reader = _Reader(b, money)
    for offset, raw in enumerate(block[stakes_at + 1 :], start=stakes_at + 1):
        line_no = first_line + offset
        try:
            reader.line(raw.strip(), line_no)
        except ImportError_:
            raise
        except ValueError as exc:  # a garbled amount or card: this line's fault
            raise ImportError_(str(exc), line_no) from None
    b.flush_deals(first_line + len(block))
    if b.expected.collected:
        b.expected.rake = max(0, reader.pot() - sum(b.expected.collected.values()))
    b.settle_bring_in(bring_ins)
    return b.build()


def stakes_line(block: list[str]) -> tuple[int, re.Match[str]] | None:
    """(offset in the block, match) of the stakes and game line, among the five after the header."""
    for offset, line in enumerate(block[1:6], start=1):
        stakes = STAKES.match(line.strip())
        if stakes:
            return offset, stakes
    return None


class _Reader:
    def __init__(self, b: HandBuilder, money: Money):
        self.b, self.money = b, money
        self.put_in: dict[str, int] = {}  # each player's chips in the pot, antes included
        self.last_street: dict[str, int] = {}  # what each put in on the last betting street

    def line(self, line: str, line_no: int):
        b = self.b
        if not line or CHATTER.match(line):
            return
        s = SEAT.match(line)
        if s and not b.dealt_in:
            b.seat(int(s.group(1)), s.group(2), self.money(s.group(4)))
            return
        st = STREET.match(line)
        if st:
            b.begin_street(STREET_NO[st.group(1).lower()], line_no)
            self.last_street = {}
            return
        d = DEALT.match(line)
        if d:
            if b.street == 0 or d.group(1) not in [n for _, n, _ in b.seats]:
                raise ImportError_(f"cards dealt to {d.group(1)!r} outside a street or seat", line_no)
            b.dealt(d.group(1), [d.group(2)], line_no)
            return
        name = b.name_in(line)
        if name is None:
            raise ImportError_(f"unreadable line {line[:60]!r}", line_no)
        tail = line[len(name) :]
        if SEAT_CHATTER.match(tail):
            return
        for rx, verb in ACTIONS:
            a = rx.match(tail)
            if a:
                self.apply(name, verb, a, line_no)
                return
        raise ImportError_(f"unknown action {tail.strip()[:60]!r}", line_no)

    def apply(self, name: str, verb: str, a, line_no: int):
        b, money = self.b, self.money
        amount = money(a.group(2)) if verb not in ("check", "fold", "show", "no_show") else 0
        if verb == "ante":
            b.ante(name, amount)
            self.add(name, amount)
            return
        if b.street == 0 and verb not in ("show", "no_show", "won"):
            raise ImportError_("an action before the cards are dealt", line_no)
        before = b.round_to.get(name, 0)
        if verb == "bring_in":
            b.bring_in = b.bring_in or amount
            b.act(name, "bring_in", line_no, amount=amount)
        elif verb == "complete":
            b.act(name, "complete", line_no, to=amount)
            amount = amount - before
        elif verb in ("bet", "call"):
            b.act(name, verb, line_no, amount=amount)
        elif verb == "raise":
            b.act(name, "raise", line_no, to=before + amount)
        elif verb in ("check", "fold"):
            b.act(name, verb, line_no)
        elif verb == "show":
            if self.contested():
                b.show(name, a.group(1), line_no)
            return
        elif verb == "no_show":
            if self.contested():
                b.muck(name, line_no)
            return
        elif verb == "won":
            b.collected(name, amount, line_no)
            return
        self.add(name, amount)
        self.last_street[name] = self.last_street.get(name, 0) + amount

    def add(self, name: str, amount: int):
        self.put_in[name] = self.put_in.get(name, 0) + amount

    def contested(self) -> bool:
        """More than one player left: a show or a muck is the showdown."""
        return sum(1 for n in self.b.dealt_in if n not in self.b.folded) > 1

    def pot(self) -> int:
        """What the players put in, less the part of the last bet nobody matched."""
        last = [*sorted(self.last_street.values(), reverse=True), 0, 0]
        return sum(self.put_in.values()) - (last[0] - last[1])

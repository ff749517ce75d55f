"""Bovada (formerly Bodog) text hand histories: 7 Card Stud and 7 Card Stud Hi/Lo, cash and
tournament.

Bovada names no player (``Seat+3``, ``Seat+3 [ME]`` for the hero) and shows every player's
cards. Two things it leaves out are inferred here:

- **Streets.** The 2012 files write no street headers: every deal is a ``Card dealt to a spot``
  line. A player's first deal is three cards (third street); each later one card, so the
  street is the number of cards the player holds after it. Where a file does write headers
  (``*** 4TH STREET ***``, 2014), the cards must fit the header or the hand is refused.
- **Stakes.** Cash headers name no stakes and tournament headers say ``Level 1 (0/0)``. The
  ante and the bring-in are in the hand (``Ante chip``, ``Bring_in chip`` / ``Big
  blind/Bring in``). The small bet is where the betting opens below fifth street: the
  completion on third street (``Raises $5 to $5``, or ``Bets`` from the bring-in seat) or the
  first single bet on fourth; the big bet is a double bet on fourth (``D bets`` / ``Double
  bets``) or the first bet from fifth street on. All-in amounts say nothing (they may be
  short). A file's hands at the same ante and bring-in are one level of one table: the
  level's stakes are the amounts most of its hands opened with, so every hand's bets are
  checked against its neighbours', not only against themselves. A level that shows one bet
  takes the other from the fixed-limit ratio of two (every hand of the corpus that shows both
  has it); a hand whose level shows none (everyone folded to the bring-in) takes a small bet of
  twice the bring-in, noted in the PHH as ``_stakes_guessed`` (no amount of that hand depends
  on it). A bring-in the hand does not show (its seat completed) is its level's.

Amounts: ``Calls``/``Call``/``All-in`` are what the player put in; ``Raises X`` (2012) and
``All-in(raise) X`` are the round total; ``Raises X to Y`` (2014) gives both. ``Hand result``
lines are what each player collected; the total pot is ``Total Pot(...)``, and where no rake
is written (the 2014 and tournament summaries) it is the pot less what was collected.
"""

from __future__ import annotations

import collections
import re

from dealer_app.engine.cards import CardError, parse_cards
from dealer_app.history.importers.base import (
    HandBuilder,
    ImportedHand,
    ImportError_,
    Money,
    Refusal,
    SiteRules,
    header_match,
    parse_hands,
)

SITE = "Bovada"
# How Bovada deals, as a profile plus options: the catalog's us-cardroom profile, unchanged,
# agrees with every hand of the corpus (tests/history/test_import_bovada.py). Its values that the
# hands need: the fourth-street double bet with an open pair in stud high (L-3: "D bets" in
# 2604291577, "Double bets" in 2633116884) and a checked river shown from its first actor,
# not from the dealer's left (W-1: 2604291699, 2633119264).
RULES: SiteRules = ("us-cardroom", {})

HEADER = re.compile(r"^(?:Bovada|Bodog) Hand #(\d+):?\s*(.*)$")
AMOUNT = r"(\$?\d[\d,]*(?:\.\d+)?)"
SEAT = re.compile(rf"^Seat\+(\d+)(?: \[ME\])?: {AMOUNT} in chips\s*$")
PLAYER_LINE = re.compile(r"^(Seat\+\d+)(?:\s*\[ME\])?\s*:\s*(.*?)\s*$")
STREET_HEADER = re.compile(r"^\*\*\* (HOLE CARDS|3RD STREET|4TH STREET|5TH STREET|6TH STREET|RIVER) \*\*\*$")
STREET_NO = {"HOLE CARDS": None, "3RD STREET": 3, "4TH STREET": 4, "5TH STREET": 5, "6TH STREET": 6, "RIVER": 7}
TOTAL = re.compile(rf"^Total Pot\({AMOUNT}\)(?:\s*\|\s*Rake \({AMOUNT}\))?\s*$")
ACTIONS = [
    (re.compile(rf"^Ante chip {AMOUNT}$"), "ante"),
    (re.compile(rf"^(?:Bring_in chip|Big blind/Bring in) {AMOUNT}$"), "bring_in"),
    (re.compile(rf"^Calls? {AMOUNT}$"), "call"),
    (re.compile(rf"^(?:D bets|Double bets) {AMOUNT}$"), "double_bet"),
    (re.compile(rf"^Bets {AMOUNT}$"), "bet"),
    (re.compile(rf"^Raises {AMOUNT}(?: to {AMOUNT})?$"), "raise"),
    (re.compile(rf"^All-in\(raise\) {AMOUNT}$"), "allin_to"),
    (re.compile(rf"^All-in {AMOUNT}$"), "allin"),
    (re.compile(r"^Checks$"), "check"),
    (re.compile(r"^Folds$"), "fold"),
    (re.compile(r"^Card dealt to a spot \[([^\]]*)\]$"), "deal"),
    (re.compile(rf"^Return uncalled portion of bet {AMOUNT}$"), "uncalled"),
    (re.compile(r"^Showdown \[[^\]]*\](?: \(.*\))?$"), "show"),
    (re.compile(r"^Mucks(?: \[[^\]]*\])?(?: \(.*\))?$"), "muck"),
    (re.compile(r"^Does not show(?: \[[^\]]*\])?(?: \(.*\))?$"), "no_show"),
    (re.compile(rf"^Hand [Rr]esult(?:-Side Pot)? {AMOUNT}$"), "won"),
]
# what else Bovada writes about a seat: comings and goings, a tournament's finishing place
CHATTER = re.compile(
    r"^(?:Table enter user|Table leave user|Seat sit out|Seat stand|Sit out|Stand|Re-join|"
    r"Seat re-join|Ranking \d+|Table deposit .*|Set dealer .*)$"
)


def game_of(header: str) -> tuple[str | None, str]:
    h = header.upper()
    if "RAZZ" in h:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in h or "deuce" in h.lower():
            return None, "2-7 Razz is not supported"
        if "no limit" in h.lower() or "pot limit" in h.lower():
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "5CARD" in h or "5 CARD" in h:
        return None, "five-card stud is not supported"
    if "7CARD" not in h and "7 CARD" not in h:
        rest = re.sub(r"(TBL#\S+|Tournament #\S+)", " ", header)
        m = re.match(r"\s*(.+?)\s*(?:Fixed Limit|No Limit|Pot Limit|-|$)", rest)
        name = m.group(1).strip(" ,:") if m and m.group(1).strip(" ,:") else "this game"
        return None, f"{name} is not a stud game"
    if "NO LIMIT" in h or "POT LIMIT" in h:
        return None, "no-limit and pot-limit stud are not supported"
    if "FIXED LIMIT" not in h:
        return None, "only fixed-limit stud is supported and the header names no limit"
    return ("stud8" if "HILO" in h or "HI/LO" in h or "HI-LO" in h else "stud"), ""


def looks_like(text: str) -> bool:
    return re.search(r"^\ufeff?(?:Bovada|Bodog) Hand #\d+", text[:2000], re.MULTILINE) is not None


class Draft:
    """One hand read, waiting for its level's stakes (see the module doc)."""

    def __init__(self, builder: HandBuilder, ante: int, small: int | None, big: int | None, rake_written: bool):
        self.b, self.ante, self.small, self.big, self.rake_written = builder, ante, small, big, rake_written

    @property
    def level(self):
        return self.ante, self.b.bring_in


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    items = list(parse_hands(text, source, HEADER, read_draft))
    drafts = [d for d in items if isinstance(d, Draft)]
    for item in items:
        if not isinstance(item, Draft):
            yield item
            continue
        try:
            yield finish(item, drafts)
        except ImportError_ as exc:
            yield Refusal(source, item.b.hand_id, exc.line or item.b.start_line, exc.problem)


def read_draft(block: list[str], first_line: int, source: str, _bring_ins: dict):
    m = header_match(HEADER, block[0].strip().lstrip("\ufeff"))
    hand_id, rest = m.group(1), m.group(2)
    game, why = game_of(rest)
    if game is None:
        return Refusal(source, hand_id, first_line, why)
    cash = any("$" in line for line in block if SEAT.match(line.strip()))
    money = Money(cash)
    b = HandBuilder(source, SITE, hand_id, game, first_line)
    b.currency = "USD" if cash else ""
    reader = _Reader(b, money)
    for offset, raw in enumerate(block[1:], start=1):
        line_no = first_line + offset
        try:
            reader.line(raw.strip(), line_no)
        except ImportError_:
            raise
        except ValueError as exc:  # a garbled amount or card: this line's fault
            raise ImportError_(str(exc), line_no) from None
    b.flush_deals(first_line + len(block))
    if b.expected.total_pot is not None and not reader.rake_written:
        # no rake written: what the pot lost on its way to the winners
        b.expected.rake = max(0, b.expected.total_pot - sum(b.expected.collected.values()))
    return Draft(b, max(b.antes.values(), default=0), reader.small, reader.big, reader.rake_written)


class _Reader:
    def __init__(self, b: HandBuilder, money: Money):
        self.b, self.money = b, money
        self.section = "seats"
        self.held: dict[str, int] = {}  # cards dealt to each seat so far
        self.announced: int | None = None  # the street a header named, if the file writes them
        self.small: int | None = None  # the stakes this hand shows (module doc)
        self.big: int | None = None
        self.opened = False  # a bet or completion opened this street
        self.rake_written = False
        self.dealt_cards: dict[str, list[str]] = {}

    def line(self, line: str, line_no: int):
        b = self.b
        if not line:
            return
        if line.startswith("*** SUMMARY"):
            self.section = "summary"
            return
        if self.section == "summary":
            t = TOTAL.match(line)
            if t:
                rake = self.money(t.group(2)) if t.group(2) else 0
                self.rake_written = t.group(2) is not None
                b.total(self.money(t.group(1)), rake, line_no)
            return
        st = STREET_HEADER.match(line)
        if st:
            self.announced = STREET_NO[st.group(1)]  # "HOLE CARDS" (2012) names no street
            self.section = "play"
            return
        s = SEAT.match(line)
        if s and self.section == "seats":
            b.seat(int(s.group(1)), f"Seat+{s.group(1)}", self.money(s.group(2)))
            return
        p = PLAYER_LINE.match(line)
        if not p:
            raise ImportError_(f"unreadable line {line[:60]!r}", line_no)
        name, what = p.group(1), p.group(2).replace("(timeout)", "")
        if name not in [n for _, n, _ in b.seats]:
            raise ImportError_(f"{name} has no seat in this hand", line_no)
        if CHATTER.match(what):
            return
        for rx, verb in ACTIONS:
            a = rx.match(what)
            if a:
                self.section = "play"
                self.apply(name, verb, a, line_no)
                return
        raise ImportError_(f"unknown action {what[:60]!r}", line_no)

    def apply(self, name: str, verb: str, a, line_no: int):
        b, money = self.b, self.money
        if verb == "ante":
            b.ante(name, money(a.group(1)))
        elif verb == "deal":
            self.deal(name, a.group(1), line_no)
        elif verb == "bring_in":
            amount = money(a.group(1))
            b.bring_in = b.bring_in or amount
            b.act(name, "bring_in", line_no, amount=amount)
        elif verb == "call":
            b.act(name, "call", line_no, amount=money(a.group(1)))
        elif verb == "check":
            b.act(name, "check", line_no)
        elif verb == "fold":
            b.act(name, "fold", line_no)
        elif verb in ("bet", "double_bet"):
            amount = money(a.group(1))
            if verb == "double_bet":
                b.note_double_bet(line_no)
            self.note_opening(amount, double=verb == "double_bet")
            b.act(name, "bet", line_no, amount=amount)
        elif verb == "raise":
            to = money(a.group(a.lastindex))
            self.note_opening(to)
            b.act(name, "raise", line_no, to=to)
        elif verb in ("allin", "allin_to"):
            before = b.round_to.get(name, 0)
            to = money(a.group(1)) + (before if verb == "allin" else 0)
            self.opened = True  # a short all-in shows no stake
            if to > max(b.round_to.values(), default=0):
                b.act(name, "raise", line_no, to=to)
            else:
                b.act(name, "call", line_no, amount=to - before)
        elif verb == "uncalled":
            b.uncalled(name, money(a.group(1)), line_no)
        elif verb in ("show", "muck") and sum(1 for n in b.dealt_in if n not in b.folded) < 2:
            pass  # Bovada writes "Showdown" for the last player left too: no showdown
        elif verb == "show":
            b.flush_deals(line_no)
            b.show(name, self.cards_of(name, line_no), line_no)
        elif verb == "muck":
            b.muck(name, line_no)
        elif verb == "won":
            b.collected(name, money(a.group(1)), line_no)
        # "Does not show": the last player left takes the pot unseen; nothing to replay

    def note_opening(self, to: int, double: bool = False):
        """The first bet or completion of a street shows a stake (module doc)."""
        if self.opened:
            return
        self.opened = True
        street = self.b.street
        if street >= 5 or double:
            self.big = self.big or to
        elif street in (3, 4):
            self.small = self.small or to

    def deal(self, name: str, text: str, line_no: int):
        b = self.b
        try:
            cards = parse_cards(text)
        except CardError as exc:
            raise ImportError_(str(exc), line_no) from None
        held = self.held.get(name, 0)
        if len(cards) != (3 if held == 0 else 1) or None in cards:
            raise ImportError_(f"{name} is dealt {len(cards)} card(s) after holding {held}", line_no)
        street = held + len(cards)
        if street > 7 or street < b.street:
            raise ImportError_(f"{name} is dealt a card out of turn ({street} cards on street {b.street})", line_no)
        if self.announced is not None and street != self.announced:
            raise ImportError_(f"{name}'s cards make street {street}, the header says street {self.announced}", line_no)
        if street != b.street:
            b.begin_street(street, line_no)
            self.opened = False
        self.held[name] = street
        b.dealt(name, [text], line_no)
        self.dealt_cards.setdefault(name, []).append(text)

    def cards_of(self, name: str, line_no: int) -> str:
        """The cards a seat shows: all it was dealt (Bovada's line holds only the best five)."""
        dealt = self.dealt_cards.get(name)
        if not dealt:
            raise ImportError_(f"{name} shows a hand it was never dealt", line_no)
        return " ".join(dealt)


def finish(d: Draft, drafts: list[Draft]) -> ImportedHand:
    """Give a hand its level's stakes (and bring-in, if its seat completed); build it."""
    b = d.b
    if not b.bring_in:  # the bring-in of the one level at this ante, if there is one
        levels = {x.level for x in drafts if x.ante == d.ante and x.b.bring_in}
        if len(levels) == 1:
            b.bring_in = levels.pop()[1]
    level: list[Draft] = [x for x in drafts if x.b.bring_in and x.level == d.level] if b.bring_in else []
    pool = level if d in level else [*level, d]
    small = _most_common([x.small for x in pool])
    big = _most_common([x.big for x in pool])
    small = small or (big // 2 if big else None)  # fixed limit: the big bet is twice the small
    big = big or (small * 2 if small else None)
    guessed = small is None
    if guessed:
        small = 2 * (b.bring_in or max(1, d.ante))
        big = 2 * small
    b.small_bet, b.big_bet = small, big
    b.settle_bring_in({})
    imp = b.build()
    if guessed:
        imp.phh.fields["_stakes_guessed"] = True
    return imp


def _most_common(values: list[int | None]) -> int | None:
    counts = collections.Counter(v for v in values if v)
    return counts.most_common(1)[0][0] if counts else None

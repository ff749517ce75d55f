"""What every text importer builds: a PHH hand for the engine, and what the server said.

A site parser feeds a ``HandBuilder`` line by line; the builder knows stud dealing (who is
still in, which cards are down) and writes PHH actions, so each site's parser only reads text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dealer_app.engine.cards import CardError, format_cards, parse_cards
from dealer_app.engine.money import MAX_CENTS, to_cents
from dealer_app.history.phh import GAME_VARIANTS, PHHHand
from dealer_app.history.phh import actions as phh_actions


class ImportError_(ValueError):
    """A hand that cannot be read: the problem and the line it is on."""

    def __init__(self, problem: str, line: int = 0):
        super().__init__(problem)
        self.problem, self.line = problem, line


# a site's house rules: the catalog profile its server deals by, and the options it changes
SiteRules = tuple[str, dict[str, object]]

# the engine's cards: a card number, or None for one the history does not show
Cards = list[int | None]

# a tournament level in a file, as its hands show it: (ante, bring-in)
Level = tuple[int, int | None]


@dataclass
class Refusal:
    source: str
    hand_id: str
    line: int
    reason: str

    def __str__(self):
        return f"hand {self.hand_id} in {self.source.split('#')[0]}, line {self.line}: {self.reason}"


@dataclass
class Expected:
    """What the server recorded, to compare with the engine's decisions (the verdict)."""

    bring_in: int | None = None  # PHH player number
    first_actors: dict = field(default_factory=dict)  # street -> player
    amounts: list = field(default_factory=list)  # (action index, player, amount put in)
    uncalled: dict = field(default_factory=dict)  # player -> amount returned
    total_pot: int | None = None
    rake: int = 0
    collected: dict = field(default_factory=dict)  # player -> amount (after rake)
    showdown: list = field(default_factory=list)  # players in the order they showed/mucked
    capped: list = field(default_factory=list)  # (action index, line): the server said "capped"
    double_bet: list = field(default_factory=list)  # (action index, line): "a double bet is allowed"
    lines: dict = field(default_factory=dict)  # where each fact stands in the file


@dataclass
class ImportedHand:
    source: str
    site: str
    hand_id: str
    game: str
    phh: PHHHand
    expected: Expected
    currency: str = ""
    names: list = field(default_factory=list)
    seats: list = field(default_factory=list)  # the site's seat numbers, in PHH player order


class Money:
    """Amounts as the file writes them: '$1.25' in cents, '125' chips as they are."""

    def __init__(self, cents: bool):
        self.cents = cents

    def __call__(self, text: str) -> int:
        text = text.strip().rstrip(".,").replace(",", "")
        for sym in ("$", "€", "£", "USD", "EUR"):
            text = text.replace(sym, "")
        text = text.strip()
        if self.cents or "." in text:  # (a decimal amount in a chip game: take cents)
            return to_cents(text)
        if not (text.isascii() and text.isdigit()):
            raise ImportError_(f"{text!r} is not an amount")
        if len(text) > 13 or int(text) > MAX_CENTS:
            raise ImportError_(f"{text} chips is too large an amount")
        return int(text)


class LocatedMoney(Money):
    """Money that refuses a garbled or oversized amount with the line it stands on (the text
    parsers hand amounts over without their line)."""

    def __init__(self, cents: bool, block: list[str], first_line: int):
        super().__init__(cents)
        self.block, self.first_line = block, first_line

    def __call__(self, text: str) -> int:
        try:
            return super().__call__(text)
        except ImportError_:
            raise
        except (ValueError, ArithmeticError) as exc:
            line = next(
                (self.first_line + i for i, raw in enumerate(self.block) if text.strip() in raw), self.first_line
            )
            raise ImportError_(f"amount {text.strip()!r}: {exc}", line) from None


def infer_stakes(
    bets: list[tuple[int, str, int]], known: dict[Level, tuple[int, int]], key: Level
) -> tuple[int, int] | None:
    """Small and big bet of a limit hand from its own bets: ``bets`` is (street, kind, to) for
    completions and bets that are no all-in. A fifth-street-on bet is the big bet; a
    completion the small bet. Else another hand of the file at the same ``key``."""
    big = next((to for street, kind, to in bets if street >= 5 and kind == "bet"), None)
    small = next((to for street, kind, to in bets if street == 3 and kind in ("complete", "bet")), None)
    # fixed limit: the big bet is twice the small, so either one gives both
    if small is not None:
        stakes = (small, big if big is not None else 2 * small)
    elif big is not None:
        stakes = (big // 2, big)
    else:
        return known.get(key)
    known.setdefault(key, stakes)
    return stakes


class HandBuilder:
    STREETS = (3, 4, 5, 6, 7)

    def __init__(self, source: str, site: str, hand_id: str, game: str, start_line: int):
        self.source, self.site, self.hand_id, self.game = source, site, hand_id, game
        self.start_line = start_line
        self.seats: list[tuple[int, str, int]] = []  # (site seat, name, stack)
        self.antes: dict[str, int] = {}
        self.dealt_in: list[str] = []
        self.folded: set[str] = set()
        self.street = 0
        self.pending: dict[str, Cards] = {}  # cards seen this street, by name
        self.actions: list[str] = []
        self.lines: list[int] = []
        self.expected = Expected()
        # the stakes: set from the header (or, where it has none, from the bets) before build()
        self.small_bet: int | None = None
        self.big_bet: int | None = None
        self.bring_in: int | None = None
        self.currency = ""
        self.shown: dict[str, list] = {}
        self.round_to: dict[str, int] = {}
        self.expect_first = False
        self.common: str | None = None
        self.last_bets: dict[str, int] = {}  # the last round that had bets (a run-out has none)

    # --- seats and names ----------------------------------------------------------------------
    def seat(self, number: int, name: str, stack: int):
        self.seats.append((number, name, stack))

    def player_no(self, name: str, line: int) -> int:
        order = [n for _, n, _ in self.seats_in_hand()]
        if name not in order:
            raise ImportError_(f"{name!r} is not dealt in this hand", line)
        return order.index(name) + 1

    def seats_in_hand(self):
        if self.dealt_in:
            return [s for s in self.seats if s[1] in self.dealt_in]
        return [s for s in self.seats if s[1] in self.antes]

    def name_in(self, text: str) -> str | None:
        """The seated player whose name starts ``text`` (longest name first)."""
        for _, name, _ in sorted(self.seats, key=lambda s: -len(s[1])):
            if text.startswith(name):
                return name
        return None

    # --- dealing ------------------------------------------------------------------------------
    def ante(self, name: str, amount: int):
        self.antes[name] = amount

    def begin_street(self, street: int, line: int, common: str | None = None):
        if self.round_to:
            self.last_bets = dict(self.round_to)
        self.flush_deals(line)
        self.street = street
        self.round_to = {}
        self.pending = {}
        self.expect_first = True
        if common:
            self.common = common

    def dealt(self, name: str, card_groups: list[str], line: int):
        """A 'Dealt to' line, as the text of each of its brackets: the last bracket holds this
        street's new cards."""
        try:
            groups = [parse_cards(g) for g in card_groups]
        except CardError as exc:
            raise ImportError_(str(exc), line) from None
        cards: Cards
        if self.street == 3:
            if name not in self.dealt_in:
                self.dealt_in.append(name)
            allc = [c for g in groups for c in g]
            cards = allc if len(allc) == 3 else [None, None, *allc[-1:]]
        else:
            cards = groups[-1][-1:] if groups else [None]
        self.pending[name] = cards

    def flush_deals(self, line: int):
        """Write this street's deals in dealing order (D-2); unseen cards are '??'."""
        if self.street == 0 or getattr(self, "_flushed", None) == self.street:
            return
        self._flushed = self.street
        if self.street == 7 and self.common:
            self._add(phh_actions.deal_board(str(self.common)), line)
            return
        for _, name, _ in self.seats_in_hand():
            if name in self.folded:
                continue
            want = 3 if self.street == 3 else 1
            cards = self.pending.get(name, [None] * want)
            if self.street in (4, 5, 6) and name not in self.pending:
                continue  # an upcard the text did not show: the hand will stop there
            # (one it shows as [??], as our own export writes an upcard nobody entered, is
            # dealt unknown: the engine decides on the boards it sees)
            self._add(phh_actions.deal_hole(self.player_no(name, line), format_cards(cards)), line)

    def _add(self, action: str, line: int):
        self.actions.append(action)
        self.lines.append(line)

    # --- betting ------------------------------------------------------------------------------
    def act(self, name: str, verb: str, line: int, amount: int | None = None, to: int | None = None):
        """verb: bring_in, call, check, fold, bet, raise, complete. ``amount`` is what the
        player put in with this action; ``to`` the round total after it."""
        if self.street and getattr(self, "_flushed", None) != self.street:
            self.flush_deals(line)
        p = self.player_no(name, line)
        if self.expect_first:
            self.expected.first_actors[self.street] = p
            self.expected.lines[self.street] = line
            self.expect_first = False
        before = self.round_to.get(name, 0)
        if verb == "bring_in":
            self.expected.bring_in = p
            self.expected.lines["bring_in"] = line
            amount = required_amount(amount, verb)
            self._add(phh_actions.bring_in(p), line)
            self.round_to[name] = before + amount
        elif verb in ("call", "check"):
            self._add(phh_actions.check_or_call(p), line)
            self.round_to[name] = before + (amount or 0)
        elif verb == "fold":
            self._add(phh_actions.fold(p), line)
            self.folded.add(name)
        else:
            if to is None:
                to = before + required_amount(amount, verb)
            amount = to - before
            self._add(phh_actions.complete_bet_or_raise(p, to), line)
            self.round_to[name] = to
        if amount is not None:
            self.expected.amounts.append((len(self.actions) - 1, p, amount))

    def returned_bet(self) -> tuple[str, int] | None:
        """(player, amount) of the last betting round's bet above every other player's: what
        the sites that write no "Uncalled bet" line (Merge before 2014, iPoker, Winamax,
        KingsClub) returned, to compare the pot."""
        bets = self.round_to or self.last_bets
        ranked = sorted(bets.items(), key=lambda kv: -kv[1])
        if not ranked:
            return None
        excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)
        return (ranked[0][0], excess) if excess > 0 else None

    def note_capped(self, line: int):
        self.expected.capped.append((len(self.actions), line))

    def note_double_bet(self, line: int):
        self.flush_deals(line)
        self.expected.double_bet.append((len(self.actions), line))

    def uncalled(self, name: str, amount: int, line: int):
        self.expected.uncalled[self.player_no(name, line)] = amount
        self.expected.lines.setdefault("uncalled", line)

    def show(self, name: str, cards_text: str, line: int):
        self.flush_deals(line)
        p = self.player_no(name, line)
        self.expected.lines.setdefault("showdown", line)
        try:
            cards = parse_cards(cards_text)
        except CardError as exc:
            raise ImportError_(str(exc), line) from None
        if p not in self.expected.showdown:  # (Full Tilt shows an all-in hand at once and again at the end)
            self.expected.showdown.append(p)
        self._add(phh_actions.show(p, format_cards(cards)), line)

    def muck(self, name: str, line: int):
        self.flush_deals(line)
        p = self.player_no(name, line)
        self.expected.lines.setdefault("showdown", line)
        self.expected.showdown.append(p)
        self._add(phh_actions.muck(p), line)

    def settle_from_summary(self, shown: dict[str, tuple[str, int]], end_line: int):
        """The players left at the end show the cards a summary gives (name -> (cards, line)),
        or muck. A summary lists them by seat, not in the order they showed: no order is claimed."""
        self.flush_deals(end_line)
        left = [n for _, n, _ in self.seats_in_hand() if n not in self.folded]
        if len(left) < 2:
            return
        for name in left:
            if name in shown:
                self.show(name, shown[name][0], shown[name][1])
        for name in left:
            if name not in shown:
                self.muck(name, end_line)
        self.expected.showdown = []

    def collected(self, name: str, amount: int, line: int):
        p = self.player_no(name, line)
        self.expected.lines.setdefault("collected", line)
        self.expected.collected[p] = self.expected.collected.get(p, 0) + amount

    def total(self, pot: int, rake: int, line: int):
        self.expected.total_pot, self.expected.rake = pot, rake
        self.expected.lines["total"] = line

    def settle_bring_in(self, known: dict):
        """The bring-in amount of these stakes. A hand whose bring-in player opens with a full
        bet never shows it: take it from an earlier hand of the file at the same stakes, else
        a quarter of the small bet (noted in the PHH as ``_bring_in_guessed``)."""
        key = (self.small_bet, self.big_bet)
        if self.bring_in:
            known.setdefault(key, self.bring_in)
        elif key in known:
            self.bring_in = known[key]
        elif self.small_bet is not None:  # (without stakes there is nothing to guess from: build() refuses)
            self.bring_in = max(1, self.small_bet // 4)
            self.bring_in_guessed = True

    # --- result ---------------------------------------------------------------------------------
    def build(self) -> ImportedHand:
        players = self.seats_in_hand()
        if len(players) < 2:
            raise ImportError_("fewer than two players dealt in", self.start_line)
        if None in (self.small_bet, self.big_bet):
            raise ImportError_("the stakes are missing from the header", self.start_line)
        antes = [self.antes.get(n, 0) for _, n, _ in players]
        bring_in = self.bring_in or 0
        fields = {
            "variant": GAME_VARIANTS[self.game],
            "ante_trimming_status": True,
            "antes": [max(antes)] * len(players),
            "bring_in": bring_in,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "starting_stacks": [s for _, _, s in players],
            "actions": self.actions,
            "players": [n for _, n, _ in players],
            "seats": [s for s, _, _ in players],
            "hand": self.hand_id,
            "_site": self.site,
        }
        if self.currency:
            fields["currency"] = self.currency
        if getattr(self, "bring_in_guessed", False):
            fields["_bring_in_guessed"] = True
        phh = PHHHand(f"{self.source}#{self.hand_id}", fields, list(self.actions), list(self.lines))
        return ImportedHand(
            phh.source,
            self.site,
            self.hand_id,
            self.game,
            phh,
            self.expected,
            self.currency,
            [n for _, n, _ in players],
            [s for s, _, _ in players],
        )


# written the same way by every site this app reads
# (an exponent after it, "$1e309", is no amount: the line is then not read as one)
AMOUNT = r"([\$€£]?\d[\d,]*(?:\.\d+)?(?![eE][+-]?\d))"
DEALT = re.compile(r"^Dealt to (.+?) ((?:\[[^\]]*\] ?)+)$")
TOTAL = re.compile(rf"^Total pot {AMOUNT}.*?\| Rake {AMOUNT}")


def required_amount(amount: int | None, verb: str) -> int:
    """The amount an action must carry (a bring-in, a bet by what it puts in). Its absence is a
    parser's mistake, never the file's: a TypeError, as adding None to the round would raise."""
    if amount is None:
        raise TypeError(f"a {verb!r} action needs the amount put in")
    return amount


def header_match(header: re.Pattern[str], line: str) -> re.Match[str]:
    """The header of a hand's first line. ``parse_hands`` starts every block at a header, but a
    site's parser may clean the line differently (a byte-order mark left before it)."""
    m = header.match(line)
    if m is None:
        raise ImportError_("the hand's header line cannot be read")
    return m


def first_action(actions: list[tuple[re.Pattern[str], str]], tail: str) -> tuple[re.Match[str], str] | None:
    """The first of a site's action patterns that reads ``tail`` (the line after the name),
    with its verb."""
    for rx, verb in actions:
        a = rx.match(tail)
        if a:
            return a, verb
    return None


def parse_hands(text: str, source: str, header: re.Pattern, parse_hand, first_line: int = 1):
    """Split a site's file at its hand headers and read each hand; a hand that cannot be
    read becomes a Refusal and the rest of the file goes on. ``parse_hand(block, first_line,
    source, bring_ins)``; ``bring_ins`` carries the bring-in seen per stakes across the file.
    ``first_line``: the line the text starts on in its file (a part of a large file)."""
    bring_ins: dict = {}
    for start, block in _blocks(text, header, first_line):
        try:
            yield parse_hand(block, start, source, bring_ins)
        except ImportError_ as exc:
            m = header.match(block[0].strip().lstrip("\ufeff"))
            yield Refusal(source, m.group(1) if m else "?", exc.line or start, exc.problem)


def iter_lines(text: str):
    """The text's lines, one at a time (a 50 MB file is never held as a list of lines).
    Lines end at \\n, \\r\\n or, in a file without \\n, at \\r (old Mac exports)."""
    newline = "\n" if "\n" in text or "\r" not in text else "\r"
    pos, length = 0, len(text)
    while pos < length:
        end = text.find(newline, pos)
        end = length if end < 0 else end
        yield text[pos:end].rstrip("\r")
        pos = end + 1


def _blocks(text: str, header: re.Pattern, first_line: int = 1):
    """(line number of its header, its lines) of every hand; lines before the first header
    belong to no hand."""
    block: list[str] = []
    start = 0
    for line_no, line in enumerate(iter_lines(text), first_line):
        if header.match(line.strip().lstrip("\ufeff")):
            if block:
                yield start, block
            block, start = [line], line_no
        elif block:
            block.append(line)
    if block:
        yield start, block


@dataclass
class Dialect:
    """How one site writes the lines of a stud hand (its regular expressions)."""

    seat: re.Pattern  # groups: seat number, name, stack
    street: re.Pattern  # groups: street token, optional common card
    street_no: dict  # street token -> 3..7
    dealt: re.Pattern  # groups: name, the bracketed card groups
    uncalled: re.Pattern  # groups: amount, name
    total: re.Pattern  # groups: total pot, rake
    actions: list  # (pattern on the text after the name, verb)
    collected: re.Pattern | None = None  # a whole-line "NAME collected X" (groups: name, amount)
    capped: str = ""  # the line announcing the cap, if the site writes one
    double_bet: str = ""  # the line announcing the fourth-street double bet


def start_hand(
    source: str, site: str, hand_id: str, game: str, first_line: int, shown: str, small_bet: str, big_bet: str
) -> tuple[HandBuilder, Money]:
    """A hand's builder and the way its amounts read, from the stakes as the header ``shown``
    them: in cents when they show a currency sign (and in that currency), else in chips."""
    money = Money(any(sym in shown for sym in "$€£"))
    b = HandBuilder(source, site, hand_id, game, first_line)
    b.currency = "USD" if "$" in shown else "EUR" if "€" in shown else ""
    try:
        b.small_bet, b.big_bet = money(small_bet), money(big_bet)
    except ValueError as exc:
        raise ImportError_(f"stakes: {exc}", first_line) from None
    return b, money


def read_hand(
    block: list[str],
    first_line: int,
    source: str,
    site: str,
    hand_id: str,
    game: str,
    stakes: re.Match,
    dialect: Dialect,
    bring_ins: dict,
) -> ImportedHand:
    """One hand, once its header is read: amounts in cents when the stakes show a currency
    sign, then its lines, then the bring-in."""
    b, money = start_hand(source, site, hand_id, game, first_line, stakes.group(0), stakes.group(1), stakes.group(2))
    read_hand_lines(b, block, first_line, money, dialect)
    b.settle_bring_in(bring_ins)
    return b.build()


def read_hand_lines(b: HandBuilder, block: list[str], first_line: int, money: Money, dialect: Dialect):
    """Feed one hand's lines (after its header) to the builder."""
    section = "seats"
    for offset, raw in enumerate(block[1:], start=1):
        line_no = first_line + offset
        try:
            section = _read_line(b, raw.strip(), line_no, section, money, dialect)
        except ImportError_ as exc:
            exc.line = exc.line or line_no
            raise
        except ValueError as exc:  # an amount that is no amount ($0.001, 1e400): this line's fault
            raise ImportError_(str(exc), line_no) from None
    b.flush_deals(first_line + len(block))


def _read_line(b: HandBuilder, line: str, line_no: int, section: str, money: Money, dialect: Dialect) -> str:
    """One line of a hand; returns the section it leaves the hand in."""
    if not line:
        return section
    if line.startswith("*** SUMMARY"):
        section = "summary"
    if section == "summary":
        t = dialect.total.match(line)
        if t:
            b.total(money(t.group(1)), money(t.group(2)), line_no)
        return section
    s = dialect.seat.match(line)
    if s and section == "seats":
        # a seat "sitting out" may still post and be dealt in: dealing decides who plays
        b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
        return section
    st = dialect.street.match(line)
    if st:
        b.begin_street(dialect.street_no[st.group(1)], line_no, st.group(2))
        section = "play"
        return section
    if line.startswith("*** SHOW DOWN"):
        b.flush_deals(line_no)
        return section
    d = dialect.dealt.match(line)
    if d:
        b.dealt(d.group(1), re.findall(r"\[([^\]]*)\]", d.group(2)), line_no)
        return section
    u = dialect.uncalled.match(line)
    if u:
        b.uncalled(u.group(2).strip(), money(u.group(1)), line_no)
        return section
    if dialect.collected is not None:
        c = dialect.collected.match(line)
        collector = b.name_in(line) if c else None
        if c and collector:
            b.collected(collector, money(c.group(2)), line_no)
            return section
    if dialect.capped and line.startswith(dialect.capped):
        b.note_capped(line_no)
        return section
    if dialect.double_bet and line.startswith(dialect.double_bet):
        b.note_double_bet(line_no)
        return section
    name = b.name_in(line)
    if name is None:
        return section  # table chatter, "No low hand qualified", time-outs
    tail = line[len(name) :]
    for rx, verb in dialect.actions:
        a = rx.match(tail)
        if a:
            _apply_verb(b, name, verb, a, money, line_no)
            break
    return section


def _apply_verb(b: HandBuilder, name: str, verb: str, a, money: Money, line_no: int):
    if verb == "ante":
        b.ante(name, money(a.group(1)))
    elif verb == "bring_in":
        b.bring_in = b.bring_in or money(a.group(1))
        b.act(name, "bring_in", line_no, amount=money(a.group(1)))
    elif verb in ("call", "bet"):
        b.act(name, verb, line_no, amount=money(a.group(1)))
    elif verb in ("raise", "complete"):
        b.act(name, verb, line_no, to=money(a.group(a.lastindex)))
    elif verb in ("check", "fold"):
        b.act(name, verb, line_no)
    elif verb == "show":
        b.show(name, a.group(1), line_no)
    elif verb == "muck":
        b.muck(name, line_no)
    elif verb == "won":
        b.collected(name, money(a.group(1)), line_no)

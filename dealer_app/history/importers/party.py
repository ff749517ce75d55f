"""PartyPoker text hand histories (``***** Hand History for Game N *****``): 7 Card Stud and
7 Card Stud Hi-Lo, fixed limit, cash and tournament.

PartyPoker writes only the hero's cards while the hand is played; the other players' cards
are known only for those who show down (all seven, in the order dealt). Every other upcard is
an unseen ``??`` for the engine, which then decides among the boards it can see. Where the
server's bring-in or first actor is a player whose upcards the history does not show, the
engine cannot check that decision: such a hand is refused with the reason.

Amounts in brackets are what the player put in with that action. "wins" includes an uncalled
bet, and no rake is written: the rake is what was put in less what was won.
"""

from __future__ import annotations

import re

from dealer_app.engine.cards import CardError, format_cards, parse_cards
from dealer_app.history.importers.base import (
    Cards,
    HandBuilder,
    ImportError_,
    Money,
    Refusal,
    SiteRules,
    first_action,
    header_match,
    parse_hands,
)
from dealer_app.history.phh import actions as phh_actions

HEADER = re.compile(r"^\*{5} Hand History [Ff]or Game (\d+) \*{5}$")
STAKES = re.compile(r"([$€£]?\d[\d,]*(?:\.\d+)?)/([$€£]?\d[\d,]*(?:\.\d+)?)")
TOURNEY_STAKES = re.compile(r"Stakes-Antes\((\d[\d,]*)/(\d[\d,]*)-(\d[\d,]*)\)")
SEAT = re.compile(r"^Seat (\d+): (.+?) \( ?([$€£]?\d[\d,]*(?:\.\d+)?)(?: [A-Z]{3})? ?\)$")
STREETS = {
    "** Dealing **": 3,
    "** Dealing Fourth street **": 4,
    "** Dealing Fifth street **": 5,
    "** Dealing Sixth street **": 6,
    "** Dealing River **": 7,
}
DEALT = re.compile(r"^Dealt to (.+?) \[\s*([^\]]*?)\s*\]$")
AMOUNT = r"\[?\(?\s*([$€£]?\d[\d,]*(?:\.\d+)?)(?: [A-Z]{3}| chips)?\s*\)?\]?"
ACTIONS = [
    (re.compile(rf"^ posts ante {AMOUNT}$"), "ante"),
    (re.compile(rf"^ bring-ins {AMOUNT}$"), "bring_in"),
    (re.compile(rf"^ completes {AMOUNT}$"), "put_in"),
    (re.compile(rf"^ calls {AMOUNT}$"), "put_in"),
    (re.compile(rf"^ bets {AMOUNT}$"), "put_in"),
    (re.compile(rf"^ double bets {AMOUNT}$"), "double_bet"),
    (re.compile(rf"^ raises {AMOUNT}$"), "put_in"),
    (re.compile(rf"^ is all-In {AMOUNT}$"), "put_in"),
    (re.compile(r"^ checks$"), "check"),
    (re.compile(r"^ folds$"), "fold"),
    (re.compile(r"^ shows \[([^\]]*)\]"), "show"),
    (re.compile(r"^ doesn't show \[([^\]]*)\]"), "muck"),
    (re.compile(rf"^ wins (?:Lo \()?{AMOUNT}\)?(?: from the (?:main|side) pot.*)?$"), "won"),
]
SHOWN = re.compile(r"^(.+?) (?:shows|doesn't show) \[([^\]]*)\]")
# a line that reads like an action but not as one (an unknown name, a garbled amount)
ACTION_WORD = re.compile(r"\b(posts ante|bring-ins|completes|calls|bets|raises|checks|folds|is all-In)\b")
SITE = "PartyPoker"
# The hands read replay under the catalog's defaults; the tournament hand's fourth-street
# "double bets" on an open pair (stud high) is the profile's L-3 as it stands.
RULES: SiteRules = ("us-cardroom", {})


class PartyHand(HandBuilder):
    """A builder that deals an upcard the history does not show as ``??`` (the engine then
    decides on the boards it sees) and remembers which upcards were unseen."""

    def __init__(self, *args, known: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.known = known  # name -> the seven cards shown at the end, in dealing order
        self.boards: dict[str, list] = {}

    def flush_deals(self, line: int):
        if self.street == 0 or getattr(self, "_flushed", None) == self.street:
            return
        self._flushed = self.street
        for _, name, _ in self.seats_in_hand():
            if name in self.folded:
                continue
            cards = self.pending.get(name) or self.from_showdown(name)
            if self.street != 7:
                self.boards.setdefault(name, []).append(cards[-1])
            self._add(phh_actions.deal_hole(self.player_no(name, line), format_cards(cards)), line)

    def from_showdown(self, name: str) -> Cards:
        shown = self.known.get(name, [])
        if self.street == 3:
            return shown[:3] if len(shown) >= 3 else [None] * 3
        return [shown[self.street - 1]] if len(shown) >= self.street else [None]

    def unseen_board(self, player: int, street: int) -> bool:
        """Whether the player's upcards that decide ``street`` (the door for the bring-in,
        the board before it otherwise) include one the history does not show."""
        name = self.seats_in_hand()[player - 1][1]
        board = self.boards.get(name, [])
        wanted = board[:1] if street == 3 else board[: street - 3]
        return None in wanted or len(wanted) < (1 if street == 3 else street - 3)


def game_of(line: str) -> tuple[str | None, str]:
    g = line.lower()
    words = g.split()
    if "razz" in g:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in g or "deuce" in g:
            return None, "2-7 Razz is not supported"
        if "no limit" in g or "pot limit" in g:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "stud" not in g:
        name = re.search(r"(texas hold'em|omaha hi-lo|omaha|double hold'em)", g)
        return None, f"{name.group(1).title() if name else 'this game'} is not a stud game"
    if "nl" in words or "pl" in words or "no limit" in g or "pot limit" in g:
        return None, "no-limit and pot-limit stud are not supported"
    if "5 card stud" in g:
        return None, "five-card stud is not supported"
    if "7 card stud hi-lo" in g:
        return "stud8", ""
    if "7 card stud" in g:
        return "stud", ""
    return None, "this stud game is not supported"


def looks_like(text: str) -> bool:
    return bool(re.search(r"^\*{5} Hand History [Ff]or Game \d+ \*{5}", text[:3000].replace("\x00", ""), re.M))


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    return parse_hands(text.replace("\x00", ""), source, HEADER, parse_hand)


def cards_of(text: str, line: int) -> Cards:
    try:
        return parse_cards(text.replace(",", " "))
    except CardError as exc:
        raise ImportError_(str(exc), line) from None


def parse_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    try:
        return read_hand(block, first_line, source, bring_ins)
    except ImportError_:
        raise
    except ValueError as exc:  # an amount the patterns let through but is none
        raise ImportError_(f"unreadable amount: {exc}", first_line) from None


def read_hand(block: list[str], first_line: int, source: str, bring_ins: dict):
    hand_id = header_match(HEADER, block[0].strip()).group(1)
    game_line = block[1].strip() if len(block) > 1 else ""
    game, why = game_of(game_line)
    if game is None:
        return Refusal(source, hand_id, first_line + 1, why)
    tourney = TOURNEY_STAKES.search(game_line)
    stakes = tourney or STAKES.search(game_line)
    if not stakes:
        raise ImportError_("no stakes on the game line", first_line + 1)
    money = Money(not tourney and any(sym in stakes.group(0) for sym in "$€£"))
    known = {}
    for offset, raw in enumerate(block):
        s = SHOWN.match(raw.strip())
        if s:
            known[s.group(1)] = cards_of(s.group(2), first_line + offset)
    b = PartyHand(source, SITE, hand_id, game, first_line, known=known)
    b.currency = "USD" if "USD" in game_line and not tourney else "EUR" if "EUR" in game_line and not tourney else ""
    b.small_bet, b.big_bet = money(stakes.group(1)), money(stakes.group(2))
    read_lines(b, block, first_line, money)
    b.settle_bring_in(bring_ins)
    imp = b.build()
    unseen = unseen_decision(b)
    if unseen:
        return Refusal(source, hand_id, unseen[0], unseen[1])
    return imp


def read_lines(b: PartyHand, block: list[str], first_line: int, money: Money):
    seated = False
    for offset, raw in enumerate(block[2:], start=2):
        line_no, line = first_line + offset, raw.strip()
        if not line:
            continue
        s = SEAT.match(line)
        if s and not seated:
            b.seat(int(s.group(1)), s.group(2), money(s.group(3)))
            continue
        if b.seats and not seated:
            seated = True
            b.seats.sort()  # listed in no order; the engine's players go by seat
        if line in STREETS:
            b.begin_street(STREETS[line], line_no)
            continue
        d = DEALT.match(line)
        if d:
            if b.street == 0 or d.group(1) not in b.antes:
                raise ImportError_(f"cards dealt to {d.group(1)!r} outside a street or the players", line_no)
            cards = cards_of(d.group(2), line_no)
            if len(cards) != (3 if b.street == 3 else 1):
                raise ImportError_(f"{len(cards)} card(s) dealt on street {b.street}", line_no)
            b.pending[d.group(1)] = cards
            continue
        name = b.name_in(line)
        a = first_action(ACTIONS, line[len(name) :]) if name else None
        if name and a:
            apply(b, name, a[1], a[0], money, line_no)
        elif ACTION_WORD.search(line):
            raise ImportError_(f"unreadable action {line!r}", line_no)
        # else "Table ...", "Player4 opens", "There was no qualifying low hand"
    b.flush_deals(first_line + len(block))
    settle_money(b)


def apply(b: PartyHand, name: str, verb: str, a: re.Match, money: Money, line_no: int):
    if verb == "ante":
        b.ante(name, money(a.group(1)))
        return
    if verb == "won":
        b.collected(name, money(a.group(1)), line_no)
        return
    if b.street == 0:
        raise ImportError_("an action before the cards are dealt", line_no)
    if verb == "show":
        b.show(name, a.group(1).replace(",", " "), line_no)
    elif verb == "muck":  # "doesn't show [cards]": the cards are written, the hand is mucked
        b.muck(name, line_no)
    elif verb == "bring_in":
        b.bring_in = b.bring_in or money(a.group(1))
        b.act(name, "bring_in", line_no, amount=money(a.group(1)))
    elif verb in ("check", "fold"):
        b.act(name, verb, line_no)
    else:
        if verb == "double_bet":
            b.note_double_bet(line_no)
        amount = money(a.group(1))
        before, top = b.round_to.get(name, 0), max(b.round_to.values(), default=0)
        if before + amount <= top:
            b.act(name, "call", line_no, amount=amount)
        else:
            b.act(name, "bet" if top == 0 else "raise", line_no, to=before + amount)


def settle_money(b: PartyHand):
    """'wins' includes a bet nobody called; the rake is what was put in less what was won."""
    left = [n for _, n, _ in b.seats_in_hand() if n not in b.folded]
    put = [*sorted(b.round_to.values(), reverse=True), 0, 0]
    returned = put[0] - put[1] if len(left) == 1 else 0
    if returned:
        p = b.player_no(left[0], 0)
        if b.expected.collected.get(p, 0) >= returned:
            b.expected.collected[p] -= returned
    pot = sum(b.antes.values()) + sum(amount for _, _, amount in b.expected.amounts) - returned
    b.expected.rake = pot - sum(b.expected.collected.values())


def unseen_decision(b: PartyHand) -> tuple[int, str] | None:
    """The first of the server's decisions (bring-in, first actors) that rests on an upcard the
    history does not show, as (line, reason)."""
    e = b.expected
    names = [n for _, n, _ in b.seats_in_hand()]
    checks = [(3, e.bring_in, e.lines.get("bring_in", 0), "the bring-in")]
    checks += [
        (st, p, e.lines.get(st, 0), f"the first to act on street {st}")
        for st, p in sorted(e.first_actors.items())
        if st > 3
    ]
    for street, p, line, what in checks:
        if p is not None and b.unseen_board(p, street):
            return line, (
                f"PartyPoker writes only the hero's cards and the hands shown down: "
                f"{what}, {names[p - 1]}, has an upcard the history does not show"
            )
    return None

"""iPoker XML hand histories: 7 Card Stud and 7 Card Stud Hi-Lo, limit, cash and tournament.
The files may be named .txt: they are told by their content.

A ``<session>`` names the game in ``<general><gametype>`` ("7 Card Stud L $0.05/$0.10"; a
tournament's has no stakes) and holds one ``<game gamecode=..>`` per hand. Each ``<round>``
(0 the antes, 2 third street .. 6 the river) lists each player's new cards ("X X H6", suit
first, "X" unseen) and their actions, numbered in the order they were taken. Action types
(as fpdb reads them): 15 ante, 16 bring-in, 0 fold, 4 check, 3 call, 5 bet (what the
player puts in), 23 raise (the round's total after it), 7 all-in (what the player puts in).
There is no pot line: each player's ``bet`` is all they put in, ``win`` all they took back,
a bet nobody called included; the parser takes that returned bet out of both. No showing
order is written.
"""

from __future__ import annotations

import re

from dealer_app.engine.money import to_cents
from dealer_app.history.importers.base import HandBuilder, ImportedHand, ImportError_, Refusal, SiteRules, infer_stakes
from dealer_app.history.importers.xml_input import line_of, read_xml

SITE = "iPoker"
# How iPoker deals, as the catalog's us-cardroom profile plus: a player may fold when checking
# is free (hand 4044888963, line 746: seat 6 folds on fourth street with nothing to call).
RULES: SiteRules = ("us-cardroom", {"fold_when_check_free": True})

STREET_OF_ROUND = {"2": 3, "3": 4, "4": 5, "5": 6, "6": 7}
STAKES = re.compile(r"([\d,]+(?:\.\d+)?)\s*/\s*\D?([\d,]+(?:\.\d+)?)")
SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}


def looks_like(text: str) -> bool:
    head = text[:4000]
    return "<session sessioncode=" in head and "<gametype>" in head


def game_of(gametype: str) -> tuple[str | None, str]:
    g = gametype.lower()
    words = g.split()
    if "razz" in g:  # (R-1…R-5: ace-to-five Razz; deuce-to-seven Razz is another game)
        if "2-7" in g or "deuce" in g:
            return None, "2-7 Razz is not supported"
        if "no limit" in g or "pot limit" in g:
            return None, "no-limit and pot-limit Razz are not supported"
        return "razz", ""
    if "stud" not in g:
        name = gametype.split(" NL")[0].split(" PL")[0].split(" L ")[0].strip()  # the game without its limit
        return None, f"{name or 'this game'} is not a stud game"
    if "nl" in words or "pl" in words:
        return None, "no-limit and pot-limit stud are not supported"
    if g.startswith("5 card stud"):
        return None, "five-card stud is not supported"
    if "l" not in words:
        return None, "only fixed-limit stud is supported"
    if "hi-lo" in g or "hi/lo" in g:
        return "stud8", ""
    if g.startswith("7 card stud"):
        return "stud", ""
    return None, "this stud game is not supported"


class StakesUnknown(ImportError_):
    """A tournament hand whose own bets do not show its stakes."""


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    root = read_xml(text, source)
    if (
        isinstance(root, Refusal)
        and text.rstrip().endswith("</game>")
        and text.count("<session") == text.count("</session>") + 1
    ):
        root = read_xml(text + "</session>", source)  # an extract cut after its last hand
    if isinstance(root, Refusal):
        yield root
        return
    sessions = root.findall("session")
    if not sessions:
        yield Refusal(source, "-", 1, "an iPoker file without a <session>")
    known: dict = {}
    # None holds the place of a hand read again, below, once the whole file is known
    hands: list[ImportedHand | Refusal | None] = []
    later = []
    for session in sessions:
        gametype = (session.findtext("general/gametype") or "").strip()
        variant, why = game_of(gametype)
        stakes = STAKES.search(gametype)
        for game in session.findall("game"):
            hand_id = game.get("gamecode", "?")
            if variant is None:
                hands.append(Refusal(source, hand_id, line_of(game), why))
                continue
            args = (game, hand_id, variant, stakes, gametype, source, known)
            try:
                hands.append(parse_game(*args))
            except StakesUnknown:
                later.append((len(hands), args))
                hands.append(None)
            except ImportError_ as exc:
                hands.append(Refusal(source, hand_id, exc.line or line_of(game), exc.problem))
    # a tournament hand without a bet that shows the stakes takes them from another hand of
    # the file at its ante and bring-in, before or after it
    for index, args in later:
        try:
            hands[index] = parse_game(*args)
        except ImportError_ as exc:
            hands[index] = Refusal(source, args[1], exc.line or line_of(args[0]), exc.problem)
    yield from hands


def money_reader(cents: bool):
    def read(raw: str | None, line: int) -> int:
        text = re.sub(r"[^\d.,-]", "", raw or "").replace(",", "")
        try:
            return to_cents(text) if cents or "." in text else int(text)
        except (ValueError, ArithmeticError):
            raise ImportError_(f"{raw!r} is not an amount", line) from None

    return read


def card(code: str, line: int) -> str:
    """'H10' -> 'Th', 'SA' -> 'As', 'X' -> '??'."""
    if code == "X":
        return "??"
    if len(code) < 2 or code[0] not in SUITS:
        raise ImportError_(f"unknown card code {code!r}", line)
    rank = "T" if code[1:] == "10" else code[1:]
    return rank + SUITS[code[0]]


def parse_game(game, hand_id, variant, stakes, gametype, source, known):
    first = line_of(game)
    cash = stakes is not None
    money = money_reader(cash)
    b = HandBuilder(source, SITE, hand_id, variant, first)
    if cash:
        b.currency = "EUR" if ("€" in gametype or "\x80" in gametype) else "USD" if "$" in gametype else ""
    took = {}
    for p in game.findall("general/players/player"):
        name, line = p.get("name", ""), line_of(p)
        if not name:
            continue  # an empty seat
        try:
            seat = int(p.get("seat", ""))
        except ValueError:
            raise ImportError_(f"seat {p.get('seat')!r} is not a number", line) from None
        b.seat(seat, name, money(p.get("chips"), line))
        took[name] = money(p.get("win"), line)
    if len(took) != len(b.seats):
        raise ImportError_("two seats with one name", first)
    bets = []
    for rnd in game.findall("round"):
        no = rnd.get("no")
        street = STREET_OF_ROUND.get(no)
        if street is not None:
            b.begin_street(street, line_of(rnd))
            for cards in rnd.findall("cards"):
                name = known_name(b, cards)
                codes = [card(c, line_of(cards)) for c in (cards.text or "").split()]
                b.dealt(name, [" ".join(codes)], line_of(cards))
        actions = rnd.findall("action")
        try:
            actions.sort(key=lambda a: int(a.get("no", "")))
        except ValueError:
            raise ImportError_("an action without its number", line_of(rnd)) from None
        for a in actions:
            act(b, a, money, street, bets)
    if b.street == 0:
        raise ImportError_("no cards dealt", first)
    b.flush_deals(first)
    if cash:
        b.small_bet, b.big_bet = money(stakes.group(1), first), money(stakes.group(2), first)
    else:
        found = infer_stakes(bets, known.setdefault("stakes", {}), (max(b.antes.values(), default=0), b.bring_in))
        if found is None:
            raise StakesUnknown(
                "the stakes of this tournament hand are in no bet of it nor of another hand at its ante and bring-in",
                first,
            )
        b.small_bet, b.big_bet = found
    b.settle_bring_in(known.setdefault("bring_in", {}))
    settle_pot(b, took, first, tournament=not cash)
    return b.build()


def known_name(b: HandBuilder, el) -> str:
    name = el.get("player", "")
    if name not in [n for _, n, _ in b.seats]:
        raise ImportError_(f"{name!r} is not seated in this hand", line_of(el))
    return name


def act(b: HandBuilder, a, money, street, bets):
    name, kind, line = known_name(b, a), a.get("type"), line_of(a)
    amount = money(a.get("sum"), line)
    if kind == "15":
        b.ante(name, amount)
        return
    if street is None:
        raise ImportError_(f"an action of type {kind!r} outside a street", line)
    if kind == "16":
        b.bring_in = b.bring_in or amount
        b.act(name, "bring_in", line, amount=amount)
    elif kind == "0":
        b.act(name, "fold", line)
    elif kind == "4":
        b.act(name, "check", line)
    elif kind == "3":
        b.act(name, "call", line, amount=amount)
    elif kind in ("5", "23", "7"):
        before = b.round_to.get(name, 0)
        to = amount if kind == "23" else before + amount
        if kind == "7" and to <= max(b.round_to.values(), default=0):
            b.act(name, "call", line, amount=amount)  # all in for a call, or less
            return
        if kind == "5":
            bets.append((street, "bet", to))
        b.act(name, "raise", line, to=to)
    else:
        raise ImportError_(f"unknown action type {kind!r}", line)


def settle_pot(b: HandBuilder, took: dict, line: int, tournament: bool):
    """The pot is what the actions put in less a bet nobody called (it is in the bettor's
    ``win``); the rake what the winners did not take of it, none in a tournament. (The
    ``bet`` attribute is no total to trust: an all-in player's counts the ante twice, hand
    4045034332.)"""
    e = b.expected
    bet = b.returned_bet()
    returned = {}
    if bet and took.get(bet[0], 0) >= bet[1]:
        returned[bet[0]] = bet[1]
        e.uncalled[b.player_no(bet[0], line)] = bet[1]
        e.lines["uncalled"] = line
    for name, won in took.items():
        won -= returned.get(name, 0)
        if won > 0:
            b.collected(name, won, line)
    pot = sum(b.antes.values()) + sum(a for _i, _p, a in e.amounts) - sum(returned.values())
    b.total(pot, 0 if tournament else pot - sum(e.collected.values()), line)

"""Merge Network XML hand histories: 7-Stud and 7-Stud H/L8, cash and tournament, alone or
inside a mixed game (HORSE). The files may be named .txt: they are told by their content.

A file is a ``<description type=".." stakes=".."/>`` and one ``<game>`` per hand; seats are
0-based numbers and every event names the seat. Amounts: ANTE, BRING_IN, CALL, BET and ALL_IN
give what the player puts in with that action; COMPLETE and RAISE the round's total after it.
The cards of a street follow its betting in the same ``<round>``; the ``winner`` elements give
what each player took, after the rake, and ``uncalled="true"`` marks a returned bet. There is
no total pot and no rake: the pot is everything put in less the returned bets.

Tournament stakes are only "Limit": the small and big bet are read from the hand's own bets
(a completion, a fifth-street bet) or from another hand of the file at the same ante and
bring-in. Tournament balances are written after the ante and bring-in are posted.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dealer_app.engine.money import to_cents
from dealer_app.history.importers.base import HandBuilder, ImportedHand, ImportError_, Refusal, SiteRules, infer_stakes
from dealer_app.history.importers.xml_input import line_of, read_xml

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

SITE = "Merge"
# The corpus's Merge stud hands need no option away from the catalog's us-cardroom profile.
# Merge deals as the catalog's US card room. One Razz hand of a H.O.R.S.E. freeroll
# (36487050-15) folds 0.25 s after the check before it, though checking was free: a fold chosen
# ahead in the client, which Merge carried out as a fold. One hand is not a house rule:
# the option stays the catalog's, and that hand is replayed with fold_when_check_free.
RULES: SiteRules = ("us-cardroom", {})

ROUNDS = {
    "BRING_IN": 3,
    "THIRD_STREET": 3,
    "FOURTH_STREET": 4,
    "FIFTH_STREET": 5,
    "SIXTH_STREET": 6,
    "SEVENTH_STREET": 7,
}
# gametype (single game) and multigametype (inside a mix) numbers, as fpdb reads them
STUD_CODES = {"38": "stud", "39": "stud", "41": "stud", "42": "stud", "43": "stud8", "45": "stud8"}
RAZZ_CODES = {"46", "47", "49"}
OTHER_GAMES = {
    "1": "Hold'em",
    "2": "Hold'em",
    "9": "Hold'em",
    "23": "Hold'em",
    "4": "Omaha",
    "34": "Omaha H/L",
    "35": "Omaha H/L",
    "37": "Omaha H/L",
}
MIXES = ("HORSE", "HOSE", "RASH", "HA", "HO", "SHOE", "HAR")


def amount(el: ET.Element, line: int | None = None) -> int:
    """An ``amount``/``balance`` attribute ("$1.25", "0.05", "1,000.00") in hundredths."""
    raw = el.get("amount") if el.get("amount") is not None else el.get("balance")
    if raw is None:
        raise ImportError_(f"<{el.tag}> has no amount", line or line_of(el))
    try:
        return to_cents(raw.replace("$", "").replace("€", "").replace(",", "").strip())
    except (ValueError, ArithmeticError):
        raise ImportError_(f"<{el.tag}>: {raw!r} is not an amount", line or line_of(el)) from None


# --- Merge ----------------------------------------------------------------------------------
def looks_like(text: str) -> bool:
    return bool(re.search(r'<game\s+id="\d+-\d+"\s+starttime=', text[:4000])) or text.lstrip(
        "\ufeff \t\r\n"
    ).startswith("<description type=")


def game_of(description_type: str, game) -> tuple[str | None, str]:
    kind = description_type.replace(" Tournament", "").strip()
    code = game.get("multigametype") if kind in MIXES else game.get("gametype")
    if kind not in MIXES:
        if kind == "Razz":
            return "razz", ""
        if kind == "5-Stud":
            return None, "five-card stud is not supported"
        if kind in ("7-Stud", "7-Stud H/L8"):
            return ("stud8" if "H/L" in kind else "stud"), ""
        return None, f"{kind or 'this game'} is not a stud game"
    if code in RAZZ_CODES:
        return "razz", ""
    if code in STUD_CODES:
        return STUD_CODES[code], ""
    return None, f"{OTHER_GAMES.get(code, 'game ' + str(code))} is not a stud game"


def parse(text: str, source: str):
    """Yield ImportedHand or Refusal for every hand in the text."""
    root = read_xml(text, source)
    if isinstance(root, Refusal):
        yield root
        return
    description = root.find("description")
    if description is None:
        yield Refusal(source, "-", 1, "a Merge file without its <description> (game and stakes)")
        return
    stakes = description.get("stakes", "")
    known: dict = {}
    for game in root.iter("game"):
        hand_id = game.get("id", "?")
        try:
            yield parse_game(game, hand_id, description.get("type", ""), stakes, source, known)
        except ImportError_ as exc:
            yield Refusal(source, hand_id, exc.line or line_of(game), exc.problem)


def parse_game(
    game: ET.Element, hand_id: str, description_type: str, stakes: str, source: str, known: dict
) -> ImportedHand | Refusal:
    """One ``<game>``: its seats, then its rounds in order, then the stakes and the pot."""
    first = line_of(game)
    variant, why = game_of(description_type, game)
    if variant is None:
        return Refusal(source, hand_id, first, why)
    if "no limit" in stakes.lower() or "pot limit" in stakes.lower():
        return Refusal(source, hand_id, first, "no-limit and pot-limit stud are not supported")
    tournament = "Tournament" in description_type
    b = HandBuilder(source, SITE, hand_id, variant, first)
    b.currency = "" if tournament else "USD"
    reader = _Reader(b, seat_players(b, game, first), shown_cards(game))
    for rnd in game.findall("round"):
        reader.round(rnd)
    if b.street == 0:
        raise ImportError_("no cards dealt", first)
    refuse_partial_showdown(reader.shows, first)
    b.flush_deals(first)
    if tournament:
        b.seats = [(s, n, stack + reader.posted.get(n, 0)) for s, n, stack in b.seats]
    settle_stakes(b, stakes, reader.bets, known, tournament)
    settle_pot(b, game)
    return b.build()


def seat_players(b: HandBuilder, game: ET.Element, first: int) -> dict[str, str]:
    """Seat the players dealt in, in seat order; their names by seat, as the events name them."""
    players = game.find("players")
    if players is None:
        raise ImportError_("no <players>", first)
    names: dict[str, str] = {}
    for p in sorted(players.findall("player"), key=seat_no):
        if p.get("dealtin") == "true":
            seat = p.get("seat", "")  # (sorting read every seat as a number: each has one)
            names[seat] = p.get("nickname") or f"seat {seat}"
            b.seat(seat_no(p), names[seat], amount(p))
    if len(set(names.values())) != len(names):
        raise ImportError_("two seats with one name", line_of(players))
    return names


def shown_cards(game: ET.Element) -> dict[str | None, tuple[str, str]]:
    """Seat -> (SHOWN or MUCKED, cards). A round lists them after its events, and a hand's
    showdown may come in a later round than the SHOW event: they are gathered first."""
    shows: dict[str | None, tuple[str, str]] = {}
    for rnd in game.iter("round"):
        for cards in rnd.findall("cards"):
            how = cards.get("type")
            if how in ("SHOWN", "MUCKED"):
                shows[cards.get("player")] = (how, cards.get("cards", ""))
    return shows


def refuse_partial_showdown(shows: dict[str | None, tuple[str, str]], first: int):
    """A hand shown without its later streets' cards cannot be replayed to its showdown."""
    short = [(seat, cards) for seat, (how, cards) in shows.items() if how == "SHOWN" and len(cards.split(",")) < 7]
    if short:
        raise ImportError_(
            f"seat {short[0][0]} shows only {short[0][1]}: the cards of the later streets "
            "are not in the file, so the showdown cannot be replayed",
            first,
        )


# events that are no play, and events that mean the hand was never played out
CHATTER_EVENTS = ("CHAT", "PLAYER_OUT", "RECONNECTED", "DISCONNECTED")
UNPLAYED_EVENTS = ("GAME_CANCELLED", "LEAVE", "SIT_OUT")


class _Reader:
    """Reads a hand's ``<round>`` elements into its builder, and keeps what the stakes and the
    tournament balances are settled from once every round is read."""

    def __init__(self, b: HandBuilder, names: dict[str, str], shows: dict[str | None, tuple[str, str]]):
        self.b = b
        self.names = names  # seat -> name of the players dealt in
        self.shows = shows  # seat -> shown or mucked cards (shown_cards)
        self.posted: dict[str, int] = {}  # tournament balances are after the ante and bring-in
        self.bets: list[tuple[int, str, int]] = []  # (street, kind, to) for the stakes of a tournament hand

    def who(self, el: ET.Element) -> str:
        seat = el.get("player")
        if seat is None or seat not in self.names:
            raise ImportError_(f"seat {seat!r} is not dealt in this hand", line_of(el))
        return self.names[seat]

    def round(self, rnd: ET.Element):
        self.deal(rnd)
        for ev in rnd:
            if ev.tag == "winner":
                self.winner(ev)
            elif ev.tag == "event":
                self.event(rnd, ev)

    def deal(self, rnd: ET.Element):
        """A round that opens a street deals its cards. (BRING_IN and THIRD_STREET are both
        third street: the second deals nothing new.)"""
        b = self.b
        street = ROUNDS.get(rnd.get("id", ""))
        if street is None or street == b.street:
            return
        b.begin_street(street, line_of(rnd))
        for cards in rnd.findall("cards"):
            if cards.get("type") in ("HOLE", "DRAW_DRAWN_CARDS"):
                deal(b, self.who(cards), cards.get("cards", ""), street, line_of(cards))

    def winner(self, ev: ET.Element):
        """What a player took; ``uncalled="true"`` (from 2014) marks a returned bet instead."""
        b, line = self.b, line_of(ev)
        if ev.get("uncalled") == "true":
            p = b.player_no(self.who(ev), line)
            b.expected.uncalled[p] = b.expected.uncalled.get(p, 0) + amount(ev)
            b.expected.lines.setdefault("uncalled", line)
        else:
            b.collected(self.who(ev), amount(ev), line)

    def event(self, rnd: ET.Element, ev: ET.Element):
        b = self.b
        kind, line = ev.get("type"), line_of(ev)
        if kind in CHATTER_EVENTS:
            return
        if kind in UNPLAYED_EVENTS:
            raise ImportError_(f"the hand holds a {kind} event: it was not played out", line)
        name = self.who(ev)
        if kind in ("ANTE", "BRING_IN"):
            self.post(name, kind, ev, line)
        elif kind == "CALL":
            b.act(name, "call", line, amount=amount(ev))
        elif kind == "CHECK":
            b.act(name, "check", line)
        elif kind == "FOLD":
            b.act(name, "fold", line)
        elif kind in ("BET", "COMPLETE", "RAISE"):
            self.bet(name, kind, ev, line)
        elif kind == "ALL_IN":
            self.all_in(name, ev, line)
        elif kind in ("SHOW", "MUCK"):
            self.show_or_muck(name, kind, rnd, ev, line)
        else:
            raise ImportError_(f"unknown event {kind!r}", line)

    def post(self, name: str, kind: str, ev: ET.Element, line: int):
        """An ante or the bring-in: also counted in ``posted`` (tournament balances)."""
        b = self.b
        put_in = amount(ev)
        self.posted[name] = self.posted.get(name, 0) + put_in
        if kind == "ANTE":
            b.ante(name, put_in)
        else:
            b.bring_in = b.bring_in or put_in
            b.act(name, "bring_in", line, amount=put_in)

    def bet(self, name: str, kind: str, ev: ET.Element, line: int):
        """BET gives what the player put in, COMPLETE and RAISE the round's total after it."""
        b = self.b
        to = amount(ev) + (b.round_to.get(name, 0) if kind == "BET" else 0)
        self.bets.append((b.street, "bet" if kind == "BET" else kind.lower(), to))
        b.act(name, "raise", line, to=to)

    def all_in(self, name: str, ev: ET.Element, line: int):
        """What the player put in: a raise if it goes above the round's top, else a call."""
        b = self.b
        to = b.round_to.get(name, 0) + amount(ev)
        if to > max(b.round_to.values(), default=0):
            b.act(name, "raise", line, to=to)
        else:
            b.act(name, "call", line, amount=amount(ev))

    def show_or_muck(self, name: str, kind: str, rnd: ET.Element, ev: ET.Element, line: int):
        how, cards = self.shows.get(ev.get("player"), ("", ""))
        if kind == "SHOW" and how == "SHOWN":
            self.b.show(name, cards, line)
        elif rnd.get("id") == "SHOWDOWN" or kind == "SHOW":
            self.b.muck(name, line)
        # a MUCK when all others folded is no showdown


def seat_no(player: ET.Element) -> int:
    try:
        return int(player.get("seat", ""))
    except ValueError:
        raise ImportError_(f"seat {player.get('seat')!r} is not a number", line_of(player)) from None


def deal(b: HandBuilder, name: str, text: str, street: int, line: int):
    """``cards="null,null,7s,Kd"``: the whole hand so far; this street's card(s) are at its
    place (the first three on third street). A folded player's hand stops growing."""
    cards = ["??" if c in ("", "null") else c for c in text.split(",")]
    if street == 3:
        if len(cards) >= 3:
            b.dealt(name, [" ".join(cards[:3])], line)
    elif len(cards) >= street:
        b.dealt(name, [cards[street - 1]], line)


def settle_stakes(b: HandBuilder, stakes: str, bets: list, known: dict, tournament: bool):
    m = re.search(r"\$?([\d,]+(?:\.\d+)?)/\$?([\d,]+(?:\.\d+)?)", stakes)
    if m and not tournament:
        b.small_bet, b.big_bet = to_cents(m.group(1).replace(",", "")), to_cents(m.group(2).replace(",", ""))
    else:
        ante = max(b.antes.values(), default=0)
        found = infer_stakes(bets, known.setdefault("stakes", {}), (ante, b.bring_in))
        if found is None:
            raise ImportError_(
                "the stakes of this tournament hand are in no bet of it nor of another hand at its ante and bring-in",
                b.start_line,
            )
        b.small_bet, b.big_bet = found
    b.settle_bring_in(known.setdefault("bring_in", {}))


def settle_pot(b: HandBuilder, game: ET.Element):
    """The pot is everything put in, less the returned bets; the rake what the winners did
    not take of it."""
    e = b.expected
    # before 2014 no winner is marked uncalled: the returned bet is in the winner's amount
    returned = b.returned_bet()
    if returned and not e.uncalled:
        name, excess = returned
        p = b.player_no(name, b.start_line)
        if e.collected.get(p, 0) >= excess:
            e.collected[p] -= excess
            e.uncalled[p] = excess
            e.lines.setdefault("uncalled", e.lines.get("collected", line_of(game)))
    put_in = sum(b.antes.values()) + sum(a for _i, _p, a in e.amounts)
    pot = put_in - sum(e.uncalled.values())
    e.total_pot, e.rake = pot, pot - sum(e.collected.values())
    e.lines["total"] = e.lines.get("collected", line_of(game))

"""Every engine event, deal plan, raising note and prompt in the reader's language.

One translatable template per sentence shape, filled from the subject's typed fields (never by
reading the English back): with no translator installed ``say(x)`` is exactly the engine's
English (``x.text``; tests/test_words.py proves it over thousands of events), and with the
German one every word is German — hand names, card ranks and pot names included. Each
template is a literal ``translate("Words", …)`` call so that pyside6-lupdate finds it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from dealer_app.engine.cards import SUIT_SYMBOLS, parse_card, parse_cards
from dealer_app.engine.deck import DealPlan
from dealer_app.engine.evaluator import hand_shape
from dealer_app.engine.events import (
    ActedOutOfTurn,
    ActionTaken,
    AntePosted,
    BringInChosen,
    BringInCorrected,
    CardDealtEarly,
    CommonCardDealt,
    DealPlanned,
    DowncardExposed,
    FirstToAct,
    HandMucked,
    HandVoided,
    NoBetting,
    OutOfTurnSettled,
    PotAwarded,
    PotWonByFolds,
    RaisingNote,
    RulingApplied,
    ShortageAhead,
    ShowdownOrdered,
    UncalledBetReturned,
)
from dealer_app.engine.money import CURRENCY_SYMBOLS, format_money
from dealer_app.engine.says import ActionArg, CardArg, ListArg, MoneyArg, PhaseArg, Says
from dealer_app.engine.says import fill as fill_in
from dealer_app.live.presentation import show_money_with
from dealer_app.live.prompts import (
    AwardsDue,
    BetweenHands,
    CardDue,
    CommonCardDue,
    NoTable,
    PotPush,
    RiverDue,
    Sealed,
    ShowDue,
    ToAct,
    VoidDue,
)
from dealer_app.training.spot import REMEDY, RoundAsUsual, RoundWithoutBurn

if TYPE_CHECKING:
    from collections.abc import Callable

translate = QCoreApplication.translate


def fill(template: str, *args: object) -> str:
    """Qt's %1, %2 … filled in, in one pass (a value holding "%1" is left as it is)."""
    return fill_in(template, *(str(a) for a in args))


# --- ranks, cards and hands ---------------------------------------------------------------------
def rank_letters() -> list[str]:
    """The rank as a card shows it (the German deck: B Bube, D Dame, K König)."""
    return [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        translate("Words", "T"),
        translate("Words", "J"),
        translate("Words", "Q"),
        translate("Words", "K"),
        translate("Words", "A"),
    ]


def rank_names() -> list[str]:
    return [
        translate("Words", "two"),
        translate("Words", "three"),
        translate("Words", "four"),
        translate("Words", "five"),
        translate("Words", "six"),
        translate("Words", "seven"),
        translate("Words", "eight"),
        translate("Words", "nine"),
        translate("Words", "ten"),
        translate("Words", "jack"),
        translate("Words", "queen"),
        translate("Words", "king"),
        translate("Words", "ace"),
    ]


def rank_plurals() -> list[str]:
    return [
        translate("Words", "twos"),
        translate("Words", "threes"),
        translate("Words", "fours"),
        translate("Words", "fives"),
        translate("Words", "sixes"),
        translate("Words", "sevens"),
        translate("Words", "eights"),
        translate("Words", "nines"),
        translate("Words", "tens"),
        translate("Words", "jacks"),
        translate("Words", "queens"),
        translate("Words", "kings"),
        translate("Words", "aces"),
    ]


def rank_aliases() -> dict[str, str]:
    """The rank letters a dealer of this language types, beside the English ones: German
    B (Bube), D (Dame), K (König), A (Ass) and Z (Zehn)."""
    english = "JQKAT"
    typed = translate("Words", "JQKAT", "the letters typed for jack, queen, king, ace and ten, in this order").upper()
    if len(typed) != len(english):  # not one letter per rank: no aliases rather than wrong ones
        return {}
    return {t: e for t, e in zip(typed, english, strict=True) if t != e and t not in "23456789"}


def language() -> str:
    """The language of the words in use ("en" when no translation is installed)."""
    return translate("Words", "en", "the ISO code of this translation's language")


def face_letter(rank: str) -> str:
    """The rank as a card face or the picker shows it: "10" for the ten, the reader's letter
    for a picture card (German B, D, K)."""
    if rank == "T":
        return "10"
    if rank in "23456789":
        return rank
    # (painted for every card on every repaint: only the letter asked for is looked up)
    return {
        "J": translate("Words", "J"),
        "Q": translate("Words", "Q"),
        "K": translate("Words", "K"),
        "A": translate("Words", "A"),
    }[rank]


def card(c: int | None) -> str:
    """A card with its suit symbol, e.g. "K♠" (German "D♥" for the queen of hearts)."""
    if c is None:
        return "??"
    rank = c >> 2  # the ten as its face shows it ("10♥", as the picker and the cards), every other by its letter
    return ("10" if rank == 8 else rank_letters()[rank]) + SUIT_SYMBOLS[c & 3]


def cards(cs) -> str:
    return " ".join(card(c) for c in cs)


def _typed(c: int) -> str:
    """A card as the dealer types it, in the reader's rank letters: German "Dh" for the queen of
    hearts, "10h" for the ten (the card box reads them back); English as the engine's "Qh"."""
    return rank_letters()[c >> 2] + "cdhs"[c & 3]


def card_code(code: str) -> str:
    """A card the engine names by its code ("Kd"), as the reader's card ("K♦", German "K♦",
    "Qh" → "D♥")."""
    return card(parse_card(code))


def street_name(street: int) -> str:
    """A street as the dealer names it (third … seventh street)."""
    return {
        3: translate("Words", "third street"),
        4: translate("Words", "fourth street"),
        5: translate("Words", "fifth street"),
        6: translate("Words", "sixth street"),
        7: translate("Words", "seventh street"),
    }.get(street, str(street))


def street_title(street: int) -> str:
    """A street's name at the start of a line: "Fourth street", German "4. Karte" (the first
    letter raised, the rest as the reader's words have it — never str.capitalize's "4. karte")."""
    name = street_name(street)
    return name[:1].upper() + name[1:]


def high_hand(value: int) -> str:
    """A high hand's name, e.g. "a pair of nines", "full house, kings full of fours" (W-3)."""
    category, r0, r1 = hand_shape(value)
    names, plurals = rank_names(), rank_plurals()
    if category == "royal-flush":
        return translate("Words", "royal flush")
    if category == "straight-flush":
        return fill(translate("Words", "straight flush, %1 high"), names[r0])
    if category == "quads":
        return fill(translate("Words", "four of a kind, %1"), plurals[r0])
    if category == "full-house":
        return fill(translate("Words", "full house, %1 full of %2"), plurals[r0], plurals[r1])
    if category == "flush":
        return fill(translate("Words", "flush, %1 high"), names[r0])
    if category == "straight":
        return fill(translate("Words", "straight, %1 high"), names[r0])
    if category == "trips":
        return fill(translate("Words", "three of a kind, %1"), plurals[r0])
    if category == "two-pair":
        return fill(translate("Words", "two pair, %1 and %2"), plurals[r0], plurals[r1])
    if category == "pair":
        return fill(translate("Words", "a pair of %1"), plurals[r0])
    return fill(translate("Words", "%1 high"), names[r0])


def board(value: int, size: int) -> str:
    """A showing board (A-2), e.g. "pair of kings showing"."""
    category, r0, r1 = hand_shape(value)
    names, plurals = rank_names(), rank_plurals()
    if size >= 5:
        return fill(translate("Words", "%1 showing"), high_hand(value))
    if category == "quads":
        return fill(translate("Words", "four %1 showing"), plurals[r0])
    if category == "trips":
        return fill(translate("Words", "three %1 showing"), plurals[r0])
    if category == "two-pair":
        return fill(translate("Words", "two pair showing, %1 and %2"), plurals[r0], plurals[r1])
    if category == "pair":
        return fill(translate("Words", "pair of %1 showing"), plurals[r0])
    return fill(translate("Words", "%1 high showing"), names[r0])


def low_hand(five) -> str:
    """An eight-or-better low, e.g. "8-6-4-3-A low" (H-2)."""
    letters = rank_letters()
    return fill(translate("Words", "%1 low"), "-".join(letters[c >> 2] for c in five))


def structure_name(structure: str) -> str:
    """A limit table's betting structure as a dealer says it (L-2, L-4, L-5)."""
    return {
        "fixed": translate("Words", "fixed limit"),
        "spread": translate("Words", "spread limit"),
        "split": translate("Words", "split limit"),
    }.get(structure, structure)


def typed_cents(text: str) -> int:
    """An amount as the dealer types it, in cents: "18.25", "$18.25", and in German "18,25"
    or "1.825,50". In English a comma groups thousands ("1,825"); in German it is the decimal
    comma, so "1,825" there has three decimals and is refused, never read as $1,825. A
    ValueError names what cannot be read."""
    from dealer_app.engine.money import to_cents

    amount = text.strip().replace("$", "").replace("€", "").replace(" ", "").replace("\u00a0", "")
    if language() == "de":
        if _GERMAN_GROUPED.fullmatch(amount):  # 1.825 or 1.825,50: dots group, the comma is decimal
            amount = amount.replace(".", "").replace(",", ".")
        elif _DECIMAL_COMMA.fullmatch(amount) or (amount.count(",") == 1 and "." not in amount):
            amount = amount.replace(",", ".")  # 18,25 (and 1,825: three decimals, refused below)
        elif not _PLAIN.fullmatch(amount):  # 18.25, 1825: as typed; anything else is no amount
            raise ValueError(f"{text!r} is not an amount")
    elif _DECIMAL_COMMA.fullmatch(amount):  # "18,25" is a decimal comma in any language
        amount = amount.replace(",", ".")
    return to_cents(amount)


_GERMAN_GROUPED = re.compile(r"[+-]?[1-9]\d{0,2}(\.\d{3})+(,\d{1,2})?")
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d{1,2}")
_PLAIN = re.compile(r"[+-]?\d+(\.\d{1,2})?")


def editable_money(cents: int, currency: str) -> str:
    """An amount as the dealer would type it back into a box: no grouping (which one language
    would read as decimals), the reader's decimal mark and order: "$1200.50", in German
    "1200,50 $" (``typed_cents`` reads either back)."""
    whole, part = divmod(abs(cents), 100)
    sign, symbol = "-" if cents < 0 else "", CURRENCY_SYMBOLS.get(currency, "")
    if language() == "de":
        number = f"{whole},{part:02d}" if part else f"{whole}"
        return sign + number + (NBSP + symbol if symbol else "")
    return sign + symbol + (f"{whole}.{part:02d}" if part else f"{whole}")


# between a German amount and its currency sign: a space that never breaks the line ("0,50 $")
NBSP = "\u00a0"


def money(cents: int, currency: str = "USD") -> str:
    """An amount as the reader writes it, wherever the screen (or a report a person reads)
    shows one. English: the engine's "$1,234.50". German: the number first, dots grouping the
    thousands, the decimal comma, the sign after a no-break space: "0,50 $", "5 €",
    "1.234,50 €". The records, exports and PHH files keep the engine's ``format_money``."""
    if language() != "de":
        return format_money(cents, currency)
    symbol = CURRENCY_SYMBOLS.get(currency, "")
    if not symbol:  # a hand history's own units: the number alone, with the decimal comma
        return format_money(cents, currency).replace(".", ",")
    whole, part = divmod(abs(cents), 100)
    number = f"{whole:,}".replace(",", ".") + (f",{part:02d}" if part else "")
    return ("-" if cents < 0 else "") + number + NBSP + symbol


def stakes(t) -> str:
    """A limit table's stakes in the reader's money: the engine's "$3-$6" ("$5/$10/$20" split);
    German as S0 and S2 write them, the sign once at the end: "3-6 $", "5/10/20 €"."""
    if language() != "de":
        return t.stakes
    amounts = (t.ante, t.small_bet, t.big_bet) if t.structure == "split" else (t.small_bet, t.big_bet)
    words = [money(a, t.currency) for a in amounts]
    sign = NBSP + CURRENCY_SYMBOLS[t.currency] if t.currency in CURRENCY_SYMBOLS else ""
    bare = [w.removesuffix(sign) for w in words[:-1]] if sign else words[:-1]
    return ("/" if t.structure == "split" else "-").join(bare + words[-1:])


def table_title(t) -> str:
    """A limit table's name on the table's header and the window's title. In English its own
    title, as its file words it ("$3-6 Seven Card Stud"); in another language made from its
    stakes and game in the reader's money ("3-6 $ Seven Card Stud", as S0 heads its tables),
    since a file's title is written in English."""
    if language() == "en":
        return t.title
    game = {"stud": "Seven Card Stud", "stud8": "Seven Card Stud Hi-Lo"}.get(t.game, t.game)
    return f"{stakes(t)} {game}"


def profile_name(p) -> str:
    """A house profile as the table's header names it: its file's name ("us-cardroom"), in the
    reader's words for the profiles that ship with the app."""
    return {
        "us-cardroom": translate("Words", "us-cardroom", "the house profile on the table's header"),
        "casinos-austria": translate("Words", "casinos-austria", "the house profile on the table's header"),
        "tda-tournament": translate("Words", "tda-tournament", "the house profile on the table's header"),
    }.get(p.name, p.name)


def _seats(seats) -> str:
    return ", ".join(str(s) for s in seats)


def _one_each(p: DealPlan) -> str:
    """A round with one card to each player: after a burn, or (I-2) with the burn already taken."""
    down = p.street == 7
    if p.case == "normal":
        if down:
            return fill(translate("Words", "Burn one card, then one card down to each of the %1 players"), p.live)
        return fill(translate("Words", "Burn one card, then one card up to each of the %1 players"), p.live)
    if down:  # I-2
        return fill(
            translate(
                "Words", "No new burn (it went with the card dealt too early): one card down to each of the %1 players"
            ),
            p.live,
        )
    return fill(
        translate(
            "Words", "No new burn (it went with the card dealt too early): one card up to each of the %1 players"
        ),
        p.live,
    )


# --- the deal plan (D-5, D-7, D-8) --------------------------------------------------------------
def plan(p: DealPlan) -> str:
    down = p.street == 7
    burns = p.burns_before
    short = fill(translate("Words", "Only %1 left for %2 players: "), _card_count(p.stub_before), p.live)
    case = p.case
    if case == "third":
        if p.burn:
            return translate("Words", "Burn one card, then two cards down and one up to each player")
        return translate("Words", "two cards down and one up to each player")
    if case in ("normal", "early-burned"):
        return _one_each(p)
    if case == "pool":
        if down:
            return short + fill(
                translate(
                    "Words", "shuffle the %1 burn cards into the stub, burn one, then deal one card down to each player"
                ),
                burns,
            )
        return short + fill(
            translate(
                "Words", "shuffle the %1 burn cards into the stub, burn one, then deal one card up to each player"
            ),
            burns,
        )
    if case == "exact-fit":
        pre = fill(translate("Words", "shuffle the %1 burn cards into the stub, then "), burns) if burns else ""
        if down:
            return short + pre + translate("Words", "deal one card down to each player without a burn")
        return short + pre + translate("Words", "deal one card up to each player without a burn")
    if case == "pool-common":
        return short + fill(
            translate(
                "Words", "shuffle the %1 burn cards into the stub, then turn one common card face up in the middle"
            ),
            burns,
        )
    if case.startswith("austria"):
        pre = ""
        if p.reshuffle_burns:
            pre = short + fill(translate("Words", "shuffle the %1 burn cards into the stub. "), burns)
        if case == "austria-pool":
            if down:
                return pre + translate("Words", "Burn one, then one card down to each player")
            return pre + translate("Words", "Burn one, then one card up to each player")
        if case == "austria-no-burn":
            if down:
                return pre + translate(
                    "Words", "Do not burn (the bottom card is never dealt); one card down to each player"
                )
            return pre + translate("Words", "Do not burn (the bottom card is never dealt); one card up to each player")
        if p.burn:
            return pre + translate("Words", "Burn one card, then turn one common card face up in the middle")
        return pre + translate("Words", "Turn one common card face up in the middle")
    if case == "tda-scramble":
        if down:
            return short + fill(
                translate(
                    "Words",
                    "scramble the %1 burn cards with the stub, cut, burn one, then one card down to each player",
                ),
                burns,
            )
        return short + fill(
            translate(
                "Words", "scramble the %1 burn cards with the stub, cut, burn one, then one card up to each player"
            ),
            burns,
        )
    if case == "tda-common":
        return short + translate("Words", "burn one card and turn one common card face up in the middle")
    return fill(
        translate(
            "Words",
            "Only %1 left: scramble the stub with the %2 burn cards, cut, burn one and turn one "
            "common card face up in the middle",
        ),
        _card_count(p.stub_before),
        burns,
    )


def _card_count(n: int) -> str:
    return translate("Words", "1 card") if n == 1 else fill(translate("Words", "%1 cards"), n)


# --- events ---------------------------------------------------------------------------------------
def _ante(e: AntePosted) -> str:
    amount = money(e.amount, e.currency)
    if e.all_in:
        return fill(translate("Words", "Seat %1 antes %2 and is all-in"), e.seat, amount)
    return fill(translate("Words", "Seat %1 antes %2"), e.seat, amount)


def _action(e: ActionTaken) -> str:
    if e.action == "fold":
        return fill(translate("Words", "Seat %1 folds"), e.seat)
    if e.action == "check":
        return fill(translate("Words", "Seat %1 checks"), e.seat)
    assert e.to is not None and e.amount is not None
    amount = money(e.amount if e.action == "call" else e.to, e.currency)
    if e.all_in:
        template = {
            "call": translate("Words", "Seat %1 calls %2 all-in"),
            "bring_in": translate("Words", "Seat %1 brings in for %2 all-in"),
            "complete": translate("Words", "Seat %1 completes to %2 all-in"),
            "bet": translate("Words", "Seat %1 bets %2 all-in"),
            "raise": translate("Words", "Seat %1 raises to %2 all-in"),
        }[e.action]
    else:
        template = {
            "call": translate("Words", "Seat %1 calls %2"),
            "bring_in": translate("Words", "Seat %1 brings in for %2"),
            "complete": translate("Words", "Seat %1 completes to %2"),
            "bet": translate("Words", "Seat %1 bets %2"),
            "raise": translate("Words", "Seat %1 raises to %2"),
        }[e.action]
    return fill(template, e.seat, amount)


def _bring_in(e: BringInChosen) -> str:
    if e.seat != e.lowest_seat:  # B-5
        return fill(
            translate("Words", "Seat %1 brings in: the lowest door card, %2, belongs to all-in seat %3"),
            e.seat,
            card(e.door_card),
            e.lowest_seat,
        )
    words = fill(translate("Words", "Seat %1 brings in: lowest door card, %2"), e.seat, card(e.door_card))
    if e.unrecorded:
        words += fill(translate("Words", " (door card of seat(s) %1 not recorded)"), _seats(e.unrecorded))
    return words


def _first(e: FirstToAct) -> str:
    if e.reason == "bring-in":
        return fill(translate("Words", "Seat %1 acts first: the bring-in"), e.seat)
    if e.reason == "sixth-street":
        return fill(translate("Words", "Seat %1 acts first: acted first on sixth street (common card)"), e.seat)
    if e.reason == "high-hand-all-in":
        return fill(translate("Words", "Seat %1 acts first: the high hand, seat %2, is all-in"), e.seat, e.high_seat)
    tie = ""
    if e.tiebreak == "suit":
        tie = fill(translate("Words", "; tie broken by the highest card by suit, %1"), card(e.tiebreak_card))
    elif e.tiebreak == "dealers-left":
        tie = translate("Words", "; tie: nearest the dealer's left")
    return fill(translate("Words", "Seat %1 acts first: %2"), e.seat, board(e.board_value, e.board_size)) + tie


def _showdown(e: ShowdownOrdered) -> str:
    why = {
        "last-aggressor": translate("Words", "made the last bet or raise"),
        "dealers-left-house": translate(
            "Words", "nobody bet the last round; clockwise from the dealer's left (house option)"
        ),
        "first-in-last-round": translate("Words", "acted first in the last round, in which nobody bet"),
        "dealers-left": translate("Words", "no betting took place; clockwise from the dealer's left"),
    }[e.reason]
    rest = ", ".join(fill(translate("Words", "seat %1"), s) for s in e.order[1:])
    return fill(translate("Words", "Seat %1 shows first (%2); then %3"), e.order[0], why, rest)


def _pot(e: PotAwarded) -> str:
    name = translate("Words", "main pot") if e.pot_index == 0 else fill(translate("Words", "side pot %1"), e.pot_index)
    m = lambda cents: money(cents, e.currency)  # noqa: E731
    if e.case == "uncontested":
        return fill(translate("Words", "%1 %2 to seat %3"), name, m(e.amount), _seats(e.high_seats))
    hand = high_hand(e.high_value)
    if e.case == "hi-lo":
        return fill(
            translate("Words", "%1 %2: high %3 to seat(s) %4 (%5), low %6 to seat(s) %7 (%8)"),
            name,
            m(e.amount),
            m(e.high_half),
            _seats(e.high_seats),
            hand,
            m(e.low_half),
            _seats(e.low_seats),
            low_hand(e.low_five),
        )
    if e.case == "no-low":
        return fill(
            translate("Words", "%1 %2: no qualifying low; all to seat(s) %3 (%4)"),
            name,
            m(e.amount),
            _seats(e.high_seats),
            hand,
        )
    return fill(translate("Words", "%1 %2 to seat(s) %3 (%4)"), name, m(e.amount), _seats(e.high_seats), hand)


def _raising(n: RaisingNote) -> str:
    if n.case == "uncapped-heads-up":
        return fill(
            translate("Words", "Raises %1 of %2, and raising goes on: two players left, no cap heads-up"),
            n.raises,
            n.cap,
        )
    if n.case == "capped":
        return fill(translate("Words", "Capped: %1 raises of %2; call or fold"), n.raises, n.cap)
    if n.case == "no-double-bet-spread":
        return translate(
            "Words", "Open pair on fourth street, but no double bet: spread limit bets the same range on every street"
        )
    if n.case == "no-double-bet-hilo":
        return translate("Words", "Open pair on fourth street, but no double bet: this house plays hi-lo without it")
    if n.case == "no-double-bet-house":
        return translate("Words", "Open pair on fourth street, but no double bet: this house plays without it")
    if n.case == "short-all-in-closed":
        return fill(
            translate(
                "Words",
                "The all-in was less than a full raise: betting is not reopened for seat %1, "
                "who has acted; call or fold",
            ),
            n.seat,
        )
    return fill(
        translate(
            "Words",
            "The all-in was less than a full raise, but seat %1 has not acted on the bet before it: a raise is open",
        ),
        n.seat,
    )


# --- the live table's prompts -------------------------------------------------------------------
def _card_due(d: CardDue) -> str:
    if d.door:
        words = fill(translate("Words", "Seat %1 (%2): door card"), d.seat, d.name)
    else:
        words = fill(translate("Words", "Seat %1 (%2): upcard"), d.seat, d.name)
    return f"{plan(d.plan)}. {words}" if d.plan is not None else words


def _river_due(d: RiverDue) -> str:
    if d.plan is not None:
        return fill(translate("Words", "%1. Then press Enter"), plan(d.plan))
    return translate("Words", "Deal the river: one card down to each player")


def _push(p: PotPush) -> str:
    to = ", ".join(
        fill(translate("Words", "seat %1 (%2) %3"), seat, who, money(amount, p.currency))
        for seat, who, amount in p.pushes
    )
    amount = money(p.amount, p.currency)
    if p.pot_index == 0:
        return fill(translate("Words", "Main pot %1: push to %2"), amount, to)
    return fill(translate("Words", "Side pot %1 %2: push to %3"), p.pot_index, amount, to)


# --- refusals (engine/says.py) -----------------------------------------------------------------
def _action_name(a: ActionArg) -> str:
    if a.raw:  # as the engine names it, in a list of what is legal
        return {
            "fold": translate("Words", "fold", "an action in a list"),
            "check": translate("Words", "check", "an action in a list"),
            "call": translate("Words", "call", "an action in a list"),
            "bring_in": translate("Words", "bring_in", "an action in a list"),
            "complete": translate("Words", "complete", "an action in a list"),
            "bet": translate("Words", "bet", "an action in a list"),
            "raise": translate("Words", "raise", "an action in a list"),
        }.get(a.action, a.action)
    if a.button:
        return {
            "fold": translate("Words", "Fold"),
            "check": translate("Words", "Check"),
            "call": translate("Words", "Call"),
            "bring_in": translate("Words", "Bring in"),
            "complete": translate("Words", "Complete to"),
            "bet": translate("Words", "Bet"),
            "raise": translate("Words", "Raise to"),
        }[a.action]
    return {
        "fold": translate("Words", "fold"),
        "check": translate("Words", "check"),
        "call": translate("Words", "call"),
        "bring_in": translate("Words", "bring in"),
        "complete": translate("Words", "complete"),
        "bet": translate("Words", "bet"),
        "raise": translate("Words", "raise"),
    }.get(a.action, str(a))


def action_name(action: str) -> str:
    """An action as its button names it ("Raise to")."""
    return _action_name(ActionArg(action, button=True))


def _phase(p: PhaseArg) -> str:
    return {
        "deal": translate("Words", "deal", "the phase of a hand"),
        "bet": translate("Words", "bet", "the phase of a hand"),
        "showdown": translate("Words", "showdown", "the phase of a hand"),
        "done": translate("Words", "done", "the phase of a hand"),
    }.get(p.phase, p.phase)


def _value(v) -> str:
    """One value of a refusal in the reader's language."""
    if isinstance(v, Says):
        return _said(v)  # a part of the sentence: as its template starts
    if isinstance(v, CardArg):  # with its suit sign ("D♥", "A♠"): "As" would read as a misspelt "Ass"
        return card(v.card)
    if isinstance(v, MoneyArg):
        return money(v.cents, v.currency)
    if isinstance(v, ActionArg):
        return _action_name(v)
    if isinstance(v, PhaseArg):
        return _phase(v)
    if isinstance(v, ListArg):
        joiner = translate("Words", " or ") if v.joined_by == " or " else v.joined_by
        return joiner.join(_value(i) for i in v.items)
    if type(v) in _SAY:
        return say(v)
    return str(v)


def error_words(error) -> str:
    """A refusal (an engine error, the controller's InputError, or its ``Says``) in the
    reader's language; an error without a ``Says`` as it was raised."""
    said = error if isinstance(error, Says) else getattr(error, "says", None)
    if said is None:
        return getattr(error, "message", None) or str(error)
    return _sentence(said, _said(said))


def _said(said: Says) -> str:
    return fill(translate("Errors", said.template), *(_value(a) for a in said.args))


def _sentence(said: Says, words: str) -> str:
    """A refusal shown on its own starts with a capital letter, as German writes a sentence.
    Its template starts lower-case, since it is also a part of others ("%1 muss eine ganze Zahl
    sein": "eine Platznummer muss …"), so the letter is raised here, where the sentence is
    shown; never a file name's (a template that starts with a path, %1). English keeps the
    engine's words exactly."""
    if language() == "en":
        return words
    template = translate("Errors", said.template)
    starts_lower = template[:1].islower()
    if template.startswith("%1") and said.args and isinstance(said.args[0], Says):
        starts_lower = True  # it starts with a part of the sentence (a fragment's own words)
    return words[:1].upper() + words[1:] if starts_lower else words


# --- irregularities (I-1…I-7) -------------------------------------------------------------------
def _move(action: str, to: int | None, currency: str) -> str:
    if action == "fold":
        return translate("Words", "folds")
    if action == "check":
        return translate("Words", "checks")
    if to is None:  # the amount the rules fix (a bring-in, a fixed-limit bet): the verb alone
        return {
            "call": translate("Words", "calls"),
            "bring_in": translate("Words", "brings in"),
            "complete": translate("Words", "completes"),
            "bet": translate("Words", "bets"),
            "raise": translate("Words", "raises"),
        }.get(action, action)
    verbs = {
        "bring_in": translate("Words", "brings in for %1"),
        "complete": translate("Words", "completes to %1"),
        "bet": translate("Words", "bets %1"),
        "raise": translate("Words", "raises to %1"),
        "call": translate("Words", "calls %1"),
    }
    return fill(verbs[action], money(to, currency))


def _out_of_turn(e: ActedOutOfTurn) -> str:
    said = fill(
        translate("Words", "Seat %1 %2 out of turn; action goes back to seat %3"),
        e.seat,
        _move(e.action, e.to, e.currency),
        e.owed,
    )
    if e.handling == "floor":
        return said + translate("Words", ": the floor rules on it (house option)")
    return said + fill(translate("Words", ": binding if the action to seat %1 does not change"), e.seat)


def _settled(e: OutOfTurnSettled) -> str:
    if e.binding:
        return fill(
            translate("Words", "Seat %1's action out of turn stands: %2"), e.seat, _move(e.action, e.to, e.currency)
        )
    return fill(
        translate(
            "Words", "Seat %1's action out of turn is void: a bet or raise came in between; seat %1 has every option"
        ),
        e.seat,
    )


def _corrected(e: BringInCorrected) -> str:
    said = fill(
        translate("Words", "Wrong bring-in: seat %1's door card is %2, not %3"),
        e.seat,
        card(e.card),
        card(e.was) if e.was is not None else "??",
    )
    if e.returned and e.returned_to is not None:
        said += fill(translate("Words", "; %1 goes back to seat %2"), money(e.returned, e.currency), e.returned_to)
    return said + translate("Words", "; the bring-in is decided again")


def _voided(e: HandVoided) -> str:
    if e.reason == "misdeal":
        return translate(
            "Words", "Misdeal: every ante and bet goes back; the hand is void and dealt again to the same players"
        )
    return translate(
        "Words", "Fouled deck: every ante and bet goes back; the hand is void and dealt again to the same players"
    )


# --- the floor's timeline: each recorded input in words ----------------------------------------
def input_text(inp, currency: str = "USD") -> str:
    """A dealer's recorded input, as the floor's timeline lists it ("seat 4: call $8")."""
    if not inp:
        return ""
    kind = inp[0]
    if kind == "deal":
        return fill(
            translate("Words", "seat %1 dealt %2"), inp[1], " ".join(card(parse_card(c)) if c else "??" for c in inp[2])
        )
    if kind == "river":
        return translate("Words", "the river dealt down")
    if kind == "common":
        return fill(translate("Words", "common card %1"), card(parse_card(inp[1])))
    if kind == "act":
        to = None if inp[2] == "call" else inp[3]  # a call says its verb; what it puts in is on the table
        return fill(translate("Words", "seat %1: %2"), inp[1], _move(inp[2], to, currency))
    if kind == "show":
        shown = " ".join(card(c) for c in parse_cards(inp[2])) if inp[2] else ""
        return fill(translate("Words", "seat %1 shows %2"), inp[1], shown).rstrip()
    if kind == "muck":
        return fill(translate("Words", "seat %1 mucks"), inp[1])
    if kind == "irregularity":
        return irregularity_name(inp[1]) + (
            fill(translate("Words", ", seat %1"), inp[2]) if len(inp) > 2 and inp[2] is not None else ""
        )
    return " ".join(map(str, inp))


def case_category(category: str) -> str:
    """A case's category (floor/cases) in the reader's words; one not known, as written."""
    from dealer_app.floor.cases import CATEGORY_WORDS

    return translate("Cases", CATEGORY_WORDS[category]) if category in CATEGORY_WORDS else category


def case_status(status: str) -> str:
    """A case's status (floor/cases) in the reader's words; one not known, as written."""
    from dealer_app.floor.cases import STATUS_WORDS

    return translate("Cases", STATUS_WORDS[status]) if status in STATUS_WORDS else status


def irregularity_name(code: str) -> str:
    """An irregularity the dealer reports, by its rule (catalog §9)."""
    names = {
        "I-1": translate("Words", "Exposed downcard on third street"),
        "I-2": translate("Words", "Card dealt too early"),
        "I-4": translate("Words", "Wrong bring-in (a misread door card)"),
        "I-5": translate("Words", "Action out of turn"),
        "I-6": translate("Words", "Misdeal"),
        "I-7": translate("Words", "Fouled deck"),
    }
    return f"{names.get(code, code)} ({code})"


def seconds_words(seconds: float) -> str:
    """Seconds with one decimal, written as the reader writes numbers ("3.5" / "3,5")."""
    text = f"{seconds:.1f}"
    return text.replace(".", ",") if language() == "de" else text


def remedy_name(key: str) -> str:
    """A remedy of Spot the dealer's error (``training/spot.REMEDIES``), with its rules."""
    names = {
        "bring-in-corrected": translate(
            "Words", "The bring-in is corrected: its chips go back and the lowest door card brings in"
        ),
        "action-back": translate("Words", "Action goes back to the player whose turn it is"),
        "amount-corrected": translate("Words", "The amount is corrected to the limit's: the chips over it go back"),
        "burn-restored": translate("Words", "The cards go back in order and the round is dealt again after a burn"),
        "shortage-dealt": translate("Words", "The round is dealt as the shortage procedure says"),
        "right-shows-first": translate("Words", "The player who made the last bet or raise shows first"),
        "pot-to-best-hand": translate("Words", "The push is stopped: the pot goes to the best hand (cards speak)"),
        "misdeal": translate("Words", "Misdeal: antes and bets go back and the hand is dealt again"),
        "fouled-deck": translate("Words", "Fouled deck: play stops and every bet and ante goes back"),
        "floor": translate("Words", "Call the floor: the rules leave it open"),
    }
    remedy = REMEDY.get(key)
    if remedy is None:
        return key
    return f"{names.get(key, remedy.text)} ({', '.join(remedy.rules)})"


def step_text(step, currency: str = "USD") -> str:
    """One row of the floor's timeline: "21:03:12 dealer undid: seat 4: call $8"."""
    what = {
        "hand_start": lambda: translate("Words", "hand dealt: antes in"),
        "hand_end": lambda: translate("Words", "awards confirmed; hand sealed"),
        "resume": lambda: translate("Words", "table resumed after a restart"),
        "undo": lambda: fill(translate("Words", "dealer undid: %1"), input_text(step.input, currency)),
        "redo": lambda: fill(translate("Words", "dealer redid: %1"), input_text(step.input, currency)),
        "irregularity": lambda: fill(translate("Words", "irregularity: %1"), input_text(step.input, currency)),
        "ruling": lambda: fill(
            translate("Words", "floor ruling by %1: %2"),
            (step.by or {}).get("name", "?"),
            step.ruling.decision if step.ruling else "",
        ),
    }.get(step.kind, lambda: input_text(step.input, currency) if step.input else step.kind)()
    if step.by and step.by.get("role") == "floor" and step.kind == "irregularity":
        what += fill(translate("Words", " (confirmed by the floor: %1)"), step.by.get("name", "?"))
    return f"{step.time} {what}"


# each subject's words, found by its exact type (each function takes a subject of its key's type)
_SAY: dict[type, Callable[[Any], str]] = {
    AntePosted: _ante,
    DealPlanned: lambda e: plan(e.plan),
    ShortageAhead: lambda e: fill(translate("Words", "Next street: %1"), plan(e.plan)),
    CommonCardDealt: lambda e: fill(translate("Words", "Common card %1: every live player's card"), card(e.card)),
    NoBetting: lambda e: translate("Words", "No betting: fewer than two players have chips"),
    BringInChosen: _bring_in,
    FirstToAct: _first,
    ActionTaken: _action,
    RulingApplied: lambda e: fill(
        translate("Words", "Floor ruling: applied although refused: %1"),
        error_words(e.refused_says) if e.refused_says is not None else e.refused,
    ),
    UncalledBetReturned: lambda e: fill(
        translate("Words", "Uncalled %1 returned to seat %2"), money(e.amount, e.currency), e.seat
    ),
    ShowdownOrdered: _showdown,
    HandMucked: lambda e: fill(translate("Words", "Seat %1 mucks"), e.seat),
    PotWonByFolds: lambda e: fill(
        translate("Words", "Seat %1 wins %2: everyone else folded; no need to show"),
        e.seat,
        money(e.amount, e.currency),
    ),
    PotAwarded: _pot,
    RaisingNote: _raising,
    DealPlan: plan,
    DowncardExposed: lambda e: fill(
        translate("Words", "Seat %1's exposed downcard %2 is the door card; the third card is dealt down"),
        e.seat,
        card(e.card),
    ),
    CardDealtEarly: lambda e: fill(
        translate(
            "Words",
            "Card dealt too early: it goes back, the stub is shuffled with "
            "it (not the burns), and street %1 is dealt without a new "
            "burn",
        ),
        e.street,
    ),
    BringInCorrected: _corrected,
    ActedOutOfTurn: _out_of_turn,
    OutOfTurnSettled: _settled,
    HandVoided: _voided,
    NoTable: lambda s: translate("Words", "Open a table"),
    BetweenHands: lambda s: fill(
        translate("Words", "Between hands: start hand %1 when the table is ready"), s.next_hand
    ),
    CardDue: _card_due,
    CommonCardDue: lambda s: fill(translate("Words", "%1. Enter the common card"), plan(s.plan)),
    RiverDue: _river_due,
    ToAct: lambda s: (
        say(s.opening) if s.opening is not None else fill(translate("Words", "Seat %1 (%2) to act"), s.seat, s.name)
    ),
    ShowDue: lambda s: fill(
        translate("Words", "Seat %1 shows first") if s.first else translate("Words", "Seat %1: show or muck"), s.seat
    ),
    AwardsDue: lambda s: translate("Words", "Push the pots and confirm"),
    RoundWithoutBurn: lambda s: fill(
        translate("Words", "One card down to each of the %1 players")
        if s.street == 7
        else translate("Words", "One card up to each of the %1 players"),
        s.live,
    ),
    RoundAsUsual: lambda s: fill(
        translate("Words", "Burn one card, then one card down to each of the %1 players")
        if s.street == 7
        else translate("Words", "Burn one card, then one card up to each of the %1 players"),
        s.live,
    ),
    Sealed: lambda s: fill(translate("Words", "Hand %1 is sealed in the record: %2"), s.hand, s.seal),
    VoidDue: lambda s: (
        translate("Words", "Misdeal: give back every ante and bet, shuffle, and deal again")
        if s.reason == "misdeal"
        else translate("Words", "Fouled deck: give back every ante and bet, shuffle, and deal again")
    ),
    PotPush: _push,
}


def say(subject) -> str:
    """``subject`` (an event, a deal plan, a raising note, a prompt's subject) in the reader's
    language; "" for an event without words."""
    words = _SAY.get(type(subject))
    return words(subject) if words is not None else ""


def choice_words(m, c) -> str:
    """A legal choice with its amount or range, as the console and the report list it."""
    name = action_name(c.action)
    if c.min_to is not None and c.max_to is not None:
        return f"{name} {m.money(c.min_to)}–{m.money(c.max_to)}"
    if c.call_amount is not None:
        return f"{name} {m.money(c.call_amount)}"
    return f"{name} {m.money(c.to)}" if c.to is not None else name


# the live table, the floor's moments and the trainer show every amount through their money():
# in the reader's way once the UI's words are loaded (the engine's English until then)
show_money_with(money)

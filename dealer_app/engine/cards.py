"""Cards as small integers (D-1).

A card is ``rank * 4 + suit`` with rank 0 = deuce … 12 = ace and suit 0 = clubs, 1 = diamonds,
2 = hearts, 3 = spades. Integer order is therefore exactly the bring-in order of B-2 (rank
first, then clubs < diamonds < hearts < spades). ``None`` is a card the dealer cannot see (``??``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.engine.says import RANK_NAMES as ENGLISH_RANK_NAMES
from dealer_app.engine.says import RANK_PLURALS as ENGLISH_RANK_PLURALS

if TYPE_CHECKING:
    from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": "s", "♡": "h", "♢": "d", "♧": "c"})

# the ranks in English words live with the sentences that say them
RANK_NAMES, RANK_PLURALS = ENGLISH_RANK_NAMES, ENGLISH_RANK_PLURALS

UNKNOWN = "??"


class CardError(ValueError):
    """A card code that cannot be read; the message names the text (D-1). ``says``: the same
    sentence as data, for the reader's language."""

    def __init__(self, message: str | Says):
        super().__init__(str(message))
        self.says = message if isinstance(message, Says) else None


def parse_card(text: str, rank_aliases: dict[str, str] | None = None) -> int | None:
    """Parse ``Ah``, ``td``, ``10d``, ``2♣``; ``??`` gives None (an unseen card).
    ``rank_aliases``: rank letters of the reader's language ({"B": "J", "D": "Q", "Z": "T"} in
    German), accepted beside the English ones."""
    raw = text
    text = text.strip()
    if text == UNKNOWN:
        return None
    if len(text) < 2:
        raise CardError(
            says(
                QT_TRANSLATE_NOOP("Errors", "unknown card code %1: expected rank and suit, like 'Ah' or '10d'"),
                repr(raw),
            )
        )
    rank_text, suit_text = text[:-1].upper(), text[-1]
    suit_text = _SYMBOL_TO_SUIT.get(suit_text, suit_text.lower())
    if rank_aliases:
        rank_text = rank_aliases.get(rank_text, rank_text)
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise CardError(
            says(
                QT_TRANSLATE_NOOP("Errors", "unknown card code %1: rank %2 is not one of 2-9, T (or 10), J, Q, K, A"),
                repr(raw),
                repr(text[:-1]),
            )
        )
    if suit_text not in SUITS:
        raise CardError(
            says(
                QT_TRANSLATE_NOOP("Errors", "unknown card code %1: suit %2 is not one of c d h s ♣ ♦ ♥ ♠"),
                repr(raw),
                repr(text[-1]),
            )
        )
    return RANKS.index(rank_text) * 4 + SUITS.index(suit_text)


def parse_cards(text: str) -> list[int | None]:
    """Parse a run of cards, with or without spaces: ``5d2sAd``, ``?? ?? 7h``, ``10d Jc``."""
    cards: list[int | None] = []
    s = text.replace(",", " ").strip()
    i = 0
    while i < len(s):
        if s[i].isspace():
            i += 1
            continue
        known = _BY_NAME.get(s[i : i + 2])  # the usual spelling ("Ah"), found at once
        if known is not None:
            cards.append(known)
            i += 2
            continue
        if s.startswith("??", i):
            cards.append(None)
            i += 2
            continue
        width = 3 if s.startswith("10", i) else 2
        chunk = s[i : i + width]
        try:
            cards.append(parse_card(chunk))
        except CardError as exc:
            raise CardError(
                says(QT_TRANSLATE_NOOP("Errors", "%1 (at position %2 of %3)"), exc.says or str(exc), i + 1, repr(text))
            ) from None
        i += width
    return cards


@dataclass(frozen=True)
class TypedCards:
    """A line of typed cards read as far as it goes: the complete ``codes`` (``kd``, ``10h``,
    ``T♥``) in order; ``pending``, a card still being typed (``1``, ``10``, ``k``); or, when a
    code is no card, ``bad`` — the text from that code on — and the ``error`` naming it.
    ``starts``: where each code begins in the text read (to give back the rest as typed)."""

    codes: list[str]
    starts: list[int]
    pending: str = ""
    bad: str = ""
    error: CardError | None = None

    def rest_from(self, text: str, index: int) -> str:
        """The text as typed from the ``index``-th code on (a refused card and what follows)."""
        if index < len(self.codes):
            return text[self.starts[index] :]
        return self.bad or self.pending


def read_typed_cards(text: str, rank_aliases: dict[str, str] | None = None) -> TypedCards:
    """Cards as the dealer types them, spaces and commas between them optional. A character
    that cannot begin a card (``f``, ``x``) is refused on its own, so that a stray letter never
    takes the next card's rank with it (``f`` then ``kc`` is the ``f`` refused, then K♣)."""
    codes: list[str] = []
    at: list[int] = []
    s = text.replace(",", " ")
    starts = set(RANKS) | {"1"} | {a.upper() for a in (rank_aliases or {})}
    i = 0
    while i < len(s):
        if s[i].isspace():
            i += 1
            continue
        rest = s[i:].rstrip()
        if rest[0].upper() not in starts:
            return TypedCards(
                codes,
                at,
                bad=s[i:],
                error=CardError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "unknown card code %1: a card starts with its rank (2-9, 10 or T, J, Q, K, A)"
                        ),
                        repr(rest[0]),
                    )
                ),
            )
        if len(rest) < 2 or rest == "10":
            return TypedCards(codes, at, pending=rest)  # a rank without its suit yet
        width = 3 if rest.startswith("10") else 2
        try:
            card = parse_card(rest[:width], rank_aliases)
        except CardError as exc:
            return TypedCards(codes, at, bad=s[i:], error=exc)
        if card is None:
            return TypedCards(
                codes,
                at,
                bad=s[i:],
                error=CardError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "unknown card code %1: an upcard is always seen"),
                        repr(rest[:width]),
                    )
                ),
            )
        codes.append(CARD_NAMES[card])
        at.append(i)
        i += width
    return TypedCards(codes, at)


def split_typed_cards(text: str, rank_aliases: dict[str, str] | None = None) -> tuple[list[str], str]:
    """``read_typed_cards`` as (complete codes, the card still being typed); a code that is no
    card raises its CardError."""
    typed = read_typed_cards(text, rank_aliases)
    if typed.error is not None:
        raise typed.error
    return typed.codes, typed.pending


CARD_NAMES: Final = tuple(r + s for r in RANKS for s in SUITS)
CARD_SYMBOLS: Final = tuple(r + s for r in RANKS for s in SUIT_SYMBOLS)
_BY_NAME: Final = {name: card for card, name in enumerate(CARD_NAMES)}


def format_card(card: int | None, symbols: bool = False) -> str:
    if card is None:
        return UNKNOWN
    return (CARD_SYMBOLS if symbols else CARD_NAMES)[card]


def card_sign(card: int | None) -> str:
    """A card as a sentence writes it: with its suit sign, the ten as its face shows it ("K♦",
    "10♥"; an unseen card "??")."""
    if card is None:
        return UNKNOWN
    symbol = CARD_SYMBOLS[card]
    return "10" + symbol[1:] if symbol[0] == "T" else symbol


def format_cards(cards: Iterable[int | None], symbols: bool = False, sep: str = "") -> str:
    names = CARD_SYMBOLS if symbols else CARD_NAMES
    return sep.join([UNKNOWN if c is None else names[c] for c in cards])


@dataclass(frozen=True)
class CardArg:
    """A card in a sentence (its English sign; the UI shows the reader's rank letter)."""

    card: int | None  # None: a card not seen ("??")

    def __str__(self) -> str:  # with its suit sign, the ten as "10" ("K♦", "10♥"), as the table shows cards
        return card_sign(self.card)

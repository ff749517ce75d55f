"""Cards as small integers (D-1).

A card is ``rank * 4 + suit`` with rank 0 = deuce … 12 = ace and suit 0 = clubs, 1 = diamonds,
2 = hearts, 3 = spades. Integer order is therefore exactly the bring-in order of B-2 (rank
first, then clubs < diamonds < hearts < spades). ``None`` is a card the dealer cannot see (``??``).
"""

from __future__ import annotations

from typing import Final

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": "s", "♡": "h", "♢": "d", "♧": "c"})

RANK_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace"]
RANK_PLURALS = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings", "aces"]

UNKNOWN = "??"


class CardError(ValueError):
    """A card code that cannot be read; the message names the text (D-1)."""


def parse_card(text: str) -> int | None:
    """Parse ``Ah``, ``td``, ``10d``, ``2♣``; ``??`` gives None (an unseen card)."""
    raw = text
    text = text.strip()
    if text == UNKNOWN:
        return None
    if len(text) < 2:
        raise CardError(f"unknown card code {raw!r}: expected rank and suit, like 'Ah' or '10d'")
    rank_text, suit_text = text[:-1].upper(), text[-1]
    suit_text = _SYMBOL_TO_SUIT.get(suit_text, suit_text.lower())
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise CardError(f"unknown card code {raw!r}: rank {text[:-1]!r} is not one of 2-9, T (or 10), J, Q, K, A")
    if suit_text not in SUITS:
        raise CardError(f"unknown card code {raw!r}: suit {text[-1]!r} is not one of c d h s ♣ ♦ ♥ ♠")
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
        if s.startswith("??", i):
            cards.append(None)
            i += 2
            continue
        width = 3 if s.startswith("10", i) else 2
        chunk = s[i:i + width]
        try:
            cards.append(parse_card(chunk))
        except CardError as exc:
            raise CardError(f"{exc} (at position {i + 1} of {text!r})") from None
        i += width
    return cards


def split_typed_cards(text: str) -> tuple[list[str], str]:
    """Cards as the dealer types them: the complete codes so far (``kd``, ``10h``, ``T♥``),
    in order, and what is still being typed (``1``, ``10``, ``k``). A complete code that is no
    card raises CardError naming it. Spaces and commas between cards are optional."""
    codes: list[str] = []
    s = text.replace(",", " ")
    i = 0
    while i < len(s):
        if s[i].isspace():
            i += 1
            continue
        rest = s[i:].rstrip()
        if len(rest) < 2 or rest == "10":
            return codes, rest  # a rank without its suit yet
        width = 3 if rest.startswith("10") else 2
        card = parse_card(rest[:width])
        if card is None:
            raise CardError(f"unknown card code {rest[:width]!r}: an upcard is always seen")
        codes.append(CARD_NAMES[card])
        i += width
    return codes, ""


CARD_NAMES: Final = tuple(r + s for r in RANKS for s in SUITS)
CARD_SYMBOLS: Final = tuple(r + s for r in RANKS for s in SUIT_SYMBOLS)


def format_card(card: int | None, symbols: bool = False) -> str:
    if card is None:
        return UNKNOWN
    return (CARD_SYMBOLS if symbols else CARD_NAMES)[card]


def format_cards(cards, symbols: bool = False, sep: str = "") -> str:
    names = CARD_SYMBOLS if symbols else CARD_NAMES
    return sep.join([UNKNOWN if c is None else names[c] for c in cards])

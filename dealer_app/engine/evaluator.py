"""Hand values: best five of seven (W-3), eight-or-better low (H-2), showing boards (A-2),
and Razz's ace-to-five low (R-1) with its showing boards (R-3).

A high value is an int; higher is better. ``category << 20`` then up to five ranks, four bits
each, most significant first. Tables over the 13-bit rank mask keep the hot path to a few
list look-ups, because the benchmark plays hundreds of thousands of showdowns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, RankArg, Says, says

if TYPE_CHECKING:
    from collections.abc import Sequence

HIGH_CARD: Final = 0
PAIR: Final = 1
TWO_PAIR: Final = 2
TRIPS: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
QUADS: Final = 7
STRAIGHT_FLUSH: Final = 8
CATEGORY_NAMES = [
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
]


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    n = 0
    for r in ranks:
        value = (value << 4) | r
        n += 1
    return value << (4 * (5 - n))


def _build_tables() -> tuple[list[int], list[int], list[int]]:
    """For every 13-bit rank mask: the high card of its best straight (-1: none), its top five
    ranks packed four bits each (the highest at bit 16), and its number of ranks. Built from
    smaller masks and supersets, not mask by mask: every command that loads the engine builds
    them, and the direct way took a tenth of a replay command's start."""
    popcount = [mask.bit_count() for mask in range(8192)]
    top5 = [0] * 8192
    for mask in range(1, 8192):  # the highest rank, then the top four of the rest after it
        high = mask.bit_length() - 1
        top5[mask] = (high << 16) | (top5[mask ^ (1 << high)] >> 4)
    # the ten straights as rank masks by their high card, the wheel (5-4-3-2-A, high card the
    # five) first: each marks every mask that holds it, so a higher straight marks last and wins
    straights = [(3, 0b1_0000_0000_1111)] + [(high, 0b11111 << (high - 4)) for high in range(4, 13)]
    straight_high = [-1] * 8192
    for high, need in straights:
        free = 0x1FFF & ~need
        extra = free
        while True:  # every subset of the other ranks, added to the straight
            straight_high[need | extra] = high
            if not extra:
                break
            extra = (extra - 1) & free
    return straight_high, top5, popcount


_TABLES: Final = _build_tables()
STRAIGHT_HIGH: Final[list[int]] = _TABLES[0]
TOP5: Final[list[int]] = _TABLES[1]
POPCOUNT: Final[list[int]] = _TABLES[2]


def hi_value(cards: Sequence[int]) -> int:
    """Value of the best five-card high hand among 5 to 7 known cards."""
    counts = [0] * 13
    suit_masks = [0, 0, 0, 0]
    for c in cards:
        r = c >> 2
        counts[r] += 1
        suit_masks[c & 3] |= 1 << r
    for sm in suit_masks:
        if POPCOUNT[sm] >= 5:
            sf = STRAIGHT_HIGH[sm]
            if sf >= 0:
                return (STRAIGHT_FLUSH << 20) | (sf << 16)
            return (FLUSH << 20) | TOP5[sm]
    mask = suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]
    quad = trip = -1
    trip2 = pair1 = pair2 = -1
    for r in range(12, -1, -1):
        n = counts[r]
        if n == 4:
            quad = r
        elif n == 3:
            if trip < 0:
                trip = r
            elif trip2 < 0:
                trip2 = r
        elif n == 2:
            if pair1 < 0:
                pair1 = r
            elif pair2 < 0:
                pair2 = r
    if quad >= 0:
        kicker = TOP5[mask & ~(1 << quad)] >> 16
        return (QUADS << 20) | (quad << 16) | (kicker << 12)
    if trip >= 0:
        pair = max(trip2, pair1)
        if pair >= 0:
            return (FULL_HOUSE << 20) | (trip << 16) | (pair << 12)
    st = STRAIGHT_HIGH[mask]
    if st >= 0:
        return (STRAIGHT << 20) | (st << 16)
    if trip >= 0:
        kick = TOP5[mask & ~(1 << trip)] >> 12
        return (TRIPS << 20) | (trip << 16) | (kick << 8)
    if pair2 >= 0:
        kick = TOP5[mask & ~(1 << pair1) & ~(1 << pair2)] >> 16
        return (TWO_PAIR << 20) | (pair1 << 16) | (pair2 << 12) | (kick << 8)
    if pair1 >= 0:
        kick = TOP5[mask & ~(1 << pair1)] >> 8
        return (PAIR << 20) | (pair1 << 16) | (kick << 4)
    return TOP5[mask]


def board_value(cards: Sequence[int]) -> int:
    """Showing-hand value of an upcard board for the first actor (A-2).

    Up to four upcards: four of a kind > trips > two pair > pair > high card, then ranks and
    kickers; straights and flushes do not count. Five cards (four upcards and the common card,
    D-8) are valued as a full poker hand.
    """
    if len(cards) >= 5:
        return hi_value(cards)
    # only the ranks count: key the memo by the rank multiset, three bits a rank
    key = 0
    for c in cards:
        key += 1 << 3 * (c >> 2)
    value = _BOARD_VALUES.get(key)
    if value is None:
        value = _BOARD_VALUES[key] = _board_value(cards)
    return value


_BOARD_VALUES: dict[int, int] = {}  # at most the 2,379 rank multisets of up to four cards


def _board_value(cards: Sequence[int]) -> int:
    if not cards:
        return -1
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    shape = [n for n, _ in groups]
    ranks = [r for _, r in groups]
    if shape[0] == 4:
        cat = QUADS
    elif shape[0] == 3:
        cat = TRIPS
    elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        cat = TWO_PAIR
    elif shape[0] == 2:
        cat = PAIR
    else:
        cat = HIGH_CARD
    return _pack(cat, ranks)


# --- eight-or-better low (H-2) -------------------------------------------------------------


def lo8_value(cards: Sequence[int]) -> int | None:
    """Best qualifying low (five different ranks, eight or lower, ace low), or None.

    Lower is better. Straights and flushes do not spoil a low.
    """
    present = 0
    for c in cards:
        r = c >> 2
        low_rank = 0 if r == 12 else r + 1  # ace = 0, deuce = 1 … eight = 7
        if low_rank <= 7:
            present |= 1 << low_rank
    if POPCOUNT[present] < 5:
        return None
    chosen = []
    for r in range(8):
        if present >> r & 1:
            chosen.append(r)
            if len(chosen) == 5:
                break
    value = 0
    for r in reversed(chosen):
        value = (value << 4) | r
    return value


def best_low_five(cards: Sequence[int]) -> list[int] | None:
    """The five cards a qualifying low uses, highest first, or None."""
    by_rank: dict[int, int] = {}
    for c in sorted(cards, key=lambda c: c & 3):
        low_rank = 0 if c >> 2 == 12 else (c >> 2) + 1
        if low_rank <= 7:
            by_rank.setdefault(low_rank, c)
    if len(by_rank) < 5:
        return None
    ranks = sorted(by_rank)[:5]
    return [by_rank[r] for r in reversed(ranks)]


def low_says(five: Sequence[int]) -> Says:
    """An eight-or-better low in words, e.g. "8-6-4-3-A low" (H-2)."""
    return says(QT_TRANSLATE_NOOP("Words", "%1 low"), ListArg(tuple(RankArg(c >> 2, "letter") for c in five), "-"))


def describe_low(five: list[int]) -> str:
    return str(low_says(five))


# --- five cards used and words a dealer would say ------------------------------------------

_SHAPES = {
    QUADS: (4, 1),
    FULL_HOUSE: (3, 2),
    TRIPS: (3, 1, 1),
    TWO_PAIR: (2, 2, 1),
    PAIR: (2, 1, 1, 1),
    FLUSH: (1,) * 5,
    HIGH_CARD: (1,) * 5,
}


def best_high_five(cards: Sequence[int]) -> tuple[int, list[int]]:
    """The best five cards (ordered as a dealer would spread them: the biggest group first,
    then by rank; a wheel's ace last) and their value.

    Picked straight from the value's ranks rather than by trying all 21 fives: this runs for
    every player at every showdown. Among equal ranks the higher suit is taken.
    """
    value = hi_value(cards)
    cat = value >> 20
    pool = sorted(cards, reverse=True)  # rank, then suit, highest first
    if cat in (FLUSH, STRAIGHT_FLUSH):
        counts = [0, 0, 0, 0]
        for c in pool:
            counts[c & 3] += 1
        suit = counts.index(max(counts))
        pool = [c for c in pool if c & 3 == suit]
    want: Sequence[int]
    shape: tuple[int, ...]
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        high = (value >> 16) & 15
        want = (high, high - 1, high - 2, high - 3, high - 4) if high >= 4 else (3, 2, 1, 0, 12)
        shape = (1, 1, 1, 1, 1)
    else:
        shape = _SHAPES[cat]
        want = [(value >> s) & 15 for s in (16, 12, 8, 4, 0)[: len(shape)]]
    five = []
    for r, n in zip(want, shape, strict=True):
        for c in pool:
            if c >> 2 == r:
                five.append(c)
                n -= 1
                if not n:
                    break
    return value, five


def describe_high(value: int) -> str:
    words = _HIGH_WORDS.get(value)
    if words is None:
        words = _HIGH_WORDS[value] = str(high_says(value))
    return words


_HIGH_WORDS: dict[int, str] = {}  # at most the 7,462 distinct high values


def high_says(value: int) -> Says:
    """A high hand's name, e.g. "a pair of nines", "full house, kings full of fours" (W-3);
    a Razz value's name as a low (R-1)."""
    if value & RAZZ_TAG:
        return razz_says(value)
    category, r0, r1 = hand_shape(value)
    name, plural = RankArg(r0), RankArg(r0, "plural")
    if category == "royal-flush":
        return says(QT_TRANSLATE_NOOP("Words", "royal flush"))
    if category == "straight-flush":
        return says(QT_TRANSLATE_NOOP("Words", "straight flush, %1 high"), name)
    if category == "quads":
        return says(QT_TRANSLATE_NOOP("Words", "four of a kind, %1"), plural)
    if category == "full-house":
        return says(QT_TRANSLATE_NOOP("Words", "full house, %1 full of %2"), plural, RankArg(r1, "plural"))
    if category == "flush":
        return says(QT_TRANSLATE_NOOP("Words", "flush, %1 high"), name)
    if category == "straight":
        return says(QT_TRANSLATE_NOOP("Words", "straight, %1 high"), name)
    if category == "trips":
        return says(QT_TRANSLATE_NOOP("Words", "three of a kind, %1"), plural)
    if category == "two-pair":
        return says(QT_TRANSLATE_NOOP("Words", "two pair, %1 and %2"), plural, RankArg(r1, "plural"))
    if category == "pair":
        return says(QT_TRANSLATE_NOOP("Words", "a pair of %1"), plural)
    return says(QT_TRANSLATE_NOOP("Words", "%1 high"), name)


HandCategory = str  # royal-flush, straight-flush, quads, full-house, flush, straight, trips, two-pair, pair, high-card
_CATEGORY_KEYS = {
    STRAIGHT_FLUSH: "straight-flush",
    QUADS: "quads",
    FULL_HOUSE: "full-house",
    FLUSH: "flush",
    STRAIGHT: "straight",
    TRIPS: "trips",
    TWO_PAIR: "two-pair",
    PAIR: "pair",
    HIGH_CARD: "high-card",
}


def hand_shape(value: int) -> tuple[HandCategory, int, int]:
    """What names a high hand in any language: its category and the two ranks that name it
    (0 = deuce … 12 = ace; the second only for full house and two pair)."""
    cat, r0, r1 = value >> 20, (value >> 16) & 15, (value >> 12) & 15
    if cat == STRAIGHT_FLUSH and r0 == 12:
        return "royal-flush", r0, r1
    return _CATEGORY_KEYS[cat], r0, r1


def board_says(value: int, size: int) -> Says:
    """A showing board in words (A-2), e.g. "pair of kings showing"; a Razz board as R-3 says it."""
    if value & RAZZ_TAG:
        return razz_board_says(value, size)
    if size >= 5:
        return says(QT_TRANSLATE_NOOP("Words", "%1 showing"), high_says(value))
    category, r0, r1 = hand_shape(value)
    plural = RankArg(r0, "plural")
    if category == "quads":
        return says(QT_TRANSLATE_NOOP("Words", "four %1 showing"), plural)
    if category == "trips":
        return says(QT_TRANSLATE_NOOP("Words", "three %1 showing"), plural)
    if category == "two-pair":
        return says(QT_TRANSLATE_NOOP("Words", "two pair showing, %1 and %2"), plural, RankArg(r1, "plural"))
    if category == "pair":
        return says(QT_TRANSLATE_NOOP("Words", "pair of %1 showing"), plural)
    return says(QT_TRANSLATE_NOOP("Words", "%1 high showing"), RankArg(r0))


def describe_board(value: int, size: int) -> str:
    """Words for a showing board (A-2), e.g. 'pair of kings showing'."""
    return str(board_says(value, size))


# --- Razz: the lowest hand, ace to five (R-1, R-3) -----------------------------------------
# A Razz value carries its own mark (RAZZ_TAG, above every high value), so every event and
# sentence that names a hand's value tells a low from a high without the game beside it, and
# a record or replay of a stud hand is unchanged. Higher is better here too (a lower low), so
# the showdown and the first actor compare Razz values with the code that compares high ones.
RAZZ_TAG: Final = 1 << 24
_RAZZ_WORST: Final = (1 << 23) - 1  # above every low key
# the shapes a five (or a board) can have, from the best low to the worst: pairs count against
_RAZZ_SHAPES: Final = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (3, 2): 4, (4,): 5}
_RAZZ_CATEGORIES: Final = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS)


LOW_RANK: Final = [0 if c >> 2 == 12 else (c >> 2) + 1 for c in range(52)]  # by card: ace 0 … king 12


def low_rank(card: int) -> int:
    """A card's rank counted ace to five: ace = 0, deuce = 1 … king = 12."""
    return LOW_RANK[card]


def is_razz(value: int) -> bool:
    return bool(value & RAZZ_TAG)


def _razz_key(ranks: Sequence[int]) -> int:
    """A low's key from its low ranks (lower is better): the shape first (no pair, one pair,
    two pair, trips, full house, quads), then the grouped ranks from the highest down."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups if n > 1) or (1,)
    key = _RAZZ_SHAPES[shape]
    for _n, r in groups:
        key = (key << 4) | r
    return key << 4 * (5 - len(groups))


def _memo_key(cards: Sequence[int]) -> int:
    """The rank multiset of up to five cards as one int (three bits a low rank): what a low's
    key depends on, so each is worked out once (the benchmark values thousands a second)."""
    key = 0
    for c in cards:
        key += 1 << 3 * LOW_RANK[c]
    return key


_RAZZ_KEYS: dict[int, int] = {}  # memo: rank multiset -> key (at most the 6,175 of ≤ 5 cards)


def _razz_key_of(cards: Sequence[int]) -> int:
    memo = _memo_key(cards)
    key = _RAZZ_KEYS.get(memo)
    if key is None:
        key = _RAZZ_KEYS[memo] = _razz_key([LOW_RANK[c] for c in cards])
    return key


def _razz_five(cards: Sequence[int]) -> list[int]:
    """The five cards of the best low (R-1), before they are put in order."""
    by_rank: dict[int, int] = {}
    for c in sorted(cards, reverse=True):  # among equal ranks the higher suit is taken
        by_rank.setdefault(LOW_RANK[c], c)
    if len(by_rank) >= 5:  # five different ranks: the five lowest are the best low
        return [by_rank[r] for r in sorted(by_rank)[:5]]
    from itertools import combinations  # (a pair is forced: rare, and at most 21 fives)

    return list(min(combinations(cards, 5), key=lambda five: _razz_key_of(tuple(five))))


def razz_value(cards: Sequence[int]) -> int:
    """The value of the best five-card low among 5 to 7 cards (R-1); higher is better."""
    return RAZZ_TAG | (_RAZZ_WORST - _razz_key_of(_razz_five(cards)))


def best_razz_five(cards: Sequence[int]) -> tuple[int, list[int]]:
    """The best low's value and its five cards as a dealer spreads them: a pair first, then
    from the highest card down (R-1)."""
    five = _razz_five(cards)
    counts: dict[int, int] = {}
    for c in five:
        counts[LOW_RANK[c]] = counts.get(LOW_RANK[c], 0) + 1
    five.sort(key=lambda c: (counts[LOW_RANK[c]], LOW_RANK[c], c & 3), reverse=True)
    return RAZZ_TAG | (_RAZZ_WORST - _razz_key_of(five)), five


def razz_board_value(cards: Sequence[int]) -> int:
    """A showing board valued as R-1 for the first actor (R-3): a paired board is worse than
    any unpaired one, then from the highest card down; higher is better (the lower board)."""
    if not cards:
        return -1
    if len(cards) > 5:
        return razz_value(cards)
    return RAZZ_TAG | (_RAZZ_WORST - _razz_key_of(cards))


def _razz_parts(value: int) -> tuple[int, list[int]]:
    """(category, the grouped ranks in the engine's order: 0 = deuce … 12 = ace) of a Razz value."""
    key = _RAZZ_WORST - (value & (RAZZ_TAG - 1))
    shape = key >> 20
    nibbles = [(key >> s) & 15 for s in (16, 12, 8, 4, 0)]
    ranks = [12 if r == 0 else r - 1 for r in nibbles]
    return _RAZZ_CATEGORIES[shape], ranks


def razz_says(value: int, size: int = 5) -> Says:
    """A low in words: "8-6-4-3-A low", or its pair as a pair is named, "a pair of nines" (R-1)."""
    category, ranks = _razz_parts(value)
    if category == HIGH_CARD:
        return low_says([r << 2 for r in ranks[:size]])
    return high_says((category << 20) | (ranks[0] << 16) | (ranks[1] << 12))


def razz_board_says(value: int, size: int) -> Says:
    """A showing Razz board in words (R-3), e.g. "7-4-2 low showing", "pair of fours showing"."""
    category, ranks = _razz_parts(value)
    if category == HIGH_CARD:
        return says(
            QT_TRANSLATE_NOOP("Words", "%1 low showing"),
            ListArg(tuple(RankArg(r, "letter") for r in ranks[:size]), "-"),
        )
    return board_says((category << 20) | (ranks[0] << 16) | (ranks[1] << 12), min(size, 4))

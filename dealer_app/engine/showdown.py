"""Showdown: who shows first (W-1), pots and side pots (P-1), who wins what (W-3, W-4, H-2, H-3;
in Razz R-1 and R-5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from dealer_app.engine.betting import BettingLayer
from dealer_app.engine.cards import CardArg
from dealer_app.engine.errors import EngineError
from dealer_app.engine.evaluator import (
    best_high_five,
    best_low_five,
    best_razz_five,
    describe_high,
    describe_low,
    hi_value,
    lo8_value,
    low_rank,
    razz_value,
)
from dealer_app.engine.events import (
    Event,
    HandExposed,
    HandMucked,
    HandOver,
    HandShown,
    PotAwarded,
    PotCase,
    PotWonByFolds,
    ScoredHand,
    ShowdownOrdered,
    ShowdownReason,
)
from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, PhaseArg, says

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from dealer_app.engine.player import Player


@dataclass(frozen=True)
class BestShown:
    """The best hand shown so far: its half (high, or low in Hi-Lo), its seats, and its value
    (high) or five cards (low)."""

    half: str
    seats: tuple[int, ...]
    value: int = 0
    low_five: tuple[int, ...] = ()


def showdown_order(hand: ShowdownLayer) -> tuple[list[int], tuple[str, ...], ShowdownReason]:
    """W-1: the last bettor or raiser of the last round shows first; if nobody bet, the first
    player to act in it. The others follow clockwise. W-5: when everyone is all-in, all show."""
    live = hand.live
    rules = ["W-1"]
    lead = hand.last_round_aggressor
    why: ShowdownReason = "last-aggressor"
    if (lead is None or lead.folded) and hand.rules.checked_showdown_from == "dealers-left":
        lead = live[0]
        why = "dealers-left-house"
    if lead is None or lead.folded:
        lead = hand.last_round_first
        why = "first-in-last-round"
    if lead is None or lead.folded:
        lead = live[0]
        why = "dealers-left"
    if sum(1 for p in live if p.can_act) <= 1:
        rules.append("W-5")
    i = hand.players.index(lead)
    n = len(hand.players)
    order = [hand.players[(i + k) % n].seat for k in range(n) if not hand.players[(i + k) % n].folded]
    return order, tuple(rules), why


def build_pots(players: Sequence[Player]) -> list[tuple[int, list[Player]]]:
    """P-1: main pot and side pots from each player's total contribution.

    Returns ``(amount, eligible players)`` from the main pot outwards.
    """
    live_levels = sorted({p.total for p in players if not p.folded})
    pots: list[tuple[int, list[Player]]] = []
    prev = 0
    for level in live_levels:
        amount = sum(min(p.total, level) - min(p.total, prev) for p in players)
        eligible = [p for p in players if not p.folded and p.total >= level]
        if amount:
            if pots and [q.seat for q in pots[-1][1]] == [q.seat for q in eligible]:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
        prev = level
    extra = sum(max(0, p.total - prev) for p in players)
    if extra and pots:  # chips of folded players above every live player's total
        pots[-1] = (pots[-1][0] + extra, pots[-1][1])
    return pots


def pots_in_play(players: Sequence[Player]) -> list[tuple[int, list[Player]]]:
    """Pots as they stand mid-hand: split only at all-in players' totals (P-1); everyone not
    all-in can still match, so is eligible for every pot."""
    live = [p for p in players if not p.folded]
    levels = sorted({p.total for p in live if p.stack == 0})
    top = max((p.total for p in players), default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots, prev = [], 0
    for level in levels:
        amount = sum(min(p.total, level) - min(p.total, prev) for p in players)
        eligible = [p for p in live if p.total >= level or p.stack > 0]
        if amount:
            pots.append((amount, eligible))
        prev = level
    return pots


def _odd_chip_key(hand: ShowdownLayer, p: Player, five: list[int]) -> int:
    """Who of the tied takes the odd chip first: the highest card by suit (W-4); in Razz the
    *lowest* card by suit, the ace counted low (R-5), as the key's negation."""
    cards = five if hand.rules.odd_chip == "best-five" else [c for c in _cards(hand, p) if c is not None]
    if hand.rules.game == "razz":
        return -min(low_rank(c) * 4 + (c & 3) for c in cards)
    return max(cards)


def _cards(hand: ShowdownLayer, p: Player) -> list[int | None]:
    return [c for c in p.down if c is not None] + p.up + ([hand.common] if hand.common is not None else [])


def split_amount(amount: int, winners: list[int], chip: int) -> dict[int, int]:
    """W-4: equal shares in the smallest chip; odd chips one each, in ``winners`` order."""
    n = len(winners)
    share = (amount // (n * chip)) * chip
    out = {w: share for w in winners}
    left = amount - share * n
    i = 0
    while left > 0:
        piece = min(chip, left)
        out[winners[i % n]] += piece
        left -= piece
        i += 1
    return out


def _share(
    hand: ShowdownLayer,
    info: dict[int, dict[str, Any]],
    players: list[Player],
    key: str,
    amount: int,
    rules: list[str],
    winners: dict[int, int],
) -> list[Player]:
    """Give ``amount`` to the best of ``players`` by ``info[seat][key]`` (for the low, ``"lo"``,
    lower is better), split on a tie with the odd chip by W-4. Returns the winners.

    A module function, not a closure inside ``award``: a closure kept in a local would tie
    the hand into a reference cycle that only the garbage collector frees."""
    sign = -1 if key == "lo" else 1
    best = 0
    tied: list[Player] = []
    for p in players:
        v = sign * info[p.seat][key]
        if not tied or v > best:
            best, tied = v, [p]
        elif v == best:
            tied.append(p)
    if len(tied) > 1:
        rules.append("W-4")
        if hand.rules.game == "razz":
            rules.append("R-5")  # (the odd chip to the lowest card by suit)
        odd_chip_first = {p.seat: -_odd_chip_key(hand, p, info[p.seat]["five"]) for p in tied}
        tied.sort(key=lambda p: odd_chip_first[p.seat])
    for seat, amt in split_amount(amount, [p.seat for p in tied], hand.rules.chip).items():
        winners[seat] = winners.get(seat, 0) + amt
    return tied


def _seats(players: list[Player]) -> tuple[int, ...]:
    return tuple(p.seat for p in players)


def award(hand: ShowdownLayer) -> list[PotAwarded]:
    """Award every pot among the players who showed; H-2/H-3 split hi-lo pots."""
    chip = hand.rules.chip
    stud8 = hand.rules.game == "stud8"
    razz = hand.rules.game == "razz"  # the best low (a Razz value: higher is better) takes it all
    info: dict[int, dict[str, Any]] = {}
    for p in hand.players:
        if p.folded or p.mucked:
            continue
        held = _cards(hand, p)
        cards = [c for c in held if c is not None]
        if len(cards) != len(held) or len(cards) < 5:
            # (a player who won without showing, the others mucked: the upcards alone are no
            # five-card hand, and naming one would make one up — W-3 scores shown hands)
            continue
        hv, five = best_razz_five(cards) if razz else best_high_five(cards)
        entry: dict[str, Any] = {"hi": hv, "five": five}
        if stud8:
            lv = lo8_value(cards)
            entry["lo"] = lv
            if lv is not None:
                lf = best_low_five(cards)
                assert lf is not None  # a qualifying low has its five cards
                entry["lo_five"] = lf
        info[p.seat] = entry
    results = []
    pots = build_pots(hand.players)
    for index, (amount, eligible) in enumerate(pots):
        scored = [p for p in eligible if p.seat in info]
        contenders = scored or [q for q in eligible if not q.mucked] or eligible
        rules = ["P-1"] if len(pots) > 1 else []
        rules.append("W-3")
        winners: dict[int, int] = {}
        lows: list[Player] = []
        low_half, lo_w = 0, []
        case: PotCase
        if not scored:  # nobody left to show: the last player's pot
            winners = split_amount(amount, [contenders[0].seat], chip)
            case, hi_w, high_half = "uncontested", [contenders[0]], amount
        elif stud8:
            rules.append("H-2")
            lows = [p for p in scored if info[p.seat]["lo"] is not None]
            if lows:
                case = "hi-lo"
                low_half = (amount // (2 * chip)) * chip
                high_half = amount - low_half
                hi_w = _share(hand, info, scored, "hi", high_half, rules, winners)
                lo_w = _share(hand, info, lows, "lo", low_half, rules, winners)
                if high_half != low_half:
                    rules.append("H-3")
            else:
                rules.append("H-3")
                case, high_half = "no-low", amount
                hi_w = _share(hand, info, scored, "hi", amount, rules, winners)
        elif razz:
            rules.append("R-1")
            case, high_half = "low", amount
            hi_w = _share(hand, info, scored, "hi", amount, rules, winners)
        else:
            case, high_half = "high", amount
            hi_w = _share(hand, info, scored, "hi", amount, rules, winners)
        low_seats = {p.seat for p in lows}
        hands = tuple(
            ScoredHand(
                p.seat,
                tuple(info[p.seat]["five"]),
                info[p.seat]["hi"],
                tuple(info[p.seat]["lo_five"]) if p.seat in low_seats else None,
            )
            for p in scored
        )
        results.append(
            PotAwarded(
                tuple(dict.fromkeys(rules)),
                amount,
                tuple(p.seat for p in eligible),
                winners,
                hands,
                index,
                case,
                _seats(hi_w),
                high_half,
                info[hi_w[0].seat]["hi"] if scored else 0,
                _seats(lo_w),
                low_half,
                tuple(info[lo_w[0].seat]["lo_five"]) if lo_w else (),
                hand.rules.currency,
            )
        )
    return results


class PotListing(TypedDict):
    """A pot as ``pots_awarded`` lists it (the replay report, the screen): its amount, who could
    win it, who did and how much, the rules, each shown hand's words by seat, and the sentence."""

    amount: int
    eligible: list[int]
    winners: dict[int, int]
    rules: list[str]
    hands: dict[int, dict[str, str]]
    text: str


def pot_dict(pot: PotAwarded) -> PotListing:
    """A pot as ``pots_awarded`` (the replay report, the screen) has always listed it."""
    hands = pot.data_dict()["hands"]
    assert isinstance(hands, dict)  # PotAwarded.data_dict: seat -> {cards, name[, low, low_name]}
    return {
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "winners": dict(pot.winners),
        "rules": list(pot.rules),
        "hands": hands,
        "text": pot.text,
    }


class ShowdownLayer(BettingLayer):
    """The showdown layer of a hand: a win by folds, the showdown order, show, muck, hands
    turned up early, and the awards."""

    # --- end of hand ------------------------------------------------------------------------
    def _win_by_folds(self, winner: Player) -> None:
        self.phase = "done"
        self.to_act = None
        self._legal = []
        amount = self.pot_total()
        self.pots_awarded = [
            {
                "amount": amount,
                "eligible": [winner.seat],
                "winners": {winner.seat: amount},
                "rules": ["W-2"],
                "hands": {},
                "text": f"Seat {winner.seat} wins the pot of {self.money(amount)}: everyone else folded",
            }
        ]
        winner.stack += amount
        self.events.append(PotWonByFolds(winner.seat, amount, self.rules.currency))  # W-2
        self.events.append(HandOver(showdown=False))  # P-3

    def _begin_showdown(self) -> None:
        self.phase = "showdown"
        # the players of the last betting round (not all-in before it), for W-1 comparisons
        self.last_round_players = [p.seat for p in self.live if p.stack > 0]
        self.to_act = None
        self._legal = []
        self.showdown_order, rules, why = showdown_order(self)
        self.showdown_decision = ShowdownOrdered(tuple(self.showdown_order), rules, why)
        self.events.append(self.showdown_decision)
        self._pending_show = list(self.showdown_order)

    @property
    def pots_awarded(self) -> list[PotListing]:
        """Every pot awarded, as ``pot_dict`` lists it (amount, eligible, winners, rules,
        hands, words). Made when first read: its words are a twentieth of a replay's time, and
        a replay that only checks the hand or exports it never reads them."""
        if self._pots_awarded is None:
            self._pots_awarded = [pot_dict(pot) for pot in self._awards]
        return self._pots_awarded

    @pots_awarded.setter
    def pots_awarded(self, pots: list[PotListing]) -> None:
        self._pots_awarded = pots

    @property
    def pending_show(self) -> list[int]:
        """Seats still to show or muck, in showdown order (W-1)."""
        return list(self._pending_show)

    def show(self, seat: int, cards: Iterable[int | None] | None = None) -> list[Event]:
        """A showdown player turns the hand up. ``cards`` may be all seven (or six, with a common
        card) or just the downcards; they must agree with the upcards already seen."""
        start = len(self.events)
        p = self._showdown_player(seat)
        if cards is not None:
            self._learn_downcards(p, list(cards))
        if None in p.down:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 cannot show: downcards not entered"), seat), ("W-3",)
            )
        p.shown = True
        self._pending_show.remove(seat)
        all_cards = p.down + p.up
        if self.common is not None:
            all_cards.append(self.common)
        self.events.append(HandShown(seat, tuple(all_cards)))  # W-1, W-3
        if not self._pending_show:  # a show never leaves a lone unshown hand: no need to ask
            self._maybe_settle()
        return self.events[start:]

    def expose(self, seat: int, cards: Iterable[int | None]) -> list[Event]:
        """W-5: with everyone all-in, hands are turned face up before the last cards come.
        Learns the seat's downcards from the cards shown so far; the show itself comes at the
        showdown."""
        start = len(self.events)
        cards = list(cards)
        p = self.player(seat)
        if p.folded:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 has folded and has no hand to turn up"), seat), ("D-6",)
            )
        held = p.down + p.up
        shown = [c for c in cards if c is not None]
        if len(shown) != len(held):
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 holds %2 cards; %3 turned up"), seat, len(held), len(shown)),
                ("W-5", "D-9"),
            )
        self._learn_downcards(p, list(cards))
        self.events.append(HandExposed(seat, tuple(p.down + p.up)))  # W-5
        return self.events[start:]

    def muck(self, seat: int) -> list[Event]:
        start = len(self.events)
        p = self._showdown_player(seat)
        others = [q for q in self.live if q is not p and not q.mucked]
        if not others:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 is the last player left and cannot muck"), seat), ("W-1",)
            )
        p.mucked = True
        self._pending_show.remove(p.seat)
        self.events.append(HandMucked(seat))  # W-1
        self._maybe_settle()
        return self.events[start:]

    def best_shown(self) -> list[tuple[str, list[int], str]]:
        """``best_hands_shown`` as (half, seats, English words)."""
        return [
            ("high", list(b.seats), describe_high(b.value))
            if b.half == "high"
            else ("low", list(b.seats), describe_low(list(b.low_five)))
            for b in self.best_hands_shown()
        ]

    def best_hands_shown(self) -> list[BestShown]:
        """W-3 as the hands come up: the best high hand shown so far, and in Hi-Lo the best
        qualifying low (H-2). Not the award: a hand still to show may beat it."""
        out: list[BestShown] = []
        shown = [p for p in self.players if p.shown and not p.folded and not p.mucked]
        if not shown:
            return out
        extra = [self.common] if self.common is not None else []
        hands = {p.seat: [c for c in p.down + p.up if c is not None] + extra for p in shown}
        value_of = razz_value if self.rules.game == "razz" else hi_value  # the best low)
        highs = {seat: value_of(cards) for seat, cards in hands.items()}
        top = max(highs.values())
        out.append(BestShown("high", tuple(s for s, v in highs.items() if v == top), top))
        if self.rules.game == "stud8":
            lows = {seat: v for seat, v in ((s, lo8_value(c)) for s, c in hands.items()) if v is not None}
            if lows:
                best = min(lows.values())
                seats = tuple(s for s, v in lows.items() if v == best)
                five = best_low_five(hands[seats[0]])
                assert five is not None  # a qualifying low has its five cards
                out.append(BestShown("low", seats, 0, tuple(five)))
        return out

    def _showdown_player(self, seat: int) -> Player:
        if self.phase == "showdown" and seat in self._pending_show:
            return self.by_seat[seat]
        if self.phase != "showdown":
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "there is no showdown now (%1)"), PhaseArg(self.phase)), ("W-1",)
            )
        p = self.player(seat)
        if p.seat not in self._pending_show:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1 is not waiting to show (waiting: %2)"),
                    seat,
                    str(self._pending_show),
                ),
                ("W-1",),
            )
        return p

    def _learn_downcards(self, p: Player, cards: list[int | None]) -> None:
        """Fill the unseen downcards from a shown hand: all seven (or six with a common card),
        in any order, or just the downcards. Cards already known must be among them."""
        shown = list(cards)
        if len(shown) != len(p.down) or (len(shown) in (6, 7) and len(p.down) < 6):
            for c in p.up + ([self.common] if self.common is not None and self.common in shown else []):
                if c is not None and c not in shown:
                    raise EngineError(
                        says(
                            QT_TRANSLATE_NOOP("Errors", "seat %1 shows %2, which lacks the upcard %3"),
                            p.seat,
                            ListArg(tuple(CardArg(x) if x is not None else "??" for x in cards), " "),
                            CardArg(c),
                        ),
                        ("D-9",),
                    )
                if c is not None:
                    shown.remove(c)
        if len(shown) != len(p.down):
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1 has %2 downcards; %3 given"), p.seat, len(p.down), len(shown)
                ),
                ("D-9",),
            )
        if len({c for c in shown if c is not None}) != sum(1 for c in shown if c is not None):
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "seat %1 shows a card twice"), p.seat), ("D-1",))
        for old in p.down:
            if old is not None and old not in shown:
                raise EngineError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "seat %1's downcard %2 is not among the cards shown"),
                        p.seat,
                        CardArg(old),
                    ),
                    ("D-9",),
                )
        fresh = [c for c in shown if c is not None and c not in p.down]
        for c in fresh:
            self._claim(c)
        for i, old in enumerate(p.down):
            if old is None and fresh:
                card = p.down[i] = fresh.pop(0)
                self.seen[card] = (p.seat, "downcard")

    def _maybe_settle(self) -> None:
        unmucked = [q for q in self.live if not q.mucked]
        if len(unmucked) == 1 and not unmucked[0].shown:
            self._pending_show = []
        if self._pending_show:
            return
        awarded = award(self)
        self._awards, self._pots_awarded = awarded, None  # worded when first read (pots_awarded)
        for pot in awarded:
            for seat, amount in pot.winners.items():
                self.by_seat[seat].stack += amount
            self.events.append(pot)
        self.phase = "done"
        self.events.append(HandOver(showdown=True))  # P-3

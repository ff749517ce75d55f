"""An independent reading of a drill's situation: its PHH text replayed by a few lines of plain
code from the catalog's words, not by the engine. The drill tests compare the engine's answers
with what this derives (and with phevaluator where it applies). Razz (§13, R-1 … R-5) is read
from its own words at the end; everything else of a Razz hand is stud's (§13: "dealt, anted,
burned, capped and limited exactly as Seven Card Stud")."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # B-2: clubs lowest, then diamonds, hearts, spades
PROCEDURES = {"us-cardroom": "pool-burns", "casinos-austria": "casinos-austria", "tda-tournament": "tda"}
BURN_BEFORE_THIRD = {"casinos-austria"}


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> int:
    return SUITS.index(card[1])


def split_cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def shortage_plan(procedure: str, live: int, stub: int, burns: int) -> dict:
    """What the dealer does before a round from fourth street on, from D-7's words."""
    if procedure == "pool-burns":
        if stub >= live + 1:
            return {"burn": True, "reshuffle_burns": False, "common_card": False}
        pooled = stub + burns
        if pooled >= live + 1:
            return {"burn": True, "reshuffle_burns": True, "common_card": False}
        if pooled == live:  # exact fit: one to each, no burn, no common card
            return {"burn": False, "reshuffle_burns": burns > 0, "common_card": False}
        return {"burn": False, "reshuffle_burns": burns > 0, "common_card": True}
    if procedure == "tda":
        if stub >= live + 2:
            return {"burn": True, "reshuffle_burns": False, "common_card": False}
        if stub + burns >= live + 2:
            return {"burn": True, "reshuffle_burns": True, "common_card": False}
        if stub >= 3:
            return {"burn": True, "reshuffle_burns": False, "common_card": True}
        return {"burn": True, "reshuffle_burns": True, "common_card": True}
    # casinos-austria (S2, §12): burns shuffled in first when the stub holds fewer than live + 2;
    # a burn only if at least live + 2 remain; the bottom card never dealt; else a common card
    pool = stub < live + 2 and burns > 0
    have = stub + burns if pool else stub
    if have >= live + 2:
        return {"burn": True, "reshuffle_burns": pool, "common_card": False}
    if have == live + 1:
        return {"burn": False, "reshuffle_burns": pool, "common_card": False}
    return {"burn": have >= 3, "reshuffle_burns": pool, "common_card": True}


@dataclass
class Seat:
    seat: int
    start: int
    stack: int
    put: int = 0  # every chip it has in the pot (antes and bets)
    round_to: int = 0
    acted: bool = False
    folded: bool = False
    down: list = field(default_factory=list)
    up: list = field(default_factory=list)
    shown: list = field(default_factory=list)


@dataclass
class Situation:
    """The table as the PHH text leaves it, read without the engine."""

    players: list[Seat]
    profile: str
    game: str
    ante: int
    bring_in: int
    street: int = 3
    phase: str = "deal"
    dealt: int = 0
    burns: int = 0
    common: str | None = None
    plans: dict = field(default_factory=dict)  # street -> the D-7 plan the dealer followed before it
    rounds: dict = field(default_factory=dict)  # street -> its betting actions (seat, verb)
    to_deal: list = field(default_factory=list)
    chip: int = 1  # the table's smallest chip (W-4, H-3: an odd chip is one of these)
    awarded: bool = False  # the record's finishing stacks are written: the pots have been pushed

    @property
    def live(self) -> list[Seat]:
        return [p for p in self.players if not p.folded]

    @property
    def pot(self) -> int:
        return sum(p.put for p in self.players)

    @property
    def stub(self) -> int:
        return 52 - self.dealt - self.burns - (1 if self.common else 0)

    def by_seat(self, seat: int) -> Seat:
        return next(p for p in self.players if p.seat == seat)

    # --- the hand, step by step -----------------------------------------------------------------
    def _start_betting(self):
        self.phase = "bet"
        self.rounds[self.street] = []
        if sum(1 for p in self.live if p.stack > 0) < 2 and self._matched():
            self._end_round()  # nobody can bet: the round is over at once

    def _matched(self) -> bool:
        top = max(p.round_to for p in self.players)
        return all(p.round_to == top or p.stack == 0 for p in self.live)

    def _round_over(self) -> bool:
        """A-7: every live player with chips has acted and put in the same amount."""
        if len(self.live) == 1:
            return True
        return all(p.acted for p in self.live if p.stack > 0) and self._matched()

    def _end_round(self):
        tops = sorted((p.round_to for p in self.players), reverse=True)
        if len(tops) > 1 and tops[0] > tops[1]:  # P-2: the uncalled part goes back
            h = max(self.players, key=lambda p: p.round_to)
            h.stack += tops[0] - tops[1]
            h.put -= tops[0] - tops[1]
        for p in self.players:
            p.round_to, p.acted = 0, False
        if len(self.live) == 1:
            self.phase = "done"
            return
        if self.street == 7:
            self.phase = "showdown"
            return
        self.street += 1
        plan = shortage_plan(PROCEDURES[self.profile], len(self.live), self.stub, self.burns)
        self.plans[self.street] = plan
        if plan["reshuffle_burns"]:
            self.burns = 0
        if plan["burn"]:
            self.burns += 1
        self.phase = "deal"
        self.to_deal = [] if plan["common_card"] else [p.seat for p in self.live]

    def apply(self, line: str):
        words = line.split()
        if words[0] == "d" and words[1] == "db":  # D-8: the common card
            self.common = words[2]
            self._start_betting()
            return
        if words[0] == "d":
            p = self.by_seat(self.players[int(words[2][1:]) - 1].seat)
            cards = split_cards(words[3])
            if self.street == 3:
                p.down += cards[:2]
                p.up.append(cards[2])
            else:
                (p.down if self.street == 7 else p.up).append(cards[0])
                self.to_deal.remove(p.seat)
            self.dealt += len(cards)
            done = all(q.up for q in self.players) if self.street == 3 else not self.to_deal
            if done:
                self._start_betting()
            return
        p = self.players[int(words[0][1:]) - 1]
        verb = words[1]
        if verb == "sm":
            p.shown = split_cards(words[2])
            return
        top = max(q.round_to for q in self.players)
        to = None
        if verb == "f":
            p.folded = True
        elif verb == "cc":
            to = min(top, p.round_to + p.stack)
        elif verb == "pb":
            to = min(self.bring_in, p.stack)
        else:
            to = int(words[2])
        if to is not None:
            p.stack -= to - p.round_to
            p.put += to - p.round_to
            p.round_to = to
        p.acted = True
        if verb in ("cbr",):  # a bet or raise reopens the action for everyone else
            for q in self.players:
                if q is not p:
                    q.acted = q.acted and q.round_to >= to
        self.rounds[self.street].append((p.seat, verb))
        if self._round_over():
            self._end_round()


def read(phh: str) -> Situation:
    data = tomllib.loads(phh)
    stacks = data["starting_stacks"]
    seats = data.get("seats", list(range(1, len(stacks) + 1)))
    profile = data["_profile"]
    players = [Seat(seat, s, s) for seat, s in zip(seats, stacks, strict=True)]
    game = {"F7S/8": "stud8", "FR": "razz"}.get(data["variant"], "stud")
    sit = Situation(players, profile, game, data["antes"][0], data["bring_in"])
    from dealer_app.engine.limits import load_table  # the table's data (its smallest chip), not a rule

    sit.chip = load_table(data["_table"]).chip
    for p in players:  # B-1: the ante, or all of a short stack
        a = min(sit.ante, p.stack)
        p.stack -= a
        p.put += a
    if profile in BURN_BEFORE_THIRD:  # D-5 HOUSE burn_before_third
        sit.burns = 1
    for line in data["actions"]:
        sit.apply(line)
    sit.awarded = data.get("finishing_stacks") is not None
    return sit


# --- the answers, derived -------------------------------------------------------------------------
def bring_in_seat(sit: Situation) -> int:
    """B-2: the lowest door card (rank, then suit); B-5: past an all-in player, clockwise."""
    low = min(sit.players, key=lambda p: (rank(p.up[0]), suit(p.up[0])))
    if low.stack > 0:
        return low.seat
    i = sit.players.index(low)
    ring = sit.players[i + 1 :] + sit.players[:i]
    return next(p.seat for p in ring if p.stack > 0 and not p.folded)


def board_value(cards: list[str]) -> tuple:
    """A-2: a showing hand's strength: quads > trips > two pair > pair > high card, then ranks;
    no straights or flushes."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[rank(c)] = counts.get(rank(c), 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _r in groups)
    category = {(4,): 5, (3,): 3, (2, 2): 2, (2,): 1}.get(shape[:2] if shape[:2] == (2, 2) else shape[:1], 0)
    if shape[:1] == (4,):
        category = 5
    return (category, tuple(r for _n, r in groups))


def side_pots(sit: Situation) -> list[dict]:
    """P-1: the pots split at each all-in player's total; the players not all-in take part in all."""
    live = sit.live
    levels = sorted({p.put for p in live if p.stack == 0})
    top = max(p.put for p in sit.players)
    if not levels or levels[-1] < top:
        levels.append(top)
    out, prev = [], 0
    for level in levels:
        amount = sum(min(p.put, level) - min(p.put, prev) for p in sit.players)
        if amount:
            out.append({"amount": amount, "eligible": [p.seat for p in live if p.put >= level or p.stack > 0]})
        prev = level
    return out


def shows_first(sit: Situation) -> int:
    """W-1 (and §12): the last round anyone acted in; its last bet or raise, else its first actor."""
    last = max((s for s, acts in sit.rounds.items() if acts), default=None)
    if last is None:
        return sit.live[0].seat
    acts = sit.rounds[last]
    raises = [seat for seat, verb in acts if verb == "cbr"]
    return raises[-1] if raises else acts[0][0]


def stub_count(sit: Situation) -> tuple[int, int, int]:
    """D-9 as a dealer counts it: (the cards dealt, a common card with them; the burn pile; the
    stub = 52 less both). Asked only once a street's cards are all out (``stub_moment_is_clear``)."""
    dealt = sit.dealt + (1 if sit.common else 0)
    return dealt, sit.burns, 52 - dealt - sit.burns


def stub_moment_is_clear(sit: Situation) -> bool:
    """While a street is dealt (from the end of the round before: its burn is already made) the
    count depends on which of its cards the table shows yet; betting, the showdown or the end
    leave no doubt."""
    return sit.phase in ("bet", "showdown", "done")


# --- Hi-Lo lows and chips (H-2, H-3, W-4, T-2) -----------------------------------------------------
def best_low(cards: list[str]) -> tuple | None:
    """H-2: five different ranks eight or lower, ace low (1); the lowest, compared from the top."""
    ranks = {1 if c[0] == "A" else rank(c) + 2 for c in cards}
    ranks = {r for r in ranks if r <= 8}
    if len(ranks) < 5:
        return None
    return tuple(sorted(ranks)[:5][::-1])


@functools.cache
def table_chips(table: str) -> list[int]:
    """The table's chips in cents, read from its YAML file with the plain YAML reader (not the
    app's limits loader)."""
    from decimal import Decimal
    from pathlib import Path

    import yaml

    data = yaml.safe_load((Path(__file__).resolve().parents[2] / "limits" / f"{table}.yaml").read_text())
    return sorted(int(Decimal(str(c["amount"])) * 100) for c in data["chips"])


def fewest(amount: int, chips: list[int]) -> int | None:
    """The fewest chips that make ``amount`` (every way tried, smallest count kept)."""
    unit = min(chips)
    if amount % unit:
        return None
    best = [0] + [None] * (amount // unit)
    for i in range(1, amount // unit + 1):
        options = [best[i - c // unit] for c in chips if c // unit <= i and best[i - c // unit] is not None]
        best[i] = min(options) + 1 if options else None
    return best[amount // unit]


def split_pot(sit: Situation, high_value) -> dict[int, int]:
    """One Hi-Lo pot paid: H-2 halves, H-3 the odd chip to the high half, W-4 ties split in the
    table's smallest chip, an odd chip first to the highest card by suit of all a player's cards
    (the us-cardroom profile). ``high_value``: a hand's rank, lower is better (phevaluator)."""
    live = sit.live
    seven = {p.seat: p.down + p.up + ([sit.common] if sit.common else []) for p in live}
    top = min(high_value(seven[p.seat]) for p in live)
    highs = [p.seat for p in live if high_value(seven[p.seat]) == top]
    lows = {p.seat: best_low(seven[p.seat]) for p in live}
    low = min(v for v in lows.values() if v is not None)
    lowest = [s for s, v in lows.items() if v == low]
    chip, pot = sit.chip, sit.pot
    low_half = pot // 2 // chip * chip
    out: dict[int, int] = {}
    for seats, half in ((highs, pot - low_half), (lowest, low_half)):
        order = sorted(seats, key=lambda s: max((rank(c), suit(c)) for c in seven[s]), reverse=True)
        share = half // (len(seats) * chip) * chip
        left = half - share * len(seats)
        for i, s in enumerate(order):
            out[s] = out.get(s, 0) + share + (chip if i < left // chip else 0)
    return out


# --- the irregularity quiz (§9, I-1 … I-8) ---------------------------------------------------------
def house_option(profile: str, option: str, limits_dir=None) -> object:
    """A house option read from the profile's YAML file with the plain YAML reader."""
    from pathlib import Path

    import yaml

    folder = Path(limits_dir) if limits_dir else Path(__file__).resolve().parents[2] / "limits"
    return yaml.safe_load((folder / "house" / f"{profile}.yaml").read_text())["options"][option]


def irregularity(sit: Situation, case: dict, out_of_turn: str) -> tuple[str, bool]:
    """The remedy and whether it applies now, from the situation's facts read as §9 words them.
    *Substantial action*: two players after the bring-in have acted (third street's first action
    is the bring-in)."""
    kind = case["kind"]
    third = sit.rounds.get(3, [])
    substantial = sit.street > 3 or len(third) - 1 >= 2
    if kind in ("exposed", "flashed"):  # I-1 (I-8: a flashed card is exposed): while its cards are dealt
        assert sit.street == 3 and sit.phase == "deal" and not sit.by_seat(case["seat"]).up
        return ("I-8" if kind == "flashed" else "I-1"), True
    if kind == "both-exposed":  # I-1: a misdeal (I-6), always before substantial action while dealing
        assert sit.street == 3 and sit.phase == "deal" and not third
        return "I-6", True
    if kind == "exposed-late":  # I-3: an exposed card on a later street
        assert sit.street == 7 and sit.phase == "deal"
        return "I-3", True
    if kind == "dealt-early":  # I-2 during a betting round before seventh street; dealt without a new burn
        assert sit.phase == "bet" and sit.street <= 6 and case["street"] == sit.street + 1
        plan = shortage_plan(PROCEDURES[sit.profile], len(sit.live), sit.stub, sit.burns)
        normal = plan["burn"] and not plan["reshuffle_burns"] and not plan["common_card"]
        return ("I-2", True) if normal else ("I-3", True)  # D-7: a short deck, the floor decides
    if kind == "wrong-bring-in":  # I-4: corrected while the next player has not acted
        assert sit.street == 3 and sit.phase == "bet" and third[0][0] == case["brought_in"]
        p = sit.by_seat(case["seat"])
        assert p.up[0] == case["read_as"] != case["card"]
        door, p.up[0] = p.up[0], case["card"]
        right = bring_in_seat(sit)
        p.up[0] = door
        assert right != case["brought_in"], case  # the right card makes another player bring in
        return "I-4", len(third) == 1
    if kind == "out-of-turn":  # I-5, or the floor by HOUSE out_of_turn
        if out_of_turn == "floor":
            return "I-3", True
        between = [*sit.rounds[sit.street][case["at"] :], (case["then"]["seat"], case["then"]["action"])]
        changed = any(verb in ("cbr", "bet", "raise", "complete") for _seat, verb in between)
        return "I-5", not changed
    if kind == "misdeal":  # I-6: before substantial action
        return "I-6", not sit.awarded and not substantial
    assert kind == "fouled-deck"  # I-7: whatever the action; after the awards the floor decides
    return ("I-3", True) if sit.awarded else ("I-7", True)


# --- Razz (§13): R-1 … R-5 from the catalog's words -------------------------------------------------
def low_rank(card: str) -> int:
    """R-1, R-2: "the ace is low", so the king is the highest card: ace 1, deuce 2 … king 13."""
    return 1 if card[0] == "A" else rank(card) + 2


# R-1: "a pair counts against: any five different ranks beat any hand with a pair, two pair is
# worse than one pair, and so on" (trips, a full house, quads: each worse than the one before)
RAZZ_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def razz_key(cards: list[str]) -> tuple:
    """R-1's order of a five (R-3: of a board of fewer cards), lower is better: the pairs against
    it first, then "equal ranks compare from the highest card down" — a paired hand by its pair
    first, as a pair is named ("a pair of nines"), then the rest from the highest down."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[low_rank(c)] = counts.get(low_rank(c), 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _r in groups)
    worse = RAZZ_SHAPES[shape + (1,) * (5 - sum(shape))]  # (a board: its missing cards unpaired)
    return (worse, tuple(r for _n, r in groups))


def best_razz(cards: list[str]) -> tuple[tuple, list[str]]:
    """R-1: the lowest five of a player's cards, every five tried."""
    import itertools

    return min((razz_key(list(five)), list(five)) for five in itertools.combinations(cards, 5))


def razz_bring_in_seat(sit: Situation) -> int:
    """R-2: the highest door card (the king highest, the ace lowest); equal ranks: spades, then
    hearts, diamonds, clubs; B-5: past an all-in player, clockwise."""
    high = max(sit.players, key=lambda p: (low_rank(p.up[0]), suit(p.up[0])))
    if high.stack > 0:
        return high.seat
    i = sit.players.index(high)
    ring = sit.players[i + 1 :] + sit.players[:i]
    return next(p.seat for p in ring if p.stack > 0 and not p.folded)


def razz_first_to_act(sit: Situation, tiebreak: str) -> int:
    """R-3: the lowest showing hand (R-1 on the upcards) acts first; tied boards by A-4: position
    (nearest the dealer's left: the lowest seat) or suit (the board whose highest card is the
    lowest by suit); A-5: an all-in player is passed, clockwise."""
    live = sit.live
    best = min(razz_key(p.up) for p in live)
    tied = [p for p in live if razz_key(p.up) == best]
    if tiebreak == "suit":
        first = min(tied, key=lambda p: suit(max(p.up, key=lambda c: (low_rank(c), suit(c)))))
    else:
        first = tied[0]
    if first.stack == 0:
        i = sit.players.index(first)
        ring = sit.players[i + 1 :] + sit.players[:i]
        first = next(p for p in ring if not p.folded and p.stack > 0)
    return first.seat


def razz_award(sit: Situation, amount: int, eligible: list[Seat], odd_chip: str) -> dict[str, int]:
    """R-1: the lowest hand takes the pot; R-5/W-4: equal lows split in the table's smallest chip,
    the odd chip first to the tied player with the lowest card by suit (the ace low, clubs
    lowest) of all its cards (HOUSE odd_chip all-cards) or of its best five (best-five)."""
    if len(eligible) == 1:
        return {str(eligible[0].seat): amount}
    cards = {p.seat: p.down + p.up + ([sit.common] if sit.common else []) for p in eligible}
    lows = {p.seat: best_razz(cards[p.seat]) for p in eligible}
    low = min(key for key, _five in lows.values())
    tied = [p.seat for p in eligible if lows[p.seat][0] == low]
    counted = {s: (lows[s][1] if odd_chip == "best-five" else cards[s]) for s in tied}
    order = sorted(tied, key=lambda s: min((low_rank(c), suit(c)) for c in counted[s]))
    chip = sit.chip
    share = amount // (len(tied) * chip) * chip
    left = amount - share * len(tied)
    return {str(s): share + (chip if i < left // chip else 0) for i, s in enumerate(order)}


def razz_low_name(five: list[str]) -> str | None:
    """R-1's words for an unpaired low, e.g. "8-6-4-3-A low" (None: a paired hand)."""
    ranks = sorted({low_rank(c) for c in five}, reverse=True)
    if len(ranks) < 5:
        return None
    return "-".join("A" if r == 1 else RANKS[r - 2] for r in ranks) + " low"

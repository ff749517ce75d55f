"""The stub and what the dealer must do before each round of dealing (D-5…D-9).

``plan_deal`` is a pure function of the counts, so the same code answers the live table, the
warning one street ahead, and the training drill "what now, the deck is short?".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class DealPlan:
    street: int
    live: int
    stub_before: int
    burn: bool
    reshuffle_burns: bool
    common_card: bool
    stub_after: int
    burns_after: int
    rules: tuple[str, ...]
    words: str

    @property
    def normal(self) -> bool:
        return not (self.reshuffle_burns or self.common_card)

    def as_dict(self) -> dict:
        return {"burn": self.burn, "reshuffle_burns": self.reshuffle_burns,
                "common_card": self.common_card, "stub_after": self.stub_after}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@lru_cache(maxsize=4096)  # a pure function of a few counts, asked twice a street
def plan_deal(procedure: str, street: int, live: int, stub: int, burns: int,
              burn_before_third: bool = False) -> DealPlan:
    """What the dealer does before dealing ``street`` to ``live`` players.

    ``stub`` is the cards left to deal, ``burns`` the face-down burn pile that may be pooled.
    """
    if street == 3:
        burn = burn_before_third
        need = 3 * live + burn
        if stub < need:
            raise ValueError(f"a 52-card deck cannot deal third street to {live} players")
        rules = ("D-3", "D-5") if burn else ("D-3",)
        words = ("Burn one card, then " if burn else "") + "two cards down and one up to each player"
        return DealPlan(3, live, stub, burn, False, False, stub - need, burns + burn, rules, words)

    down = street == 7
    kind = "down" if down else "up"

    def normal(rules=("D-5",)):
        return DealPlan(street, live, stub, True, False, False, stub - 1 - live, burns + 1, rules,
                        f"Burn one card, then one card {kind} to each of the {live} players")

    if procedure == "pool-burns":
        # S0: the round needs a burn plus one card for every live player. Short: pool the burns
        # with the stub if that covers it; otherwise shuffle the burns in and turn one common
        # card (S0 names no burn before the common card).
        if stub >= live + 1:
            return normal()
        pooled = stub + burns
        if pooled >= live + 1:
            return DealPlan(street, live, stub, True, True, False, pooled - 1 - live, 1, ("D-7", "D-5"),
                            f"Only {_cards(stub)} left for {live} players: shuffle the {burns} burn cards "
                            f"into the stub, burn one, then deal one card {kind} to each player")
        if pooled == live:
            # D-7 (catalog): the pooled cards are burned from only while they hold more than one
            # card per live player; an exact fit deals one to each, no burn, no common card
            pre = (f"shuffle the {burns} burn cards into the stub, then " if burns else "")
            return DealPlan(street, live, stub, False, bool(burns), False, 0, 0, ("D-7",),
                            f"Only {_cards(stub)} left for {live} players: {pre}deal one card {kind} to "
                            f"each player without a burn")
        return DealPlan(street, live, stub, False, bool(burns), True, pooled - 1, 0, ("D-7", "D-8"),
                        f"Only {_cards(stub)} left for {live} players: shuffle the {burns} burn cards "
                        f"into the stub, then turn one common card face up in the middle")
    if procedure == "casinos-austria":
        # S2: fewer than live + 2 cards: shuffle the burns in first. The bottom card is never
        # dealt: with exactly live + 1 nothing is burned; with less, one common card.
        pool = stub < live + 2 and burns > 0
        have = stub + burns if pool else stub
        left_burns = 0 if pool else burns
        pre = (f"Only {_cards(stub)} left for {live} players: shuffle the {burns} burn cards into the "
               f"stub. ") if pool else ""
        rules = ("D-7", "D-5") if pool else ("D-5",)
        if have >= live + 2:
            if not pool:
                return normal()
            return DealPlan(street, live, stub, True, True, False, have - 1 - live, 1, rules,
                            pre + f"Burn one, then one card {kind} to each player")
        if have == live + 1:
            return DealPlan(street, live, stub, False, pool, False, have - live, left_burns,
                            ("D-7", "D-5"), pre + f"Do not burn (the bottom card is never dealt); "
                            f"one card {kind} to each player")
        burn = have >= 3
        return DealPlan(street, live, stub, burn, pool, True, have - burn - 1, left_burns + burn,
                        ("D-7", "D-8"), pre + ("Burn one card, then t" if burn else "T") +
                        "urn one common card face up in the middle")
    if procedure == "tda":
        # TDA RP-10-H: the round needs live + 1 burn + 1 (the last card stays undealt).
        need = live + 2
        if stub >= need:
            return normal()
        if stub + burns >= need:
            return DealPlan(street, live, stub, True, True, False, stub + burns - 1 - live, 1, ("D-7", "D-5"),
                            f"Only {_cards(stub)} left for {live} players: scramble the {burns} burn "
                            f"cards with the stub, cut, burn one, then one card {kind} to each player")
        if stub >= 3:
            return DealPlan(street, live, stub, True, False, True, stub - 2, burns + 1, ("D-7", "D-8"),
                            f"Only {_cards(stub)} left for {live} players: burn one card and turn one "
                            f"common card face up in the middle")
        pooled = stub + burns
        return DealPlan(street, live, stub, True, True, True, pooled - 2, 1, ("D-7", "D-8"),
                        f"Only {_cards(stub)} left: scramble the stub with the {burns} burn cards, cut, "
                        f"burn one and turn one common card face up in the middle")
    raise ValueError(f"unknown shortage_procedure {procedure!r}")

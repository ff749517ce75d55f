"""The stub and what the dealer must do before each round of dealing (D-5…D-9).

``plan_deal`` is a pure function of the counts, so the same code answers the live table, the
warning one street ahead, and the training drill "what now, the deck is short?".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, joined, says

# what the dealer does, by case; ``plan_says`` words each (English filled; the UI the reader's language)
PlanCase = Literal[
    "third",
    "normal",
    "pool",
    "exact-fit",
    "pool-common",
    "austria-pool",
    "austria-no-burn",
    "austria-common",
    "tda-scramble",
    "tda-common",
    "tda-scramble-common",
    "early-burned",
]


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
    case: PlanCase
    burns_before: int  # the burn pile before this round (what may be shuffled in)

    @property
    def normal(self) -> bool:
        return not (self.reshuffle_burns or self.common_card)

    @property
    def says(self) -> Says:
        return plan_says(self)

    @property
    def words(self) -> str:
        return plan_words(self)

    @property
    def text(self) -> str:
        return plan_words(self)

    def as_dict(self) -> dict[str, object]:
        return {
            "burn": self.burn,
            "reshuffle_burns": self.reshuffle_burns,
            "common_card": self.common_card,
            "stub_after": self.stub_after,
        }


def _card_count(n: int) -> Says:
    return says(QT_TRANSLATE_NOOP("Words", "1 card")) if n == 1 else says(QT_TRANSLATE_NOOP("Words", "%1 cards"), n)


def plan_says(plan: DealPlan) -> Says:
    """What the dealer does, in words (D-5, D-7, D-8)."""
    down = plan.street == 7
    live, burns, case = plan.live, plan.burns_before, plan.case
    short = says(QT_TRANSLATE_NOOP("Words", "Only %1 left for %2 players: "), _card_count(plan.stub_before), live)
    if case == "third":
        if plan.burn:
            return says(QT_TRANSLATE_NOOP("Words", "Burn one card, then two cards down and one up to each player"))
        return says(QT_TRANSLATE_NOOP("Words", "two cards down and one up to each player"))
    if case == "normal":
        if down:
            return says(QT_TRANSLATE_NOOP("Words", "Burn one card, then one card down to each of the %1 players"), live)
        return says(QT_TRANSLATE_NOOP("Words", "Burn one card, then one card up to each of the %1 players"), live)
    if case == "early-burned":  # I-2
        if down:
            return says(
                QT_TRANSLATE_NOOP(
                    "Words",
                    "No new burn (it went with the card dealt too early): one card down to each of the %1 players",
                ),
                live,
            )
        return says(
            QT_TRANSLATE_NOOP(
                "Words", "No new burn (it went with the card dealt too early): one card up to each of the %1 players"
            ),
            live,
        )
    if case == "pool":
        if down:
            return joined(
                short,
                says(
                    QT_TRANSLATE_NOOP(
                        "Words",
                        "shuffle the %1 burn cards into the stub, burn one, then deal one card down to each player",
                    ),
                    burns,
                ),
            )
        return joined(
            short,
            says(
                QT_TRANSLATE_NOOP(
                    "Words", "shuffle the %1 burn cards into the stub, burn one, then deal one card up to each player"
                ),
                burns,
            ),
        )
    if case == "exact-fit":
        parts: list[Says] = [short]
        if burns:
            parts.append(says(QT_TRANSLATE_NOOP("Words", "shuffle the %1 burn cards into the stub, then "), burns))
        if down:
            parts.append(says(QT_TRANSLATE_NOOP("Words", "deal one card down to each player without a burn")))
        else:
            parts.append(says(QT_TRANSLATE_NOOP("Words", "deal one card up to each player without a burn")))
        return joined(*parts)
    if case == "pool-common":
        return joined(
            short,
            says(
                QT_TRANSLATE_NOOP(
                    "Words", "shuffle the %1 burn cards into the stub, then turn one common card face up in the middle"
                ),
                burns,
            ),
        )
    if case.startswith("austria"):
        return _austria_says(plan, short)
    if case == "tda-scramble":
        if down:
            return joined(
                short,
                says(
                    QT_TRANSLATE_NOOP(
                        "Words",
                        "scramble the %1 burn cards with the stub, cut, burn one, then one card down to each player",
                    ),
                    burns,
                ),
            )
        return joined(
            short,
            says(
                QT_TRANSLATE_NOOP(
                    "Words", "scramble the %1 burn cards with the stub, cut, burn one, then one card up to each player"
                ),
                burns,
            ),
        )
    if case == "tda-common":
        return joined(
            short, says(QT_TRANSLATE_NOOP("Words", "burn one card and turn one common card face up in the middle"))
        )
    return says(
        QT_TRANSLATE_NOOP(
            "Words",
            "Only %1 left: scramble the stub with the %2 burn cards, cut, burn one and turn one "
            "common card face up in the middle",
        ),
        _card_count(plan.stub_before),
        burns,
    )


def _austria_says(plan: DealPlan, short: Says) -> Says:
    """Casinos Austria's shortage procedure: a round after the burns are shuffled in, or a common card."""
    down, burns, case = plan.street == 7, plan.burns_before, plan.case
    pre: list[Says] = []
    if plan.reshuffle_burns:
        pre = [short, says(QT_TRANSLATE_NOOP("Words", "shuffle the %1 burn cards into the stub. "), burns)]
    if case == "austria-pool":
        if down:
            then = says(QT_TRANSLATE_NOOP("Words", "Burn one, then one card down to each player"))
        else:
            then = says(QT_TRANSLATE_NOOP("Words", "Burn one, then one card up to each player"))
    elif case == "austria-no-burn":
        if down:
            then = says(
                QT_TRANSLATE_NOOP("Words", "Do not burn (the bottom card is never dealt); one card down to each player")
            )
        else:
            then = says(
                QT_TRANSLATE_NOOP("Words", "Do not burn (the bottom card is never dealt); one card up to each player")
            )
    elif plan.burn:
        then = says(QT_TRANSLATE_NOOP("Words", "Burn one card, then turn one common card face up in the middle"))
    else:
        then = says(QT_TRANSLATE_NOOP("Words", "Turn one common card face up in the middle"))
    return joined(*pre, then) if pre else then


def plan_words(plan: DealPlan) -> str:
    """What the dealer does, in English (D-5, D-7, D-8)."""
    return str(plan_says(plan))


@lru_cache(maxsize=4096)  # a pure function of a few counts, asked twice a street
def plan_deal(
    procedure: str, street: int, live: int, stub: int, burns: int, burn_before_third: bool = False
) -> DealPlan:
    """What the dealer does before dealing ``street`` to ``live`` players.

    ``stub`` is the cards left to deal, ``burns`` the face-down burn pile that may be pooled.
    """
    if street == 3:
        burn = burn_before_third
        need = 3 * live + burn
        if stub < need:
            raise ValueError(f"a 52-card deck cannot deal third street to {live} players")
        rules = ("D-3", "D-5") if burn else ("D-3",)
        return DealPlan(3, live, stub, burn, False, False, stub - need, burns + burn, rules, "third", burns)

    def normal(rules: tuple[str, ...] = ("D-5",)) -> DealPlan:
        return DealPlan(street, live, stub, True, False, False, stub - 1 - live, burns + 1, rules, "normal", burns)

    if procedure == "pool-burns":
        # S0: the round needs a burn plus one card for every live player. Short: pool the burns
        # with the stub if that covers it; otherwise shuffle the burns in and turn one common
        # card (S0 names no burn before the common card).
        if stub >= live + 1:
            return normal()
        pooled = stub + burns
        if pooled >= live + 1:
            return DealPlan(street, live, stub, True, True, False, pooled - 1 - live, 1, ("D-7", "D-5"), "pool", burns)
        if pooled == live:
            # D-7 (catalog): the pooled cards are burned from only while they hold more than one
            # card per live player; an exact fit deals one to each, no burn, no common card
            return DealPlan(street, live, stub, False, bool(burns), False, 0, 0, ("D-7",), "exact-fit", burns)
        return DealPlan(
            street, live, stub, False, bool(burns), True, pooled - 1, 0, ("D-7", "D-8"), "pool-common", burns
        )
    if procedure == "casinos-austria":
        # S2: fewer than live + 2 cards: shuffle the burns in first. The bottom card is never
        # dealt: with exactly live + 1 nothing is burned; with less, one common card.
        pool = stub < live + 2 and burns > 0
        have = stub + burns if pool else stub
        left_burns = 0 if pool else burns
        rules = ("D-7", "D-5") if pool else ("D-5",)
        if have >= live + 2:
            if not pool:
                return normal()
            return DealPlan(street, live, stub, True, True, False, have - 1 - live, 1, rules, "austria-pool", burns)
        if have == live + 1:
            return DealPlan(
                street,
                live,
                stub,
                False,
                pool,
                False,
                have - live,
                left_burns,
                ("D-7", "D-5"),
                "austria-no-burn",
                burns,
            )
        burn = have >= 3
        return DealPlan(
            street,
            live,
            stub,
            burn,
            pool,
            True,
            have - burn - 1,
            left_burns + burn,
            ("D-7", "D-8"),
            "austria-common",
            burns,
        )
    if procedure == "tda":
        # TDA RP-10-H: the round needs live + 1 burn + 1 (the last card stays undealt).
        need = live + 2
        if stub >= need:
            return normal()
        if stub + burns >= need:
            return DealPlan(
                street, live, stub, True, True, False, stub + burns - 1 - live, 1, ("D-7", "D-5"), "tda-scramble", burns
            )
        if stub >= 3:
            return DealPlan(
                street, live, stub, True, False, True, stub - 2, burns + 1, ("D-7", "D-8"), "tda-common", burns
            )
        pooled = stub + burns
        return DealPlan(
            street, live, stub, True, True, True, pooled - 2, 1, ("D-7", "D-8"), "tda-scramble-common", burns
        )
    raise ValueError(f"unknown shortage_procedure {procedure!r}")

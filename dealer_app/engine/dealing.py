"""Antes and dealing (B-1, D-1…D-9): the part of a hand that puts cards and antes out."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from dealer_app.engine.cards import CardArg
from dealer_app.engine.core import HandCore
from dealer_app.engine.deck import DealPlan, plan_deal
from dealer_app.engine.errors import EngineError
from dealer_app.engine.events import (
    AntePosted,
    BurnsReshuffled,
    CardBurned,
    CardsDealt,
    CommonCardDealt,
    DealPlanned,
    Event,
    ShortageAhead,
)
from dealer_app.engine.says import QT_TRANSLATE_NOOP, PhaseArg, Says, says

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer_app.engine.player import Player


class DealingLayer(HandCore):
    """The dealing layer of a hand: antes, burns, the deal in dealing order, and the common card."""

    # --- antes and dealing ------------------------------------------------------------------
    def _post_antes(self) -> None:
        ante, currency, events = self.rules.ante, self.rules.currency, self.events
        for p in self.players:
            amount = ante if ante < p.stack else p.stack
            p.stack -= amount
            p.total += amount
            all_in = p.stack == 0
            events.append(AntePosted(p.seat, amount, all_in, currency))  # B-1

    def _begin_deal(self) -> None:
        live = self.live
        self.held = {}  # I-5: an action out of turn never carries into the next round
        if self.early_burn:  # I-2: this street's burn went with the card dealt too early
            self.early_burn = False
            plan = DealPlan(
                self.street,
                len(live),
                self.stub,
                False,
                False,
                False,
                self.stub - len(live),
                self.burns,
                ("I-2", "D-4"),
                "early-burned",
                self.burns,
            )
        else:
            plan = plan_deal(
                self.rules.shortage_procedure,
                self.street,
                len(live),
                self.stub,
                self.burns,
                self.rules.burn_before_third,
            )
        self.plan = plan
        self.events.append(DealPlanned(self.street, plan, plan.rules))
        self.opening_decision = self.shortage_warning = None  # both are about one street
        if plan.reshuffle_burns:  # D-7
            self.events.append(BurnsReshuffled(self.burns))
            self.stub += self.burns
            self.burns = 0
        if plan.burn:
            self.stub -= 1
            self.burns += 1
            self.events.append(CardBurned(self.stub))  # D-5
        if self.street < 7:
            self._warn_ahead()
        self.deal_queue = [] if plan.common_card else list(live)
        self.phase = "deal"

    def _warn_ahead(self) -> None:
        """D-7: warn a street early when the next round will be short if everyone stays in."""
        plan = self.plan
        nxt = plan_deal(
            self.rules.shortage_procedure,
            self.street + 1,
            plan.live,
            plan.stub_after,
            plan.burns_after,
            self.rules.burn_before_third,
        )
        if not nxt.normal:
            self.shortage_warning = ShortageAhead(self.street + 1, nxt)
            self.events.append(self.shortage_warning)

    def expected_deal(self) -> tuple[int, int] | None:
        """(seat, number of cards) the dealer deals next, or None (D-2)."""
        if self.phase != "deal" or not self.deal_queue:
            return None
        return self.deal_queue[0].seat, 3 if self.street == 3 else 1

    def _claim(self, card: int | None) -> None:
        if card is None:
            return
        if card in self.seen:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "card %1 is already seen in this hand (%2)"),
                    CardArg(card),
                    self._where_seen(card),
                ),
                ("D-1",),
            )

    def _where_seen(self, card: int) -> Says:
        where = self.seen[card]
        if where is None:
            return says(QT_TRANSLATE_NOOP("Errors", "the common card"))
        seat, kind = where
        if kind == "upcard":
            return says(QT_TRANSLATE_NOOP("Errors", "seat %1's upcard"), seat)
        return says(QT_TRANSLATE_NOOP("Errors", "seat %1's downcard"), seat)

    def deal(self, seat: int, cards: Iterable[int | None]) -> list[Event]:
        """Deal a seat its cards for this street: third street ``[down, down, door]`` (or just the
        door), later streets one card; the river may be ``None`` (the dealer cannot see it)."""
        start = len(self.events)
        queue = self.deal_queue
        if self.phase != "deal" or self.plan.common_card or not queue or queue[0].seat != seat:
            self._refuse_deal(seat)
        p = queue[0]
        street = self.street
        if not isinstance(cards, list):  # any sequence of cards will do
            cards = list(cards)
        seen = self.seen
        if street == 3:
            if len(cards) == 1:
                cards = [None, None, cards[0]]
            self._check_cards(p, cards, (True, True, False))
            d1, d2, door = cards
            p.down += (d1, d2)
            p.up.append(door)
            if d1 is not None:
                seen[d1] = (seat, "downcard")
            if d2 is not None:
                seen[d2] = (seat, "downcard")
            if door is not None:
                seen[door] = (seat, "upcard")
            self.stub -= 3
            ev = CardsDealt(seat, 3, (d1, d2, door), self.stub, ("D-3",))
        else:
            if len(cards) != 1:
                self._check_cards(p, list(cards), (street == 7,))
            card: int | None = cards[0]
            down = street == 7
            if card is None:
                if not down and not self.unknown_upcards:
                    self._check_cards(p, [card], (down,))
            elif card in seen:
                self._claim(card)
            if down:
                p.down.append(card)
                if card is not None:
                    seen[card] = (seat, "downcard")
            else:
                p.up.append(card)
                if card is not None:
                    seen[card] = (seat, "upcard")
            self.stub -= 1
            ev = CardsDealt(seat, street, (card,), self.stub, ("D-4",))
        self.events.append(ev)
        del queue[0]
        if not queue:
            self._begin_betting()
        return self.events[start:]

    def _refuse_deal(self, seat: int) -> NoReturn:
        """Raise why ``seat`` cannot be dealt now (D-2, D-6, D-7)."""
        if self.phase != "deal":
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "no cards are being dealt now (%1 on street %2)"),
                    PhaseArg(self.phase),
                    self.street,
                ),
                ("D-2",),
            )
        if self.plan.common_card:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "street %1 is a common card: deal it to the middle (D-8)"), self.street
                ),
                ("D-7", "D-8"),
            )
        p = self.player(seat)
        if p.folded:
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "seat %1 has folded and gets no cards"), seat), ("D-6",))
        raise EngineError(
            says(QT_TRANSLATE_NOOP("Errors", "seat %1 gets the next card, not seat %2"), self.deal_queue[0].seat, seat),
            ("D-2",),
        )

    def _check_cards(self, p: Player, cards: list[int | None], down_flags: tuple[bool, ...]) -> None:
        """Refuse a wrong number of cards, an unseen upcard, or a card seen before (D-1, D-3, D-4)."""
        seat = p.seat
        want = len(down_flags)
        if len(cards) != want:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "street %1 deals %2 card(s) to seat %3, got %4", None, 2),
                    self.street,
                    want,
                    seat,
                    len(cards),
                ),
                ("D-3", "D-4"),
            )
        seen_now = set()
        for c, is_down in zip(cards, down_flags, strict=True):  # (counted equal just above)
            if not is_down and c is None and not self.unknown_upcards:
                raise EngineError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "seat %1's upcard must be entered (an upcard is always seen)"), seat
                    ),
                    ("D-4", "D-9"),
                )
            self._claim(c)
            if c is not None and c in seen_now:
                raise EngineError(
                    says(QT_TRANSLATE_NOOP("Errors", "card %1 entered twice for seat %2"), CardArg(c), seat), ("D-1",)
                )
            if c is not None:
                seen_now.add(c)

    def deal_common(self, card: int | None) -> list[Event]:
        start = len(self.events)
        if self.phase != "deal" or not self.plan.common_card:
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "no common card is due now")), ("D-7",))
        if card is None:
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "the common card is face up and must be entered")), ("D-8",)
            )
        self._claim(card)
        self.common = card
        self.seen[card] = None  # the common card
        self.stub -= 1
        self.events.append(CommonCardDealt(card, self.stub))  # D-7, D-8
        self._begin_betting()
        return self.events[start:]

"""The state a hand keeps, and the small helpers every part of a hand uses.

A hand is built in layers, one module each: this core, then dealing, betting and the
showdown, and ``Hand`` on top. Single inheritance with every attribute declared here, so the
engine type-checks as a whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.engine.errors import EngineError
from dealer_app.engine.money import format_money
from dealer_app.engine.says import QT_TRANSLATE_NOOP, says

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.engine.deck import DealPlan
    from dealer_app.engine.events import (
        BringInChosen,
        Event,
        FirstToAct,
        HandVoided,
        LegalAction,
        PotAwarded,
        ShortageAhead,
        ShowdownOrdered,
    )
    from dealer_app.engine.irregularities import HeldAction
    from dealer_app.engine.limits import BettingRules
    from dealer_app.engine.player import Player
    from dealer_app.engine.showdown import PotListing


class HandCore:
    rules: BettingRules
    unknown_upcards: bool
    players: list[Player]
    by_seat: dict[int, Player]
    _after: list[tuple[Player, ...]]  # for each seat, everyone after it clockwise, itself last
    n_live: int  # players not folded
    events: list[Event]
    street: int
    phase: str  # deal, bet, showdown, done
    stub: int
    burns: int
    common: int | None
    seen: dict[int, tuple[int, str] | None]  # card -> (seat, "upcard"/"downcard"), None: common
    plan: DealPlan
    deal_queue: list[Player]
    _pots_awarded: list[PotListing] | None  # (pots_awarded, in showdown.py: None until worded)
    _awards: list[PotAwarded]  # the showdown's awards, as events
    showdown_order: list[int]
    _pending_show: list[int]
    last_round_players: list[int]
    street_first: dict[int, int | None]
    bring_in_seat: int | None
    # the decisions a dealer is told about, as their events (None until made); the screen
    # reads them here rather than searching the event log
    bring_in_decision: BringInChosen | None  # B-2: who brings in, and why
    opening_decision: FirstToAct | None  # who opened this street's betting (A-1…A-5)
    shortage_warning: ShortageAhead | None  # D-7: this street's warning that the next is short
    showdown_decision: ShowdownOrdered | None  # W-1: who shows first
    to_act: Player | None
    _legal: list[LegalAction]
    max_levels: int  # L-6: a bet and ``max_raises`` raises make the cap (read at every action)
    decision_rules: tuple[str, ...]
    # the betting round
    current_to: int
    full_to: int
    last_raise: int
    levels: int
    capped: bool
    big_in: bool
    reopen_seq: int
    round_aggressor: Player | None
    round_first: Player | None
    round_started: bool
    round_open_pair: bool  # L-3: fixed when fourth street's betting opens; a pair that folds later keeps it
    short_all_in: bool  # an all-in bet or raise that did not make a full one (L-8)
    last_round_aggressor: Player | None
    last_round_first: Player | None
    # irregularities (engine/irregularities.py)
    held: dict[int, HeldAction]  # I-5: seat -> its action out of turn (HeldAction), for this round
    early_burn: bool  # I-2: the next street's burn was taken with a card dealt too early
    voided: HandVoided | None  # I-6, I-7: the hand is void
    reported: int  # irregularities reported in this hand (I-1, I-2, I-4, I-5): at most MAX_REPORTED

    def _reset_round(self) -> None:
        self.current_to = 0
        self.full_to = 0
        self.last_raise = 0
        self.levels = 0
        self.capped = False
        self.big_in = False
        self.reopen_seq = 0
        self.round_aggressor = None
        self.round_first = None
        self.round_started = False
        self.round_open_pair = False
        self.short_all_in = False
        for p in self.players:
            p.round_to = 0
            p.acted = False
            p.acted_seq = -1

    @property
    def live(self) -> list[Player]:
        return [p for p in self.players if not p.folded]

    def player(self, seat: int) -> Player:
        try:
            return self.by_seat[seat]
        except KeyError:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "there is no seat %1 in this hand (seats: %2)"),
                    seat,
                    str(sorted(self.by_seat)),
                )
            ) from None

    def _next_clockwise(self, start: Player, pred: Callable[[Player], bool]) -> Player | None:
        for p in self._after[start.index]:
            if pred(p):
                return p
        return None

    def money(self, cents: int) -> str:
        return format_money(cents, self.rules.currency)

    def pot_total(self) -> int:
        return sum(p.total for p in self.players)

    # --- implemented by the layers above; declared here so each layer may call them ----------
    def _begin_betting(self) -> None:
        raise NotImplementedError

    def _end_round(self) -> None:
        raise NotImplementedError

    def _return_uncalled(self) -> None:
        raise NotImplementedError

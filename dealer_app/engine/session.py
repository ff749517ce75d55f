"""A table between hands: seating, buy-ins, top-ups, and the next hand (T-1…T-5)."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.engine.errors import EngineError
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, HouseProfile, LimitTable
from dealer_app.engine.money import format_money


@dataclass
class SeatedPlayer:
    seat: int
    name: str
    stack: int
    sitting_out: bool = False


class TableSession:
    """The players at one table and their stacks, carried from hand to hand."""

    def __init__(self, table: LimitTable, profile: HouseProfile, overrides: dict | None = None):
        self.table, self.profile = table, profile
        self.rules = BettingRules.build(table, profile, overrides)
        self.top_up_to_buy_in = (overrides or {}).get("top_up_to_buy_in",
                                                      table.overrides.get("top_up_to_buy_in",
                                                                          profile.option("top_up_to_buy_in")))
        self.seats: dict[int, SeatedPlayer] = {}
        self.hand: Hand | None = None

    def _money(self, cents: int) -> str:
        return format_money(cents, self.table.currency)

    def sit(self, seat: int, name: str, buy_in: int) -> SeatedPlayer:
        if not 1 <= seat <= self.rules.max_players:
            raise EngineError(f"seat {seat} does not exist: this table has seats 1-{self.rules.max_players}", ("T-1",))
        if seat in self.seats:
            raise EngineError(f"seat {seat} is taken by {self.seats[seat].name}", ("T-1",))
        if buy_in < self.table.buy_in:
            raise EngineError(f"a buy-in of {self._money(buy_in)} is below the table's "
                              f"{self._money(self.table.buy_in)}", ("T-3",))
        if buy_in % self.rules.chip:
            raise EngineError(f"{self._money(buy_in)} is not a whole number of "
                              f"{self._money(self.rules.chip)} chips", ("T-2",))
        player = SeatedPlayer(seat, name.strip() or f"Seat {seat}", buy_in)
        self.seats[seat] = player
        return player

    def top_up(self, seat: int, amount: int) -> int:
        """Add chips between hands only (T-4)."""
        if self.hand is not None and self.hand.phase != "done":
            raise EngineError("chips are added only between hands (table stakes)", ("T-4",))
        p = self._player(seat)
        if amount <= 0 or amount % self.rules.chip:
            raise EngineError(f"a top-up must be a positive number of {self._money(self.rules.chip)} chips", ("T-2",))
        if self.top_up_to_buy_in and p.stack + amount < self.table.buy_in:
            raise EngineError(f"after a top-up the stack must reach the buy-in of {self._money(self.table.buy_in)}; "
                              f"{self._money(p.stack)} + {self._money(amount)} does not", ("T-4",))
        p.stack += amount
        return p.stack

    def leave(self, seat: int) -> SeatedPlayer:
        if self.hand is not None and self.hand.phase != "done" and seat in self.hand.by_seat:
            raise EngineError(f"seat {seat} is in a hand; leave after it ends", ("T-4",))
        return self.seats.pop(self._player(seat).seat)

    def _player(self, seat: int) -> SeatedPlayer:
        if seat not in self.seats:
            raise EngineError(f"nobody sits in seat {seat}")
        return self.seats[seat]

    def dealt_in(self) -> list[SeatedPlayer]:
        """T-5: players with no chips (or sitting out) are not dealt in."""
        return [p for s, p in sorted(self.seats.items()) if p.stack > 0 and not p.sitting_out]

    def new_hand(self) -> Hand:
        if self.hand is not None and self.hand.phase != "done":
            raise EngineError("the current hand has not ended")
        players = self.dealt_in()
        if len(players) < 2:
            raise EngineError("at least two players with chips are needed to deal", ("T-1", "T-5"))
        self.hand = Hand(self.rules, [SeatSpec(p.seat, p.name, p.stack) for p in players])
        return self.hand

    def finish_hand(self):
        """Carry the stacks of a finished hand back to the seats."""
        if self.hand is None or self.hand.phase != "done":
            raise EngineError("the hand has not ended")
        for hp in self.hand.players:
            self.seats[hp.seat].stack = hp.stack

"""Who sits in a hand: the seat given to the engine, and each player's state in the hand."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatSpec:
    seat: int
    name: str
    stack: int


class Player:
    __slots__ = (
        "acted",
        "acted_seq",
        "down",
        "folded",
        "index",
        "mucked",
        "name",
        "round_to",
        "seat",
        "shown",
        "stack",
        "start",
        "total",
        "up",
    )

    def __init__(self, spec: SeatSpec):
        self.index = 0  # position in the hand's seating order, set by the hand
        self.seat, self.name, self.start, self.stack = spec.seat, spec.name, spec.stack, spec.stack
        self.down: list[int | None] = []
        self.up: list[int | None] = []
        self.folded = False
        self.round_to = 0
        self.total = 0
        self.acted = False
        self.acted_seq = -1
        self.shown = False
        self.mucked = False

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0

    def known_cards(self) -> list[int]:
        return [c for c in self.down + self.up if c is not None]

"""A mixed stud table's rotation (catalog §14): which game each hand is dealt as, and when the
game changes.

M-1: the table names its games and their order; the game changes between hands only.
M-2: HOUSE ``mix_rotation``: ``hands N`` — every N hands — or ``orbit`` — when a dummy button,
moved one seat each hand, has passed every seated player.

The state moves only when a hand's awards are confirmed (a voided hand is dealt again as the same
game: it does not count), or when the floor switches the game by hand (a recorded act). The
table's session holds it, so undo and resume, which rebuild the session from the record's inputs,
keep the rotation exact with nothing else written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer_app.engine.limits import LimitTable


@dataclass(frozen=True, slots=True)
class MixRotation:
    """The games in their order and the rule that turns them (M-1, M-2)."""

    games: tuple[str, ...]
    rule: str  # "hands N" or "orbit"

    @property
    def hands_per_game(self) -> int | None:
        """N for ``hands N``; None for ``orbit``."""
        words = self.rule.split()
        return int(words[1]) if words[0] == "hands" else None

    @classmethod
    def of(cls, table: LimitTable) -> MixRotation | None:
        return cls(table.games, table.mix_rotation or "hands 8") if table.mixed else None


@dataclass(frozen=True, slots=True)
class GameOutlook:
    """What the dealer is told at every hand's start: this hand's game, how many hands of it are
    left counting this one, and the game that follows (M-2)."""

    game: str
    hands_left: int
    next_game: str
    rules: tuple[str, ...] = ("M-1", "M-2")

    @property
    def changes_after_this_hand(self) -> bool:
        return self.hands_left <= 1


@dataclass
class MixState:
    """Where a mixed table stands in its rotation."""

    rotation: MixRotation
    index: int = 0  # the game being dealt: rotation.games[index]
    hands_dealt: int = 0  # hands: hands of this game whose awards were confirmed
    button: int | None = None  # orbit: the dummy button's seat (None until the first hand)
    to_pass: set[int] = field(default_factory=set)  # orbit: the seats it has still to pass this round

    @property
    def game(self) -> str:
        return self.rotation.games[self.index]

    @property
    def next_game(self) -> str:
        return self.rotation.games[(self.index + 1) % len(self.rotation.games)]

    def outlook(self, seated: Iterable[int]) -> GameOutlook:
        """The game of the hand dealt now, the hands of it left (this one included), and the next."""
        per_game = self.rotation.hands_per_game
        if per_game is not None:
            left = per_game - self.hands_dealt
        else:
            seats = set(seated)
            left = len(self.to_pass & seats) if self.button is not None else len(seats)
        return GameOutlook(self.game, max(left, 1), self.next_game)

    def hand_dealt(self, seated: Iterable[int]) -> None:
        """A hand of this game was played to its awards: move on (M-2)."""
        seats = sorted(set(seated))
        per_game = self.rotation.hands_per_game
        if per_game is not None:
            self.hands_dealt += 1
            if self.hands_dealt >= per_game:
                self._next_game(seats)
            return
        if not seats:
            return
        if self.button is None or not self.to_pass:  # the first hand: the button at the first seat
            self.button = self.button if self.button in seats else seats[0]
            self.to_pass = set(seats)
        self.to_pass.discard(self.button)
        self.to_pass &= set(seats)  # (a player who left is not waited for)
        later = [s for s in seats if s > self.button]
        self.button = later[0] if later else seats[0]  # clockwise, one seat a hand
        if not self.to_pass:
            self._next_game(seats)

    def switch(self, game: str, seated: Iterable[int]) -> None:
        """The floor switches the game between hands by hand: a new round of ``game`` starts."""
        self.index = self.rotation.games.index(game)
        self._start_round(sorted(set(seated)))

    def _next_game(self, seats: list[int]) -> None:
        self.index = (self.index + 1) % len(self.rotation.games)
        self._start_round(seats)

    def _start_round(self, seats: list[int]) -> None:
        self.hands_dealt = 0
        self.to_pass = set(seats) if self.rotation.hands_per_game is None else set()


__all__ = ["GameOutlook", "MixRotation", "MixState"]

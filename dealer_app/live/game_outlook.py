"""What the dealer is told of a mixed table's games (catalog §14): this hand's game, big, and
when it changes ("Razz — 3 more hands, then Seven Card Stud Hi-Lo"; "Last Razz hand: next
Seven Card Stud Hi-Lo"). Words as data (``Says``), so the UI says them in the reader's
language; a one-game table has none (None).

Read from the table's session each time it is asked (the rotation moves when the awards are
confirmed and when the floor switches the game, neither of which is a hand's input).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.engine.errors import EngineError
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says

if TYPE_CHECKING:
    from dealer_app.engine.session import TableSession

# each game's name as card rooms say it (the same words in the report and the floor's console)
GAME_NAMES: dict[str, str] = {
    "stud": QT_TRANSLATE_NOOP("Games", "Seven Card Stud"),
    "razz": QT_TRANSLATE_NOOP("Games", "Razz"),
    "stud8": QT_TRANSLATE_NOOP("Games", "Seven Card Stud Hi-Lo"),
}


def game_name(game: str) -> Says:
    """A game's name (a game the app does not know: its code, as the record has it)."""
    return says(GAME_NAMES.get(game, game))


def rotation_says(rule: str) -> Says:
    """How a mixed table's games turn (M-2): "every 8 hands", "each an orbit of the button"."""
    words = rule.split()
    if len(words) == 2 and words[0] == "hands" and words[1].isdigit():
        return says(QT_TRANSLATE_NOOP("Games", "every %1 hand(s)", None, 1), int(words[1]))
    return says(QT_TRANSLATE_NOOP("Games", "each an orbit of the button"))


@dataclass(frozen=True)
class GameShown:
    """A mixed table's game as the dealer sees it at a hand's start: ``game`` (the hand dealt
    now, or next between hands), ``hands_left`` of it counting that one, ``next_game``, and the
    words (M-1, M-2)."""

    game: str
    next_game: str
    hands_left: int
    orbit: bool  # M-2: the game turns with the dummy button's orbit (else every N hands)
    rules: tuple[str, ...] = ("M-1", "M-2")

    @property
    def changes_after_this_hand(self) -> bool:
        return self.hands_left <= 1

    @property
    def title(self) -> Says:
        """The game's name, shown big."""
        return game_name(self.game)

    @property
    def outlook(self) -> Says:
        """When the game changes, and to what."""
        if self.changes_after_this_hand:
            return says(QT_TRANSLATE_NOOP("Games", "Last %1 hand: next %2"), self.title, game_name(self.next_game))
        if self.orbit:
            return says(
                QT_TRANSLATE_NOOP("Games", "%1 — %2 more hand(s) this orbit, then %3", None, 2),
                self.title,
                self.hands_left - 1,
                game_name(self.next_game),
            )
        return says(
            QT_TRANSLATE_NOOP("Games", "%1 — %2 more hand(s), then %3", None, 2),
            self.title,
            self.hands_left - 1,
            game_name(self.next_game),
        )

    @property
    def text(self) -> str:
        """The outlook in English (a check, a log)."""
        return str(self.outlook)


def game_shown(session: TableSession | None) -> GameShown | None:
    """The mixed table's game and outlook now; None at a one-game table (or no table)."""
    if session is None or session.mix is None:
        return None
    outlook = session.outlook()
    assert outlook is not None  # (a mixed table always has one)
    return GameShown(session.game, outlook.next_game, outlook.hands_left, session.mix.rotation.hands_per_game is None)


def check_switch(session: TableSession, game: object) -> str:
    """The game the floor may switch this table to now, or the refusal in words (M-1, M-2):
    a one-game table has none to switch to; the game must be one of the table's; only between
    hands (T-4's words: the engine's ``check_between_hands``)."""
    if session.mix is None:
        raise EngineError(
            says(QT_TRANSLATE_NOOP("Errors", "this table deals one game: there is no game to switch to")), ("M-1",)
        )
    if not isinstance(game, str) or game not in session.mix.rotation.games:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "%1 is not one of this table's games (%2)"),
                repr(game),
                ", ".join(session.mix.rotation.games),
            ),
            ("M-1",),
        )
    session.check_between_hands(says(QT_TRANSLATE_NOOP("Errors", "switching the game")))
    return game

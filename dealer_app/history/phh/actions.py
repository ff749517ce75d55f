"""The PHH action line, read and written in one place.

A PHH hand lists what happened as lines such as ``d dh p1 AsKs7h`` (the dealer deals a hole
hand), ``d db Ts`` (a board card: in stud, the common card of D-7/D-8), ``p2 pb`` (bring-in),
``p3 cbr 500`` (complete, bet or raise to an amount), ``p1 cc`` (check or call), ``p2 f``
(fold) and ``p1 sm AsKs`` (show, or muck with no cards). Text after ``#`` is a comment.
Every reader (replay, the verdict) and every writer (the export, the site importers) goes
through here, so the grammar cannot drift between them.
"""

from __future__ import annotations

from typing import NamedTuple

DEAL_HOLE = "dh"
DEAL_BOARD = "db"
SHOW_OR_MUCK = "sm"
FOLD = "f"
CHECK_OR_CALL = "cc"
BRING_IN = "pb"
COMPLETE_BET_OR_RAISE = "cbr"
BETTING_VERBS = frozenset((BRING_IN, COMPLETE_BET_OR_RAISE, CHECK_OR_CALL, FOLD))


class Action(NamedTuple):
    """One action line, split: who (``d`` or ``p1``…), the verb, and what follows it.
    (A named tuple: a replay splits every line of every hand, and a tuple is made fastest.)"""

    actor: str
    verb: str
    args: tuple[str, ...] = ()

    @property
    def player(self) -> int | None:
        """The player number (``p3`` → 3), or None for the dealer or a malformed actor."""
        digits = self.actor[1:]
        return int(digits) if self.actor[:1] == "p" and digits.isascii() and digits.isdigit() else None

    @property
    def by_dealer(self) -> bool:
        return self.actor == "d"

    @property
    def is_betting(self) -> bool:
        return self.verb in BETTING_VERBS and self.actor[:1] == "p"

    @property
    def target(self) -> str | None:
        """Whom the dealer deals to (``d dh p2 …`` → ``p2``)."""
        return self.args[0] if self.verb == DEAL_HOLE and self.args else None

    @property
    def cards(self) -> str | None:
        """The cards written: a hole deal's (after its player), a board card, a shown hand."""
        if self.verb == DEAL_HOLE:
            return self.args[1] if len(self.args) > 1 else None
        if self.verb in (DEAL_BOARD, SHOW_OR_MUCK):
            return self.args[0] if self.args else None
        return None

    @property
    def amount(self) -> str | None:
        """A complete, bet or raise's amount as written (``cbr 500`` → "500")."""
        return self.args[0] if self.verb == COMPLETE_BET_OR_RAISE and self.args else None


def parse_action(line: str) -> Action:
    """An action line split into its parts (a comment after ``#`` is dropped). Never fails:
    what a part means, and whether the line makes sense, is for the reader to judge."""
    parts = (line.split("#", 1)[0] if "#" in line else line).split()
    if not parts:
        return Action("", "")
    if len(parts) == 1:
        return Action(parts[0], "")
    return Action(parts[0], parts[1], tuple(parts[2:]))


def shown_players(actions: list[str]) -> list[int]:
    """The players who show (or muck) at the showdown, in the file's order (W-1)."""
    out = []
    for line in actions:
        if SHOW_OR_MUCK not in line:  # most lines: no verb "sm" can be in them
            continue
        a = parse_action(line)
        if a.verb == SHOW_OR_MUCK and a.player is not None:
            out.append(a.player)
    return out


# --- writing ----------------------------------------------------------------------------------
def deal_hole(player: int, cards: str) -> str:
    return f"d {DEAL_HOLE} p{player} {cards}"


def deal_board(card: str) -> str:
    return f"d {DEAL_BOARD} {card}"


def fold(player: int) -> str:
    return f"p{player} {FOLD}"


def check_or_call(player: int) -> str:
    return f"p{player} {CHECK_OR_CALL}"


def bring_in(player: int) -> str:
    return f"p{player} {BRING_IN}"


def complete_bet_or_raise(player: int, to: object) -> str:
    return f"p{player} {COMPLETE_BET_OR_RAISE} {to}"


def show(player: int, cards: str) -> str:
    return f"p{player} {SHOW_OR_MUCK} {cards}"


def muck(player: int) -> str:
    return f"p{player} {SHOW_OR_MUCK}"

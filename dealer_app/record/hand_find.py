"""What the floor asks the hand list for (its filter boxes), as one value: which hands it keeps.

The floor's browser filters the hands of a record in memory (``keeps``); the room's console asks
the room for the hands that may match (room/hand_pages.py turns this into SQL that finds them
among every hand of the room) and keeps, of those, what ``keeps`` keeps — so a hand is found
with the same words whichever reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer_app.record.hand_index import HandSummary


@dataclass(frozen=True)
class HandFind:
    """The filter boxes as the floor typed them (texts already lower-cased and stripped;
    ``since``/``until`` in the record's form of a UTC time, "" for none)."""

    table: str = ""  # in the table's name, its room name or its id
    player: str = ""  # in a player's name, or a seat's number
    since: str = ""
    until: str = ""
    pot: int | None = None  # cents: the pot at least this (an open hand's pot counts as 0)
    undo: bool = False  # had an undo
    irregular: bool = False  # had an irregularity or a ruling
    case: str = ""  # in a case's number, its floors or its words
    status: str | None = None  # a case's status now

    @property
    def anything(self) -> bool:
        """Whether it filters at all (else every hand is kept)."""
        return self != HandFind()

    def keeps(self, h: HandSummary) -> bool:
        if self.table and self.table not in f"{h.table} {h.room_label} {h.table_id or ''}".lower():
            return False
        wanted = self.player
        if wanted and not (any(wanted in p.lower() for p in h.players) or _seat_number(wanted) in h.seats):
            return False
        if (self.since and h.started < self.since) or (self.until and h.started[: len(self.until)] > self.until):
            return False
        if self.pot is not None and (h.pot or 0) < self.pot:
            return False
        if self.undo and not h.undos:
            return False
        case, status = self.case, self.status
        if (case or status) and not any(
            (not status or mark.status == status)
            and (not case or case in f"{number} {' '.join(mark.floors)} {mark.words}".lower())
            for number, mark in h.cases.items()
        ):
            return False
        return not (self.irregular and not (h.irregularities or h.rulings))


def _seat_number(typed: str) -> int | None:
    """A seat's number when the floor typed one in ASCII digits, else None ("²" and "٣" are
    digits to ``isdigit`` but a name's letters here: ``int`` refuses "²", and a seat is typed 3)."""
    return int(typed) if typed.isascii() and typed.isdigit() else None

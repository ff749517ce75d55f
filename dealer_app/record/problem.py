"""One problem the record's check finds: what it is, in words, and where (row, table, hand)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    what: str  # edited | missing | reordered | recomputed | tail | sessions | key | anchors | meta | replaced |
    #            unkeyed | unreadable | heads | unsigned | row time (record/row_times.ROW_TIME) | undo claim
    text: str
    row: int | None = None
    session: int | None = None
    hand: int | None = None
    # every (table session, hand) the problem covers, where it is more than its first row's: a
    # recomputed run crosses tables and hands; a gap in the ids belongs to no table one can name
    # (0: the record as a whole)
    covers: tuple[tuple[int, int | None], ...] = ()

    def to_dict(self) -> dict[str, str | int | None]:
        return {"what": self.what, "text": self.text, "row": self.row, "session": self.session, "hand": self.hand}

"""Row times that run backwards (or ahead of the room that received them), found by a reader.

Every row carries the time its table wrote it (``at``: UTC, ISO 8601, to the millisecond). The
table's own clock writes it, so a table run from source can write any time it likes and sign
it: a time proves nothing by itself. What a reader can see is the order: rows are chained, so
a row written after another comes after it in the chain, and its time should not be earlier.
A row whose time is earlier than the latest time before it in the chain — by more than
``STEP_TOLERANCE_MS``, a clock correction (NTP stepping a fast clock back, a machine resumed
from sleep) — is named: the record's times were changed, or the table's clock went back.
Either is the floor's to look at; neither is a forged signature (``ROW_TIME``, its own kind).

The latest time so far (not only the previous row's) is the bar, so times walked back a few
seconds a row, each step under the tolerance, are still caught once they are more than the
tolerance behind; and a run of rows behind it is said once, at its first row.

A row whose time is not a time at all (not ISO 8601: "…04:00:31.600+00:00Z") is named too, at
every such row: it cannot be placed against the rows around it, so a reader that skipped it
would let the row say whatever its text suggests (compared as text, a time that only starts
with an earlier hour reads as earlier). The table's own clock never writes one.

Where the room keeps the time it received a row (its own clock, which the table cannot set), a
row whose time is later than that by more than ``AHEAD_TOLERANCE_MS`` is named too: no row is
written after it arrived. Two clocks are compared there, so the tolerance is wider.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

ROW_TIME = "row time"  # the finding's kind (Problem.what, and the room's Difference.what)

# A table's clock stepped back by a correction: a few seconds is what NTP's step, a resumed
# virtual machine or a hand-set clock corrected against a phone give; a backdated floor act
# worth the trouble moves by minutes (to before the table joined the room). 5 s flags neither
# an honest 1 s step nor lets a backdating of more than 5 s by.
STEP_TOLERANCE_MS = 5_000
# The table's clock against the room server's: two machines, each kept by NTP to well under a
# second in a card room; a minute says a clock is wrong, never the network's delay.
AHEAD_TOLERANCE_MS = 60_000


def at_ms(at: str) -> int | None:
    """A row's time as milliseconds since 1970 (UTC); None if it is not a time (a reader says
    so: ``step`` gives a ``TimeUnreadable``)."""
    try:
        moment = datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def shown_time(at: str, beside: str = "") -> str:
    """A row's time as a person reads it: the clock time (UTC), with the date when ``beside``'s
    (the other time in the same sentence) is on another day."""
    if len(at) < 19 or at[10] != "T":
        return at
    clock = at[11:19]
    return clock if beside[:10] in ("", at[:10]) else f"{at[:10]} {clock}"


def _gap(ms: int) -> str:
    s = ms // 1000
    if s < 120:
        return f"{ms / 1000:.1f} s"
    if s < 7200:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


@dataclass(frozen=True)
class TimeMark:
    """Where a walk's row times stand: the row with the latest time so far, that time, and
    whether the rows just walked are behind it (a run, said once)."""

    row: int = 0
    at: str = ""
    ms: int = 0
    behind: bool = False


NO_TIME = TimeMark()  # before the first row


@dataclass(frozen=True)
class TimeStep:
    """A row whose time is earlier than a row before it in the chain."""

    row: int
    at: str
    latest_row: int
    latest_at: str
    back_ms: int

    def words(self) -> str:
        return (
            f"row {self.row}'s time {shown_time(self.at, self.latest_at)} is earlier than row {self.latest_row}'s "
            f"{shown_time(self.latest_at, self.at)} (by {_gap(self.back_ms)}): the record's times were changed or "
            f"the table's clock went back"
        )


@dataclass(frozen=True)
class TimeUnreadable:
    """A row whose time is not a time (the table's clock writes ISO 8601, UTC, to the millisecond)."""

    row: int
    at: str

    def words(self) -> str:
        shown = "".join(c if c.isprintable() else " " for c in self.at)[:60]
        return (
            f"row {self.row}'s time {shown!r} is not a time (a table writes UTC, ISO 8601, to the millisecond): the "
            f"record's times were changed, and the row cannot be placed against the rows around it"
        )


def step(mark: TimeMark, row: int, at: str) -> tuple[TimeMark, TimeStep | TimeUnreadable | None]:
    """The walk's mark after ``row`` (time ``at``), and the finding if the row is the first of a
    run whose times are behind the latest before it by more than the tolerance, or its time is
    not a time (every such row: the mark stays where it was)."""
    ms = at_ms(at)
    if ms is None:
        return mark, TimeUnreadable(row, at)
    if not mark.at or ms >= mark.ms:
        return TimeMark(row, at, ms), None
    back = mark.ms - ms
    if back <= STEP_TOLERANCE_MS:
        return TimeMark(mark.row, mark.at, mark.ms, False), None
    found = None if mark.behind else TimeStep(row, at, mark.row, mark.at, back)
    return TimeMark(mark.row, mark.at, mark.ms, True), found


def ahead_words(row: int, at: str, received: str, ahead_ms: int) -> str:
    """A row whose time is later than when the room received it."""
    return (
        f"row {row}'s time {shown_time(at, received)} is later than the room received it "
        f"({shown_time(received, at)}, by {_gap(ahead_ms)}): the record's times were changed or the table's clock "
        f"is ahead"
    )

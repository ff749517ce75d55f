"""The live table's seats: the players who open a table, and the changes between hands.

Each change is checked by the session (T-3, T-4 …), recorded, and only then made: sit, top up,
sit out or in, leave (with the stack as the cash-out; a player who left may come back this
session with it). A floor ruling's chips reach the seats between hands (I-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.engine.errors import EngineError
from dealer_app.engine.limits import as_played
from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.engine.session import TableSession, check_player_name
from dealer_app.live.errors import InputError, guard
from dealer_app.record.rows import LeaveRow, OpenTableRow, RecordRow, SitInRow, SitOutRow, SitRow, TopUpRow

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer_app.engine.limits import HouseProfile, LimitTable
    from dealer_app.live.record_writer import Confirmation, RecordWriter


def seated_table(
    table: LimitTable, profile: HouseProfile, players: Sequence[object], confirmed: Confirmation | None
) -> tuple[TableSession, list[RecordRow]]:
    """A session with ``players`` (seat, name, buy-in in cents) seated, and the rows that record
    it; refuses the whole table on a bad seat. ``confirmed``: stacks the floor confirms (its
    count, not buy-ins, so T-3 is not judged)."""
    session = TableSession(table, profile)
    for entry in players:
        if not isinstance(entry, (tuple, list)) or len(entry) != 3:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "a player is (seat, name, buy-in in cents), not %1"), repr(entry)),
                ("T-1",),
            )
        seat, name, buy_in = entry
        try:
            session.check_new_name(seat, name)
            if confirmed is not None and isinstance(name, str):
                check_player_name(name)
                session.seat_as_played(seat, name.strip() or f"Seat {seat}", buy_in)
            else:
                session.sit(seat, name, buy_in)
        except EngineError as exc:
            shown = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name) if isinstance(name, str) else ""
            if shown.strip():
                who = says(QT_TRANSLATE_NOOP("Errors", "seat %1 (%2)"), seat, shown.strip())
            else:
                who = says(QT_TRANSLATE_NOOP("Errors", "seat %1"), seat)
            raise InputError(says("%1: %2", who, exc.says or exc.message), exc.rules) from None
    if len(session.seats) < 2:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "seat at least two players")), ("T-1",))
    rows: list[RecordRow] = [OpenTableRow(table.name, profile.name, as_played(table), as_played(profile), confirmed)]
    rows += [SitRow(s, session.seats[s].name, session.seats[s].stack, confirmed) for s in sorted(session.seats)]
    return session, rows


class Seating:
    """The seat changes between hands, each recorded by ``writer`` before it is made."""

    def __init__(self, writer: RecordWriter) -> None:
        self.writer = writer

    def check_seat_change(self, session: TableSession) -> None:
        """Refuses (T-4) while a hand or its award is open: seats change between hands."""
        if session.hand is not None:
            guard(session.check_between_hands, says(QT_TRANSLATE_NOOP("Errors", "seats change")))

    def sit(self, session: TableSession, hand_no: int, seat: int, name: str, buy_in: int) -> None:
        guard(session.check_sit, seat, name, buy_in)
        guard(session.check_new_name, seat, name)
        self.writer.commit(hand_no, [SitRow(seat, name.strip() or f"Seat {seat}", buy_in)])
        session.sit(seat, name, buy_in)

    def top_up(self, session: TableSession, hand_no: int, seat: int, amount: int) -> None:
        guard(session.check_top_up, seat, amount)
        self.writer.commit(hand_no, [TopUpRow(seat, amount)])
        session.top_up(seat, amount)

    def set_sitting_out(self, session: TableSession, hand_no: int, seat: int, out: bool) -> None:
        guard(session.check_sitting_out, seat)
        self.writer.commit(hand_no, [SitOutRow(seat) if out else SitInRow(seat)])
        session.set_sitting_out(seat, out)

    def leave(self, session: TableSession, hand_no: int, seat: int) -> int:
        """The player leaves with their stack (recorded as the cash-out); returns it."""
        guard(session.check_leave, seat)
        player = session.seats[seat]
        self.writer.commit(hand_no, [LeaveRow(seat, player.name, player.stack)])
        session.leave(seat)
        return player.stack

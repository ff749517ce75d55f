"""Each floor act of a room's table, matched with the room's own record of it.

A table in a room writes each floor act's row under the floor person's room login, naming the
login and the room's id of the act (room/floor_login.py). A reader checks each such row against
``room.floor_acts``: the act must be there, made by that login, at that table, of that kind, on
that hand, and doing what the row does (its digest). A row naming a floor login the room has no
act for — a row a dealer wrote with a floor's name, or an act the room lost — is flagged.
A row signed by a local floor account after the table joined the room (its time is after the
table registered with the room) is flagged too: at a table in the room a floor act is made under
the floor's own room login (issue 30 §4), and a local account may be one the dealer's login made
itself (run from source: the insider review's finding). Acts from before the table joined (a
table alone, or older rows) are listed as made by a local account.

The row's time is the table's to write (run from source, any time, signed by the table's own
key), so "after the table joined" does not rest on it alone: the chain orders the rows, so an
act whose own time is before the join but which comes after a row whose time is after it was
made after the join whatever its time says (and the row-time check, record/row_times.py, names
the time that runs back). The room's own times — when it received a row, when the floor
approved the table — are upper bounds on when a row was made, so they cannot show an act late.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dealer_app.record.floor_signing import SIGNED_IN, STACKS, act_of_row
from dealer_app.record.hand_index import payload_dict

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.record.floor_signing import FloorAct, FloorSignature

# how a row stands against the room's acts
MATCHES, LOCAL, NO_ACT, DIFFERS = "matches", "local account", "no act in the room", "differs"
LOCAL_IN_ROOM = "local account in the room"  # a local account's act after the table joined the room


@dataclass(frozen=True)
class FloorActCheck:
    table_id: str
    session: int
    hand: int
    row_kind: str
    login: str  # the room login the row names ("" for a local account's)
    name: str  # the floor person's name, as the row gives it
    room_act: int | None
    verdict: str  # MATCHES | LOCAL | NO_ACT | DIFFERS | LOCAL_IN_ROOM
    detail: str = ""  # what differs (English)
    row: int | None = None  # the act's row (the table's row number)

    @property
    def flagged(self) -> bool:
        return self.verdict in (NO_ACT, DIFFERS, LOCAL_IN_ROOM)

    def words(self) -> str:
        """One line in English: the act, who made it, and how it stands against the room."""
        who = f"room login {self.login}, room act {self.room_act}" if self.login else f"local account {self.name}"
        said = f"{self.verdict}: {self.detail}" if self.detail else self.verdict
        if self.verdict == LOCAL_IN_ROOM:
            said = (
                "local account, after the table joined the room: not made under a floor's room login, as every "
                "floor act at a table in the room is (a local account may be one the dealer's login made)"
            ) + (f"; {self.detail}" if self.detail else "")
        return f"{self.table_id} hand {self.session}-{self.hand}: {self.row_kind} by {who}: {said}"


def check_floor_acts(
    query: Callable[[str, tuple], list[tuple]], table_id: str | None = None, hand: tuple[int, int] | None = None
) -> list[FloorActCheck]:
    """Every floor act's row the room holds (of one table, one hand), each matched with the
    room's act. ``query``: a floor login's read (``RoomReader._query``)."""
    sql = (
        "SELECT l.table_id, l.session, l.hand_no, l.kind, l.payload, "
        # (both UTC to the millisecond, as the record writes times: compared as text, so a row's
        # malformed time fails no one's check)
        "l.at > j.joined, l.row_id, l.at, j.joined "
        "FROM room.log l JOIN (SELECT table_id, to_char(registered_at AT TIME ZONE 'UTC', "
        "'YYYY-MM-DD\"T\"HH24:MI:SS.MS') AS joined FROM room.tables) j USING (table_id) WHERE l.kind = ANY(%s)"
    )
    args: tuple = (list(SIGNED_IN),)
    if table_id is not None:
        sql, args = sql + " AND l.table_id = %s", (*args, table_id)
    if hand is not None:
        sql, args = sql + " AND l.session = %s AND l.hand_no = %s", (*args, *hand)
    checks: list[FloorActCheck] = []
    wanted: list[tuple[str, int, int, str, FloorAct, FloorSignature, int]] = []
    before_join: list[tuple[int, FloorActCheck, str, str]] = []  # local acts timed before the join
    rows = query(sql + " ORDER BY l.table_id, l.row_id", args)
    for t_id, session, hand_no, kind, text, in_room, row, at, joined in rows:
        found = act_of_row(kind, payload_dict(text), session, hand_no)
        if found is None:
            continue
        act, signature = found
        if signature.room_login is None:
            verdict = LOCAL_IN_ROOM if in_room else LOCAL
            checks.append(FloorActCheck(t_id, session, hand_no, kind, "", signature.name, None, verdict, row=row))
            if not in_room:
                before_join.append((len(checks) - 1, checks[-1], at, joined))
            continue
        wanted.append((t_id, session, hand_no, kind, act, signature, row))
    last_of: dict[str, tuple[int, str]] = {}  # table -> its last such act's row, and the join
    for _i, check, _at, joined in before_join:
        last_of[check.table_id] = (max(check.row or 0, last_of.get(check.table_id, (0, ""))[0]), joined)
    # (one read a table: its first row timed after the join, before its last such act)
    first_after = {t: _after_join_before(query, t, row, joined) for t, (row, joined) in last_of.items()}
    for index, check, at, joined in before_join:
        later = first_after.get(check.table_id)
        if later is not None and later[0] < (check.row or 0):  # (made after the join, whatever its time says)
            row, row_at = later
            checks[index] = replace(
                check,
                verdict=LOCAL_IN_ROOM,
                detail=(
                    f"its time {at} is before the table joined the room ({joined}), but its row {check.row} comes "
                    f"after row {row}, whose time {row_at} is after the join: the act was made after the table "
                    f"joined and its time set back"
                ),
            )
    ids = [sig.room_act for *_rest, sig, _row in wanted if sig.room_act is not None]
    acts = {
        row[0]: row[1:]
        for row in (
            query(
                "SELECT id, table_id, kind, session, hand_no, digest, floor_login FROM room.floor_acts "
                "WHERE id = ANY(%s)",
                (ids,),
            )
            if ids
            else []
        )
    }
    for t_id, session, hand_no, kind, act, signature, row in wanted:
        act_id = signature.room_act
        room = acts.get(act_id) if act_id is not None else None
        if room is None:
            verdict, detail = NO_ACT, f"the room has no floor act {act_id} for this row"
        else:
            r_table, r_kind, r_session, r_hand, r_digest, r_login = room
            differs = [
                what
                for what, same in (
                    ("table", r_table == t_id),
                    ("kind", r_kind == act.kind),
                    # (stacks are confirmed before the table's session has its number)
                    ("hand", act.kind == STACKS or (r_session, r_hand) == (session, hand_no)),
                    ("what it does", r_digest == act.digest),
                    ("login", r_login == signature.room_login),
                )
                if not same
            ]
            verdict = DIFFERS if differs else MATCHES
            detail = f"the room's act {act_id} differs in {', '.join(differs)}" if differs else ""
        checks.append(
            FloorActCheck(
                t_id, session, hand_no, kind, signature.room_login or "", signature.name, act_id, verdict, detail, row
            )
        )
    return checks


def _after_join_before(
    query: Callable[[str, tuple], list[tuple]], table_id: str, row: int, joined: str
) -> tuple[int, str] | None:
    """The table's first row before ``row`` whose time is after it joined the room (its row and
    time), or None. Asked only of a table with a local account's act timed before the join (an
    old table's acts, or a backdated one): it reads the table's rows up to the act, by its index."""
    found = query(
        "SELECT row_id, at FROM room.log WHERE table_id = %s AND row_id < %s AND at > %s ORDER BY row_id LIMIT 1",
        (table_id, row, joined),
    )
    return (found[0][0], found[0][1]) if found else None

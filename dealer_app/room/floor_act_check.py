"""Each floor act of a room's table, matched with the room's own record of it.

A table in a room writes each floor act's row under the floor person's room login, naming the
login and the room's id of the act (room/floor_login.py). A reader checks each such row against
``room.floor_acts``: the act must be there, made by that login, at that table, of that kind, on
that hand, and doing what the row does (its digest). A row naming a floor login the room has no
act for — a row a dealer wrote with a floor's name, or an act the room lost — is flagged.
Rows signed by a local floor account (a table alone, or older rows) are listed as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.floor_signing import SIGNED_IN, STACKS, act_of_row
from dealer_app.record.hand_index import payload_dict

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.record.floor_signing import FloorAct, FloorSignature

# how a row stands against the room's acts
MATCHES, LOCAL, NO_ACT, DIFFERS = "matches", "local account", "no act in the room", "differs"


@dataclass(frozen=True)
class FloorActCheck:
    table_id: str
    session: int
    hand: int
    row_kind: str
    login: str  # the room login the row names ("" for a local account's)
    name: str  # the floor person's name, as the row gives it
    room_act: int | None
    verdict: str  # MATCHES | LOCAL | NO_ACT | DIFFERS
    detail: str = ""  # what differs (English)

    @property
    def flagged(self) -> bool:
        return self.verdict in (NO_ACT, DIFFERS)

    def words(self) -> str:
        """One line in English: the act, who made it, and how it stands against the room."""
        who = f"room login {self.login}, room act {self.room_act}" if self.login else f"local account {self.name}"
        said = f"{self.verdict}: {self.detail}" if self.detail else self.verdict
        return f"{self.table_id} hand {self.session}-{self.hand}: {self.row_kind} by {who}: {said}"


def check_floor_acts(
    query: Callable[[str, tuple], list[tuple]], table_id: str | None = None, hand: tuple[int, int] | None = None
) -> list[FloorActCheck]:
    """Every floor act's row the room holds (of one table, one hand), each matched with the
    room's act. ``query``: a floor login's read (``RoomReader._query``)."""
    sql = "SELECT table_id, session, hand_no, kind, payload FROM room.log WHERE kind = ANY(%s)"
    args: tuple = (list(SIGNED_IN),)
    if table_id is not None:
        sql, args = sql + " AND table_id = %s", (*args, table_id)
    if hand is not None:
        sql, args = sql + " AND session = %s AND hand_no = %s", (*args, *hand)
    checks: list[FloorActCheck] = []
    wanted: list[tuple[str, int, int, str, FloorAct, FloorSignature]] = []
    for t_id, session, hand_no, kind, text in query(sql + " ORDER BY table_id, row_id", args):
        found = act_of_row(kind, payload_dict(text), session, hand_no)
        if found is None:
            continue
        act, signature = found
        if signature.room_login is None:
            checks.append(FloorActCheck(t_id, session, hand_no, kind, "", signature.name, None, LOCAL))
            continue
        wanted.append((t_id, session, hand_no, kind, act, signature))
    ids = [sig.room_act for *_rest, sig in wanted if sig.room_act is not None]
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
    for t_id, session, hand_no, kind, act, signature in wanted:
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
                t_id, session, hand_no, kind, signature.room_login or "", signature.name, act_id, verdict, detail
            )
        )
    return checks

"""The table asks the room at its start (issue 30 §3): a record cut back, swapped for an older
copy or re-dealt is caught before it is played on.

The record alone cannot see its last rows gone once its own heads and the anchors file went
with them; the room, which received each commit's signed head within seconds, can. At the
live table's start, with a room configured, the table's own login asks for the room's last row
and its last signed head of this table (two indexed reads: the start stays fast however long
the record) and compares them with the record:

- the room holds rows beyond the record's end, or a head signed with this table's key beyond
  it: the record lost its last rows (cut back, or an older copy);
- the record's row at the room's last row, or at its last head, holds another hash: the record
  was re-dealt from there or replaced (or the room's copy of that row was changed).

Either is said in words (what, how many rows, from which session and hand), reported to the
room (``room.report_mismatch``: the floor sees it) and given to the record as a witness's
problem (``Store.witness``): the record fails, and is not played on, as for its own check.
The whole copy, row by row, is compared by the forwarder on every connect (room/forwarder.py).
A room that cannot be reached is said too: the record was not checked against it.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Said, said
from dealer_app.record.problem import Problem
from dealer_app.record.signing import Head
from dealer_app.room.database import RoomError, connect, shown_url, words
from dealer_app.room.schema import require_current

if TYPE_CHECKING:
    from dealer_app.record.store import Store

ROOM = "room"  # Problem.what of the room's finding


@dataclass(frozen=True)
class RoomAnswer:
    """What asking the room at start found."""

    checked: bool  # the room answered (False: it could not be asked; ``note`` says why)
    problems: tuple[Problem, ...] = ()  # why the record is not played on (empty: the room agrees)
    note: Said | None = None  # what the dealer is told at start (None: nothing)


def ask_room(store: Store, url: str) -> RoomAnswer:
    """The room's last row and last signed head of this table against ``store`` (a keyed
    record); each disagreement reported to the room and witnessed on the store."""
    import psycopg

    if store.key is None or store.format != 2:
        return RoomAnswer(True)  # (a record the room never takes: nothing of it is there)
    try:
        conn = connect(url)
    except RoomError as exc:
        return _unchecked(str(exc))
    try:
        require_current(conn, url)
        problems = _compare(store, conn)
        for p in problems:
            conn.execute("SELECT room.report_mismatch(%s, %s, %s)", (store.table_id(), p.row or 0, str(p.text)))
        conn.commit()
    except RoomError as exc:
        return _unchecked(str(exc))
    except psycopg.Error as exc:
        return _unchecked(f"{shown_url(url)}: {words(exc)}")
    finally:
        with contextlib.suppress(Exception):
            conn.close()
    if not problems:
        return RoomAnswer(True)
    store.witness(problems)
    first = problems[0].text
    assert isinstance(first, Said)  # (each finding's words: said, for the dealer's language)
    return RoomAnswer(True, problems, first)


def _unchecked(why: str) -> RoomAnswer:
    return RoomAnswer(
        False,
        note=said(
            QT_TRANSLATE_NOOP(
                "Errors",
                "The record was not checked against the card room at start (%1). The table's forwarder "
                "compares the room's copy with the record when the room can be reached.",
            ),
            why,
        ),
    )


def _compare(store: Store, conn) -> tuple[Problem, ...]:
    table_id = store.table_id()
    (mine,) = conn.execute("SELECT room.is_logins_table(%s)", (table_id,)).fetchone()
    if not mine:
        return ()  # (not registered yet, or another login's: the room holds nothing of this table)
    last_row, _last_hash, _refused, _reason = conn.execute("SELECT * FROM room.table_head(%s)", (table_id,)).fetchone()
    found = conn.execute(
        "SELECT rows, row_id, session, hand_no, hash, at, key_id, signature, coalesce(digest, '') FROM room.heads "
        "WHERE table_id = %s ORDER BY row_id DESC LIMIT 1",
        (table_id,),
    ).fetchone()
    head = Head(store.record_id, *found) if found is not None else None
    genuine = head is not None and store.public_key is not None and head.holds(store.public_key)
    end = store.db.execute("SELECT coalesce(max(id), 0) FROM log").fetchone()[0]
    beyond = max(last_row or 0, head.row if head is not None and genuine else 0)
    if beyond > end:
        first = conn.execute(
            "SELECT session, hand_no FROM room.log WHERE table_id = %s AND row_id > %s ORDER BY row_id LIMIT 1",
            (table_id, end),
        ).fetchone()
        session, hand = first if first is not None else (head.session, head.hand) if head is not None else (0, 0)
        text = said(
            QT_TRANSLATE_NOOP(
                "Errors",
                "The card room holds %1 row(s) of table %2 beyond the end of this record (rows %3–%4, from "
                "session %5, hand %6): the record was cut back or replaced by an older copy. It is not played on "
                "— call the floor.",
                None,
                1,
            ),
            beyond - end,
            table_id,
            end + 1,
            beyond,
            session,
            hand,
        )
        return (Problem(ROOM, text, end + 1, session, hand, ((0, None),)),)
    problems: list[Problem] = []
    # (a head the table's key does not hold is no evidence against the record: the forwarder's
    # connect check names it as a difference of the room's copy)
    # the room's last row whole (its every field: an edit of it in the room is seen too), and
    # the row its last head names by hash
    checked: list[tuple[int, tuple]] = []
    if last_row:
        room_row = conn.execute(
            "SELECT session, seq, hand_no, kind, payload, at, hash FROM room.log WHERE table_id = %s AND row_id = %s",
            (table_id, last_row),
        ).fetchone()
        checked.append((last_row, tuple(room_row)))
    if head is not None and genuine and head.row != last_row:
        checked.append((head.row, (head.hash,)))
    for row, theirs in checked:
        local = store.db.execute(
            "SELECT session_id, seq, hand_no, kind, payload, at, hash FROM log WHERE id = ?", (row,)
        ).fetchone()
        if local is not None and tuple(local)[-len(theirs) :] == theirs:
            continue
        session, hand = (local[0], local[2]) if local is not None else (0, 0)
        text = said(
            QT_TRANSLATE_NOOP(
                "Errors",
                "This record's row %1 of table %2 (session %3, hand %4) is not the row the card room holds for it: "
                "the record was re-dealt from there or replaced, or the room's copy was changed. It is not played "
                "on — call the floor.",
            ),
            row,
            table_id,
            session,
            hand,
        )
        problems.append(Problem(ROOM, text, row, session, hand, ((0, None),)))
        break  # (one is enough: the forwarder lists every difference on connect)
    return tuple(problems)


__all__ = ["RoomAnswer", "ask_room"]

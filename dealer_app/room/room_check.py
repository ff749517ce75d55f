"""The room's copy of one table, checked by the reader itself (issue 30 §2).

Trusting no trigger, no check the server made and no secret the server holds: with the public
key the floor enrolled (``room.enrollments`` approved in ``room.approvals``, never a key a row
or a head names), every signed head's signature is checked, and the table's rows are walked in
row order recomputing the keyless digest chain (``record/chain.row_digest``), compared at each
head that carries one; the rows counted up to each head are compared with the count it signed,
and the row ids (numbered without gaps by the table) name rows deleted. A head whose signature
holds starts the next stretch from the digest it signed, so each stretch between two heads
(a commit: an input or two) is judged on its own and named with its table session, hand and
rows. Rows after the last head are *not signed*. Anything edited, deleted or inserted in the
room by anyone — its owner or a superuser with the triggers off included — is named.

Row times are checked to run forward (``record/row_times.py``): a row whose time is earlier than
one before it in the chain, beyond a clock's step, or later than the room received it (the
server's own clock), is named ROW TIME with table, session, hand and row — the times were
changed or the table's clock is wrong; no signature is forged by it.

A table that never signed (no public key enrolled, heads without a digest) can only be checked
with the room's copy of its chain key, which the server used when the rows arrived: that is
said plainly, as a note, never as proof.

Every table session is replayed through the engine as the table's own record check replays it
(``record/replay.py``), stretch by stretch as signed heads accept them: a row whose signature
holds but which the engine cannot make — a made-up hand result, a cash-out above the stack,
signed by whoever held the table's key (run from source) — is named DOES NOT REPLAY with table,
session, hand and row. A stretch the walk finds forged is not replayed (it is named FORGED): its
sessions are taken up again at their next hand's start, as after a row that does not replay.

Rows and heads are read in one REPEATABLE READ snapshot through named cursors (server-side):
memory stays flat, time is linear in the table's rows.

The walk is a fold over the rows in order, whose state after each head it judged is small
(``Resume``: that head's row, the count and digest it leaves): a check given ``since`` walks
only the rows and heads after it, and finds in them exactly what a walk from the first row
would (room/table_checks.py: the console checks new rows this way, and walks everything again
in the background to find an edit of rows it had already checked).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer_app.record.chain import row_digest
from dealer_app.record.payload import read_payload
from dealer_app.record.problem import Problem
from dealer_app.record.replay import REPLAY, SessionReplays
from dealer_app.record.row_times import AHEAD_TOLERANCE_MS, NO_TIME, ROW_TIME, TimeMark, ahead_words, at_ms
from dealer_app.record.row_times import step as time_step
from dealer_app.record.signing import Head

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

FORGED, MISSING, UNSIGNED = "forged", "missing", "unsigned"  # the problems' kinds (Problem.what)
HANDS_NAMED = 50  # hands one problem covers, at most (a stretch of old, digest-less heads can be long)
FETCH = 2000  # rows a named cursor brings at a time
# rows held for replay until a head covers them, at most: past it they are let go unreplayed (their
# sessions wait for a hand's start) — the walk's memory stays flat with no head in sight
PENDING_MAX = 20_000


@dataclass(frozen=True)
class Enrolled:
    """What the floor approved for a table: the record it writes and its public key (None: an
    old table that signs nothing)."""

    record_id: str
    public_key: str | None


@dataclass(frozen=True)
class Resume:
    """Where a walk stood just after a head it judged: the head's row, the rows counted up to it
    and the digest the next stretch starts from, and how many digest-less heads it passed."""

    row: int
    count: int
    digest: str
    undigested: int = 0
    times: TimeMark = NO_TIME  # the latest row time up to that head (row times run forward)
    # each session replayed up to that head (a walk taken up from here replays a copy of it)
    replays: SessionReplays = field(default_factory=SessionReplays, compare=False)


@dataclass
class RoomTableCheck:
    """What the reader found of one table: problems (failing) and notes (said, not failing).
    ``resume``: where the walk stood after the last head it judged (None: it judged none);
    ``settled``: how many of ``problems`` come before it (they stay until the rows before it
    change; those after are of rows a later head may still cover)."""

    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    rows: int = 0
    heads: int = 0
    resume: Resume | None = None
    settled: int = 0
    last_row: int = 0  # the last row walked (0: none)


def enrolled(conn, table_id: str) -> Enrolled | None:
    """The table's enrollment in force (its newest approved), or None (never enrolled)."""
    row = conn.execute(
        "SELECT e.record_id, e.public_key FROM room.enrollments e JOIN room.approvals a ON a.enrollment_id = e.id "
        "WHERE e.table_id = %s ORDER BY e.id DESC LIMIT 1",
        (table_id,),
    ).fetchone()
    if row is None:
        return None
    return Enrolled(row[0], bytes(row[1]).hex() if row[1] is not None else None)


@dataclass
class _Stretch:
    """The rows since the last head the walk accepted: where they start, and their hands."""

    first: int = 0
    hands: list[tuple[int, int]] = field(default_factory=list)

    def add(self, row: int, session: int, hand: int) -> None:
        if not self.first:
            self.first = row
        if (session, hand) not in self.hands and len(self.hands) < HANDS_NAMED:
            self.hands.append((session, hand))


class WalkStopped(Exception):
    """The walk was asked to stop (``check_room_table``'s ``stop``): nothing it found holds."""


def check_room_table(
    conn,
    table_id: str,
    name: str,
    since: Resume | None = None,
    who: Enrolled | None = None,
    stop: Callable[[], bool] | None = None,
) -> RoomTableCheck:
    """Check the room's rows and heads of ``table_id`` (``name``: how the words call it); only
    those after ``since`` when given (a walk's ``resume`` over the same enrollment ``who``).
    ``stop``: asked every ``FETCH`` rows; True ends the walk (``WalkStopped``)."""
    found = RoomTableCheck()
    if who is None:
        who = enrolled(conn, table_id)
    if who is None:
        found.notes.append(f"{name}: not enrolled by the floor: its rows are not checked")
        return found
    if conn.autocommit:  # (one snapshot: heads come after their rows, so none is read without its row)
        with conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            _walk(conn, table_id, name, who, found, since, stop)
    else:  # (the caller's transaction, already begun)
        _walk(conn, table_id, name, who, found, since, stop)
    if who.public_key is None:
        found.notes.append(
            f"{name}: this table does not sign its rows (no public key enrolled): its rows are checked only with the "
            f"room's copy of its chain key, by the server as they arrived — the room's owner holds that key, so an "
            f"edit by the owner cannot be told"
        )
    return found


def _rows(conn, table_id: str, after: int) -> Iterator[tuple]:
    with conn.cursor(name=f"room_check_rows_{table_id}") as cur:
        cur.itersize = FETCH
        cur.execute(
            # (when the room received the row: its server's clock, UTC, as the record writes times)
            "SELECT row_id, session, seq, hand_no, kind, payload, at, hash, "
            "to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') FROM room.log "
            "WHERE table_id = %s AND row_id > %s ORDER BY row_id",
            (table_id, after),
        )
        yield from cur


def _heads(conn, table_id: str, record_id: str, after: int) -> Iterator[Head]:
    with conn.cursor(name=f"room_check_heads_{table_id}") as cur:
        cur.itersize = FETCH
        cur.execute(
            "SELECT rows, row_id, session, hand_no, hash, at, key_id, signature, coalesce(digest, '') FROM room.heads "
            "WHERE table_id = %s AND row_id > %s ORDER BY row_id",
            (table_id, after),
        )
        for r in cur:
            yield Head(record_id, *r)


def _walk(
    conn,
    table_id: str,
    name: str,
    who: Enrolled,
    found: RoomTableCheck,
    since: Resume | None,
    stop: Callable[[], bool] | None,
) -> None:
    public = who.public_key
    start = since or Resume(0, 0, "")
    heads = _heads(conn, table_id, who.record_id, start.row)
    head = next(heads, None)
    digest, count, expected = start.digest, start.count, start.row + 1
    stretch = _Stretch()
    # heads without a digest (signed before it existed): their stretches are HMAC-only
    undigested = start.undigested
    times, ahead = start.times, False  # (ahead: the rows just walked are later than the room got them)
    pending = _Pending(start.replays)  # (copied before its first change: the Resume given stays as it was)
    found.resume, found.last_row = since, start.row
    problems = found.problems

    def said(what: str, text: str, row: int, session: int, hand: int, covers=()) -> None:
        problems.append(Problem(what, f"{name}, {text}", row, session, hand, tuple(covers)))

    def head_gone(h: Head) -> None:
        said(
            MISSING,
            f"session {h.session}, hand {h.hand}, row {h.row}: MISSING — the table signed a head for this row "
            f"({h.at}) and the room no longer has the row: deleted in the room",
            h.row,
            h.session,
            h.hand,
        )

    for row_id, session, seq, hand, kind, payload, at, row_hash, received in _rows(conn, table_id, start.row):
        while head is not None and head.row < row_id:  # (a head of a row the room no longer has)
            if public is not None and head.holds(public):
                head_gone(head)
            head = next(heads, None)
        if row_id != expected:
            gone = f"row {expected}" if row_id == expected + 1 else f"rows {expected}–{row_id - 1}"
            said(
                MISSING,
                f"before session {session}, hand {hand}, row {row_id}: {gone} MISSING — the table numbers its rows "
                f"without gaps: deleted in the room",
                expected,
                session,
                hand,
            )
        expected = row_id + 1
        found.last_row = row_id
        if stop is not None and found.rows % FETCH == 0 and stop():
            raise WalkStopped
        digest = row_digest(who.record_id, digest, row_id, session, seq, hand, kind, payload, at)
        times, back = time_step(times, row_id, at)
        if back is not None:
            said(ROW_TIME, f"session {session}, hand {hand}: ROW TIME — {back.words()}", row_id, session, hand)
        made, got = at_ms(at), at_ms(received)
        late = made is not None and got is not None and made - got > AHEAD_TOLERANCE_MS
        if late and not ahead:  # (a run of such rows is said once)
            assert made is not None and got is not None
            said(
                ROW_TIME,
                f"session {session}, hand {hand}: ROW TIME — {ahead_words(row_id, at, received, made - got)}",
                row_id,
                session,
                hand,
            )
        ahead = late
        count += 1
        found.rows += 1
        stretch.add(row_id, session, hand)
        pending.add((row_id, session, seq, hand, kind, payload), said)
        if head is None or head.row != row_id:
            continue
        found.heads += 1
        rows = f"row {row_id}" if stretch.first == row_id else f"rows {stretch.first}–{row_id}"
        where = f"session {session}, hand {hand}"
        whole = public is not None and head.holds(public)
        if not whole:
            said(
                FORGED,
                f"{where}, row {row_id}: FORGED — the room's signed head for this row ({head.at}) is not signed by "
                f"the key the floor enrolled: forged or edited in the room",
                row_id,
                session,
                hand,
                stretch.hands,
            )
        else:
            whole = not (head.digest and head.digest != digest) and head.hash == row_hash
            if head.digest and head.digest != digest:
                said(
                    FORGED,
                    f"{where}, {rows}: FORGED — the room's rows do not give the digest the table signed at "
                    f"{head.at}: changed, inserted or deleted in the room",
                    stretch.first,
                    stretch.hands[0][0],
                    stretch.hands[0][1],
                    stretch.hands,
                )
            elif head.hash != row_hash or (head.session, head.hand) != (session, hand):
                said(
                    FORGED,
                    f"{where}, row {row_id}: FORGED — not the row the table signed at {head.at}: changed in the room",
                    row_id,
                    session,
                    hand,
                )
            if head.rows != count:
                n = abs(head.rows - count)
                said(
                    MISSING,
                    f"{where}, row {row_id}: {'MISSING' if count < head.rows else 'INSERTED'} — the table signed "
                    f"{head.rows} rows up to here ({head.at}) and the room holds {count}: {n} row(s) "
                    f"{'deleted from' if count < head.rows else 'inserted into'} the room's copy",
                    row_id,
                    session,
                    hand,
                    stretch.hands,
                )
            if not head.digest:
                undigested += 1
            else:
                digest = head.digest  # (trusted: signed; the next stretch is judged on its own)
            count = head.rows
        pending.settle(whole, said)
        found.resume, found.settled = Resume(row_id, count, digest, undigested, times, pending.replays), len(problems)
        stretch = _Stretch()
        head = next(heads, None)
    while head is not None:  # heads past the room's last row: its last rows were deleted
        if public is not None and head.holds(public):
            head_gone(head)
            break
        head = next(heads, None)
    if stretch.first:
        last = expected - 1
        rows = f"row {stretch.first}" if stretch.first == last else f"rows {stretch.first}–{last}"
        s, h = stretch.hands[0]
        said(
            UNSIGNED,
            f"session {s}, hand {h}, {rows}: NOT SIGNED — no signed head of the table covers them (added in the "
            f"room, or sent a moment ago and not signed yet)",
            stretch.first,
            s,
            h,
            stretch.hands,
        )
    if undigested:
        found.notes.append(
            f"{name}: {undigested} of its signed heads were signed before heads carried a digest: the rows they "
            f"cover are checked by count and last row only, and otherwise only with the room's copy of the chain "
            f"key (weaker)"
        )


@dataclass
class _Pending:
    """The rows since the last head, held until a head judges them, and the sessions replayed
    up to it."""

    replays: SessionReplays
    rows: list[tuple[int, int, int, int, str, str]] = field(default_factory=list)
    copied: bool = False  # ``replays`` is this walk's own (a walk with no new head copies nothing)

    def add(self, row: tuple[int, int, int, int, str, str], said: Callable[[str, str, int, int, int], None]) -> None:
        self.rows.append(row)
        if len(self.rows) >= PENDING_MAX:  # (no head for that long: heads deleted, or a flood: NOT SIGNED)
            self.settle(False, said)

    def settle(self, whole: bool, said: Callable[[str, str, int, int, int], None]) -> None:
        """The rows judged by a head: replayed if it holds (``whole``), else let go unreplayed."""
        if not self.copied:
            self.replays, self.copied = self.replays.copy(), True
        _replay(self.rows, self.replays, whole, said)
        self.rows = []


def _replay(
    pending: list[tuple[int, int, int, int, str, str]],
    replays: SessionReplays,
    whole: bool,
    said: Callable[[str, str, int, int, int], None],
) -> None:
    """A stretch a head accepted, replayed onto its sessions; a forged one stops their replay."""
    for row_id, session, seq, hand, kind, text in pending:
        try:
            payload = read_payload(text) if whole else None
        except ValueError:
            payload = None
        why = replays.take(session, seq, hand, kind, payload, trusted=whole)
        if why is not None:
            said(
                REPLAY,
                f"session {session}, hand {hand}, row {row_id}: DOES NOT REPLAY — signed by the table's key, but the "
                f"engine cannot make it ({kind}: {why}): written by someone holding the table's key",
                row_id,
                session,
                hand,
            )


__all__ = [
    "FORGED",
    "MISSING",
    "REPLAY",
    "ROW_TIME",
    "UNSIGNED",
    "Enrolled",
    "Resume",
    "RoomTableCheck",
    "WalkStopped",
    "check_room_table",
    "enrolled",
]

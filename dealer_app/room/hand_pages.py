"""The room's hands a page at a time, for the floor's console: the newest first, each page a
bounded read from the room whatever its size, and a find (the console's filter boxes) done by
the room among every hand.

The console lists the hands in the order it always has: newest start first (then table, session,
hand). Each table's hands are read in the order they were dealt, newest first: its chain's
order, ``row_id`` (not session and hand number: a table deals on in an older session after
opening a newer one), by the room's ``log_hand_start`` index (migrations/0015: table_id, row_id
of the ``hand_start`` rows), a page below the last one read (keyset, no OFFSET); the tables'
pages are merged by start time. Within a table a later hand started later (its rows run
forward; a time that runs back is the check's ROW TIME), so the merge is the console's order. A page's hands are then summed up
from their own rows (start, end, undos, irregularities, rulings: the same ``HandIndex`` that
reads a record) and the room's rulings on them, so a page costs a few index ranges per table —
milliseconds at 10,000 hands and at 100,000.

A find narrows the ``hand_start`` rows in SQL (its table's sessions, a player's name in the
row, the time, a hand with an end, an undo, an irregularity or a ruling) so the room, not the
console, looks through every hand; of what the room returns, the console keeps what
``HandFind.keeps`` keeps (the very words of a record's browser). No summary is held beyond the
pages the floor has looked at.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from dealer_app.record.hand_index import (
    SUMMARY_KINDS,
    HandIndex,
    HandSummary,
    applied_room_ruling,
    mark_case,
    mark_failing,
    payload_dict,
)
from dealer_app.record.rows import HandEndRow, IrregularityRow, OpenTableRow, RulingRow, UndoRow

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from dealer_app.record.hand_find import HandFind
    from dealer_app.record.hand_index import Failing
    from dealer_app.room.reader import RoomRuling

    Query = Callable[[str, "tuple | dict"], list[tuple]]

PAGE_HANDS = 200  # hands a page shows (the list asks for the next page as the floor scrolls to its end)


@cache
def _upper_spellings() -> dict[str, frozenset[str]]:
    """Each lower-case character's other spellings: every character whose ``lower()`` is it (K and
    the Kelvin sign K for k, Ü for ü, …), and İ for i (its lower case is i and a dot above)."""
    found: dict[str, set[str]] = {}
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        low = ch.lower()
        if low != ch:
            found.setdefault(low[0], set()).add(ch)
    return {low: frozenset(chars) for low, chars in found.items()}


def _literal(ch: str) -> str:
    """One character as itself in the room's regular expression: an ASCII letter or digit as it
    is, other ASCII escaped, anything else in brackets (where only ] \\ ^ - are special)."""
    if ch.isascii():
        return ch if ch.isalnum() else "\\" + ch
    return f"[{ch}]"


def name_pattern(typed: str) -> str | None:
    """A PostgreSQL regular expression that matches a ``hand_start`` row's text wherever a name
    whose Python ``lower()`` holds ``typed`` (already lower-cased) is in it — each character in
    every spelling whose lower case it is, each as the row's JSON writes it (ensure_ascii off:
    only ", \\ and controls escaped) — so the room narrows as ``HandFind.keeps`` keeps, in any
    locale. None when it cannot (a dot above, the second half of İ's lower case): the room then
    reads every hand. (A digit of another script, "²", is a name's letter to ``keeps``, which
    reads only ASCII digits as a seat's number, so it narrows as any letter does.)"""
    if "\u0307" in typed:
        return None
    spellings = _upper_spellings()
    parts = []
    for ch in typed:
        chars = sorted({ch, *spellings.get(ch, ())})
        written = [json.dumps(c, ensure_ascii=False)[1:-1] for c in chars]
        escaped = ["".join(_literal(c) for c in w) for w in written]
        parts.append(escaped[0] if len(escaped) == 1 else f"(?:{'|'.join(escaped)})")
    return "".join(parts)


def sort_key(h: HandSummary) -> tuple[str, str, int, int]:
    """The console's order (newest first: this, descending)."""
    return (str(h.started), h.table_id or "", h.session, h.hand)


@dataclass
class _TablePages:
    """One table's hands read so far: the keyset point below which the next are read, the
    hands read and kept but not yet shown, and whether the room has no more."""

    table_id: str
    sessions: list[int] | None  # the sessions the find's table words match (None: every one)
    below: int | None = None  # row_id of the last hand_start read
    waiting: list[HandSummary] = field(default_factory=list)  # newest first
    done: bool = False


class HandPages:
    """Every hand of the room's enrolled ``tables`` (table_id -> its name in the room) that
    ``find`` keeps, newest first, a page at a time (``next_page``). ``rulings``: the room's
    rulings as the reader has them; ``failing``: each table's failing hands as the console's
    check last said (``mark`` when it changes)."""

    def __init__(
        self,
        query: Query,
        tables: dict[str, str],
        find: HandFind,
        rulings: Sequence[RoomRuling] = (),
        failing: dict[str, Failing] | None = None,
    ):
        self.query, self.labels, self.find = query, dict(tables), find
        self.rulings = list(rulings)
        self.failing = dict(failing or {})
        self.opened: dict[str, list[tuple[int, str, str, str]]] = {}  # table_id -> its open_table rows
        self.tables = [
            t for t in (_TablePages(tid, self._sessions(tid)) for tid in sorted(self.labels)) if t.sessions != []
        ]

    @property
    def done(self) -> bool:
        """Whether every hand the find keeps has been given."""
        return all(t.done and not t.waiting for t in self.tables)

    def next_page(self, size: int = PAGE_HANDS) -> list[HandSummary]:
        """The next ``size`` hands (fewer at the end), newest first."""
        out: list[HandSummary] = []
        while len(out) < size:
            for t in self.tables:
                while not t.waiting and not t.done:
                    self._read_more(t, size)
            ready = [t for t in self.tables if t.waiting]
            if not ready:
                break
            newest = max(ready, key=lambda t: sort_key(t.waiting[0]))
            out.append(newest.waiting.pop(0))
        return out

    def mark(self, table_id: str, failing: Failing) -> None:
        """A table's failing hands as the check now says (hands read from now on are marked)."""
        self.failing[table_id] = failing

    # --- the reads -------------------------------------------------------------------------------
    def _sessions(self, table_id: str) -> list[int] | None:
        """The table's sessions whose names the find's table words are in (None: no such words,
        or they are in the table's room name or id: every session)."""
        rows = self.query(
            "SELECT session, payload, at, hash FROM room.log WHERE kind = %s AND table_id = %s ORDER BY row_id",
            (OpenTableRow.kind, table_id),
        )
        self.opened[table_id] = rows
        words = self.find.table
        if not words or words in f"? {self.labels[table_id]} {table_id}".lower():
            return None
        named = []
        for session, payload, _at, _digest in rows:
            if words in f"{payload_dict(payload).get('table', '?')} {self.labels[table_id]} {table_id}".lower():
                named.append(session)
        return named

    def _read_more(self, t: _TablePages, size: int) -> None:
        """The table's next hands below its point that the room finds for the find, summed up,
        and those the find keeps waiting to be shown."""
        keys = self._candidates(t, size)
        if len(keys) < size:
            t.done = True
        if not keys:
            return
        t.below = keys[-1][0]
        hands = {(h.session, h.hand): h for h in self.summaries(t.table_id, [k[1:] for k in keys])}
        dealt = [hands[k[1:]] for k in keys if k[1:] in hands]  # (the order they were dealt, newest first)
        t.waiting.extend(h for h in dealt if self.find.keeps(h))

    def _candidates(self, t: _TablePages, size: int) -> list[tuple[int, int, int]]:
        """(row_id, session, hand) of the table's next ``size`` hand_start rows the find may keep,
        below its point, newest dealt first."""
        find = self.find
        where = ["l.table_id = %(table)s", "l.kind = 'hand_start'"]
        args: dict[str, object] = {"table": t.table_id, "size": size}
        if t.below is not None:
            where.append("l.row_id < %(below)s")
            args["below"] = t.below
        if t.sessions is not None:
            where.append("l.session = ANY(%(sessions)s)")
            args["sessions"] = t.sessions
        pattern = name_pattern(find.player) if find.player else None
        if pattern is not None:
            # every spelling of the name whose lower case is what the floor typed, as the row's JSON
            # writes it: the room's regular expression, not its lower() (which folds only A to Z in
            # a C locale), so a hand the name is in is found in any locale (and the seat's number,
            # as it is in the row); ``keeps`` then says which are meant
            where.append("l.payload ~ %(player)s")
            args["player"] = pattern
        if find.since:
            where.append("l.at >= %(since)s")
            args["since"] = find.since
        if find.until:
            where.append("left(l.at, %(until_len)s) <= %(until)s")
            args["until"], args["until_len"] = find.until, len(find.until)

        def has(kinds: tuple[str, ...]) -> str:
            return (
                "EXISTS (SELECT FROM room.log e WHERE e.table_id = l.table_id AND e.session = l.session "
                f"AND e.hand_no = l.hand_no AND e.kind IN ({', '.join(repr(k) for k in kinds)}))"
            )

        if find.pot is not None and find.pot > 0:  # (an open hand's pot counts as none)
            where.append(has((HandEndRow.kind,)))
        if find.undo:
            where.append(has((UndoRow.kind,)))
        if find.irregular or find.case or find.status:
            ruled = [(r.session, r.hand) for r in self.rulings if r.table_id == t.table_id]
            args["ruled_s"], args["ruled_h"] = [s for s, _ in ruled], [h for _, h in ruled]
            kinds = (IrregularityRow.kind, RulingRow.kind) if find.irregular else (RulingRow.kind,)
            where.append(
                f"({has(kinds)} OR (l.session, l.hand_no) IN "
                "(SELECT * FROM unnest(%(ruled_s)s::int[], %(ruled_h)s::int[])))"
            )
        rows = self.query(
            f"SELECT l.row_id, l.session, l.hand_no FROM room.log l WHERE {' AND '.join(where)} "
            "ORDER BY l.row_id DESC LIMIT %(size)s",
            args,
        )
        return [(int(r), int(s), int(h)) for r, s, h in rows]

    def summaries(self, table_id: str, keys: Sequence[tuple[int, int]]) -> list[HandSummary]:
        """These hands of one table, summed up from their own rows and the room's rulings on them
        (as ``RoomReader.catch_up`` sums up every hand), marked as the check last said."""
        index = HandIndex(labels={table_id: self.labels.get(table_id, "")})
        if table_id not in self.opened:
            self._sessions(table_id)
        for session, payload, at, digest in self.opened[table_id]:
            index.take(table_id, session, 0, OpenTableRow.kind, payload, at, digest)
        applied: set[tuple[int, str]] = set()
        for session, hand, kind, payload, at, digest in self.query(
            "SELECT l.session, l.hand_no, l.kind, l.payload, l.at, l.hash "
            "FROM unnest(%(s)s::int[], %(h)s::int[]) AS k(s, h) JOIN room.log l ON l.table_id = %(table)s "
            "AND l.session = k.s AND l.hand_no = k.h WHERE l.kind = ANY(%(kinds)s) AND l.kind != %(open)s "
            "ORDER BY l.row_id",
            {
                "s": [s for s, _ in keys],
                "h": [h for _, h in keys],
                "table": table_id,
                "kinds": list(SUMMARY_KINDS),
                "open": OpenTableRow.kind,
            },
        ):
            index.take(table_id, session, hand, kind, payload, at, digest)
            if kind == RulingRow.kind and (named := applied_room_ruling(payload_dict(payload))) is not None:
                applied.add(named)
        for r in self.rulings:  # (one the table applied is its own ruling row, counted above)
            summary = index.hands.get((table_id, r.session, r.hand))
            if r.table_id == table_id and summary is not None and (r.id, r.hash) not in applied:
                summary.rulings += 1
                mark_case(summary, r.payload)
        hands = list(index.hands.values())
        mark_failing(hands, self.failing.get(table_id, {}))
        return hands

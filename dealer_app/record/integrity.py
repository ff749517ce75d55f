"""Does the record prove itself? Every check the floor (and resume, and export) relies on.

``check_record`` walks the log once, in id order, and names each problem with where it is
(row, table session, hand) and what it is:

- ``edited``: a row that no longer matches its keyed hash (its content or time changed);
- ``missing``: row ids or a table's sequence numbers with a gap (rows deleted);
- ``reordered``: a table's sequence numbers out of order (rows moved or copied in);
- ``recomputed``: a run of rows whose hashes all fail, as when a hand was rewritten and the
  chain recomputed without the record's key, or the key given is not the record's;
- ``tail``: rows the record once had at its end (its own id counter, or an anchor's seal,
  names a row that is gone: the last rows or hands deleted, or the file copied without -wal);
- ``sessions``: the sessions table disagreeing with the rows that opened and closed each table;
- ``heads`` / ``unsigned``: the table's signed heads (``record/heads.py``): rows cut from the end
  (the last head, in the record or the anchors file, covers more rows than it holds), rows added
  without the table's signature, a head forged or signed by another key;
- ``undo claim`` (``record/undo_claim.py``): an undo row naming another input than the one the
  hand's fold takes back (who may undo is decided from what the row names: a void is the floor's);
- ``replay`` (``record/replay.py``): a row, whole by its hash and signature, that the engine
  cannot make: a hand's end stating other pots or nets than its inputs give, a cash-out other
  than the stack, a resume naming another table … — what the record service refuses, written
  by someone holding the table's key (run from source). The table is taken up again at its next
  hand's start (``SessionReplays``), so each later hand is replayed and named on its own;
- ``row time`` (``record/row_times.py``): a row whose time is earlier than a row before it, beyond
  a clock's step: the times were changed or the clock went back. Said (verify fails, the start
  says it), but no gate stops for it (``failing_by_hand``): the rows are the table's own and whole.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import TYPE_CHECKING

from dealer_app.record.chain import (
    Anchor,
    Beyond,
    key_id,
    legacy_row_hash,
    meta_mac,
    read_anchors_file,
    row_hash,
)
from dealer_app.record.floor_signing import SIGNED_IN, UNSIGNED_FLOOR, unsigned_floor_words
from dealer_app.record.fold import InputFold
from dealer_app.record.heads import check_heads
from dealer_app.record.payload import MAX_DEPTH, JsonObject, read_payload
from dealer_app.record.problem import Problem as Problem  # (its readers import it from here)
from dealer_app.record.replay import REPLAY, SessionReplays
from dealer_app.record.row_times import NO_TIME, ROW_TIME, TimeUnreadable
from dealer_app.record.row_times import step as time_step
from dealer_app.record.rows import CloseTableRow, HandEndRow, HandStartRow, OpenTableRow, RecordUpgradedRow
from dealer_app.record.undo_claim import FOLDED_KINDS, UNDO_CLAIM, undo_mismatch

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from dealer_app.record.chain import Creation
    from dealer_app.record.store import Store

# a run of this many failing rows in a row is reported as one recomputed stretch
_RUN = 3


def check_record(
    store: Store,
    key: bytes | None,
    anchors: Path | None = None,
    kept: KeptCheck | None = None,
    every_signature: bool = False,
) -> list[Problem]:
    """Every problem, named; a record that cannot even be read says so as its one problem.
    ``kept``: the walk of an earlier check of this record, taken up where it ended when the
    record has only grown since (``KeptCheck``); without it every row is read again.
    ``every_signature``: every signed head's signature checked, not only those that carry the
    evidence (``heads.check_heads``: ``dealer-app verify`` does)."""
    try:
        return _check(store, key, anchors, kept, every_signature)
    except CheckCancelled:
        if kept is not None:
            kept.forget()
        raise
    except sqlite3.Error as exc:
        if kept is not None:
            kept.forget()
        return [Problem("unreadable", f"{store.path}: the record cannot be read to the end ({exc})")]


class CheckCancelled(Exception):
    """The check was stopped before its end (``KeptCheck.cancel`` set: the console closing)."""


class KeptCheck:
    """A record's walk kept between checks, so that a console looking at a table being dealt
    reads only the rows added since (about 11 µs a row: 100,000 hands' rows take 15 s to
    walk, ten new rows well under a millisecond).

    The walk is taken up only where the record has only grown: the row it ended on still holds
    the hash it read, no row before it is gone, the key is the same, and the anchors file says
    the same of the rows already walked. A row edited before that point without changing the
    ids is not seen by taking up the walk, so the whole record is walked again once the kept
    walk is ``full_every`` seconds old (and by every ``verify``, resume and report)."""

    def __init__(self, full_every: float = 300.0):
        self.full_every = full_every
        self._walk: _Walk | None = None
        self._anchors: dict[int, str] = {}  # row -> hash, the anchors the walk was given
        self._key: bytes | None = None
        self._since = 0.0  # (monotonic) when the kept walk began at row 1
        self.taken_up = 0  # times the walk was taken up rather than walked again whole
        self.cancel = threading.Event()  # set: the walk stops at its next thousand rows

    def forget(self) -> None:
        self._walk = None

    def take_up(self, store: Store, key: bytes, anchored: dict[int, Anchor]) -> _Walk | None:
        """The kept walk, moved on to the record's end, if it may be taken up; else None."""
        import time

        walk = self._walk
        if (
            walk is None
            or key != self._key
            or walk.store.record_id != store.record_id
            or time.monotonic() - self._since > self.full_every
        ):
            return None
        if walk.last_id:
            row = store.db.execute("SELECT hash FROM log WHERE id = ?", (walk.last_id,)).fetchone()
            held = store.db.execute("SELECT COUNT(*) FROM log WHERE id <= ?", (walk.last_id,)).fetchone()[0]
            if row is None or row[0] != walk.prev or held != walk.rows:
                return None
        walked = {r: a.hash for r, a in anchored.items() if r <= walk.last_id}
        if walked != {r: h for r, h in self._anchors.items() if r <= walk.last_id}:
            return None  # the anchors file changed for rows already walked: walk it all again
        walk.store, walk.cancel = store, self.cancel
        walk.anchored = {r: a for r, a in walk.anchored.items() if r <= walk.last_id} | {
            r: a for r, a in anchored.items() if r > walk.last_id
        }
        self._anchors = {r: a.hash for r, a in anchored.items()}
        walk.advance()
        self.taken_up += 1
        return walk

    @property
    def rows_walked(self) -> int:
        return self._walk.rows if self._walk is not None else 0

    def keep(self, walk: _Walk, anchored: dict[int, Anchor], key: bytes, fresh: bool) -> None:
        import time

        if fresh:
            self._since = time.monotonic()
            self._anchors = {r: a.hash for r, a in anchored.items()}
        self._walk, self._key = walk, key


def _check(
    store: Store, key: bytes | None, anchors: Path | None, kept: KeptCheck | None = None, every_signature: bool = False
) -> list[Problem]:
    if store.format == 1:
        return _check_format1(store)
    where = str(store.path)
    problems: list[Problem] = []
    if key is None:
        return [Problem("key", f"{where}: no key was given, so the rows' hashes cannot be checked")]
    if store.key_id and key_id(key) != store.key_id:
        problems.append(
            Problem(
                "key",
                f"{where}: the key given ({key_id(key)}) is not the one this record was "
                f"written with ({store.key_id}): every row will fail its hash",
            )
        )
    else:
        problems += _check_meta(store, key)
    anchored: dict[int, Anchor] = {}
    beyond: Beyond | None = None
    if anchors is not None:
        # (only this record's anchors are kept, those of rows far past its last one summed up)
        last_row = store.db.execute("SELECT MAX(id) FROM log").fetchone()[0] or 0
        read = read_anchors_file(anchors, store.record_id, str(store.path.resolve()), last_row)
        problems += [Problem("anchors", text) for text in read.problems]
        problems += _check_creation(store, read.created)
        anchored, beyond = {a.row: a for a in read.anchors}, read.beyond
        del read
    walk = kept.take_up(store, key, anchored) if kept is not None else None
    fresh = walk is None
    if walk is None:
        walk = _Walk(store, key, dict(anchored))
        walk.cancel = kept.cancel if kept is not None else None
        walk.advance()
    walk.beyond = beyond
    problems += walk.result()
    problems += _check_sessions(store, walk)
    problems += check_heads(store, anchors, every_signature)
    if kept is not None:
        kept.keep(walk, anchored, key, fresh)
    return problems


def _check_meta(store: Store, key: bytes) -> list[Problem]:
    """The record's identity (meta) is keyed too: a new record_id, format or key id shows."""
    where, meta = str(store.path), store.meta
    rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    if not meta:
        if rows:
            return [Problem("meta", f"{where}: the record's identity (its meta table) is gone: it was deleted")]
        return []
    if meta.get("meta_mac") != meta_mac(key, meta):
        return [Problem("meta", f"{where}: the record's identity (its meta table) was changed after it was made")]
    return []


def _check_creation(store: Store, created: list[Creation]) -> list[Problem]:
    """Against the anchors file's notes of records made: this record's own, and any other
    record made at the same place (a record wiped and made again under a new identity)."""
    where, here = str(store.path), str(store.path.resolve())
    mine = [c for c in created if c.record_id == store.record_id]
    others = [c for c in created if c.path == here and c.record_id != store.record_id]
    problems = []
    if others:
        o = others[-1]
        problems.append(
            Problem(
                "replaced",
                f"{where}: the anchors file names another record made here ({o.record_id}, "
                f"{o.at}): this file replaced it",
            )
        )
    if not mine and store.record_id:
        problems.append(
            Problem(
                "anchors",
                f"{where}: the anchors file does not know this record ({store.record_id}): "
                f"it was made with another anchors file, or its identity was changed",
            )
        )
    return problems


class _Walk:
    """One pass over the log in id order."""

    def __init__(self, store: Store, key: bytes, anchored: dict[int, Anchor]):
        self.store, self.key, self.anchored = store, key, anchored
        self.beyond: Beyond | None = None  # anchors of rows far past the record's end: gone, summed up
        self.where = str(store.path)
        self.problems: list[Problem] = []
        self.failing: list[tuple[int, int, int, str]] = []  # the current run of failing rows
        self.last_id, self.last_sid = 0, None
        self.prev = ""  # the hash of the last row walked (the next row's is chained to it)
        self.rows = 0  # rows walked
        self.cancel: threading.Event | None = None
        self.seqs: dict[int, int] = {}
        self.first_rows: dict[int, tuple[str, JsonObject | None, str]] = {}  # session -> (kind, payload, at) of seq 1
        self.closes: dict[int, str] = {}  # session -> at of its close_table row
        self.upgraded: dict[int, JsonObject] = {}  # session -> its times as a format-1 record had them
        self.times = NO_TIME  # the latest row time so far (row times run forward)
        self.folds: dict[int, InputFold] = {}  # session -> its inputs in force (undo rows checked)
        self.replays = SessionReplays()  # each table replayed so far (record/replay.py)

    def run(self) -> list[Problem]:
        self.advance()
        return self.result()

    def result(self) -> list[Problem]:
        """What the walk found, with the record's end as it is now (the walk may go on later)."""
        return self.problems + self._run_problems(self.failing) + self._tail_problems()

    def advance(self) -> None:
        """The rows after the last one walked, to the record's end."""
        prev = self.prev
        for rid, sid, seq, hand, kind, text, at, digest in self.store.db.execute(
            "SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log WHERE id > ? ORDER BY id",
            (self.last_id,),
        ):
            self.rows += 1
            if self.cancel is not None and not self.rows % 1024 and self.cancel.is_set():
                raise CheckCancelled
            if not (
                all(isinstance(v, int) for v in (rid, sid, seq, hand))
                and all(isinstance(v, str) for v in (kind, text, at, digest))
            ):
                # a column given a value of another type: an edit (SQLite does not refuse it)
                self._end_run()
                self.problems.append(
                    Problem(
                        "edited",
                        f"{self.where}: log row {rid!r} holds a value of the wrong "
                        f"type: it was changed after it was written",
                    )
                )
                prev = digest if isinstance(digest, str) else prev
                if isinstance(rid, int):
                    self.last_id = rid
                if isinstance(sid, int):  # (its table's replay waits: the edit is named, not replayed)
                    self.replays.take(sid, 0, 0, "", None, trusted=False)
                continue
            explained = self._order(rid, sid, seq, hand, kind)
            content = _content(text)  # (read once: the checks below and the replay each use it)
            payload = content if isinstance(content, dict) else None
            expected = row_hash(self.key, self.store.record_id, prev, rid, sid, seq, hand, kind, text, at)
            if expected != digest:
                if not explained:
                    self.failing.append((rid, sid, hand, kind))
            else:
                self._end_run()
                if text.count("[") + text.count("{") > MAX_DEPTH and payload is None:
                    # it proves itself, yet no reader can take it: written by someone holding the key
                    self.problems.append(
                        Problem(
                            "unreadable",
                            f"{self.where}: log row {rid} ({kind}, table session {sid}, hand {hand}) "
                            f"matches its hash but its content cannot be read (nested deeper than "
                            f"{MAX_DEPTH} levels): it was written by someone holding the record's key",
                            rid,
                            sid,
                            hand,
                        )
                    )
            anchor = self.anchored.pop(rid, None)
            if anchor is not None and anchor.hash != digest and expected == digest:
                # the row proves itself by the key: it is the anchors file's line that differs
                self.problems.append(
                    Problem(
                        "anchors",
                        f"{self.where}: the anchors file's seal {anchor.seal} for log row {rid} ({kind}, table "
                        f"session {sid}, hand {hand}) is not that row's, whose keyed hash holds: the anchors "
                        f"file was edited (or the record rewritten by someone holding its key)",
                        rid,
                        sid,
                        hand,
                    )
                )
            elif anchor is not None and anchor.hash != digest:
                self.problems.append(
                    Problem(
                        "edited",
                        f"{self.where}: log row {rid} ({kind}, table session {sid}, hand {hand}) is not the row "
                        f"sealed {anchor.seal} at {anchor.at}: it was rewritten",
                        rid,
                        sid,
                        hand,
                    )
                )
            self._remember(sid, seq, kind, text, at)
            if kind in SIGNED_IN and (unsigned := unsigned_floor_words(kind, payload or {})) is not None:
                self.problems.append(
                    Problem(
                        UNSIGNED_FLOOR,
                        f"{self.where}: table session {sid}, hand {hand}: log row {rid}: {unsigned}",
                        rid,
                        sid,
                        hand,
                    )
                )
            if kind in FOLDED_KINDS:
                self._undo_claim(rid, sid, hand, kind, payload)
            self._replay(rid, sid, seq, hand, kind, text, content, expected == digest)
            self.times, back = time_step(self.times, rid, at)
            if isinstance(back, TimeUnreadable) and expected != digest:
                back = None  # (a row that fails its hash was changed: said as that, once)
            if back is not None:
                self.problems.append(
                    Problem(ROW_TIME, f"{self.where}: table session {sid}, hand {hand}: {back.words()}", rid, sid, hand)
                )
            prev, self.last_id, self.last_sid = digest, rid, sid
        self.prev = prev

    def _undo_claim(self, rid: int, sid: int, hand: int, kind: str, payload: JsonObject | None) -> None:
        """The row taken into its table's fold; an undo naming another input than the one it
        takes back is named (the row the record service would have refused)."""
        if payload is None:
            return
        fold = self.folds.setdefault(sid, InputFold(strict=False))
        mismatch = undo_mismatch(fold, kind, payload, hand)
        if mismatch is not None:
            self.problems.append(
                Problem(
                    UNDO_CLAIM,
                    f"{self.where}: table session {sid}, hand {hand}: log row {rid}: {mismatch.words()} "
                    f"(who may undo is decided from what the row names)",
                    rid,
                    sid,
                    hand,
                )
            )

    def _replay(
        self, rid: int, sid: int, seq: int, hand: int, kind: str, text: str, content: object, whole: bool
    ) -> None:
        """The row (``content``: what its JSON holds, None if unreadable) replayed onto its
        table; one that does not replay is named. A row that fails its hash stops its table's
        replay (the edit is named already)."""
        # (a row too deeply nested to read is named "unreadable" above: not named twice)
        deep_unreadable = text.count("[") + text.count("{") > MAX_DEPTH and not isinstance(content, dict)
        trusted = whole and not deep_unreadable
        why = self.replays.take(sid, seq, hand, kind, content if trusted else None, trusted)
        if why is not None:
            self.problems.append(
                Problem(
                    REPLAY,
                    f"{self.where}: table session {sid}, hand {hand}: log row {rid} ({kind}) does not replay: "
                    f"{why} — whole by its hash and signature, so written by someone holding the table's key",
                    rid,
                    sid,
                    hand,
                )
            )

    def _order(self, rid: int, sid: int, seq: int, hand: int, kind: str) -> bool:
        """Gaps and disorder in the ids and sequence numbers; True if one explains this row's
        failing hash (a row after a deleted one cannot match: its predecessor changed)."""
        explained = False
        if rid != self.last_id + 1:
            self.problems.append(
                Problem(  # (whose rows they were, nobody can tell: every table's)
                    "missing",
                    f"{self.where}: {_rows(self.last_id + 1, rid - 1)} missing before log row {rid} "
                    f"({kind}, table session {sid}, hand {hand}): deleted",
                    rid,
                    sid,
                    hand,
                    ((0, None),),
                )
            )
            if self.last_sid not in (None, sid):  # the deleted rows may have ended the table before
                self.problems.append(
                    Problem(
                        "missing",
                        f"{self.where}: {_rows(self.last_id + 1, rid - 1)} missing after table "
                        f"session {self.last_sid}'s last row {self.last_id}: the table's last rows may "
                        f"have been deleted",
                        rid - 1,
                        self.last_sid,
                        None,
                        ((0, None),),
                    )
                )
            explained = True
        want = self.seqs.get(sid, 0) + 1
        if seq > want:
            self.problems.append(
                Problem(
                    "missing",
                    f"{self.where}: table session {sid} has no rows {want}–{seq - 1} of its own before its "
                    f"row {seq} (row {rid}, hand {hand}): they were deleted",
                    rid,
                    sid,
                    hand,
                )
            )
            explained = True
        elif seq < want:
            self.problems.append(
                Problem(
                    "reordered",
                    f"{self.where}: log row {rid} ({kind}, table session {sid}, hand {hand}) is that table's "
                    f"row {seq}, after its row {want - 1}: rows were moved or copied in",
                    rid,
                    sid,
                    hand,
                )
            )
            explained = True
        return explained

    def _end_run(self) -> None:
        run, self.failing = self.failing, []
        self.problems += self._run_problems(run)

    def _run_problems(self, run: list[tuple[int, int, int, str]]) -> list[Problem]:
        if not run:
            return []
        if len(run) < _RUN:
            return [
                Problem(
                    "edited",
                    f"{self.where}: log row {rid} ({kind}, table session {sid}, hand {hand}) does "
                    f"not match its hash: it was changed after it was written",
                    rid,
                    sid,
                    hand,
                )
                for rid, sid, hand, kind in run
            ]
        (first, sid, hand, _kind), (last, *_rest) = run[0], run[-1]
        hands = sorted({(s, h) for _r, s, h, _k in run})
        span = ", ".join(f"session {s} hand {h}" for s, h in hands[:5]) + (" …" if len(hands) > 5 else "")
        return [
            Problem(
                "recomputed",
                f"{self.where}: log rows {first}–{last} ({len(run)} rows: {span}) do not match their hashes: "
                f"rewritten, with the chain recomputed without the record's key",
                first,
                sid,
                hand,
                tuple(hands),
            )
        ]

    def _remember(self, sid: int, seq: int, kind: str, text: str, at: str) -> None:
        self.seqs[sid] = max(seq, self.seqs.get(sid, 0))
        if seq == 1:
            self.first_rows[sid] = (kind, _payload(text), at)
        if kind == CloseTableRow.kind:
            self.closes[sid] = at
        elif kind == RecordUpgradedRow.kind:
            self.upgraded[sid] = _payload(text) or {}

    def _tail_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        counter = self.store.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'log'").fetchone()
        if counter is None and self.last_id:
            problems.append(
                Problem(
                    "tail",
                    f"{self.where}: the record's row counter (sqlite_sequence) is gone: "
                    f"rows may have been deleted from its end",
                )
            )
        elif counter and isinstance(counter[0], int) and counter[0] > self.last_id:
            problems.append(
                Problem(
                    "tail",
                    f"{self.where}: the record wrote {counter[0]} rows and holds {self.last_id}: rows "
                    f"{self.last_id + 1}–{counter[0]} were deleted from its end",
                    self.last_id + 1,
                )
            )
        gone = sorted(self.anchored.values(), key=lambda a: a.row)  # sealed rows not found
        beyond = self.beyond if self.beyond is not None and self.beyond.first.row > self.last_id else None
        if beyond is not None:  # (all past the rows kept whole: after them)
            gone.append(beyond.first)
        if gone:  # the first one says it; the later seals are gone for the same reason
            anchor = gone[0]
            # a floor reads "hand 6 is missing", not a resume row's number: the first whole hand gone
            hands = [a for a in gone if a.kind in (HandStartRow.kind, HandEndRow.kind) and a.hand]
            count = len({a.session << 32 | a.hand for a in hands} | (beyond.hands if beyond is not None else set()))
            lost = (
                (
                    f"hand {hands[0].hand} of table session {hands[0].session} is missing (its "
                    f"{'seal' if hands[0].kind == 'hand_end' else 'start'} {hands[0].seal}, row {hands[0].row})"
                    + (
                        f", and {'over ' if beyond is not None and beyond.more_hands else ''}{count - 1} more "
                        f"hand(s) after it"
                        if count > 1
                        else ""
                    )
                )
                if hands
                else f"the {anchor.kind} row {anchor.row} of table session {anchor.session} is missing"
            )
            problems.append(
                Problem(
                    "tail",
                    f"{self.where}: {lost}: the anchors file's seal {anchor.seal} ({anchor.at}) names row "
                    f"{anchor.row}, which the record no longer has: its last rows were deleted, or the file was "
                    f"copied without its -wal file",
                    anchor.row,
                    anchor.session,
                    anchor.hand,
                )
            )
        return problems


def _check_sessions(store: Store, walk: _Walk) -> list[Problem]:
    """Each table's row in ``sessions`` against the rows that opened and closed it."""
    where, problems = str(store.path), []
    known = set()
    gone = walk.result()  # (rows found missing: they, not the sessions table, may explain a table left open)
    for sid, table, profile, opened, closed in store.db.execute(
        "SELECT id, table_name, profile, opened_at, closed_at FROM sessions ORDER BY id"
    ):
        known.add(sid)
        first = walk.first_rows.get(sid)
        if first is None:
            if sid in walk.seqs:
                continue  # its first row is missing: said already
            problems.append(Problem("sessions", f"{where}: table session {sid} ({table}) has no rows", None, sid))
            continue
        kind, payload, at = first
        times = walk.upgraded.get(sid, {})
        said = []
        if kind != OpenTableRow.kind or not isinstance(payload, dict):
            said.append("its first row does not open a table")
        else:
            if payload.get("table") != table:
                said.append(f"its table is {table!r}, its rows say {payload.get('table')!r}")
            if payload.get("profile") != profile:
                said.append(f"its profile is {profile!r}, its rows say {payload.get('profile')!r}")
        if opened != times.get("opened_at", at):
            said.append(f"it was opened at {opened}, its rows say {times.get('opened_at', at)}")
        closed_by_rows = walk.closes.get(sid, times.get("closed_at"))
        if isinstance(closed, str) and closed_by_rows is None and not said:
            # closed by the sessions table, open by its rows: rows missing from its end (its
            # closing row with them) explain that as well as an edit does — never blamed on the
            # sessions table when the check has found them, and both named when it has not
            end = store.db.execute(
                "SELECT id, at FROM log WHERE session_id = ? ORDER BY id DESC LIMIT 1", (sid,)
            ).fetchone()
            if end is not None and isinstance(end[1], str) and closed >= end[1]:
                if not any(p.what in ("tail", "missing") and (p.row is None or p.row > end[0]) for p in gone):
                    problems.append(
                        Problem(
                            "tail",
                            f"{where}: table session {sid} ({table}) was closed at {closed} by the sessions "
                            f"table, but its rows end at log row {end[0]} ({end[1]}) with the table open: its "
                            f"last rows, its closing row with them, are missing (deleted from the record's "
                            f"end), or the sessions table was edited",
                            None,
                            sid,
                        )
                    )
                continue
        if closed != closed_by_rows:
            said.append(
                f"its closing time is {closed or 'none (open)'}, its rows say {closed_by_rows or 'none (open)'}"
            )
        if said:
            problems.append(
                Problem(
                    "sessions",
                    f"{where}: the sessions table was edited: table session {sid}: " + "; ".join(said),
                    None,
                    sid,
                )
            )
    for sid in sorted(set(walk.seqs) - known):
        problems.append(
            Problem(
                "sessions",
                f"{where}: rows of table session {sid}, which the sessions table does not have: its entry was deleted",
                None,
                sid,
            )
        )
    counter = store.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'sessions'").fetchone()
    if counter and known and counter[0] > max(known):
        problems.append(
            Problem(
                "sessions",
                f"{where}: the record opened {counter[0]} tables and holds {max(known)}: the last were deleted",
                None,
                counter[0],
            )
        )
    return problems


def _check_format1(store: Store) -> list[Problem]:
    """A record written before the keyed chain, read where it cannot be upgraded (read-only).
    Its plain SHA-256 chain needs no key, so anyone can recompute it: it cannot prove itself,
    and says so; the chain still finds a middle row changed by someone who did not recompute it."""
    problems, prev = (
        [
            Problem(
                "unkeyed",
                f"{store.path}: an older record, chained without a key: it cannot prove "
                f"itself (anyone can recompute its hashes); the app upgrades it on the "
                f"machine that wrote it",
            )
        ],
        "",
    )
    for rid, sid, hand_no, kind, text, at, digest in store.db.execute(
        "SELECT id, session_id, hand_no, kind, payload, at, hash FROM log ORDER BY id"
    ):
        if legacy_row_hash(prev, sid, hand_no, kind, text, at) != digest:
            problems.append(
                Problem(
                    "edited",
                    f"{store.path}: log row {rid} ({kind}, table session {sid}, hand {hand_no}) does not match "
                    f"its hash: the record was changed after it was written",
                    rid,
                    sid,
                    hand_no,
                )
            )
        prev = digest
    return problems


def _rows(first: int, last: int) -> str:
    return f"log row {first} is" if first == last else f"log rows {first}–{last} are"


def _content(text: str) -> object:
    """What a row's JSON holds; None if it is no JSON, or nested past any row's depth (the row's
    hash names it)."""
    try:
        return read_payload(text)
    except ValueError:
        return None


def _payload(text: str) -> JsonObject | None:
    value = _content(text)
    return value if isinstance(value, dict) else None


def failing_by_hand(problems: Iterable[Problem]) -> dict[tuple[int, int | None], str]:
    """Problems by (table session, hand), the first one's words each: session 0 is the record
    as a whole, hand None a table's rows outside a hand (``Store.failing``)."""
    out: dict[tuple[int, int | None], str] = {}
    for p in problems:
        if p.what == ROW_TIME:  # (a clock's fault or a changed time: said, but the rows are whole)
            continue
        for session, hand in p.covers or ((p.session or 0, p.hand),):
            # a table's opening rows (hand 0: its limits, its seats) are every hand's
            out.setdefault((session, None if hand == 0 else hand), p.text)
    return out

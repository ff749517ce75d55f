"""The floor's watch over the tables (issue 30 §3): which table's record and room disagree, and
which table went silent, for the console to flag in red.

- **disagrees**: a table's forwarder reported that the room's copy and its record differ (on
  connect it compares the whole copy; at start the table asks the room): the room keeps each
  report (``room.refusals``, ``what = 'mismatch'``), the first one's time is "since".
- **silent**: a table not closed (a session opened and not closed in the room's rows) that the
  room has not heard of for ``STALE_AFTER_S``: no signed head arrived, and its forwarder did not
  say it was there (``room.table_seen``, every ``SEEN_EVERY_S`` while idle).
- **uncovered**: rows on the server that no signed head covers, received more than
  ``STALE_AFTER_S`` ago (a table's heads follow its rows within seconds: rows left without one
  were cut from the table's heads, or the heads deleted in the room). Only for a table that has
  sent heads (an older record, keyed only, sends none).

The bound, 120 s: a head reaches the room within seconds of each commit, an idle forwarder
says it is there every 30 s and retries a lost connection within 5 s, so four missed heartbeats
are never a pause of a healthy table (a hand takes minutes), and a table that stopped is seen
within two minutes, before the next hand is over. Every age is the server's clock
(``clock_timestamp()`` then ``now()``): no machine's clock is compared with another's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.hand_index import record_time
from dealer_app.record.rows import CloseTableRow, OpenTableRow

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

STALE_AFTER_S = 120
DISAGREES, SILENT, UNCOVERED = "disagrees", "silent", "uncovered"
MISMATCH = "mismatch"  # room.refusals.what of a table's report (room/migrations/0001, 0007)


@dataclass(frozen=True)
class TableFlag:
    """One table the floor must look at: what, since when (UTC, the record's form)."""

    table_id: str
    what: str  # DISAGREES | SILENT | UNCOVERED
    since: str
    rows: int = 0  # UNCOVERED: how many rows no head covers
    reason: str = ""  # DISAGREES: the table's report, in English (the latest); room/memory.py's flags: its text
    seen: str = ""  # room/memory.py's flags: what this machine saw …
    now: str = ""  # … and what the room holds now


_QUIET = f"""
SELECT t.table_id,
       coalesce(greatest(h.received_at, p.seen_at), l.received_at)::text AS heard,
       coalesce(greatest(h.received_at, p.seen_at), l.received_at) < now() - make_interval(secs => %(bound)s) AS silent,
       (SELECT count(*) FROM room.log o WHERE o.kind = '{OpenTableRow.kind}' AND o.table_id = t.table_id)
         > (SELECT count(*) FROM room.log c WHERE c.kind = '{CloseTableRow.kind}' AND c.table_id = t.table_id) AS open,
       h.row_id IS NOT NULL AS signs,
       u.rows, u.since::text
FROM room.tables t
LEFT JOIN LATERAL (SELECT x.row_id, x.received_at FROM room.heads x WHERE x.table_id = t.table_id
                   ORDER BY x.row_id DESC LIMIT 1) h ON true
LEFT JOIN room.table_presence p ON p.table_id = t.table_id
LEFT JOIN LATERAL (SELECT x.received_at FROM room.log x WHERE x.table_id = t.table_id
                   ORDER BY x.row_id DESC LIMIT 1) l ON true
LEFT JOIN LATERAL (SELECT count(*) AS rows, min(x.received_at) AS since FROM room.log x
                   WHERE x.table_id = t.table_id AND x.row_id > coalesce(h.row_id, 0)
                     AND x.received_at < now() - make_interval(secs => %(bound)s)) u ON true
WHERE t.table_id = ANY(%(tables)s)
ORDER BY t.table_id
"""


def table_flags(
    query: Callable[[str, dict], list[tuple]],
    tables: Iterable[str],
    refusals: Iterable,
    bound_s: float = STALE_AFTER_S,
) -> tuple[TableFlag, ...]:
    """Every flag of the ``tables`` shown (the floor enrolled them), from the room (``query``:
    the reader's) and the refusals it read (each with table_id, what, reason, at)."""
    shown = list(tables)
    flags: list[TableFlag] = []
    reports: dict[str, list] = {}
    for r in refusals:
        if r.what == MISMATCH and r.table_id in shown:
            reports.setdefault(r.table_id, []).append(r)
    for table_id, said in reports.items():
        flags.append(TableFlag(table_id, DISAGREES, record_time(said[0].at), reason=said[-1].reason))
    if shown:
        for table_id, heard, silent, is_open, signs, rows, since in query(_QUIET, {"bound": bound_s, "tables": shown}):
            if silent and is_open and heard is not None:
                flags.append(TableFlag(table_id, SILENT, record_time(heard)))
            if signs and rows:
                flags.append(TableFlag(table_id, UNCOVERED, record_time(since), rows=int(rows)))
    return tuple(sorted(flags, key=lambda f: (f.table_id, f.what)))


__all__ = ["DISAGREES", "SILENT", "STALE_AFTER_S", "UNCOVERED", "TableFlag", "table_flags"]

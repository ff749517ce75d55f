"""Many hands on every core: the input cut into units of work, each read, replayed and
rendered by a worker process, the results put back in the input's order.

A unit is either a few whole files (``("files", paths)``) or a run of consecutive hands of one
large PHH file (``("range", path, start byte, end byte, first line)``, cut at the ``[N]`` lines
that start its hands). A worker reads only its own unit, so memory stays that of a few hands
per process, and each unit's results are text (a line per hand, a JSON object, an exported
file) that is cheap to send back. With one job everything runs in this process, the same way.
"""

from __future__ import annotations

import collections
import multiprocessing
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.history.cutting import ranges, split_kind

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

FILES_PER_UNIT = 100
PARALLEL_FROM_BYTES = 1 << 20  # below this much input, worker processes cost more than they save


def work_units(paths) -> Iterator[tuple]:
    """The input, in order, as units of work."""
    batch: list[str] = []
    for path in map(str, paths):
        kind = split_kind(Path(path))
        if kind:
            if batch:
                yield ("files", batch)
                batch = []
            yield from ranges(Path(path), kind)
        else:
            batch.append(path)
            if len(batch) == FILES_PER_UNIT:
                yield ("files", batch)
                batch = []
    if batch:
        yield ("files", batch)


def _splittable(path: Path) -> bool:
    return split_kind(path) is not None


def jobs_for(paths, asked: int | None) -> int:
    """How many processes: as asked, else every core once the input is large enough."""
    if asked:
        return max(1, asked)
    try:
        size = sum(os.stat(p).st_size for p in map(str, paths) if os.path.isfile(p))
    except OSError:
        size = 0
    return min(os.cpu_count() or 1, 8) if size >= PARALLEL_FROM_BYTES else 1


def run(units, work: Callable[[tuple], list], jobs: int) -> Iterator[list]:
    """``work(unit)`` for every unit, results in the units' order, on ``jobs`` processes.
    ``work`` must be a module-level function (the workers find it by name)."""
    if jobs <= 1:
        for unit in units:
            yield work(unit)
        return
    # at most two units a worker ahead of the reader: a slow reader (a pipe into less)
    # holds the workers back instead of letting finished results pile up here
    with multiprocessing.get_context(_start_method()).Pool(jobs) as pool:
        pending: collections.deque = collections.deque()
        for unit in units:
            pending.append(pool.apply_async(work, (unit,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _start_method() -> str:
    """fork (the workers start at once, with this process's imports and settings) unless Qt
    is loaded in this process: its threads make a forked copy unsafe, so then a fork server
    (a clean process that forks the workers) is used."""
    return "forkserver" if "PySide6.QtCore" in sys.modules else "fork"

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
import re
import stat
import sys
from pathlib import Path
from typing import Callable, Iterator

from dealer_app.history.importers import UnreadableText, decode
from dealer_app.history.phh import PHHError, iter_phh
from dealer_app.history.sources import Problem, read_items

HANDS_PER_UNIT = 250
FILES_PER_UNIT = 100
SPLIT_FROM_BYTES = 1 << 20  # a smaller file is one unit: cutting it would cost more than it saves
PARALLEL_FROM_BYTES = 1 << 20  # below this much input, worker processes cost more than they save
_HAND_HEADER_LINE = re.compile(rb"(?m)^\[[ \t]*[A-Za-z0-9_-]+[ \t]*\][ \t]*(?:#[^\n]*)?\r?$")


def work_units(paths) -> Iterator[tuple]:
    """The input, in order, as units of work."""
    batch: list[str] = []
    for path in map(str, paths):
        if _splittable(Path(path)):
            if batch:
                yield ("files", batch)
                batch = []
            yield from _ranges(Path(path))
        else:
            batch.append(path)
            if len(batch) == FILES_PER_UNIT:
                yield ("files", batch)
                batch = []
    if batch:
        yield ("files", batch)


def _splittable(path: Path) -> bool:
    """A large UTF-8 PHH file: one hand per table, cut between tables."""
    try:
        st = os.stat(path)  # (one call: 10,000 small files are 10,000 of them)
        if not stat.S_ISREG(st.st_mode) or st.st_size < SPLIT_FROM_BYTES:
            return False
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False  # said by the reader, in its place
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[1:2] == b"\x00":
        return False  # UTF-16: read whole
    if not (path.suffix == ".phhs" or (b"variant" in head and b"actions" in head)):
        return False
    # a hand at the top of the file (a .phh, whose [tables] belong to it) is read whole
    first_table = re.search(rb"(?m)^\[", head)
    top = head[:first_table.start()] if first_table else head
    return not re.search(rb"(?m)^[ \t]*variant[ \t]*=", top)


def _ranges(path: Path) -> Iterator[tuple]:
    start, start_line, hands = 0, 1, 0
    for offset, line_no in _hand_starts(path):
        if line_no is None:  # the end of the file
            yield ("range", str(path), start, offset, start_line)
            return
        if hands == HANDS_PER_UNIT:
            yield ("range", str(path), start, offset, start_line)
            start, start_line, hands = offset, line_no, 0
        hands += 1


def _hand_starts(path: Path, block_size: int = 1 << 20) -> Iterator[tuple[int, int | None]]:
    """(byte offset, line number) of every line that starts a hand (``[N]``), then (the file's
    length, None). The file is read a block at a time and searched by one pattern (the
    process that hands out the work must not be busy while its workers wait)."""
    base, line_no, rest = 0, 1, b""  # base: where ``rest`` (the last block's unfinished line) starts
    with open(path, "rb") as f:
        while True:
            block = f.read(block_size)
            data = rest + block
            end = data.rfind(b"\n") + 1 if block else len(data)  # whole lines (all, at the end)
            pos = 0
            for start in _bracket_lines(data, end):
                if _HAND_HEADER_LINE.match(data, start, end):
                    line_no += data.count(b"\n", pos, start)
                    pos = start
                    yield base + pos, line_no
            line_no += data.count(b"\n", pos, end)
            base, rest = base + end, data[end:]
            if not block:
                yield base, None
                return


def _bracket_lines(data: bytes, end: int) -> Iterator[int]:
    """Where each line of ``data[:end]`` that starts with ``[`` begins (``data`` starts a line)."""
    if data[:1] == b"[" and end > 0:
        yield 0
    i = data.find(b"\n[", 0, end)
    while i >= 0:
        yield i + 1
        i = data.find(b"\n[", i + 1, end)


def unit_items(unit: tuple):
    """The hands of one unit (as ``reading.read_items`` gives them)."""
    if unit[0] == "files":
        yield from read_items(unit[1])
        return
    _kind, path, start, end, first_line = unit
    try:
        with open(path, "rb") as f:
            f.seek(start)
            text = decode(f.read(end - start), path)
    except (OSError, UnreadableText) as exc:
        yield Problem(path, f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
        return
    for item in iter_phh(text, path, first_line):
        yield Problem(path, str(item)) if isinstance(item, PHHError) else item


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

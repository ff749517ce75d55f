"""Where a large file of hands is cut into units of work: at the ``[N]`` lines that start a
PHH hand, or at a site's hand headers; each unit holds whole hands (``sources.unit_items``
reads one, ``batch.work_units`` hands them out)."""

from __future__ import annotations

import os
import re
import stat
from typing import TYPE_CHECKING

from dealer_app.engine.bounded import open_regular
from dealer_app.history.importers import detect, parsers

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

HANDS_PER_UNIT = 250
UNIT_BYTES = 2 << 20  # a unit of work ends at the next hand past this much text, however few hands
HAND_BYTES = 4 << 20  # one hand (a PHH table, a site's hand) is a few KB: past this, it is refused unread
# a site's text whose hands start at a header line (``importers.base.parse_hands``): cut into
# units at those lines, as PHH is at its [N] lines (each prefix: how a header line starts)
STREAMED_SITES = {
    "pokerstars": b"PokerStars ",
    "fulltilt": b"Full Tilt Poker Game #",
    "absolute": b"Stage #",
    "ongame": b"***** History for hand ",
    "winamax": b"Winamax Poker - ",
    "everleaf": b"Everleaf Gaming Game #",
    "kingsclub": b"#",
}
SPLIT_FROM_BYTES = 1 << 20  # a smaller file is one unit: cutting it would cost more than it saves
_HAND_HEADER_LINE = re.compile(rb"(?m)^\[[ \t]*[A-Za-z0-9_-]+[ \t]*\][ \t]*(?:#[^\n]*)?\r?$")


def split_kind(path: Path) -> str | None:
    """For a large UTF-8 file read hand by hand: "phh" (one hand per table, cut between
    tables) or the site whose text it is (cut at its hand headers); else None (read whole)."""
    try:
        st = os.stat(path)  # (one call: 10,000 small files are 10,000 of them)
        if not stat.S_ISREG(st.st_mode) or st.st_size < SPLIT_FROM_BYTES:
            return None
        with open_regular(path) as f:
            head = f.read(4096)
    except OSError:
        return None  # said by the reader, in its place
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[1:2] == b"\x00":
        return None  # UTF-16: read whole
    if not (path.suffix == ".phhs" or (b"variant" in head and b"actions" in head)):
        site = detect(head.decode("latin-1"))  # (its name as reports print it: the module's is the kind)
        kind = next((m.__name__.rsplit(".", 1)[1] for name, m in parsers() if name == site), None)
        return kind if kind in STREAMED_SITES else None
    # a hand at the top of the file (a .phh, whose [tables] belong to it) is read whole
    first_table = re.search(rb"(?m)^\[", head)
    top = head[: first_table.start()] if first_table else head
    return None if re.search(rb"(?m)^[ \t]*variant[ \t]*=", top) else "phh"


def ranges(path: Path, kind: str) -> Iterator[tuple]:
    """The file's units: ``("range", path, start, end, first line, kind)``, each of whole hands
    (at most HANDS_PER_UNIT, or past UNIT_BYTES); a hand larger than HAND_BYTES is a unit of
    its own, which ``unit_items`` refuses unread."""
    start, start_line, hands = 0, 1, 0
    last, last_line = 0, 1  # where the hand being measured starts (0: the text before the first)
    for offset, line_no in _hand_starts(path, kind=kind):
        if offset - last > HAND_BYTES:  # that hand, alone
            if last > start:
                yield ("range", str(path), start, last, start_line, kind)
            yield ("range", str(path), last, offset, last_line, "too-large")
            start, start_line, hands = offset, line_no or last_line, 0
        if line_no is None:  # the end of the file
            if offset > start or start == 0:
                yield ("range", str(path), start, offset, start_line, kind)
            return
        if hands == HANDS_PER_UNIT or offset - start >= UNIT_BYTES:
            yield ("range", str(path), start, offset, start_line, kind)
            start, start_line, hands = offset, line_no, 0
        hands += 1
        last, last_line = offset, line_no


def _hand_starts(path: Path, block_size: int = 1 << 20, kind: str = "phh") -> Iterator[tuple[int, int | None]]:
    """(byte offset, line number) of every line that starts a hand (``[N]``, or the site's
    header), then (the file's length, None). The file is read a block at a time and searched
    by one pattern (the process that hands out the work must not be busy while its workers wait)."""
    is_start = _header_test(kind)
    base, line_no, rest = 0, 1, b""  # base: where ``rest`` (the last block's unfinished line) starts
    with open_regular(path) as f:
        while True:
            block = f.read(block_size)
            data = rest + block
            end = data.rfind(b"\n") + 1 if block else len(data)  # whole lines (all, at the end)
            pos = 0
            for start in _bracket_lines(data, end) if kind == "phh" else _prefixed_lines(kind, data, end):
                if is_start(data, start, end):
                    line_no += data.count(b"\n", pos, start)
                    pos = start
                    yield base + pos, line_no
            line_no += data.count(b"\n", pos, end)
            base, rest = base + end, data[end:]
            if not block:
                yield base, None
                return


def _header_test(kind: str):
    """Whether the line at data[start:] is one that starts a hand of this kind of file."""
    if kind == "phh":
        return lambda data, start, end: _HAND_HEADER_LINE.match(data, start, end) is not None

    header = next(module.HEADER for name, module in parsers() if module.__name__.rsplit(".", 1)[1] == kind)

    def is_start(data: bytes, start: int, end: int) -> bool:
        stop = data.find(b"\n", start, end)
        line = data[start : end if stop < 0 else stop].decode("utf-8", "replace")
        return header.match(line.strip().lstrip("\ufeff")) is not None

    return is_start


def _prefixed_lines(kind: str, data: bytes, end: int) -> Iterator[int]:
    """Where each line of ``data[:end]`` that may be a site's header begins."""
    pattern = re.compile(rb"(?m)^(?:\xef\xbb\xbf)?[ \t]*" + re.escape(STREAMED_SITES[kind]))
    for m in pattern.finditer(data, 0, end):
        yield m.start()


def _bracket_lines(data: bytes, end: int) -> Iterator[int]:
    """Where each line of ``data[:end]`` that starts with ``[`` begins (``data`` starts a line)."""
    if data[:1] == b"[" and end > 0:
        yield 0
    i = data.find(b"\n[", 0, end)
    while i >= 0:
        yield i + 1
        i = data.find(b"\n[", i + 1, end)

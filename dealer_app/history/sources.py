"""From files to hands, one hand at a time, or the problem that stops one.

A file is detected by its content (PHH, or a site's text), in UTF-8, UTF-16 or Latin-1, and
read hand by hand. Anything that is not a readable hand — a missing file, a folder, bytes in no
known encoding, a broken TOML part, a hand a site importer refuses — becomes a ``Problem``
naming the file (and the hand and line where known); the rest of the file goes on. ``replay``,
``export`` and the workers of a large input (``batch.py``) all read through here.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.engine.bounded import FileRefused, open_regular, printable, too_large
from dealer_app.history.cutting import HAND_BYTES, UNIT_BYTES, ranges, split_kind
from dealer_app.history.importers import ImportedHand, Refusal, UnreadableText, decode, detect, iter_text, parsers
from dealer_app.history.importers.base import parse_hands
from dealer_app.history.phh import PHHError, PHHHand, iter_phh

if TYPE_CHECKING:
    from collections.abc import Iterator


@dataclass(frozen=True)
class Problem:
    """A file, or a part of one, that holds no hand to replay; ``refused`` for a hand that
    was read but is of a kind not replayed (Razz, no-limit, …), as opposed to a broken one."""

    source: str
    message: str
    refused: bool = False

    def __str__(self) -> str:
        return self.message


Item = PHHHand | ImportedHand | Problem


def read_items(paths) -> Iterator[Item]:
    """Every hand of every file, in order: a PHH hand, a site's imported hand, or a Problem."""
    for path in paths:
        yield from _read_file(Path(path))


# A file of hands is read hand by hand (a large PHH or site text: ``cutting.ranges``); one read
# whole must fit in memory: a PHH file whose hand is at its top is one hand (HAND_BYTES), an
# XML or UTF-16 export, a Bovada or Winning file (their readers need all of it) WHOLE_BYTES.
WHOLE_BYTES = 32 << 20


def _read_file(path: Path) -> Iterator[Item]:
    kind = split_kind(path)
    if kind is not None:  # a large file of hands: a part at a time
        for unit in ranges(path, kind):
            yield from unit_items(unit)
        return
    try:  # only a regular file (a FIFO, a device such as /dev/zero, a socket: refused by name)
        with open_regular(path) as f:
            raw = f.read(WHOLE_BYTES + 1)
            if len(raw) > WHOLE_BYTES:
                raise too_large(path, WHOLE_BYTES)
            text = decode(raw, str(path))
            del raw
    except FileRefused as exc:
        yield Problem(str(path), printable(str(exc)))
        return
    except (IsADirectoryError, PermissionError) as exc:
        # a folder: IsADirectoryError, or PermissionError where it may not be read (or on Windows)
        if isinstance(exc, IsADirectoryError) or os.path.isdir(path):
            yield Problem(str(path), f"{path}: is a folder, not a hand history file")
        else:
            yield Problem(str(path), f"{path}: cannot read: {exc.strerror or exc}")
        return
    except FileNotFoundError:
        yield Problem(str(path), f"{path}: no such file")
        return
    except (OSError, UnreadableText) as exc:
        yield Problem(str(path), f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
        return
    kind = detect(text)
    if kind == "phh" or (kind is None and path.suffix in (".phh", ".phhs")):
        if len(text) > HAND_BYTES and not _TABLE_LINE.search(text):  # one hand, in one document
            yield Problem(str(path), printable(str(too_large(path, HAND_BYTES))))
            return
        for item in iter_phh(text, str(path)):
            yield Problem(str(path), str(item)) if isinstance(item, PHHError) else item
        return
    yield from _site_items(iter_text(text, str(path), kind))


_TABLE_LINE = re.compile(r"(?m)^[ \t]*\[")


def site_items(kind: str, text: str, source: str, first_line: int = 1) -> Iterator[Item]:
    """The hands of a part of a site's text that starts on ``first_line`` of its file."""

    module = next(m for _name, m in parsers() if m.__name__.rsplit(".", 1)[1] == kind)
    prepare = getattr(module, "prepare", None)
    yield from _site_items(
        parse_hands(prepare(text) if prepare else text, source, module.HEADER, module.parse_hand, first_line)
    )


def _site_items(items) -> Iterator[Item]:
    for item in items:
        if isinstance(item, Refusal):
            yield Problem(f"{item.source}#{item.hand_id}", str(item), refused=_is_refusal_of_kind(item))
        else:
            yield item


def _is_refusal_of_kind(r: Refusal) -> bool:
    """A hand of a game this app does not replay (as opposed to one it could not read). A file
    that is no hand history at all (random bytes, empty, an XML no reader knows) is input with a
    problem (exit 1, as ``export`` says of it too), not a game passed over."""
    return "not supported" in r.reason or "is not a stud game" in r.reason


def unit_items(unit: tuple):
    """The hands of one unit of ``cutting.ranges`` or ``batch.work_units``, as ``read_items`` gives them."""
    if unit[0] == "files":
        yield from read_items(unit[1])
        return
    path, start, end, first_line = unit[1:5]
    kind = unit[5] if len(unit) > 5 else "phh"
    if kind == "too-large" or end - start > UNIT_BYTES + HAND_BYTES:
        yield Problem(
            path, f"{path}:{first_line}: a hand of more than {HAND_BYTES >> 20} MB (no hand is this large); not read"
        )
        return
    try:
        with open_regular(path) as f:
            f.seek(start)
            text = decode(f.read(end - start), path)
    except (OSError, UnreadableText) as exc:
        yield Problem(path, f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
        return
    if kind != "phh":
        yield from site_items(kind, text, path, first_line)
        return
    for item in iter_phh(text, path, first_line):
        yield Problem(path, str(item)) if isinstance(item, PHHError) else item

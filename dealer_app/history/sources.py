"""From files to hands, one hand at a time, or the problem that stops one.

A file is detected by its content (PHH, or a site's text), in UTF-8, UTF-16 or Latin-1, and
read hand by hand. Anything that is not a readable hand — a missing file, a folder, bytes in no
known encoding, a broken TOML part, a hand a site importer refuses — becomes a ``Problem``
naming the file (and the hand and line where known); the rest of the file goes on. ``replay``,
``export`` and the workers of a large input (``batch.py``) all read through here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from dealer_app.history.importers import ImportedHand, Refusal, UnreadableText, decode, detect, iter_text
from dealer_app.history.phh import PHHError, PHHHand, iter_phh


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


def _read_file(path: Path) -> Iterator[Item]:
    try:  # (opened, not asked first whether it is a folder: 10,000 small files are 10,000 stats)
        with open(path, "rb") as f:
            text = decode(f.read(), str(path))
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
        for item in iter_phh(text, str(path)):
            yield Problem(str(path), str(item)) if isinstance(item, PHHError) else item
        return
    for item in iter_text(text, str(path), kind):
        if isinstance(item, Refusal):
            yield Problem(f"{item.source}#{item.hand_id}", str(item), refused=_is_refusal_of_kind(item))
        else:
            yield item


def _is_refusal_of_kind(r: Refusal) -> bool:
    """A hand of a game this app does not replay (as opposed to one it could not read)."""
    return "not supported" in r.reason or "is not a stud game" in r.reason or "not one this app reads" \
        in r.reason or "not a hand history this app reads" in r.reason

"""Input files opened safely: only a regular file, never more of it than it can hold.

A symlink to ``/dev/zero`` is endless, a FIFO blocks its reader until a writer comes, a socket
or a device is no file at all: each is refused by name before anything is read (``os.stat``,
then the file opened non-blocking and checked again, so a file swapped for a FIFO in between
cannot hang the reader either). A file that fits in memory whole is read with a stated bound
and refused by name past it (a key is 32 bytes, a limits file a few KB); the rest are read a
part at a time by their readers (hand histories, hand by hand; the anchors file, line by line).

Each refusal is a ``FileRefused`` (an ``OSError``, so a reader that already says "cannot
read" for an OSError says this one too): its ``str`` is the English sentence naming the file,
its ``says`` the same for the reader's language.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, BinaryIO

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says

if TYPE_CHECKING:
    from _typeshed import StrPath  # a str or os.PathLike[str] path: what os.stat and os.open take

KEY_BYTES = 4096  # a record key file: 64 hex digits and a newline (a few bytes more: spaces, a BOM)
LIMITS_FILE_BYTES = 256 * 1024  # a limit table or house profile: a few KB; 256 KB is far past any real one


class FileRefused(OSError):
    """An input that is not a regular file, or larger than what it can be: ``str`` and
    ``says`` name the file, ``reason`` (and ``strerror``) say only why."""

    def __init__(self, path: StrPath, reason: Says) -> None:
        said = says("%1: %2", str(path), reason)
        super().__init__(str(said))
        self.reason = reason  # without the file's name (for a reader that names it itself)
        self.says = said
        self.strerror = str(reason)
        self.filename = str(path)

    def __str__(self) -> str:
        return str(self.says)


def _kind_problem(mode: int) -> Says | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return says(QT_TRANSLATE_NOOP("Errors", "is a folder, not a file"))
    if stat.S_ISFIFO(mode):
        return says(QT_TRANSLATE_NOOP("Errors", "is a named pipe (FIFO), not a file; not read"))
    if stat.S_ISSOCK(mode):
        return says(QT_TRANSLATE_NOOP("Errors", "is a socket, not a file; not read"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return says(QT_TRANSLATE_NOOP("Errors", "is a device (such as /dev/zero), not a file; not read"))
    return says(QT_TRANSLATE_NOOP("Errors", "is not a regular file; not read"))


def check_regular(path: StrPath) -> os.stat_result:
    """The file's stat, if it is a regular file (a symlink is followed); FileRefused if it is
    a folder, FIFO, socket or device; FileNotFoundError etc. as os.stat raises them."""
    st = os.stat(path)
    problem = _kind_problem(st.st_mode)
    if problem is not None:
        raise FileRefused(path, problem)
    return st


def open_regular(path: StrPath) -> BinaryIO:
    """The file opened for reading in binary, once it is known to be a regular file. It is
    opened non-blocking (a FIFO put in its place after the stat does not block the open) and
    checked again on the open file."""
    check_regular(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        problem = _kind_problem(os.fstat(fd).st_mode)
        if problem is not None:
            raise FileRefused(path, problem)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: reads never block anyway
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def too_large(path: StrPath, limit: int) -> FileRefused:
    """The refusal of a file larger than ``limit`` bytes, which it cannot be."""
    if limit >= 1 << 20:
        size = says(QT_TRANSLATE_NOOP("Errors", "%1 MB"), limit >> 20)
    elif limit >= 1024:
        size = says(QT_TRANSLATE_NOOP("Errors", "%1 KB"), limit >> 10)
    else:
        size = says(QT_TRANSLATE_NOOP("Errors", "%1 bytes"), limit)
    return FileRefused(
        path, says(QT_TRANSLATE_NOOP("Errors", "larger than %1, more than such a file can be; not read"), size)
    )


def read_bounded(path: StrPath, limit: int) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes (FileRefused past it, or if it
    is no regular file). Never more than ``limit + 1`` bytes are read, whatever the file."""
    with open_regular(path) as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise too_large(path, limit)
    return data


def printable(text: str) -> str:
    """``text`` with each control character (an ESC in a file's name) written as ``\\x1b``:
    a name printed never drives the reader's terminal. Line breaks and tabs are kept."""
    return "".join(c if c.isprintable() or c in "\n\t" else repr(c)[1:-1] for c in text)

"""The record's keyed hash chain, its key, its seals and the anchors file.

Every row of the record carries ``HMAC-SHA256(key, previous row's hash | the row)``. The key
is never stored in the record: it lives in the app's config folder (``record.key``, mode
0600, made on first use), so someone who edits the record and recomputes the hashes cannot
produce the right ones without it. The floor may keep a copy of the key elsewhere and check a
record with ``dealer-app verify --key FILE``.

A hand's **seal** is the hash of its ``hand_end`` row (the chain head once the hand is over),
written as a short code such as ``K7Q4-M2XD``. It is shown to the dealer, printed on every
report and appended to the **anchors file**, which can live on another disk: deleting the
record's last rows (or copying the record without its ``-wal`` file) leaves the last anchor
naming a row the record no longer has.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from dealer_app.record.rows import (
    CloseTableRow,
    HandEndRow,
    HandStartRow,
    IrregularityRow,
    OpenTableRow,
    ResumeRow,
    RulingRow,
)

# (where the key lives: settings.py declares every folder and file)
from dealer_app.settings import key_path as default_key_path

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from pathlib import Path

    from dealer_app.record.signing import Head

# Crockford's base 32: no I, L, O or U, so a seal read aloud or copied by hand is not misread
_SEAL_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


class KeyProblem(RuntimeError):
    """The key file is missing, unreadable or not a key (names the file)."""


def read_key(path: Path) -> bytes:
    """A key file's key: 64 hex digits on one line."""
    try:
        from dealer_app.engine.bounded import KEY_BYTES, read_bounded

        text = read_bounded(path, KEY_BYTES).decode("ascii").strip()  # (a FIFO, /dev/zero: refused by name)
    except FileNotFoundError:
        raise KeyProblem(f"{path}: no such key file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyProblem(f"{path}: the key file cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != 32:
        raise KeyProblem(f"{path}: not a record key (64 hexadecimal digits)")
    return key


def load_or_create_key(path: Path | None = None) -> bytes:
    """The key in ``path`` (default: the config folder), made on first use with 0600
    permissions. A key file that exists but cannot be read is never replaced: that would
    make every row written so far unverifiable."""
    path = path or default_key_path()
    if path.exists():
        return read_key(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    # written whole to a file of its own, then linked into place: two windows (or a table and
    # its forwarder) starting at once never make two keys, and never read a half-written one
    spare = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(key.hex() + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(spare, path)
        except FileExistsError:
            return read_key(path)
        except OSError:  # a disk without hard links (vfat, some network shares): create-if-absent
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                return read_key(path)
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(key.hex() + "\n")
                f.flush()
                os.fsync(f.fileno())
    finally:
        spare.unlink(missing_ok=True)
    return key


def key_id(key: bytes) -> str:
    """A name for a key that does not give it away: which key wrote a record."""
    return hmac.new(key, b"dealer-app record key", hashlib.sha256).hexdigest()[:12]


def row_hash(
    key: bytes,
    record_id: str,
    prev: str,
    row_id: int,
    session_id: int,
    seq: int,
    hand_no: int,
    kind: str,
    payload: str,
    at: str,
) -> str:
    """A row's link in the chain. The row id and the session's sequence number are in it, so
    a row moved, renumbered or put in another table's place no longer matches."""
    message = row_message(record_id, prev, row_id, session_id, seq, hand_no, kind, payload, at)
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def row_message(
    record_id: str, prev: str, row_id: int, session_id: int, seq: int, hand_no: int, kind: str, payload: str, at: str
) -> bytes:
    """What a row's link covers (the keyed chain's and the digest chain's alike)."""
    return f"{record_id}|{prev}|{row_id}|{session_id}|{seq}|{hand_no}|{kind}|{payload}|{at}".encode()


def row_digest(
    record_id: str, prev: str, row_id: int, session_id: int, seq: int, hand_no: int, kind: str, payload: str, at: str
) -> str:
    """A row's link in the keyless chain (issue 30 §2): SHA-256 over the same message as
    ``row_hash``, ``prev`` the previous row's digest. Nobody needs a secret to recompute it, so
    a signed head naming the digest of its last row lets any reader check every row up to it
    with the table's public key alone (record/signing.py, room/room_check.py)."""
    return hashlib.sha256(row_message(record_id, prev, row_id, session_id, seq, hand_no, kind, payload, at)).hexdigest()


def legacy_row_hash(prev: str, session_id: int, hand_no: int, kind: str, payload: str, at: str) -> str:
    """The plain SHA-256 chain of records written before the keyed chain (format 1)."""
    return hashlib.sha256(f"{prev}|{session_id}|{hand_no}|{kind}|{payload}|{at}".encode()).hexdigest()


def seal_code(digest: str) -> str:
    """The first 40 bits of a hash in eight base-32 letters, ``K7Q4-M2XD``: short enough to
    read aloud and write down, long enough that a guess matches once in a trillion."""
    bits = int(digest[:10], 16)
    letters = "".join(_SEAL_ALPHABET[(bits >> shift) & 31] for shift in range(35, -1, -5))
    return f"{letters[:4]}-{letters[4:]}"


# rows whose place in the record is written to the anchors file as it is committed: a hand's
# start and end (its seal), a table opened, resumed or closed, an irregularity, a ruling. Rows
# after the last anchor (the inputs of the hand being dealt) are covered by the row counter only.
ANCHORED_KINDS = frozenset(
    row.kind for row in (OpenTableRow, HandStartRow, HandEndRow, IrregularityRow, RulingRow, ResumeRow, CloseTableRow)
)


@dataclass(frozen=True, slots=True)
class Anchor:
    """One line of the anchors file: a row's hash (a hand's seal, for its hand_end row), with
    where it sits in the record."""

    record_id: str
    session: int
    hand: int
    row: int
    seq: int
    hash: str
    at: str
    kind: str = HandEndRow.kind

    @property
    def seal(self) -> str:
        return seal_code(self.hash)

    def line(self) -> str:
        return (
            f"{self.at} record={self.record_id} session={self.session} hand={self.hand} row={self.row} "
            f"seq={self.seq} kind={self.kind} seal={self.seal} hash={self.hash}\n"
        )


@dataclass(frozen=True)
class Creation:
    """The anchors file's note that a record was made (its identity, where, when): a record
    wiped and made again under a new identity at the same place is found by it."""

    record_id: str
    path: str
    at: str

    def line(self) -> str:
        return f"{self.at} created record={self.record_id} path={self.path}\n"


def append_anchor(path: Path, anchor: Anchor | Creation | Head) -> None:
    """Append one line to the anchors file, on disk before this returns (OSError if not) —
    but a signed head (``Head.fsync`` False), handed to the system and not waited for: the
    record holds it, fsynced with its rows; a power cut may lose the file's copy of the last
    commit's head, never a seal, and an fsync more at every keystroke would double a commit."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(anchor.line())
        f.flush()
        if getattr(anchor, "fsync", True):
            os.fsync(f.fileno())


ANCHOR_LINE_BYTES = 4096  # an anchor line is some 200 bytes; a longer line is no anchor line, and is not kept
NAMED_PROBLEMS = 20  # lines of the anchors file named one by one; past them, how many more
ROWS_PAST_THE_RECORD = 10_000  # anchors this far past the record's last row are kept whole (rows written meanwhile)


@dataclass
class Beyond:
    """The anchors of rows far past the record's last row (``ROWS_PAST_THE_RECORD``), which
    the record cannot hold: only what says they are gone — the first of them, how many, and
    their hands — not each one (a large anchors file takes the memory of the record it checks)."""

    first: Anchor
    count: int
    hands: set[int]  # (session << 32 | hand) of hand_start/hand_end anchors, the first HANDS_COUNTED
    more_hands: bool = False  # more hands than those

    HANDS_COUNTED = 10_000

    def add(self, anchor: Anchor) -> None:
        self.count += 1
        if anchor.row < self.first.row:
            self.first = anchor
        if anchor.kind in (HandStartRow.kind, HandEndRow.kind) and anchor.hand:
            if len(self.hands) < self.HANDS_COUNTED:
                self.hands.add(anchor.session << 32 | anchor.hand)
            elif anchor.session << 32 | anchor.hand not in self.hands:
                self.more_hands = True


@dataclass
class AnchorsRead:
    anchors: list[Anchor]  # this record's, one per row (a row's last line), up to ``beyond``'s rows
    created: list[Creation]  # the records made (only this one's and the last other one at its place, if asked)
    problems: list[str]
    beyond: Beyond | None = None  # this record's anchors of rows far past its last row


def read_anchors(path: Path, record_id: str) -> tuple[list[Anchor], list[str]]:
    """The anchors of one record in the file, and the lines that could not be read (named)."""
    read = read_anchors_file(path, record_id)
    return read.anchors, read.problems


def _bounded_lines(f: IO[bytes]) -> Iterator[tuple[int, str | None]]:
    """(line number, the line stripped) for each line of ``f``; None for a line longer than
    ``ANCHOR_LINE_BYTES``, whose rest is read a block at a time and dropped."""
    line_no = 0
    while True:
        raw = f.readline(ANCHOR_LINE_BYTES + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > ANCHOR_LINE_BYTES and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = f.readline(1 << 16)
            yield line_no, None
            continue
        yield line_no, raw.decode("utf-8", errors="replace").strip()


_KINDS = {k: k for k in (*ANCHORED_KINDS, HandEndRow.kind)}  # one string per kind, shared by every anchor


def read_anchors_file(path: Path, record_id: str, here: str | None = None, last_row: int | None = None) -> AnchorsRead:
    """One record's anchors in the anchors file, read line by line: only a regular file
    (``engine/bounded.open_regular``: a FIFO or /dev/zero is refused by name), each line of
    at most ``ANCHOR_LINE_BYTES`` (a longer one named, skipped unread), the first
    ``NAMED_PROBLEMS`` lines that are no anchor line named and the rest counted. Kept: this
    record's anchors, one per row; with ``here`` (the record's resolved path) only this
    record's creation and the last other one made at ``here``; with ``last_row`` (the record's
    last row), anchors of rows more than ``ROWS_PAST_THE_RECORD`` past it summed up in
    ``beyond``. So memory follows the record, not the file."""
    from dealer_app.engine.bounded import open_regular

    mine: dict[int, Anchor] = {}
    created: list[Creation] = []
    other_here: Creation | None = None
    problems: list[str] = []
    beyond: Beyond | None = None
    unnamed = 0
    keep_to = None if last_row is None else last_row + ROWS_PAST_THE_RECORD

    def problem(text: str) -> None:
        nonlocal unnamed
        if len(problems) < NAMED_PROBLEMS:
            problems.append(text)
        else:
            unnamed += 1

    try:
        with open_regular(path) as f:
            for line_no, line in _bounded_lines(f):
                if line is None:
                    problem(f"{path}:{line_no}: longer than {ANCHOR_LINE_BYTES} bytes, so no anchor line; not read")
                    continue
                if not line:
                    continue
                at, _, rest = line.partition(" ")
                if rest.startswith("head "):
                    continue  # a signed head (record/heads.py reads those)
                words = rest.split()
                fields = dict(part.partition("=")[::2] for part in words)
                try:
                    if words and words[0] == "created":
                        made = Creation(fields["record"], rest.split(" path=", 1)[1], at)
                        if here is None:
                            created.append(made)
                        elif made.record_id == record_id:
                            if not created:
                                created.append(made)
                        elif made.path == here:
                            other_here = made
                        continue
                    if fields["record"] != record_id:
                        continue
                    kind = fields.get("kind", HandEndRow.kind)
                    anchor = Anchor(
                        record_id,
                        int(fields["session"]),
                        int(fields["hand"]),
                        int(fields["row"]),
                        int(fields["seq"]),
                        fields["hash"],
                        at,
                        _KINDS.get(kind, kind),
                    )
                except (KeyError, ValueError, IndexError):
                    problem(f"{path}:{line_no}: not an anchor line")
                    continue
                if keep_to is not None and anchor.row > keep_to:
                    if beyond is None:
                        beyond = Beyond(anchor, 0, set())
                    beyond.add(anchor)
                else:
                    mine[anchor.row] = anchor
    except FileNotFoundError:
        problems.append(f"{path}: no such anchors file")
    except OSError as exc:
        problems.append(f"{path}: the anchors file cannot be read ({exc.strerror or exc})")
    if unnamed:
        problems.append(f"{path}: and {unnamed} more line(s) that are no anchor line")
    if other_here is not None:
        created.append(other_here)
    return AnchorsRead(list(mine.values()), created, problems, beyond)


def meta_mac(key: bytes, meta: Mapping[str, str]) -> str:
    """The record's identity (its meta rows but this one), keyed: a changed record_id, format or
    key id does not match."""
    text = "|".join(f"{k}={meta[k]}" for k in sorted(meta) if k != "meta_mac")
    return hmac.new(key, f"meta|{text}".encode(), hashlib.sha256).hexdigest()

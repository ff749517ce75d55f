"""Reading a record's rows as they are on disk, whatever a damaged disk or a hostile hand left
in them (issue 31): the one place where a row's text becomes data.

- ``read_payload``: a row's payload as JSON, nested at most ``MAX_DEPTH`` deep. Deeper text
  (``[[[[…`` 200,000 times) is no row the app writes: it is refused as ``ValueError``, as text
  that is no JSON is, never a ``RecursionError`` that stops whoever reads it.
- ``record_text``: the text factory of every connection to a record. A byte flipped inside a
  TEXT cell (no UTF-8 any more) is read with U+FFFD in its place, so the row no longer matches
  its keyed hash and the record's check names it (row, table, hand), instead of SQLite's
  "Could not decode to UTF-8" stopping the reader in the middle of the record."""

from __future__ import annotations

import json
import math
import re
from typing import Any

# A row's payload as parsed: a JSON object, whose values are whatever the text held (each reader
# checks the ones it uses), hence Any at this one boundary.
JsonObject = dict[str, Any]

# the deepest row the app writes is a few levels (a ruling's chips, an input's cards): far below
MAX_DEPTH = 32


def record_text(raw: bytes) -> str:
    """A TEXT cell as str; bytes that are no UTF-8 become U+FFFD (the row then fails its hash)."""
    return str(raw, "utf-8", "replace")


def read_payload(text: Any) -> Any:
    """``text`` as JSON, or ValueError saying why not (not text, not JSON, nested too deep)."""
    if not isinstance(text, str):
        raise ValueError(f"a row's content is {type(text).__name__}, not text")
    if text.count("[") + text.count("{") > MAX_DEPTH and _deeper_than(text, MAX_DEPTH):
        raise ValueError(f"a row's content is nested deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_no_number)
    except RecursionError:  # (not reached past the depth check; kept: no reader stops on it)
        raise ValueError(f"a row's content is nested deeper than {MAX_DEPTH} levels") from None
    if "\\u" in text and _LONE_SURROGATE_ESCAPE.search(text) and not _is_text(value):
        raise ValueError("a row's content holds a lone surrogate (\\ud800…): no text the app writes")
    return value


# "\ud800" … "\udfff": an escape JSON allows alone and no UTF-8 text holds (PostgreSQL's jsonb
# refuses it; Python's reader takes it, and printing, hashing or signing it then fails — the fifth
# attack pass's ruling stopped every room reader). The app writes none: a payload with one is no row.
_LONE_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _finite(digits: str) -> float:
    """A JSON number with a fraction or exponent, as a float: one too large for a float (1e400,
    which PostgreSQL's jsonb takes) is no number a row holds (it read as infinity, and an
    amount of it stopped ``report``: the sixth attack pass)."""
    value = float(digits)
    if not math.isfinite(value):
        raise ValueError(f"a row's content holds a number too large for the app ({digits[:20]})")
    return value


def _no_number(word: str) -> float:
    """NaN, Infinity, -Infinity: Python's JSON reader takes them, no JSON writer writes them."""
    raise ValueError(f"a row's content holds {word}, which is no number")


def _is_text(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _deeper_than(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest deeper than ``limit`` (a scan, no recursion)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False

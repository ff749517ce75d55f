"""Reading and writing hands in the PHH standard format (poker hand histories, TOML).

Only the Seven Card Stud variants ``F7S`` and ``F7S/8`` are replayed; other variants are
refused per hand with a message that names the file and hand.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from dealer_app.history.phh.fast import read_plain_toml

VARIANT_GAMES = {"F7S": "stud", "F7S/8": "stud8", "FR": "razz"}
GAME_VARIANTS = {game: variant for variant, game in VARIANT_GAMES.items()}  # (what a PHH file names a game)
VARIANT_NAMES = {
    "F2L3D": "2-7 triple draw",
    "FT": "Texas hold'em",
    "NT": "No-limit hold'em",
    "FO/8": "Omaha hi-lo",
    "PO": "Pot-limit Omaha",
    "NS": "No-limit short-deck hold'em",
}


class PHHError(ValueError):
    pass


@dataclass
class PHHHand:
    source: str
    fields: dict
    actions: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # line number of each action in the file

    @property
    def variant(self) -> str:
        return self.fields.get("variant", "")

    @property
    def game(self) -> str | None:
        return VARIANT_GAMES.get(self.variant)


def _action_lines(text: str, actions: list[str], first_line: int = 1) -> list[int]:
    """Best-effort line number of each action string (for error messages). Linear: the
    newlines are counted from the previous action, never from the start of the file."""
    out, pos, line = [], 0, first_line
    for a in actions:
        i = text.find(_quote(a)[1:-1], pos)
        if i < 0:
            out.append(0)
            continue
        line += text.count("\n", pos, i)
        out.append(line)
        pos = i
    return out


# A ``.phhs`` file's hands are TOML tables ``[1]``, ``[2]`` … at the start of a line. Each is
# parsed on its own, so a file of any size is read hand by hand in constant memory and time
# linear in its length, and one broken hand is reported without losing the others.
# a hand's table: a bare key alone on its line ([7]); a dotted or quoted one ([7._options],
# ["x"]) stays with the part it is in, for TOML to read together
_TABLE_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?$")
_TOP_LEVEL_VARIANT = re.compile(r"(?m)^[ \t]*variant[ \t]*=")


def _chunks(text: str, first_line: int = 1):
    """(first line number, text) of the file's top part and of each top-level table. A file
    whose hand is at the top (a .phh: its [tables] are part of that hand) is one part."""
    first_table = re.search(r"(?m)^\[", text)
    if _TOP_LEVEL_VARIANT.search(text, 0, first_table.start() if first_table else len(text)):
        yield first_line, text
        return
    start, start_line = 0, first_line
    length = len(text)
    pos = text.find("\n[")  # only a line that starts with "[" can start a table: jump between them
    while pos >= 0:
        pos += 1
        end = text.find("\n", pos)
        end = length if end < 0 else end
        if _TABLE_HEADER.match(text, pos, end):
            yield start_line, text[start:pos]
            start, start_line = pos, start_line + text.count("\n", start, pos)
        pos = text.find("\n[", end)
    if start < length or start == 0:
        yield start_line, text[start:]


# the type each field a replay reads must have (a file's other fields are kept as they are)
_FIELD_TYPES = {
    "variant": (str,),
    "players": (list,),
    "seats": (list,),
    "starting_stacks": (list,),
    "finishing_stacks": (list,),
    "antes": (list, int, float),
    "bring_in": (int, float, str),
    "small_bet": (int, float, str),
    "big_bet": (int, float, str),
    "currency": (str,),
    "_profile": (str,),
    "_table": (str,),
    "_options": (dict,),
    "_site": (str,),
}


def _wrong_field(fields: dict) -> str | None:
    for name, kinds in _FIELD_TYPES.items():
        if name in fields and (not isinstance(fields[name], kinds) or isinstance(fields[name], bool)):
            return f"'{name}' must be {' or '.join(k.__name__ for k in kinds)}, not {type(fields[name]).__name__}"
    players = fields.get("players")
    if isinstance(players, list) and not all(isinstance(x, str) for x in players):
        return "'players' must be a list of names"
    return None


def _toml_error(exc: tomllib.TOMLDecodeError, first_line: int) -> str:
    """tomllib's message with its line counted from the start of the file."""
    return re.sub(r"\(at line (\d+)", lambda m: f"(at line {int(m.group(1)) + first_line - 1}", str(exc))


def iter_phh(text: str, source: str, first_line: int = 1):
    """Every hand of a PHH text, one at a time: ``PHHHand``, or ``PHHError`` (yielded, not
    raised) for a part that is not a readable hand; the rest of the file goes on.
    ``first_line``: the line the text starts on in its file (a part of a large file)."""
    found = False
    seen_keys: set = set()
    for chunk_line, chunk in _chunks(text, first_line):  # each chunk with the line it starts on
        fast = read_plain_toml(chunk, chunk_line)
        element_lines = fast[1] if fast is not None else None
        try:
            data = fast[0] if fast is not None else tomllib.loads(chunk)
        except tomllib.TOMLDecodeError as exc:
            found = True
            yield PHHError(f"{source}: not a PHH file: {_toml_error(exc, chunk_line)}")
            continue
        except RecursionError:
            found = True
            yield PHHError(f"{source}:{chunk_line}: not a PHH file: nested too deeply")
            continue
        except ValueError as exc:  # e.g. an integer of 5,000 digits
            found = True
            yield PHHError(f"{source}:{chunk_line}: not a PHH file: {exc}")
            continue
        blocks: list[tuple[str, str | None, dict]]
        if "variant" in data:
            blocks = [(source, None, data)]
        else:
            blocks = [
                (f"{source}#{key}", key, value)
                for key, value in data.items()
                if isinstance(value, dict) and "variant" in value
            ]
        for hand_source, table_key, fields in blocks:
            found = True
            if table_key is not None and table_key in seen_keys:
                yield PHHError(f"{hand_source}: hand [{table_key}] appears twice in the file")
                continue
            seen_keys.add(table_key)
            wrong = _wrong_field(fields)
            if wrong:
                yield PHHError(f"{hand_source}: {wrong}")
                continue
            actions = fields.get("actions", [])
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                yield PHHError(f"{hand_source}: 'actions' must be a list of strings")
                continue
            if element_lines is not None:
                lines = element_lines.get((table_key, "actions"), [])
            else:
                lines = _action_lines(chunk, actions, chunk_line)
            yield PHHHand(hand_source, fields, actions, lines)
    if not found:
        yield PHHError(f"{source}: no hand found (a PHH hand needs a 'variant' field)")


def read_phh(path: Path) -> list[PHHHand]:
    """One file: a single hand (``.phh``) or several in numbered tables (``.phhs``).
    Raises PHHError for the first part that cannot be read (``iter_phh`` goes on instead)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PHHError(f"{path}: cannot read: {exc}") from None
    hands = []
    for item in iter_phh(text, str(path)):
        if isinstance(item, PHHError):
            raise item
        hands.append(item)
    return hands


def write_phh(fields: dict) -> str:
    """Serialise a hand's fields as PHH (TOML); ``actions`` one per line for readability."""

    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return _quote(v)
        if isinstance(v, list):
            if all(type(x) is int for x in v):  # stacks, antes, seats
                return "[" + ", ".join(map(repr, v)) + "]"
            if _needs_no_escape(v):  # names
                return "[" + ", ".join([f'"{x}"' for x in v]) + "]"
            return "[" + ", ".join(map(value, v)) + "]"
        raise TypeError(v)

    lines = []
    for key, v in fields.items():
        if v is None:
            continue
        if key == "actions":
            if isinstance(v, list) and _needs_no_escape(v):  # the usual: every line as it is, in one join
                body = '  "' + '",\n  "'.join(v) + '",\n' if v else ""
            else:
                body = "".join([f"  {_quote(a)},\n" for a in v])
            lines.append("actions = [\n" + body + "]")
        else:
            lines.append(f"{key} = {value(v)}")
    return "\n".join(lines) + "\n"


def _needs_no_escape(strings: list) -> bool:
    """All of ``strings`` are strings, and none needs an escape in TOML (``_quote``'s test, on
    them all at once)."""
    try:
        joined = "".join(strings)
    except TypeError:  # not all strings: each is written by its kind
        return False
    return joined.isprintable() and '"' not in joined and "\\" not in joined


def _quote(s: str) -> str:
    """A TOML basic string: backslash, quote and every control character escaped, so a name
    with a newline stays one readable value."""
    if s.isprintable() and '"' not in s and "\\" not in s:
        return f'"{s}"'  # the usual action or name: nothing to escape
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'

"""Reading and writing hands in the PHH standard format (poker hand histories, TOML).

Only the Seven Card Stud variants ``F7S`` and ``F7S/8`` are replayed; other variants are
refused per hand with a message that names the file and hand.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

VARIANT_GAMES = {"F7S": "stud", "F7S/8": "stud8"}
VARIANT_NAMES = {"FR": "Razz", "F2L3D": "2-7 triple draw", "FT": "Texas hold'em", "NT": "No-limit hold'em",
                 "FO/8": "Omaha hi-lo", "PO": "Pot-limit Omaha", "NS": "No-limit short-deck hold'em"}


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


def _action_lines(text: str, actions: list[str]) -> list[int]:
    """Best-effort line number of each action string (for error messages)."""
    out, pos = [], 0
    for a in actions:
        i = text.find(repr(a)[1:-1], pos)
        if i < 0:
            out.append(0)
            continue
        out.append(text.count("\n", 0, i) + 1)
        pos = i + 1
    return out


def read_phh(path: Path) -> list[PHHHand]:
    """One file: a single hand (``.phh``) or several in numbered tables (``.phhs``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PHHError(f"{path}: cannot read: {exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{path}: not a PHH file: {exc}") from None
    if "variant" in data:
        blocks = [(str(path), data)]
    else:
        blocks = [(f"{path}#{key}", value) for key, value in data.items()
                  if isinstance(value, dict) and "variant" in value]
        if not blocks:
            raise PHHError(f"{path}: no hand found (a PHH hand needs a 'variant' field)")
    hands = []
    for source, fields in blocks:
        actions = fields.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise PHHError(f"{source}: 'actions' must be a list of strings")
        hands.append(PHHHand(source, fields, actions, _action_lines(text, actions)))
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
            return "[" + ", ".join(value(x) for x in v) + "]"
        raise TypeError(v)
    lines = []
    for key, v in fields.items():
        if v is None:
            continue
        if key == "actions":
            lines.append("actions = [\n" + "".join(f"  {_quote(a)},\n" for a in v) + "]")
        else:
            lines.append(f"{key} = {value(v)}")
    return "\n".join(lines) + "\n"


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

"""Hand histories written by other software, read into the engine's hand record.

The format is detected from the content, never the file name. Every hand becomes an
``ImportedHand`` (a PHH hand plus what the server said) or a ``Refusal`` with its reason.

Each site is one module here with the same four names:

- ``SITE``: the site's name, as reports print it;
- ``RULES``: ``(profile, options)``, the house rules its server deals by, found by replaying
  the corpus (documented in the module, proved in ``tests/history/test_import_corpus.py``);
- ``looks_like(head)``: whether the first few thousand characters are this site's;
- ``parse(text, source)``: yields ``ImportedHand`` or ``Refusal`` for every hand.
"""

from __future__ import annotations

import functools
import importlib
import re
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.history.importers.base import ImportedHand, ImportError_, Refusal

if TYPE_CHECKING:
    from types import ModuleType

# Order matters only where two sites' texts could both match: the more specific first.
SITE_MODULES = [
    "pokerstars",
    "fulltilt",
    "bovada",
    "ongame",
    "winning",
    "everleaf",
    "party",
    "absolute",
    "winamax",
    "kingsclub",
    "merge",
    "ipoker",
]


@functools.cache
def parsers() -> list[tuple[str, ModuleType]]:
    """(site name, module) of every site, imported when first asked for: a run of PHH files
    never needs them, and compiling their patterns was a sixth of every command's start."""
    return [(m.SITE, m) for m in (importlib.import_module(f"{__name__}.{name}") for name in SITE_MODULES)]


@functools.cache
def site_rules() -> dict[str, tuple]:
    """Each site's ``RULES`` by its name."""
    rules = {name: module.RULES for name, module in parsers()}
    rules["Dealer App"] = (None, {})  # our own text export: the hand names its profile, table and options itself
    return rules


def __getattr__(name: str):
    """``PARSERS`` and ``SITE_RULES``, the names these lists have always had (PEP 562)."""
    if name == "PARSERS":
        return parsers()
    if name == "SITE_RULES":
        return site_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# a TOML file's first line of content: a [table] header or a key = value
_PHH_START = re.compile(
    r"\ufeff?(?:[ \t\r\n]|#[^\n]*\n)*(?:\[[^\]\n]+\][ \t\r\n]*)?(?:#[^\n]*\n[ \t\r\n]*)*"
    r"[A-Za-z0-9_-]+[ \t]*="
)


class UnreadableText(ValueError):
    """Bytes that are no text in any encoding a hand history is written in."""


def decode(raw: bytes, source: str = "") -> str:
    """Text in UTF-8 (with or without BOM) or UTF-16 (Full Tilt and Winning write UTF-16LE).

    A truncated or odd-length UTF-16 file loses only its broken last character; any other
    undecodable UTF-16 is refused with where it breaks."""
    where = f"{source}: " if source else ""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(raw) > 1 and raw[1:2] == b"\x00"):
        encoding = "utf-16" if raw.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-16-le"
        if len(raw) % 2:
            raw = raw[:-1]  # a file cut in the middle of a character
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError as exc:
            raise UnreadableText(f"{where}not readable as UTF-16 at byte {exc.start}: {exc.reason}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # every byte is a latin-1 character: older sites wrote it


def read_text(path: Path) -> str:
    """A file's text (see ``decode``). Raises OSError or UnreadableText."""
    return decode(Path(path).read_bytes(), str(path))


def detect(text: str) -> str | None:
    """The site that wrote ``text`` ("phh", "xml" for an XML export no module reads, or None)."""
    head = text[:4000]
    if _PHH_START.match(head) and "variant" in head:
        return "phh"  # TOML's "key = value" starts no site's text: asked first, as it is quick
    for name, module in parsers():
        if module.looks_like(head):
            return name
    if head.lstrip("\ufeff \t\r\n").startswith("<"):
        return "xml"
    if "variant" in head and "actions" in head:
        return "phh"
    return None


def iter_text(text: str, source: str, kind: str | None = None):
    """Every hand of a site's text, one at a time (``ImportedHand`` or ``Refusal``)."""
    kind = kind or detect(text)
    for name, module in parsers():
        if name == kind:
            yield from module.parse(text, source)
            return
    if kind == "xml":
        yield Refusal(source, "-", 1, "this XML hand history is not one this app reads")
    else:
        yield Refusal(
            source, "-", 1, f"not a hand history this app reads (PHH, {', '.join(name for name, _ in parsers())})"
        )


def import_text(text: str, source: str) -> list:
    return list(iter_text(text, source))


def import_file(path) -> list:
    try:
        text = read_text(path)
    except (OSError, UnreadableText) as exc:
        return [Refusal(str(path), "-", 1, f"cannot read: {exc}")]
    return import_text(text, str(path))


__all__ = [
    "SITE_RULES",
    "ImportError_",
    "ImportedHand",
    "Refusal",
    "UnreadableText",
    "decode",
    "detect",
    "import_file",
    "import_text",
    "iter_text",
    "read_text",
]

"""Hand histories written by other software, read into the engine's hand record.

The format is detected from the content, never the file name. Every hand becomes an
``ImportedHand`` (a PHH hand plus what the server said) or a ``Refusal`` with its reason.
"""

from __future__ import annotations

from pathlib import Path

from dealer_app.history.importers import fulltilt, pokerstars
from dealer_app.history.importers.base import ImportedHand, ImportError_, Refusal

PARSERS = [("PokerStars", pokerstars), ("Full Tilt", fulltilt)]


def read_text(path: Path) -> str:
    """Text in UTF-8 (with or without BOM) or UTF-16 (Full Tilt writes UTF-16LE)."""
    raw = Path(path).read_bytes()
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16")
    if len(raw) > 1 and raw[1:2] == b"\x00":
        return raw.decode("utf-16-le")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def detect(text: str) -> str | None:
    head = text[:4000]
    if head.lstrip().startswith("<"):
        return "xml"
    for name, module in PARSERS:
        if module.looks_like(head):
            return name
    if "variant" in head and "actions" in head:
        return "phh"
    return None


def import_text(text: str, source: str) -> list:
    kind = detect(text)
    if kind == "xml":
        return [Refusal(source, "-", 1, "XML hand histories are not supported")]
    for name, module in PARSERS:
        if name == kind:
            return list(module.parse(text, source))
    return [Refusal(source, "-", 1, "not a hand history this app reads (PHH, PokerStars, Full Tilt)")]


def import_file(path) -> list:
    try:
        text = read_text(path)
    except OSError as exc:
        return [Refusal(str(path), "-", 1, f"cannot read: {exc}")]
    return import_text(text, str(path))


__all__ = ["ImportError_", "ImportedHand", "Refusal", "detect", "import_file", "import_text", "read_text"]

"""XML hand histories read safely, with the line of every element (Merge, iPoker).

A DOCTYPE or ENTITY declaration is refused before anything is parsed, so no entity is ever
expanded; a malformed file is one Refusal naming its line, never an exception.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.parsers import expat

from dealer_app.history.importers.base import Refusal

DECLARATION = re.compile(r"<\?xml[^>]*\?>")
DTD = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def read_xml(text: str, source: str, wrapper: str = "file") -> ET.Element | Refusal:
    """The file's elements under one root, each with its line in ``attrib['_line']``; or a
    Refusal naming the line. A DOCTYPE or ENTITY declaration is refused before any parsing
    (no entity is ever expanded); XML declarations are dropped so that a file of several
    documents, as the sites write them, reads as one."""
    m = DTD.search(text)
    if m:
        line = text.count("\n", 0, m.start()) + 1
        return Refusal(source, "-", line, f"XML with a {m.group(1).upper()} declaration is refused")
    body = DECLARATION.sub("", text.lstrip("\ufeff"))
    parser = expat.ParserCreate()
    builder = ET.TreeBuilder()

    def start(tag, attrs):
        attrs = dict(attrs)
        attrs["_line"] = str(parser.CurrentLineNumber)
        builder.start(tag, attrs)

    def refuse_dtd(*_args):
        raise ValueError("a DTD")

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse_dtd
    parser.EntityDeclHandler = refuse_dtd
    try:
        parser.Parse(f"<{wrapper}>{body}</{wrapper}>", True)
        return builder.close()
    except expat.ExpatError as exc:
        return Refusal(
            source,
            "-",
            exc.lineno,
            f"malformed XML: {expat.ErrorString(exc.code)} (line {exc.lineno}, column {exc.offset})",
        )
    except ValueError:
        return Refusal(source, "-", parser.CurrentLineNumber, "XML with a DTD is refused")


def line_of(el: ET.Element) -> int:
    return int(el.get("_line", "0"))

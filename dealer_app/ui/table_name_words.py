"""Why the room would refuse the table's name the dealer typed in Settings → Card room, in words
the dealer reads in the dialog before anything is saved.

The rule is the room's (room/table_label.py, migration 0012: ASCII and Latin-1 letters, no
look-alike clicks or other scripts, 1 to 80 characters); this module only says which part of it
a name breaks, translatable. Whether a name looks like another table's only the room knows (it
says so in the forwarder's status).
"""

from __future__ import annotations

import re
import unicodedata

from PySide6.QtCore import QCoreApplication

from dealer_app.room.table_label import LABEL_CHARACTER, MAX_LABEL, LabelRefused, check_label
from dealer_app.ui.words import fill

_ALLOWED = re.compile(LABEL_CHARACTER)


def _shown_character(ch: str) -> str:
    """A character as the dealer can tell it apart: itself, its code point and Unicode's name."""
    name = unicodedata.name(ch, "")
    code = f"U+{ord(ch):04X}"
    visible = ch if ch.isprintable() and not ch.isspace() else ""
    return " ".join(part for part in (f"“{visible}”" if visible else "", code, name) if part)


def table_name_refusal(name: str) -> str | None:
    """None when the room's rule takes ``name`` (trimmed; "" means the machine's name and is not
    checked here), else what is wrong with it, translated."""
    trimmed = name.strip()
    if not trimmed:
        return None
    try:
        check_label(trimmed)
        return None
    except LabelRefused:
        pass
    rule = QCoreApplication.translate(
        "TableName",
        "A table's name in the room holds A to Z, Western European letters (ä ö ü ß é), digits, "
        "single spaces and . , ' ( ) # & / + : _ -",
    )
    if len(trimmed) > MAX_LABEL:
        return fill(
            QCoreApplication.translate("TableName", "The name is %1 characters long; the room takes at most %2."),
            str(len(trimmed)),
            str(MAX_LABEL),
        )
    bad = next((ch for ch in trimmed if not _ALLOWED.fullmatch(ch)), None)
    if bad is not None:
        said = fill(
            QCoreApplication.translate(
                "TableName", "The name holds %1, which the room does not take in a table's name."
            ),
            _shown_character(bad),
        )
        return f"{said} {rule}"
    if "  " in trimmed:
        return QCoreApplication.translate(
            "TableName", "The name has two spaces in a row; the room takes single spaces only."
        )
    return fill(
        QCoreApplication.translate(
            "TableName", "The name begins with “%1”; the room's names begin with a letter or a digit."
        ),
        trimmed[0],
    )

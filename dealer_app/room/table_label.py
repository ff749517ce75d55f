"""A table's name in the room: which names are taken, and which two names are one.

The rule is the room's (``room.check_label`` and ``room.label_skeleton``, migrations/0012):
this module says it once for the program's own checks before a name goes to the server (the
same words, so the person reads one rule whichever side refused), and a test holds the two
sides to the same answers.

- **Letters**: ASCII letters and digits, the Latin-1 Supplement letters Western European card
  rooms write (ä ö ü ß é ñ …), single spaces and ``. , ' ( ) # & / + : _ -``; 1 to 80
  characters. Nothing of another script (a Cyrillic a, U+0430), of the Latin Extended blocks (a click
  U+01C0 that reads as l), no invisible or direction-changing character.
- **Look-alikes**: two names are one if their *skeletons* are equal (the idea of Unicode's
  UTS #39 confusables, narrowed to the letters allowed): lower case, ß as ss, æ as ae, accents
  dropped, then I l 1 | as one letter, 0 and O as one, ``rn`` as ``m``, ``vv`` as ``w``. So
  ``TabIe 3`` is ``Table 3``, and the room refuses it beside ``Table 3``, naming the name it
  looks like.
"""

from __future__ import annotations

import re

MAX_LABEL = 80
_LETTER = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff"
# (the same expression as room.check_label's, migrations/0012)
LABEL_PATTERN = f"^[{_LETTER}][{_LETTER} .,'()#&/+:_-]*$"
LABEL_CHARACTER = f"[{_LETTER} .,'()#&/+:_-]"  # one character a name may hold (anywhere but first)
LABEL_RULE = (
    "a table's name is 1 to 80 printable characters: A-Z, Western European letters (ä ö ü ß é), "
    "digits, single spaces and . , ' ( ) # & / + : _ - (no look-alike letters, "
    "nothing invisible)"
)
# the skeleton's single-letter mapping, after lower-casing (room.label_skeleton's translate())
# (upper-case accented letters too: a database whose LC_CTYPE is C lower-cases only A to Z)
SKELETON_FROM = "àáâãäåçèéêëìíîïðñòóôõöøùúûüýÿþÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ01i|"
SKELETON_TO = "aaaaaaceeeelllldnoooooouuuuyypaaaaaaceeeelllldnoooooouuuuypolll"
_TABLE = str.maketrans(SKELETON_FROM, SKELETON_TO)


class LabelRefused(ValueError):
    """A name the room would refuse: the rule's words and the name."""


def check_label(name: str) -> str:
    """``name`` trimmed, or LabelRefused with the rule's words."""
    trimmed = name.strip() if isinstance(name, str) else ""
    if not 1 <= len(trimmed) <= MAX_LABEL or not re.fullmatch(LABEL_PATTERN, trimmed) or "  " in trimmed:
        raise LabelRefused(f"{name!r}: {LABEL_RULE}")
    return trimmed


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with one skeleton are one name in the room."""
    shown = name.strip().lower().replace("ß", "ss").replace("æ", "ae").replace("Æ", "ae").translate(_TABLE)
    return shown.replace("rn", "m").replace("vv", "w")

"""A base window's or dialog's words, found in its subclasses too.

lupdate files every ``self.tr(...)`` under the class whose body holds it (``FloorWindow``,
``_SeatDialog``), but PySide's ``tr`` looks a text up under the class of the object at hand: the
room console (a ``FloorWindow``) and the join, top-up and leave dialogs (``_SeatDialog``s) showed
their base class's words in English in a German window. A base class routes its ``tr`` here: the
object's own class first (its own words), then the base class's.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def _untranslated(text: str, n: int) -> str:
    """What Qt returns for a text no translation has (``%n`` filled with the number, as Qt does)."""
    return text if n < 0 else text.replace("%n", str(n))


def inherited_tr(obj: object, base: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` translated under ``obj``'s own class, else under the ``base`` class's context."""
    own = type(obj).__name__
    said = QCoreApplication.translate(own, text, disambiguation, n)
    if own == base or said != _untranslated(text, n):
        return said
    return QCoreApplication.translate(base, text, disambiguation, n)

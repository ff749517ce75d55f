"""Drawing playing cards: large rank and suit, optional four-colour suits."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
TWO_COLOURS = {"c": QColor("#111111"), "d": QColor("#c8102e"), "h": QColor("#c8102e"), "s": QColor("#111111")}
FOUR_COLOURS = {"c": QColor("#1b7f2a"), "d": QColor("#1456c8"), "h": QColor("#c8102e"), "s": QColor("#111111")}


def paint_card(p: QPainter, rect: QRectF, code: str | None, four_colour: bool = False, dim: bool = False):
    """A face-up card (``code`` like 'Ah') or a card back (``None``)."""
    p.save()
    p.setPen(QPen(QColor("#333333"), 1.2))
    if code is None:
        p.setBrush(QColor("#2c4f9e"))
        p.drawRoundedRect(rect, 5, 5)
        p.setPen(QPen(QColor("#8fa8e0"), 1))
        p.drawRoundedRect(rect.adjusted(4, 4, -4, -4), 3, 3)
        p.restore()
        return
    p.setBrush(QColor("#d9d9d9") if dim else QColor("white"))
    p.drawRoundedRect(rect, 5, 5)
    rank, suit = code[0], code[1]
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]
    p.setPen(colour)
    f = QFont()
    f.setBold(True)
    f.setPixelSize(int(rect.height() * 0.42))
    p.setFont(f)
    top = QRectF(rect.x(), rect.y() + rect.height() * 0.04, rect.width(), rect.height() * 0.5)
    p.drawText(top, Qt.AlignHCenter | Qt.AlignVCenter, "10" if rank == "T" else rank)
    f.setPixelSize(int(rect.height() * 0.40))
    p.setFont(f)
    bottom = QRectF(rect.x(), rect.y() + rect.height() * 0.48, rect.width(), rect.height() * 0.5)
    p.drawText(bottom, Qt.AlignHCenter | Qt.AlignVCenter, SUIT_SYMBOLS[suit])
    p.restore()

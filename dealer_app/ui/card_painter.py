"""Drawing playing cards: large rank and suit, optional four-colour suits."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from dealer_app.ui.words import face_letter

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
TWO_COLOURS = {"c": QColor("#111111"), "d": QColor("#c8102e"), "h": QColor("#c8102e"), "s": QColor("#111111")}
FOUR_COLOURS = {"c": QColor("#1b7f2a"), "d": QColor("#1456c8"), "h": QColor("#c8102e"), "s": QColor("#111111")}
CORNER = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop  # the rank and suit in the card's top-left corner
MIDDLE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter


def paint_card(p: QPainter, rect: QRectF, code: str | None, four_colour: bool = False, dim: bool = False,
               visible_width: float | None = None):
    """A face-up card (``code`` like 'Ah') or a card back (``None``).

    The rank and suit sit in the top-left corner, as on a real card, so a card fanned under
    the next one (only ``visible_width`` of it showing) still reads; a card shown whole also
    gets a large suit in its middle."""
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
    strip = min(visible_width or rect.width(), rect.width())
    label = face_letter(rank)
    size = rect.height() * (0.27 if label == "10" else 0.33)
    f = QFont()
    f.setBold(True)
    f.setPixelSize(max(8, int(size)))
    p.setFont(f)
    p.drawText(QRectF(rect.x() + 2, rect.y() + 1, max(strip, 12), size * 1.15), CORNER, label)
    f.setPixelSize(max(8, int(rect.height() * 0.28)))
    p.setFont(f)
    top = rect.y() + 1 + rect.height() * 0.33 * 1.05
    p.drawText(QRectF(rect.x() + 2, top, max(strip, 12), rect.height() * 0.3), CORNER, SUIT_SYMBOLS[suit])
    if strip >= rect.width() * 0.9:  # the whole card shows: a large suit in the middle too
        f.setPixelSize(int(rect.height() * 0.42))
        p.setFont(f)
        p.drawText(QRectF(rect.x() + rect.width() * 0.3, rect.y() + rect.height() * 0.38, rect.width() * 0.7,
                          rect.height() * 0.6), MIDDLE, SUIT_SYMBOLS[suit])
    p.restore()

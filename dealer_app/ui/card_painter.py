"""Drawing playing cards: large rank and suit, optional four-colour suits.

The corner (rank over suit) is what shows of a card fanned under the next one, so its size is
measured, never guessed: ``corner`` lays it out in a card's rectangle, ``corner_width`` says how
wide a fanned card's visible strip must be for its corner to show whole ("10" is the widest
rank; "J" reaches left of its origin and below its baseline), and ``fan`` gives each card of a
row its place and strip, drawing the corners smaller only when the row has not the room.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from dealer_app.ui.words import face_letter

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
TWO_COLOURS = {"c": QColor("#111111"), "d": QColor("#c8102e"), "h": QColor("#c8102e"), "s": QColor("#111111")}
FOUR_COLOURS = {"c": QColor("#1b7f2a"), "d": QColor("#1456c8"), "h": QColor("#c8102e"), "s": QColor("#111111")}
CORNER = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop  # the rank and suit in the card's top-left corner
MIDDLE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
PAD = 2.0  # between the card's left edge and its corner's ink, and after it
BACK_STRIP = 9.0  # what shows of a card back fanned under the next card
SMALLEST_CORNER = 0.6  # a row without the room draws its corners down to 60 % of their size


def _bold(pixels: float) -> QFont:
    f = QFont()
    f.setBold(True)
    f.setPixelSize(max(8, int(pixels)))
    return f


@dataclass(frozen=True)
class Corner:
    """A card's corner laid out: the rank and the suit, each with its font and the rectangle it
    is drawn in (each as high as its font, and starting right of the ink's left edge)."""

    label: str
    rank_font: QFont
    rank_rect: QRectF
    suit: str
    suit_font: QFont
    suit_rect: QRectF
    card_left: float = 0.0

    @property
    def width(self) -> float:
        """From the card's left edge to the right of the corner's ink, and a margin."""
        return max(self.rank_rect.right(), self.suit_rect.right()) + PAD - self.card_left


def corner(rect: QRectF, code: str, scale: float = 1.0) -> Corner:
    """The corner of the card ``code`` ('Th', 'Js') drawn in ``rect``, at ``scale`` of its size."""
    label, suit = face_letter(code[0]), SUIT_SYMBOLS[code[1]]
    rank_font = _bold(rect.height() * (0.27 if label == "10" else 0.33) * scale)
    suit_font = _bold(rect.height() * 0.28 * scale)

    def placed(font: QFont, text: str, top: float) -> QRectF:
        fm = QFontMetricsF(font)
        ink = fm.tightBoundingRect(text)
        shift = max(0.0, -ink.left())  # a "J" reaches left of where it is drawn: drawn further right
        return QRectF(rect.x() + PAD + shift, top, max(fm.horizontalAdvance(text), ink.right()), fm.height())

    rank_rect = placed(rank_font, label, rect.y() + 1)
    suit_top = rect.y() + 1 + rect.height() * 0.33 * 1.05 * scale
    return Corner(label, rank_font, rank_rect, suit, suit_font, placed(suit_font, suit, suit_top), rect.x())


def painted_corner(rect: QRectF, code: str, strip: float, scale: float = 1.0) -> Corner:
    """The corner as ``paint_card`` draws it when ``strip`` of the card shows: at ``scale``, or
    smaller if the strip is too narrow for it (never cut)."""
    c = corner(rect, code, scale)
    while c.width > strip and scale > 0.3:
        scale = round(scale - 0.05, 2)
        c = corner(rect, code, scale)
    return c


def corner_width(code: str | None, height: float, scale: float = 1.0) -> float:
    """How much of a fanned card must show for its whole corner to be seen (a back: a strip)."""
    if code is None:
        return BACK_STRIP
    return corner(QRectF(0, 0, height * 0.75, height), code, scale).width


def fan(
    codes: list[str | None], left: float, right: float, card_w: float, card_h: float, step_max: float | None = None
) -> tuple[list[tuple[float, float]], float]:
    """A row of cards overlapping left to right between ``left`` and ``right``, the last shown
    whole: each card's (x, visible width), and the scale its corner is drawn at. The steps are
    even where the room allows (at most ``step_max``, default a card and 2 px); a card whose
    corner needs more than an even step gets it, the others share what is left; when the row
    has not the room even so, the corners are drawn smaller until they fit."""
    if not codes:
        return [], 1.0
    step_max = card_w + 2 if step_max is None else step_max
    if len(codes) == 1:
        return [(left, card_w)], 1.0
    room = right - left - card_w  # for the strips of all but the last card
    scale, needs = 1.0, [corner_width(c, card_h) for c in codes[:-1]]
    while sum(needs) > room and scale > SMALLEST_CORNER:
        scale = round(scale - 0.05, 2)
        needs = [corner_width(c, card_h, scale) for c in codes[:-1]]
    even = min(step_max, room / len(needs))
    if even >= max(needs):
        strips = [even] * len(needs)
    elif sum(needs) <= room:
        extra = (room - sum(needs)) / len(needs)
        strips = [n + extra for n in needs]
    else:  # (a row far too long for its room: shared out as the corners' needs are)
        strips = [n * room / sum(needs) for n in needs]
    out, x = [], left
    for strip in strips:
        out.append((x, strip))
        x += strip
    out.append((x, card_w))
    return out, scale


def paint_card(
    p: QPainter,
    rect: QRectF,
    code: str | None,
    four_colour: bool = False,
    dim: bool = False,
    visible_width: float | None = None,
    corner_scale: float = 1.0,
):
    """A face-up card (``code`` like 'Ah') or a card back (``None``).

    The rank and suit sit in the top-left corner, as on a real card, so a card fanned under
    the next one (only ``visible_width`` of it showing) still reads; a card shown whole also
    gets a large suit in its middle. The corner is drawn at ``corner_scale`` of its size, and
    smaller still if the strip that shows is too narrow for it (never cut)."""
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
    suit = code[1]
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]
    p.setPen(colour)
    strip = min(visible_width or rect.width(), rect.width())
    c = painted_corner(rect, code, strip, corner_scale)
    flags = CORNER | Qt.TextFlag.TextDontClip
    p.setFont(c.rank_font)
    p.drawText(c.rank_rect, flags, c.label)
    p.setFont(c.suit_font)
    p.drawText(c.suit_rect, flags, c.suit)
    if strip >= rect.width() * 0.9:  # the whole card shows: a large suit in the middle too
        p.setFont(_bold(rect.height() * 0.42))
        p.drawText(
            QRectF(
                rect.x() + rect.width() * 0.3, rect.y() + rect.height() * 0.38, rect.width() * 0.7, rect.height() * 0.6
            ),
            MIDDLE,
            c.suit,
        )
    p.restore()

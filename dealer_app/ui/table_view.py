"""The oval table, drawn as the dealer sees it: seats clockwise from the dealer's left."""

from __future__ import annotations

import math
from typing import ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_app.live.presentation import TablePresentation
from dealer_app.ui.card_painter import BACK_STRIP, fan, paint_card
from dealer_app.ui.words import action_name, fill, profile_name, say, structure_name, table_title

# drawText's flags: an alignment, with text flags (word wrap) or'ed in
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTRED_WRAPPED = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
HEADER_TOP, HEADER_BAND = 2, 32  # the header's band, above the seat boxes (seat_centre keeps them below 34)
NOTE_COLOUR = "#5ab4ff"  # the trainer's neutral highlight: a seat asked about, or the answer (not yellow: to act)


def header_layout(text: str, width: float) -> tuple[QFont, list[str]]:
    """The table's header (its title, limits and house profile) laid out in ``width``: on one
    line, bold, from 17 px down to 13 px; else on two lines in the band's height, broken at the
    house profile (" · "), the limits (" — "), a comma or a space, as large as they fit; never
    elided (a view too narrow even for that gets as many lines as it takes)."""

    def bold(size: int) -> QFont:
        f = QFont()
        f.setPixelSize(size)
        f.setBold(True)
        return f

    for size in range(17, 12, -1):
        if QFontMetricsF(bold(size)).horizontalAdvance(text) <= width:
            return bold(size), [text]
    breaks = []  # (the separator's rank, first line, second line), the house profile's first
    for rank, sep in enumerate((" · ", " — ", ", ", " ")):
        at = text.find(sep)
        while at > 0:
            breaks.append((rank, text[:at] + sep.rstrip(" ·—"), text[at + len(sep) :]))
            at = text.find(sep, at + 1)
    for size in range(13, 8, -1):
        fm = QFontMetricsF(bold(size))
        if 2 * fm.height() > HEADER_BAND:
            continue
        fitting = [
            (rank, max(fm.horizontalAdvance(a), fm.horizontalAdvance(b)), [a, b])
            for rank, a, b in breaks
            if max(fm.horizontalAdvance(a), fm.horizontalAdvance(b)) <= width
        ]
        if fitting:
            return bold(size), min(fitting, key=lambda f: (f[0], f[1]))[2]
    fm = QFontMetricsF(bold(9))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and fm.horizontalAdvance(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return bold(9), lines


class IdleTable(TablePresentation):
    """No table yet: the table view draws ``idle_words`` on the empty felt (the floor's "choose a
    hand", the trainer's "choose how to train")."""

    def __init__(self, idle_words: str):
        super().__init__(None)
        self.idle_words = idle_words


class TableView(QWidget):
    seat_clicked = Signal(int)  # a seat's box clicked (the trainer's answer buttons)

    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        self.bridge = bridge
        self.four_colour = True  # (the dealer's window follows the setting; the floor's and trainer's: four)
        self.setMinimumSize(760, 560)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        bridge.changed.connect(lambda _change: self.update())

    @property
    def controller(self):
        return self.bridge.controller

    SEAT_W, SEAT_H = 214, 128
    CARD_W, CARD_H = 60, 80  # an upcard, at full size (issue 9: at least 60 px wide at 1280x800)

    def seat_centre(self, seat: int, seats: int) -> QPointF:
        """Seat 1 at the dealer's left (the dealer sits at the bottom), then clockwise (D-2).
        The ellipse's axes are chosen so that no two of up to eight seat boxes overlap at the
        default window size (tests/ui/test_ui_dealer_keys.py checks 2-8 seats)."""
        w, h = self.width(), self.height()
        angle = math.radians(90 + seat * 360 / (seats + 1))
        x = w / 2 + math.cos(angle) * w * 0.42
        y = h / 2 + math.sin(angle) * h * 0.40
        # the whole box on screen, below the table's name and clear of the dealer's label
        bw, bh = self.SEAT_W, self.SEAT_H
        return QPointF(min(max(x, bw / 2 + 4), w - bw / 2 - 4), min(max(y, bh / 2 + 34), h - bh / 2 - 30))

    def seat_scale(self, seats: int) -> float:
        """How large the seat boxes (and their cards) are drawn at this size: as large as they
        fit without two overlapping, from half size up to 1.6 times (1: the 1280x800 size)."""
        key = (self.width(), self.height(), seats)
        if getattr(self, "_scale_key", None) != key:
            for twentieths in range(32, 9, -1):  # 1.6, 1.55, … 0.5, in exact steps
                scale = twentieths / 20
                rects = [self._rect_at(s, seats, scale) for s in range(1, seats + 1)]
                view = QRectF(self.rect())
                if all(view.contains(r) for r in rects) and not any(
                    a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :]
                ):
                    break
            self._scale_key, self._scale = key, scale
        return self._scale

    def _rect_at(self, seat: int, seats: int, scale: float) -> QRectF:
        c = self.seat_centre(seat, seats)
        bw, bh = self.SEAT_W * scale, self.SEAT_H * scale
        return QRectF(c.x() - bw / 2, c.y() - bh / 2, bw, bh)

    def seat_rect(self, seat: int, seats: int) -> QRectF:
        return self._rect_at(seat, seats, self.seat_scale(seats))

    def mousePressEvent(self, event):
        c = self.controller
        if c.session is not None:
            seats = c.session.rules.max_players
            for v in c.seats():
                if self.seat_rect(v.seat, seats).contains(event.position()):
                    self.seat_clicked.emit(v.seat)
                    return
        super().mousePressEvent(event)

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        p.fillRect(self.rect(), QColor("#20232a"))
        felt = QRectF(w * 0.12, h * 0.14, w * 0.76, h * 0.68)
        p.setPen(QPen(QColor("#5a3b1e"), 14))
        p.setBrush(QColor("#1f6b3a"))
        p.drawEllipse(felt)
        c = self.controller
        if c.session is None:
            idle = (c.idle_words if isinstance(c, IdleTable) else "") or self.tr("Open a table (Ctrl+N)")
            self._text(p, QRectF(0, h / 2 - 20, w, 40), idle, 20, "#ffffff")
            return
        font, lines = header_layout(self.header(), w - 24)  # all of it, never elided: smaller, or on two lines
        p.setFont(font)
        p.setPen(QColor("#ffffff"))
        line_h = QFontMetricsF(font).height()
        y = HEADER_TOP + max(0.0, (HEADER_BAND - line_h * len(lines)) / 2)
        for line in lines:
            p.drawText(QRectF(12, y, w - 24, line_h), LEFT_MIDDLE, line)
            y += line_h
        self._centre(p, w, h)
        self._text(p, QRectF(w / 2 - 60, h - 34, 120, 26), self.tr("Dealer"), 14, "#cccccc")
        max_seats = c.session.rules.max_players
        scale = self.seat_scale(max_seats)
        for v in c.seats():
            centre = self.seat_centre(v.seat, max_seats)
            p.save()
            p.translate(centre)
            p.scale(scale, scale)
            self._seat(p, v, QPointF(0, 0))
            p.restore()

    @staticmethod
    def _font(size: int, bold: bool = True) -> QFont:
        f = QFont()
        f.setPixelSize(size)
        f.setBold(bold)
        return f

    _widths: ClassVar[dict[tuple[int, bool], QFontMetrics]] = {}  # one cache for every view

    @classmethod
    def _width(cls, text: str, size: int, bold: bool = True) -> int:
        """``text``'s width in the seat box's font of ``size`` (the metrics made once a size:
        measured for every seat on every repaint)."""
        metrics = cls._widths.get((size, bold))
        if metrics is None:
            metrics = cls._widths[(size, bold)] = QFontMetrics(cls._font(size, bold))
        return metrics.horizontalAdvance(text)

    def header(self) -> str:
        """The table's header: its title, limits and house profile, in the reader's words (German
        "3-6 $ Seven Card Stud — Fixed Limit, Ante 0,25 $ …"); empty with no table open."""
        c = self.controller
        if c.session is None:
            return ""
        t = c.session.table
        return fill(
            self.tr("%1 — %2, ante %3, bring-in %4 · %5"),
            table_title(t),
            structure_name(t.structure),
            c.money(t.ante),
            c.money(t.bring_in),
            profile_name(c.session.profile),
        )

    def _text(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        size: int,
        colour: str,
        bold: bool = False,
        align: int = Qt.AlignmentFlag.AlignCenter,
    ) -> None:
        f = QFont()
        f.setPixelSize(size)
        f.setBold(bold)
        p.setFont(f)
        p.setPen(QColor(colour))
        p.drawText(rect, align, text)

    def _centre(self, p, w, h):
        c = self.controller
        st = c.status()
        lines = []
        if st:
            names = {
                3: self.tr("Third street"),
                4: self.tr("Fourth street"),
                5: self.tr("Fifth street"),
                6: self.tr("Sixth street"),
                7: self.tr("Seventh street"),
            }
            lines.append((names[st["street"]], 18, "#ffffff", True))
            pots = c.pots()
            if st["phase"] == "done":  # pushed: say to whom, not a pot still on the felt
                for i, pot in enumerate(c.awards()):
                    label = self.tr("Main pot") if i == 0 else fill(self.tr("Side pot %1"), str(i))
                    to = ", ".join(
                        fill(self.tr("seat %1"), str(seat)).replace(" ", "\u00a0")  # (one word)
                        for seat in pot["winners"]
                    )
                    text = fill(self.tr("%1 %2 → %3"), label, c.money(pot["amount"]), to)
                    lines.append((text, 20, "#ffe27a", True))
                pots = []
            if pots:
                main = fill(self.tr("Pot %1"), c.money(st["pot"] or sum(a for a, _ in pots)))
                lines.append((main, 26, "#ffe27a", True))
                if len(pots) > 1:
                    for i, (amount, eligible) in enumerate(pots):
                        label = self.tr("Main pot") if i == 0 else fill(self.tr("Side pot %1"), str(i))
                        seats = ", ".join(str(s) for s in eligible)
                        text = fill(self.tr("%1: %2 (seats %3)"), label, c.money(amount), seats)
                        lines.append((text, 15, "#fff3c4", False))
            stub = fill(self.tr("Stub %1"), str(st["stub"]))
            if st["betting"]:  # the raise count belongs to the round being bet
                raises = fill(self.tr("Raises %1 of %2"), st["raises"], st["cap_raises"])
                if st["capped"]:
                    raises += "  " + self.tr("CAPPED")
                stub = raises + "   " + stub
            lines.append((stub, 16, "#e8e8e8", False))
            warning = c.shortage_warning()
            if warning is not None:
                lines.append((say(warning) + " — D-7", 13, "#ffb347", True))
        else:
            lines.append((self.tr("Between hands"), 18, "#ffffff", True))
        y = h * 0.34
        for text, size, colour, bold in lines:
            # as many lines as the words need at this width (a long warning wraps, longer in German)
            wrapped = (
                QFontMetricsF(self._font(size, bold))
                .boundingRect(QRectF(0, 0, w * 0.44, 10**4), int(CENTRED_WRAPPED), text)
                .height()
            )
            height = max(size + 8, wrapped + 4)
            self._text(p, QRectF(w * 0.28, y, w * 0.44, height), text, size, colour, bold, CENTRED_WRAPPED)
            y += height + 2
        common = st.get("common") if st else None
        if common:
            self._text(p, QRectF(w / 2 - 120, y, 240, 20), self.tr("Common card"), 14, "#ffffff")
            paint_card(p, QRectF(w / 2 - 24, y + 22, 48, 68), common, self.four_colour)

    def _seat(self, p, v, centre: QPointF):
        bw, bh = self.SEAT_W, self.SEAT_H
        box = QRectF(centre.x() - bw / 2, centre.y() - bh / 2, bw, bh)
        won = sum(pot["winners"].get(v.seat, 0) for pot in self.controller.awards())
        # the seat to act yellow, a winner green, a seat the trainer asks about (or answers with) blue
        border = (
            QColor("#ffd400")
            if v.to_act
            else QColor("#3ddc84")
            if won
            else QColor(NOTE_COLOUR)
            if v.note
            else QColor("#555555")
        )
        p.setPen(QPen(border, 5 if v.to_act or won or v.note else 1.5))
        p.setBrush(QColor("#2b2b2b") if not v.folded else QColor("#3a3a3a"))
        p.drawRoundedRect(box, 10, 10)
        dim = "#8a8a8a" if v.folded or v.sitting_out else "#ffffff"
        self._text(p, QRectF(box.x() + 6, box.y() + 3, bw - 12, 20), f"{v.seat}  {v.name}", 15, dim, True, LEFT_MIDDLE)
        self._text(
            p,
            QRectF(box.x() + 6, box.y() + 3, bw - 12, 20),
            self.controller.money(v.stack),
            15,
            "#9fe39f",
            True,
            RIGHT_MIDDLE,
        )
        # the bottom line: the status at the left, the bet in front at the right, between them what fits
        room = bw - 12 - (self._width(self.controller.money(v.round_to), 15) + 8 if v.round_to else 0)
        status = self.seat_status(v, won, room)
        extra, to_call = "", ""  # what this seat must call and has in the pot this hand, as the room allows
        if v.in_hand and not v.folded and not won:
            to_call = (
                fill(self.tr("to call %1"), self.controller.money(v.to_call)) if v.to_call and not v.to_act else ""
            )
            in_pot = fill(self.tr("in pot %1"), self.controller.money(v.in_pot)) if v.in_pot_shown else ""
            left = room - (self._width(status + " · ", 14) if status else 0)
            for option in (" · ".join(x for x in (to_call, in_pot) if x), to_call):
                if option and self._width(option, 12, False) <= left:
                    extra = option
                    break
        if status:
            colour = (
                "#3ddc84"
                if won
                else "#ffd400"
                if v.to_act
                else "#ff8080"
                if v.all_in
                else NOTE_COLOUR
                if v.note and status == v.note
                else "#aaaaaa"
            )
            self._text(
                p,
                QRectF(box.x() + 6, box.bottom() - 22, bw - 12, 20),
                status,
                14,
                colour,
                True,
                Qt.AlignmentFlag.AlignLeft,
            )
        if extra:
            at = box.x() + 6 + (self._width(status + " · ", 14) if status else 0)
            self._text(
                p,
                QRectF(at, box.bottom() - 22, box.right() - 6 - at, 20),
                extra,
                12,
                "#ffe27a" if to_call and extra.startswith(to_call) else "#c8c8c8",
                False,
                LEFT_MIDDLE,
            )
        if v.round_to:
            self._text(
                p,
                QRectF(box.x() + 6, box.bottom() - 22, bw - 12, 20),
                self.controller.money(v.round_to),
                15,
                "#ffe27a",
                True,
                Qt.AlignmentFlag.AlignRight,
            )
        for code, rect, visible, scale in self.card_row(v, box):
            paint_card(p, rect, code, self.four_colour, dim=v.folded, visible_width=visible, corner_scale=scale)

    def seat_status(self, v, won: int = 0, room: float = 10**6) -> str:
        """The words at the foot of a seat's box: what it won, folded, all-in, its held action,
        the trainer's note about it, to act (with the call where ``room`` allows), sitting out."""
        status = ""
        if won:
            status = fill(self.tr("WINS %1"), self.controller.money(won))
        elif v.folded:
            status = self.tr("FOLDED")
        elif v.all_in:
            status = self.tr("ALL-IN")
        elif v.held is not None:  # I-5: its action out of turn, held until its turn comes
            action, to = v.held
            held = action_name(action) + (f" {self.controller.money(to)}" if to is not None else "")
            status = fill(self.tr("HELD: %1 (I-5)"), held)
            if self._width(status, 14) > self.SEAT_W - 12:  # (German is longer)
                status = fill(self.tr("HELD: %1"), held)
        elif v.note:  # the trainer's: asked about, or the answer (never "to act")
            status = v.note
        elif v.to_act:
            status = self.tr("TO ACT")
            with_call = fill(self.tr("TO ACT · call %1"), self.controller.money(v.to_call))
            if v.to_call and self._width(with_call, 14) <= room:
                status = with_call  # (else the button says what the call is)
        elif v.sitting_out:
            status = self.tr("SITTING OUT")
        return status

    @classmethod
    def card_row(cls, v, box: QRectF) -> list[tuple[str | None, QRectF, float, float]]:
        """Where a seat's cards go in its box, in the order they are painted: each card's code
        (None: a back), rectangle, the width of it that shows, and the scale of its corner.
        Downcards are small backs (or, once shown, face up with the rest); upcards large and
        fanned, each strip as wide as its corner needs ("10♦" whole, card_painter.fan)."""
        cw, ch = cls.CARD_W, cls.CARD_H
        top = box.y() + 24
        left, right = box.x() + 6, box.right() - 6
        out: list[tuple[str | None, QRectF, float, float]] = []
        if v.shown:
            x, cards = left, [None if c == "??" else c for c in v.shown] + list(v.up)
        else:
            bx = left
            for _ in range(v.down_count):
                out.append((None, QRectF(bx, top + (ch - 34) / 2, 24, 34), BACK_STRIP, 1.0))
                bx += BACK_STRIP
            x, cards = (left + 24 + BACK_STRIP * (v.down_count - 1) + 6) if v.down_count else left, list(v.up)
        places, scale = fan(cards, x, right, cw, ch)
        for code, (cx, visible) in zip(cards, places, strict=True):
            out.append((code, QRectF(cx, top, cw, ch), visible, scale))
        return out

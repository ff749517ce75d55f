"""A trainee's weekly trend as a chart: one line per skill, the accuracy (0–100%) per ISO week,
the pass mark as a dashed line, a weak skill's name marked "(weak)". Painted by ``paint_trend``
on any QPainter: the progress view's widget and the group PDF's page alike."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

from dealer_app.training.progress import PASS_MARK, WeekStats
from dealer_app.ui.drill_view import skill_name

translate = QCoreApplication.translate
COLOURS = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
    "#393b79",
)


def series_of(weeks: list[WeekStats]) -> dict[str, list[tuple[str, float]]]:
    """skill -> [(ISO week, accuracy)], the weeks in order."""
    out: dict[str, list[tuple[str, float]]] = {}
    for w in weeks:
        out.setdefault(w.skill, []).append((w.week, w.accuracy))
    return {skill: sorted(points) for skill, points in sorted(out.items())}


def paint_trend(
    p: QPainter,
    area: QRectF,
    series: dict[str, list[tuple[str, float]]],
    weak: set[str],
    pass_mark: float = PASS_MARK,
    unit: float = 1.0,
) -> None:
    """The chart in ``area`` (``unit``: the size of a screen pixel in the painter's coordinates)."""

    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont(p.font())
    font.setPixelSize(round(11 * unit))
    p.setFont(font)
    left, bottom, legend = area.left() + 44 * unit, area.bottom() - 24 * unit, 170 * unit
    top, right = area.top() + 8 * unit, area.right() - legend
    height = bottom - top
    p.fillRect(area, QColor("#ffffff"))
    p.setPen(QPen(QColor("#888888"), unit))
    p.drawLine(QPointF(left, top), QPointF(left, bottom))
    p.drawLine(QPointF(left, bottom), QPointF(right, bottom))
    for pct in (0, 50, 100):
        y = bottom - height * pct / 100
        p.drawText(QPointF(area.left() + 4 * unit, y + 4 * unit), f"{pct}%")
    dashed = QPen(QColor("#b00020"), unit, Qt.PenStyle.DashLine)
    p.setPen(dashed)
    y = bottom - height * pass_mark
    p.drawLine(QPointF(left, y), QPointF(right, y))
    weeks = sorted({week for points in series.values() for week, _a in points})
    p.setPen(QPen(QColor("#444444"), unit))
    if not weeks:
        p.drawText(QPointF(left + 10 * unit, top + height / 2), translate("Training", "No answers yet"))
        p.restore()
        return
    span = right - left - 20 * unit
    x_of = {week: left + 10 * unit + span * (i / max(1, len(weeks) - 1)) for i, week in enumerate(weeks)}
    step = max(1, len(weeks) // 6)  # at most about six week labels under the axis
    for i, week in enumerate(weeks):
        if i % step == 0 or i == len(weeks) - 1:
            p.drawText(QPointF(x_of[week] - 22 * unit, area.bottom() - 6 * unit), week)
    for i, (skill, points) in enumerate(series.items()):
        colour = QColor(COLOURS[i % len(COLOURS)])
        p.setPen(QPen(colour, 2 * unit))
        coords = [QPointF(x_of[week], bottom - height * acc) for week, acc in points]
        for a, b in itertools.pairwise(coords):
            p.drawLine(a, b)
        for c in coords:
            p.drawEllipse(c, 2.5 * unit, 2.5 * unit)
        name = skill_name(skill) + (" " + translate("Training", "(weak)") if skill in weak else "")
        p.drawText(QPointF(right + 8 * unit, top + (10 + 14 * i) * unit), name)
    p.restore()


class TrendChart(QWidget):
    """The weekly accuracy per skill of one trainee (``paint_trend`` on the widget)."""

    def __init__(self, series: dict[str, list[tuple[str, float]]], weak: set[str], parent=None):
        super().__init__(parent)
        self.series, self.weak = series, weak
        self.setMinimumHeight(180)

    def paintEvent(self, _event):
        p = QPainter(self)
        paint_trend(p, QRectF(self.rect()), self.series, self.weak)
        p.end()

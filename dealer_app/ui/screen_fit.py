"""How large the app's windows open: the size each is made for, at most the screen it opens on.

A window opened larger than the screen has its title bar or its bottom rows off the screen
(the floor console once opened at 1400x860 on a 1280x720 table monitor). ``fit_window`` is
the one place that sizes a window; it takes the screen's available area as an argument so a
test can ask what a 1280x720 or a 1366x768 screen would get.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFont, QTextDocument
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QWidget

MAIN_WINDOW = QSize(1280, 800)  # the live table
FLOOR_WINDOW = QSize(1400, 860)  # the floor console (and the room's)
TRAINER_WINDOW = QSize(1320, 820)
PROGRESS_WINDOW = QSize(720, 760)  # the trainer's progress charts
WHAT_IF_WINDOW = QSize(1200, 640)
TITLE_BAR = 40  # the window manager's title bar and frame, which resize() does not count


def usable_size(available: QRect) -> QSize:
    """The largest window (its inside, as resize() takes it) that the screen's available
    area holds with its title bar."""
    return QSize(available.width(), max(0, available.height() - TITLE_BAR))


def window_size(wanted: QSize, available: QRect) -> QSize:
    """``wanted``, at most the usable size of ``available``."""
    return wanted.boundedTo(usable_size(available))


def available_geometry(window: QWidget) -> QRect:
    """The available area (without panels and taskbars) of the screen the window is on, or
    of its parent's screen, or of the primary screen."""
    parent = window.parentWidget()
    screen = window.screen() if parent is None else parent.window().screen()
    screen = screen or QApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 720)


def fit_window(window: QWidget, wanted: QSize | None = None, available: QRect | None = None) -> QSize:
    """Resize ``window`` to ``wanted`` (None: its own size hint, as a dialog opens), at most
    the screen's usable area (``available``: the screen's available geometry; default: the
    screen the window opens on), and move it onto that area if it would stick out. Returns
    the size given."""
    area = available if available is not None else available_geometry(window)
    size = window_size(wanted if wanted is not None else window.sizeHint(), area)
    window.resize(size)
    frame = QRect(window.pos(), window.size() + QSize(0, TITLE_BAR))  # (move() places the frame, title and all)
    if not area.contains(frame):
        x = min(max(frame.x(), area.x()), area.right() + 1 - frame.width())
        y = min(max(frame.y(), area.y()), area.bottom() + 1 - frame.height())
        window.move(QPoint(max(area.x(), x), max(area.y(), y)))
    return size


def lines_height(font: QFont, lines: int) -> int:
    """How high a label in ``font`` is with ``lines`` lines of text (as a label lays text out:
    a text document with no margin): what to reserve for a text whose length changes."""
    doc = QTextDocument()
    doc.setDefaultFont(font)
    doc.setDocumentMargin(0)
    doc.setPlainText("\n".join(["Xg"] * lines))
    return math.ceil(doc.size().height())


def keep_wrapped_lines(window: QWidget) -> None:
    """Hold a window whose layout wraps text no shorter than that text needs at the window's
    narrowest (Qt holds a window only to its layout's minimum height, which does not count the
    lines a label wraps into: made smaller, the window cut them)."""
    layout = window.layout()
    if layout is None or not layout.hasHeightForWidth():
        return
    layout.activate()
    window.setMinimumHeight(layout.totalHeightForWidth(layout.totalMinimumSize().width()))


class ScrollingPanel(QScrollArea):
    """A side panel that scrolls, up and down only, when a small screen has not the height for
    all of it (rather than squeezing its texts into each other, or holding the window taller
    than the screen). It is always as wide as the panel needs, so it never scrolls sideways;
    and it scrolls only when the panel's least height (each wrapped text with all its lines,
    a text box at its smallest) is more than the screen has."""

    def __init__(self, panel: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.panel = panel
        self.setWidget(panel)  # (not "widget resizable": that would size it by its preferred height)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay where the panel wants them

    def _width(self) -> int:
        bar = self.verticalScrollBar().sizeHint().width()  # (room kept for it: it never covers the panel)
        return max(self.panel.minimumSizeHint().width(), self.panel.minimumWidth()) + bar

    def minimumSizeHint(self) -> QSize:
        return QSize(self._width(), 120)

    def sizeHint(self) -> QSize:
        return QSize(max(self._width(), self.panel.sizeHint().width()), self.panel.sizeHint().height())

    def least_height(self, width: int) -> int:
        """The panel's least height at ``width``."""
        layout = self.panel.layout()
        if layout is None:
            return self.panel.minimumSizeHint().height()
        if layout.hasHeightForWidth():
            return layout.totalMinimumHeightForWidth(width)
        return layout.totalMinimumSize().height()

    def _fit(self) -> None:
        width = self.viewport().width()
        self.panel.resize(width, max(self.viewport().height(), self.least_height(width)))

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return super().viewportEvent(event)

    def eventFilter(self, obj, event) -> bool:
        if obj is self.panel and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the panel's content changed: so may the width it needs
            self._fit()
        return super().eventFilter(obj, event)

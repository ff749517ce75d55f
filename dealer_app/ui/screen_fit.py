"""How large the app's windows open: the size each is made for, at most the screen it opens on.

A window opened larger than the screen has its title bar or its bottom rows off the screen
(the floor console once opened at 1400x860 on a 1280x720 table monitor). ``fit_window`` is
the one place that sizes a window; it takes the screen's available area as an argument so a
test can ask what a 1280x720 or a 1366x768 screen would get.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
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
    geometry = QRect(window.pos(), window.size())
    if not area.contains(geometry):
        x = min(max(geometry.x(), area.x()), area.right() + 1 - geometry.width())
        y = min(max(geometry.y(), area.y() + TITLE_BAR), area.bottom() + 1 - geometry.height())
        window.move(QPoint(max(area.x(), x), max(area.y(), y)))
    return size


class ScrollingPanel(QScrollArea):
    """A side panel that scrolls, up and down only, when a small screen has not the height for
    all of it (rather than squeezing its texts into each other, or holding the window taller
    than the screen). It is always as wide as the panel needs, so it never scrolls sideways."""

    def __init__(self, panel: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay where the panel wants them

    def _width(self) -> int:
        panel = self.widget()
        return max(panel.minimumSizeHint().width(), panel.minimumWidth()) + self.verticalScrollBar().sizeHint().width()

    def minimumSizeHint(self) -> QSize:
        return QSize(self._width(), 120)

    def sizeHint(self) -> QSize:
        return QSize(max(self._width(), self.widget().sizeHint().width()), self.widget().sizeHint().height())

    def eventFilter(self, obj, event) -> bool:
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the panel's content changed: so may the width it needs
        return super().eventFilter(obj, event)

"""The players' display: a second window for the players' side of the table.

It shows what is public at the table, in large type for a second monitor (or the same screen):
the pot and any side pots, each seat's stack, its bet in front this round, folded or all-in,
who is to act, the upcards (the downcards only as backs, until the player shows them at the
showdown), the common card, and at the award who won which pot and how much. Nothing the
dealer types (no card box, no prompt of the dealer's panel) and no rule: every fact is read
from the controller's public views (``live/presentation.py``: ``seats()``, ``pots()``,
``status()``, ``prompt()``, ``best_hands_so_far()``, ``awarded_pots()``, ``voided()``,
``money()``), through the same ``ControllerBridge`` the dealer's window observes.

The keys stay with the dealer. The display never takes the focus: it is a window that does
not accept focus and is shown without being activated, so the dealer's keys keep going to the
dealer's window (``keys.DealerKeys`` takes only the keys pressed in that window). If a window
manager activates it anyway (one that ignores the hint, a click on it, Qt's offscreen
platform), it hands the activation straight back to the dealer's window; and a key that still
reaches it in between is passed on to the dealer's window's focused widget, where the
dealer's keys read it as if it had been typed there.

Folded hands show no cards: at the table they are in the muck. Double-click toggles full
screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QGuiApplication, QKeyEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.events import PotAwarded
from dealer_app.settings import PLAYERS_DISPLAY_GEOMETRY
from dealer_app.ui.card_painter import paint_card
from dealer_app.ui.screen_fit import fit_window
from dealer_app.ui.settings_store import read, save_geometry
from dealer_app.ui.words import fill, high_hand, low_hand, say, table_title

BACKGROUND = "#0d1013"
WHITE, DIM, GOLD, GREEN, YELLOW, RED = "#ffffff", "#7d8590", "#ffd75e", "#7ee787", "#ffd400", "#ff8080"
BASE_W, BASE_H = 1280, 800  # the font sizes below are those at this window size; larger windows scale up


def _colour(widget: QWidget, colour: str) -> None:
    pal = widget.palette()
    pal.setColor(QPalette.ColorRole.WindowText, QColor(colour))
    widget.setPalette(pal)


class BigText(QLabel):
    """One line of large text at its size (``set_px``), drawn smaller when its box is too
    narrow for it (a long name in a small window), so it is read whole; cut with an ellipsis
    only below the smallest size."""

    SMALLEST_PX = 10

    def __init__(self, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft):
        super().__init__()
        self.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._base_px: int | None = None

    def set_px(self, px: int) -> None:
        self._base_px = px
        self._fit()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if self._base_px is None:
            return
        f = QFont(self.font())
        f.setBold(True)
        f.setPixelSize(self._base_px)
        width, needed = self.width(), QFontMetrics(f).horizontalAdvance(self.text())
        if self.text() and 0 < width < needed:
            f.setPixelSize(max(self.SMALLEST_PX, int(self._base_px * width / needed)))
        if f.pixelSize() != self.font().pixelSize() or not self.font().bold():
            self.setFont(f)

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        return QSize(fm.horizontalAdvance(self.text()), fm.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.fontMetrics().height())

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setFont(self.font())
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.width())
        p.drawText(self.rect(), int(self.alignment()), text)


class CardRow(QWidget):
    """Cards in a row, as large as the row's height allows: ``None`` is a card's back. ``codes``
    holds exactly the faces shown (what a reader of the screen can see)."""

    def __init__(self, max_height: int = 150):
        super().__init__()
        self.codes: list[str | None] = []
        self.four_colour = False
        self.max_height = max_height
        self.centred = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(36)

    def set_cards(self, codes: list[str | None], four_colour: bool = False) -> None:
        if codes != self.codes or four_colour != self.four_colour:
            self.codes, self.four_colour = codes, four_colour
            self.setAccessibleName(" ".join(c for c in codes if c is not None))
            self.update()

    def paintEvent(self, _event) -> None:
        if not self.codes:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = len(self.codes)
        # as tall as the row allows, but narrow enough that a fanned card's corner ("10♦") shows whole
        h = min(self.height() - 2, self.max_height, self.width() / (1 + 0.55 * (n - 1)) / 0.72)
        w = h * 0.72
        step = min(w + 4, (self.width() - w) / (n - 1)) if n > 1 else w
        x = (self.width() - (step * (n - 1) + w)) / 2 if self.centred else 0
        y = (self.height() - h) / 2
        for i, code in enumerate(self.codes):
            visible = step if i < n - 1 else w
            paint_card(
                p, QRectF(x, y, w, h), None if code in (None, "??") else code, self.four_colour, visible_width=visible
            )
            x += step


class SeatTile(QFrame):
    """One seat: its number and name, stack, cards, bet in front and state, in a box whose
    border says who is to act (yellow) and who won (green)."""

    def __init__(self):
        super().__init__()
        self.border, self.dim = "#3a4048", False
        self.name = BigText()
        self.stack = BigText()
        self.cards = CardRow()
        self.bet = BigText()
        self.state = BigText()
        _colour(self.stack, GREEN)
        _colour(self.bet, GOLD)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 8, 14, 8)
        layout.setSpacing(2)
        for widget in (self.name, self.stack, self.cards, self.bet, self.state):
            layout.addWidget(widget)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        thick = self.border in (YELLOW, GREEN)
        width = 6 if thick else 2
        p.setPen(QPen(QColor(self.border), width))
        p.setBrush(QColor("#15191e" if self.dim else "#1f252c"))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2), 14, 14)


class PlayersDisplay(QWidget):
    """The players' window (see the module's docstring). ``settings`` keeps its geometry;
    ``dealer_window`` is given back the activation and any key that reaches this window."""

    closed = Signal()
    GEOMETRY_KEY = PLAYERS_DISPLAY_GEOMETRY.key  # (settings.py)

    def __init__(self, bridge, settings: QSettings, dealer_window: QWidget | None = None):
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.bridge = bridge
        self.settings = settings
        self.dealer_window = dealer_window
        self.four_colour = False
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)  # never keeps the app running alone
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWindowTitle(self.tr("Players' display"))
        self.setMinimumSize(640, 400)
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor(BACKGROUND))
        pal.setColor(QPalette.ColorRole.WindowText, QColor(WHITE))
        self.setPalette(pal)
        self.setAutoFillBackground(True)
        self._sizes: list[tuple[QWidget, int]] = []  # each text and its pixel size at 1280x800

        self.table_line = self._text(BigText(), 24, DIM)
        self.street = self._text(BigText(), 30, WHITE)
        self.pot = self._text(BigText(Qt.AlignmentFlag.AlignHCenter), 64, GOLD)
        self.common_label = self._text(BigText(Qt.AlignmentFlag.AlignHCenter), 20, DIM)
        self.common = CardRow(max_height=90)
        self.common.centred = True
        self.side_pots = self._text(BigText(Qt.AlignmentFlag.AlignHCenter), 30, "#fff3c4")
        self.banner = self._text(QLabel(), 38, YELLOW)
        self.banner.setWordWrap(True)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)

        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        left.addWidget(self.table_line)
        left.addWidget(self.street)
        left.addStretch(1)
        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(0)
        right.addWidget(self.common_label)
        right.addWidget(self.common, 1)
        self.left_box, self.right_box = QWidget(), QWidget()
        self.left_box.setLayout(left)
        self.right_box.setLayout(right)
        for box in (self.left_box, self.right_box):  # equal widths: the pot in the middle
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.addWidget(self.left_box)
        top.addWidget(self.pot, 1)
        top.addWidget(self.right_box)
        self.grid = QGridLayout()
        self.grid.setSpacing(12)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 14)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.side_pots)
        layout.addWidget(self.banner)
        layout.addLayout(self.grid, 1)
        self.tiles: dict[int, SeatTile] = {}
        self._restore_geometry()
        self._scale = 0.0
        self._apply_sizes()
        bridge.changed.connect(self.refresh)
        self.refresh()

    @property
    def controller(self):
        return self.bridge.controller

    # --- the window -----------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        geometry = read(self.settings, PLAYERS_DISPLAY_GEOMETRY)
        if geometry is not None and self.restoreGeometry(geometry):
            return
        # a second monitor, if there is one: the screen the dealer's window is not on; else this
        # screen, the window at most its size (never its bottom row off a 1280x720 monitor)

        here = self.dealer_window.screen() if self.dealer_window is not None else None
        others = [s for s in QGuiApplication.screens() if s is not here]
        if here is not None and others:
            self.move(others[0].availableGeometry().topLeft())
            fit_window(self, QSize(BASE_W, BASE_H), others[0].availableGeometry())
        else:
            fit_window(self, QSize(BASE_W, BASE_H))

    def open(self) -> None:
        """Show the window without taking the focus from the dealer's."""
        self.show()
        self.raise_()

    def closeEvent(self, event) -> None:
        save_geometry(self.settings, PLAYERS_DISPLAY_GEOMETRY, self)
        super().closeEvent(event)
        self.closed.emit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and self._dealer_visible():
            assert self.dealer_window is not None  # (checked by _dealer_visible)
            self.dealer_window.activateWindow()  # the keys are the dealer's: give the focus back

    def _dealer_visible(self) -> bool:
        return self.dealer_window is not None and self.dealer_window.isVisible()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._dealer_visible():
            super().keyPressEvent(event)
            return
        assert self.dealer_window is not None  # (checked by _dealer_visible)
        target = self.dealer_window.focusWidget() or self.dealer_window
        QApplication.sendEvent(
            target,
            QKeyEvent(event.type(), event.key(), event.modifiers(), event.text(), event.isAutoRepeat(), event.count()),
        )

    def mouseDoubleClickEvent(self, _event) -> None:
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._apply_sizes()

    def _text(self, widget, size: int, colour: str):
        self._sizes.append((widget, size))
        _colour(widget, colour)
        return widget

    def scale(self) -> float:
        """How much larger than at 1280x800 the words are drawn (never below half size)."""
        return max(0.5, min(self.width() / BASE_W, self.height() / BASE_H))

    def _apply_sizes(self) -> None:
        s = self.scale()
        if s == self._scale:
            return
        self._scale = s
        for widget, size in self._sizes:
            if isinstance(widget, BigText):
                widget.set_px(max(10, round(size * s)))
            else:  # (the banner wraps: its words are never made smaller)
                f = QFont(widget.font())
                f.setPixelSize(max(10, round(size * s)))
                f.setBold(True)
                widget.setFont(f)
        side = round(270 * s)
        self.left_box.setFixedWidth(side)
        self.right_box.setFixedWidth(side)
        self.common.setFixedHeight(round(88 * s))
        self.common.max_height = round(86 * s)
        self.banner.setMinimumHeight(self.banner.fontMetrics().height())
        for tile in self.tiles.values():
            self._size_tile(tile)

    def _size_tile(self, tile: SeatTile) -> None:
        s = self._scale
        for widget, size in ((tile.name, 30), (tile.stack, 40), (tile.bet, 30), (tile.state, 30)):
            widget.set_px(max(10, round(size * s)))
        tile.cards.max_height = round(130 * s)

    # --- what it shows ----------------------------------------------------------------------
    def _tiles_for(self, seats: list[int]) -> None:
        """One tile per seated player, in seat order, in two rows (four to a row for eight): a
        tile, its cards and its words are the same size whether two play or eight."""
        if list(self.tiles) == seats:
            return
        for tile in self.tiles.values():
            self.grid.removeWidget(tile)
            tile.hide()  # (deleted when the event loop next runs)
            tile.deleteLater()
        self.tiles = {}
        columns = max(1, (len(seats) + 1) // 2)
        for i, seat in enumerate(seats):
            tile = SeatTile()
            self._size_tile(tile)
            self.grid.addWidget(tile, i // columns, i % columns)
            self.tiles[seat] = tile
        for r in range(2):
            self.grid.setRowStretch(r, 1)
        for col in range(self.grid.columnCount()):
            self.grid.setColumnStretch(col, 1 if col < columns else 0)

    def refresh(self, _change: str = "") -> None:
        c = self.controller
        seats = c.seats()
        self._tiles_for([v.seat for v in seats])
        names = {v.seat: v.name for v in seats}
        won: dict[int, int] = {}
        for pot in c.awarded_pots():
            for seat, amount in self._winners(pot).items():
                won[seat] = won.get(seat, 0) + amount
        for v in seats:
            self._seat(self.tiles[v.seat], v, won.get(v.seat, 0))
        self._centre(c, names)

    @staticmethod
    def _winners(pot) -> dict[int, int]:
        return dict(pot.winners) if isinstance(pot, PotAwarded) else {pot.seat: pot.amount}

    def _seat(self, tile: SeatTile, v, won: int) -> None:
        c = self.controller
        tile.name.setText(f"{v.seat}  {v.name}")
        tile.stack.setText(c.money(v.stack))
        tile.bet.setText(fill(self.tr("Bet: %1"), c.money(v.round_to)) if v.round_to else "")
        if won:
            state, colour = fill(self.tr("WINS %1"), c.money(won)), GREEN
        elif v.folded:
            state, colour = self.tr("FOLDED"), DIM
        elif v.all_in:
            state, colour = self.tr("ALL-IN"), RED
        elif v.to_act:
            state, colour = self.tr("TO ACT"), YELLOW
        elif v.sitting_out:
            state, colour = self.tr("SITTING OUT"), DIM
        else:
            state, colour = "", WHITE
        tile.state.setText(state)
        _colour(tile.state, colour)
        tile.dim = v.folded or v.sitting_out or (c.hand is not None and not v.in_hand)
        _colour(tile.name, DIM if tile.dim else WHITE)
        tile.border = YELLOW if v.to_act else GREEN if won else "#2a2f36" if tile.dim else "#3a4048"
        if v.folded or not v.in_hand:
            cards: list[str | None] = []  # a folded hand is in the muck
        elif v.shown:  # shown at the showdown: public now
            cards = list(v.shown) + list(v.up)
        else:
            cards = [None] * v.down_count + list(v.up)  # downcards only as backs
        tile.cards.set_cards(cards, self.four_colour)
        tile.update()

    def _centre(self, c, names: dict[int, str]) -> None:
        st = c.status()
        session = c.session
        title = self.tr("Players' display")
        self.setWindowTitle(title if session is None else f"{table_title(session.table)} — {title}")
        self.table_line.setText(fill(self.tr("Hand %1"), str(c.hand_no)) if c.hand is not None else "")
        streets = {
            3: self.tr("Third street"),
            4: self.tr("Fourth street"),
            5: self.tr("Fifth street"),
            6: self.tr("Sixth street"),
            7: self.tr("Seventh street"),
        }
        pots = c.pots()
        common = st.get("common") if st else None
        self.common_label.setText(self.tr("Common card") if common else "")
        self.common.set_cards([common] if common else [], self.four_colour)
        self.side_pots.setText("")
        self.side_pots.hide()  # (shown when there is a side pot)
        if session is None:
            self.street.setText("")
            self.pot.setText("")
            self._banner(self.tr("No table open"), WHITE)
            return
        if not st:
            self.street.setText("")
            self.pot.setText("")
            self._banner(self.tr("Between hands"), WHITE)
            return
        done = st["phase"] == "done"
        self.street.setText(
            self.tr("Result") if done else self.tr("Showdown") if st["phase"] == "showdown" else streets[st["street"]]
        )
        self.pot.setText(fill(self.tr("Pot %1"), c.money(st["pot"] or sum(a for a, _ in pots))))
        if done and c.voided() is not None:  # a misdeal or a fouled deck: everything goes back
            self.pot.setText("")
            self._banner(say(c.voided()), WHITE)
            return
        if done:
            self._banner("\n".join(self._result(i, pot, names) for i, pot in enumerate(c.awarded_pots())), GREEN)
            return
        if len(pots) > 1:
            self.side_pots.setText(
                "   ·   ".join(f"{self._pot_name(i)} {c.money(amount)}" for i, (amount, _eligible) in enumerate(pots))
            )
            self.side_pots.show()
        p = c.prompt()
        if p.kind == "action" and p.seat is not None:
            self._banner(fill(self.tr("Seat %1 (%2) to act"), p.seat, names[p.seat]), YELLOW)
        elif p.kind == "show" and p.seat is not None:
            lines = [fill(self.tr("Seat %1 (%2) shows"), p.seat, names[p.seat])]
            for best in c.best_hands_so_far():
                who = ", ".join(names[s] for s in best.seats)
                words = high_hand(best.value) if best.half == "high" else low_hand(best.low_five)
                lines.append(fill(self.tr("Best so far: %1 — %2"), who, words))
            self._banner("\n".join(lines), WHITE)
        else:
            self._banner("", WHITE)

    def _banner(self, text: str, colour: str) -> None:
        self.banner.setText(text)
        _colour(self.banner, colour)

    def _pot_name(self, i: int) -> str:
        return self.tr("Main pot") if i == 0 else fill(self.tr("Side pot %1"), str(i))

    def _result(self, i: int, pot, names: dict[int, str]) -> str:
        """A pot at the award: its name and amount, who wins how much, and with what hand."""
        c = self.controller
        parts = []
        for seat, amount in self._winners(pot).items():
            hands = []
            if isinstance(pot, PotAwarded) and pot.case != "uncontested":
                if seat in pot.high_seats:
                    hands.append(high_hand(pot.high_value))
                if pot.case == "hi-lo" and seat in pot.low_seats:
                    hands.append(low_hand(pot.low_five))
            part = fill(self.tr("%1 wins %2"), names.get(seat, str(seat)), c.money(amount))
            parts.append(part + (f" ({' / '.join(hands)})" if hands else ""))
        return f"{self._pot_name(i)} {c.money(pot.amount)}: " + ", ".join(parts)

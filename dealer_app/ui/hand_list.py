"""The floor console's list of hands: a view over a model, so that a record of 100,000 hands is
listed at once (a row's words are made when the row is drawn, not one widget per cell for
every hand up front, which took 6 s at 100,000 hands).

``HandList`` keeps the few calls of a table widget the console and its tests use (``item``,
``rowCount``, ``visualItemRect``, ``itemSelectionChanged``), each answered from the model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Sequence

    from dealer_app.record.hand_index import HandSummary

FAILING_COLOUR = QColor("#b00020")
_Index = QModelIndex | QPersistentModelIndex


class HandListModel(QAbstractTableModel):
    """``hands`` as rows; ``texts(hand)`` gives a row's cells (the console's words), ``tip(hand)``
    its tooltip. A row's cells are made once, when first drawn, until the hands change."""

    def __init__(
        self,
        headers: Sequence[str],
        texts: Callable[[HandSummary], Sequence[str]],
        tip: Callable[[HandSummary], str],
        parent=None,
    ):
        super().__init__(parent)
        self.headers = list(headers)
        self.texts, self.tip = texts, tip
        self.hands: list[HandSummary] = []
        self._cells: dict[int, Sequence[str]] = {}
        self.whole_in_tip: frozenset[int] = frozenset()  # columns cut to fit: their words whole in the tooltip

    def set_hands(self, hands: list[HandSummary]) -> None:
        self.beginResetModel()
        self.hands, self._cells = hands, {}
        self.endResetModel()

    def hands_changed(self) -> None:
        """The same hands, said differently (the record's check has marked some)."""
        self._cells = {}
        if self.hands:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.hands) - 1, len(self.headers) - 1))

    def cell(self, row: int, column: int) -> str:
        cells = self._cells.get(row)
        if cells is None:
            cells = self._cells[row] = self.texts(self.hands[row])
        return cells[column]

    # --- QAbstractTableModel ---------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's own default)
        return 0 if parent.isValid() else len(self.hands)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self.hands):
            return None
        hand = self.hands[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(index.row(), index.column())
        if role == Qt.ItemDataRole.ForegroundRole and getattr(hand, "failing", None):
            return FAILING_COLOUR
        if role == Qt.ItemDataRole.ToolTipRole and getattr(hand, "failing", None):
            return self.tip(hand)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in self.whole_in_tip:
            return self.cell(index.row(), index.column()) or None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.headers)
        ):
            return self.headers[section]
        return None

    def set_header(self, section: int, text: str) -> None:
        self.headers[section] = text
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, section, section)


class HandCell:
    """One cell, as a table widget's item is read: its text and where it is."""

    def __init__(self, model: HandListModel, row: int, column: int):
        self.model, self.row, self.column = model, row, column

    def text(self) -> str:
        return self.model.cell(self.row, self.column)

    def index(self) -> QModelIndex:
        return self.model.index(self.row, self.column)


class HandList(QTableView):
    """The hands, newest first; one row chosen at a time."""

    itemSelectionChanged = Signal()

    def __init__(self, model: HandListModel, parent=None):
        super().__init__(parent)
        self.setModel(model)
        self.hand_model = model
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.setWordWrap(False)
        self.selectionModel().selectionChanged.connect(lambda *_: self.itemSelectionChanged.emit())

    def fit_columns(self, cut: Collection[int], widest: int) -> None:
        """Every column in the list's width, never behind a sideways scroll bar: the others as
        wide as their words (at most ``widest`` pixels), the ``cut`` ones (a hand's marks, its
        players) share what is left, cut short with "…" and said whole in their tooltip."""
        header = self.horizontalHeader()
        header.setMaximumSectionSize(widest)
        header.setMinimumSectionSize(self.fontMetrics().horizontalAdvance("0") * 4)
        for column in range(self.hand_model.columnCount()):
            mode = QHeaderView.ResizeMode.Stretch if column in cut else QHeaderView.ResizeMode.ResizeToContents
            header.setSectionResizeMode(column, mode)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.hand_model.whole_in_tip = frozenset(cut)

    def rowCount(self) -> int:
        return self.hand_model.rowCount()

    def item(self, row: int, column: int) -> HandCell | None:
        if not (0 <= row < self.hand_model.rowCount() and 0 <= column < self.hand_model.columnCount()):
            return None
        return HandCell(self.hand_model, row, column)

    def visualItemRect(self, cell: HandCell) -> QRect:
        return self.visualRect(cell.index())

    def currentRow(self) -> int:
        return self.currentIndex().row()

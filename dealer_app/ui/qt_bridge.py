"""Qt face of the Qt-free controller: one signal the widgets listen to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from dealer_app.live.controller import TableController


class ControllerBridge(QObject):
    changed = Signal(str)  # what changed: table, seats, hand
    failed = Signal(str, str)  # message, rule IDs

    def __init__(self, controller: TableController, parent=None):
        super().__init__(parent)
        self.controller = controller
        controller.listeners.append(self.changed.emit)

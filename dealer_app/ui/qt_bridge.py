"""Qt face of the Qt-free controller: one signal the widgets listen to.

The widgets read ``bridge.controller``: the live table's controller, or a read-only
presentation (a floor's moment, a drill, an empty table) that never changes by itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dealer_app.live.controller import TableController

if TYPE_CHECKING:
    from dealer_app.live.presentation import TablePresentation


class ControllerBridge(QObject):
    changed = Signal(str)  # what changed: table, seats, hand
    failed = Signal(str, str)  # message, rule IDs

    def __init__(self, controller: TableController | TablePresentation, parent=None):
        super().__init__(parent)
        self.controller = controller
        if isinstance(controller, TableController):  # (a presentation does not change: nothing to hear)
            controller.listeners.append(self.changed.emit)

    @property
    def live(self) -> TableController:
        """The controller this bridge carries, for the widgets that give it inputs (the dealer's
        table, the floor's what-if); a read-only presentation takes none."""
        controller = self.controller
        assert isinstance(controller, TableController), "a presentation takes no input"
        return controller

"""The dealer's keys work wherever the focus is in the main window.

One event filter sees every key pressed in the window before the focused widget does:

- Ctrl+Z / Ctrl+Shift+Z always undo and redo the hand (a line edit would undo its text);
- while an action is due, its letter (B, O, E, G, R, T, C, K, F) selects it, and Enter confirms;
- while a card or a shown hand is due, typing goes to the card box or the show box, even if a
  click left the focus in the rulings list or on a picker button;
- Enter confirms what the big button says (deal the river, confirm the awards, next hand).

No rule here: what is legal comes from the controller, through the action panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from dealer_app.ui.action_panel import ActionPanel

ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class WindowKeys(QObject):
    """A window's keys wherever the focus is in it: an event filter on the application that
    sees each key pressed in ``window`` (not in a dialog or another window) before the focused
    widget does, and gives it to ``key_event``, which returns True when it took the key."""

    kinds: tuple[QEvent.Type, ...] = (QEvent.Type.KeyPress,)

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.window = window
        app = QApplication.instance()
        assert app is not None  # the window exists, so the application does
        app.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        # every kind asked for arrives as a QKeyEvent; the isinstance only tells the type checker so
        if event.type() not in self.kinds or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(obj, QWidget) or obj.window() is not self.window:
            return False  # a dialog, or another window: its keys are its own
        return self.key_event(obj, event)

    def key_event(self, obj: QWidget, event: QKeyEvent) -> bool:
        raise NotImplementedError


class DealerKeys(WindowKeys):
    kinds = (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)

    def __init__(self, window: QWidget, panel: ActionPanel):
        super().__init__(window)
        self.panel = panel

    def key_event(self, obj: QWidget, event: QKeyEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride:
            if event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo):
                event.ignore()  # not the text's undo: the window's Undo/Redo actions take it
                return True
            return False
        return self._key(obj, event)

    def _key(self, obj: QWidget, event: QKeyEvent) -> bool:
        panel = self.panel
        prompt = panel.controller.prompt().kind
        modifiers = event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier)
        if modifiers:
            return False  # Ctrl/Alt combinations are menu shortcuts
        if event.key() == Qt.Key.Key_Escape and panel.line_open:
            panel.close_line()
            return True
        if event.key() == Qt.Key.Key_Escape and prompt == "action" and panel.leave_amount(obj):
            return True  # out of a selected action's amount box: the action keys again
        # a box takes keys only while it is shown: the focus stays in a hidden one when the window
        # is not the active one (under a bare X server, always), and the hidden card box took
        # Enter at the awards and the next hand's cards (a new floor person's walkthrough)
        in_hidden_box = obj in (panel.card_edit, panel.show_edit) and not obj.isVisible()
        if event.key() in ENTER:
            if panel.swallow_enter():
                return True  # the Enter of an amount typed after a one-amount action acted at once
            if obj in (panel.card_edit, panel.show_edit) and not in_hidden_box:
                return False  # the box takes its own Enter (returnPressed)
            return panel.confirm()  # an amount is read as typed (not clamped by the stepper)
        text = event.text()
        if not text or not text.isprintable():
            return False
        if prompt == "action":
            if panel.line_open:
                kind = panel.line_key(text)
                if kind == "line":
                    return self._to_box(obj, panel.card_edit, event, text)  # a card too many, refused in words
                if kind == "held":
                    return True  # said: nothing acts while the line's cards are in doubt
            return panel.press_key(text.upper()) or panel.refuse_key(text, obj)
        box = {"card": panel.card_edit, "common": panel.card_edit, "show": panel.show_edit}.get(prompt)
        if box is not None and box.isVisible():
            return self._to_box(obj, box, event, text)
        return in_hidden_box  # (nothing is typed into a box not shown)

    @staticmethod
    def _to_box(obj: QWidget, box: QWidget, event: QKeyEvent, text: str) -> bool:
        """The key typed into ``box``, wherever the focus was."""
        if obj is box:
            return False  # it is the box's already
        box.setFocus(Qt.FocusReason.OtherFocusReason)
        QApplication.sendEvent(box, QKeyEvent(QEvent.Type.KeyPress, event.key(), event.modifiers(), text))
        return True

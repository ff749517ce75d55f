"""Rulings log: every decision in order with its rule IDs; a click shows the rule's words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QTextBrowser, QVBoxLayout, QWidget

from dealer_app.engine.catalog import rule_text
from dealer_app.ui.words import language, say


class RulingsLog(QWidget):
    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        self.bridge = bridge
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Rulings")))
        self.list = QListWidget()
        self.list.setWordWrap(True)
        # focus only by a click: tabbing or a closing dialog landing here would select row 0
        # by itself and show its rule as if the dealer had asked for it
        self.list.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.list.currentRowChanged.connect(self._show_rules_of_row)
        layout.addWidget(self.list, 3)
        self.rule = QTextBrowser()
        self.rule.setOpenLinks(False)
        # both scroll: small, so that on a 1280x720 screen the dealer's panel above has the height
        self.list.setMinimumHeight(48)
        self.rule.setMinimumHeight(70)
        layout.addWidget(self.rule, 2)
        self.setMinimumWidth(300)
        bridge.changed.connect(self.refresh)
        self.refresh()

    def refresh(self, _change: str = ""):
        events = self.bridge.controller.ruling_events
        self.list.blockSignals(True)  # refilling the list is not the dealer choosing a row
        self.list.clear()
        for event in events:
            self.list.addItem(f"{say(event)} — {', '.join(event.rules)}" if event.rules else say(event))
        self.list.setCurrentRow(-1)
        self.list.blockSignals(False)
        self.list.scrollToBottom()

    def _show_rules_of_row(self, row: int):
        rulings = self.bridge.controller.rulings
        if 0 <= row < len(rulings):
            self.show_rules(rulings[row][1])

    def show_rules(self, rule_ids):
        if isinstance(rule_ids, str):
            rule_ids = [rule_ids]
        lang = language()  # the catalog in the language of the rest of the screen
        self.rule.setHtml(
            "".join(f"<p style='font-size:13pt'><b>{r}</b> {rule_html(rule_text(r, lang))}</p>" for r in rule_ids)
        )


def rule_html(text: str) -> str:
    """The catalog's markdown (``**bold**``, ``*stress*``, ``code``, "- " items) as HTML."""
    import html
    import re

    out = html.escape(text)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    out = re.sub(r"`([^`]+)`", r"<span style='font-family:monospace; background:#eeeeee'>\1</span>", out)
    out = re.sub(r"\s-\s(?=[<\w])", "<br>• ", out)
    return out.replace("\n", "<br>")  # a §12 house decision follows the rule on its own line

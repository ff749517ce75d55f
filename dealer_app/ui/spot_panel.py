"""Spot the dealer's error, in the trainer: the hand told step by step on the table view; the
trainee stops at the wrong step and names its remedy. (The drill is ``training/spot.py``.)"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from dealer_app.engine.catalog import rule_text
from dealer_app.floor.imported import timeline_of
from dealer_app.training.spot import REMEDIES, SpotDrill, judge_spot
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.words import irregularity_name, language, say


class SpotPanel(QWidget):
    """Steps one at a time (Next, or →); "Stop: this is wrong" with the remedy chosen."""

    def __init__(self, trainer, drill: SpotDrill, parent=None):
        super().__init__(parent)
        self.trainer, self.drill, self.index = trainer, drill, 0
        self.timeline = timeline_of(drill.hand, drill.table, 1)
        self.judged: tuple[bool, bool] | None = None
        layout = QVBoxLayout(self)
        self.said = QLabel()
        self.said.setWordWrap(True)
        self.said.setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.said.setObjectName("spot_step")
        layout.addWidget(self.said)
        row = QHBoxLayout()
        self.next_button = QPushButton(self.tr("Next step  [→]"))
        self.next_button.clicked.connect(self.step)
        self.stop_button = QPushButton(self.tr("Stop: this step is wrong"))
        self.stop_button.clicked.connect(self.stop)
        row.addWidget(self.next_button)
        row.addWidget(self.stop_button)
        layout.addLayout(row)
        self.remedy = QComboBox()
        for code in REMEDIES:
            name = irregularity_name(code) if code != "I-3" else self.tr("The floor decides (I-3)")
            self.remedy.addItem(name, code)
        layout.addWidget(QLabel(self.tr("The remedy:")))
        layout.addWidget(self.remedy)
        self.feedback = QTextBrowser()
        self.feedback.setOpenLinks(False)
        layout.addWidget(self.feedback, 1)
        self.show_step()

    def show_step(self):
        step = self.drill.steps[self.index]
        self.said.setText(self.tr("Step %1 of %2: %3").replace("%1", str(self.index + 1)).replace(
            "%2", str(len(self.drill.steps))).replace("%3", say(step.subject)))
        from dealer_app.ui.trainer_window import DrillMoment, titled
        m = self.timeline.moment_as(step.inputs, DrillMoment)
        m.skill = "spot"  # the seat to act not marked: the table must not say what is right
        self.trainer.show_moment(titled(m, self.drill.table))
        self.next_button.setEnabled(self.index + 1 < len(self.drill.steps) and self.judged is None)

    def step(self):
        if self.judged is None and self.index + 1 < len(self.drill.steps):
            self.index += 1
            self.show_step()

    def stop(self):
        if self.judged is not None:
            return
        code = self.remedy.currentData()
        self.judged = judge_spot(self.drill, self.index, code)
        at_error, remedy_right = self.judged
        e = html.escape
        lang = language()
        right = at_error and remedy_right
        verdict = self.tr("Right") if right else self.tr("Wrong")
        colour = "#1b7f3b" if right else "#b00020"
        error_step = self.drill.steps[self.drill.error_step]
        out = [f"<p style='font-size:18pt; color:{colour}'><b>{e(verdict)}</b></p>"]
        wrong_was = self.tr("The wrong step was step %1:").replace("%1", str(self.drill.error_step + 1))
        should, remedy_word = self.tr("It should have been"), self.tr("The remedy")
        if not at_error:
            out.append(f"<p>{e(wrong_was)} {e(say(error_step.subject))}</p>")
        out.append(f"<p><b>{e(should)}:</b> {e(say(self.drill.truth))}</p>")
        out.append(f"<p><b>{self.drill.broken}</b> {rule_html(rule_text(self.drill.broken, lang))}</p>")
        out.append(f"<p><b>{e(remedy_word)}: {self.drill.remedy}</b> "
                   f"{rule_html(rule_text(self.drill.remedy, lang))}</p>")
        self.feedback.setHtml("".join(out))
        self.next_button.setEnabled(False)
        self.stop_button.setEnabled(False)
        self.trainer.spot_judged(right)

    def keyPressEvent(self, event):
        if event.key() == Qt.Key.Key_Right:
            self.step()
            return
        super().keyPressEvent(event)

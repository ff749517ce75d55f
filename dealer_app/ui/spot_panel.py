"""Spot the dealer's error, in the trainer: the hand told step by step on the table view; the
trainee stops at the wrong step and names its remedy. (The drill is ``training/spot.py``.)

The table follows the story as told: at the wrong step it shows what the dealer said (the
amount in front of the seat, the pot pushed to the seat named, no burn), so the mistake is
found by the rule, not by comparing the words with a table that is right."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from dealer_app.engine.catalog import rule_text
from dealer_app.engine.events import ActionTaken, PotAwarded
from dealer_app.floor.imported import timeline_of
from dealer_app.training.spot import REMEDIES, REMEDY, RoundWithoutBurn, SpotDrill, SpotVerdict, judge_spot
from dealer_app.ui.drill_view import DrillMoment, titled
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.words import fill, language, remedy_name, say


def _spot_moment_class():

    class SpotMoment(DrillMoment):
        """A step's table as the dealer told it: ``told`` (the wrong step's subject) drawn in
        place of ``truth`` (what the engine did) when the step is the wrong one's moment."""

        skill = "spot"  # the seat to act not marked: the table must not say what is right
        told: object = None
        truth: object = None

        def _raised_more(self) -> int:
            t, e = self.told, self.truth
            if isinstance(t, ActionTaken) and isinstance(e, ActionTaken):
                return (t.to or 0) - (e.to or 0)
            return 0

        def seats(self):
            views = super().seats()
            t, e, more = self.told, self.truth, self._raised_more()
            for v in views:
                if more and isinstance(t, ActionTaken) and v.seat == t.seat:
                    v.round_to += more
                    v.stack -= more
                    v.in_pot += more
                if isinstance(t, PotAwarded) and isinstance(e, PotAwarded):
                    v.stack += t.winners.get(v.seat, 0) - e.winners.get(v.seat, 0)
            return views

        def status(self) -> dict:
            st = dict(super().status())
            if not st:
                return st
            if self._raised_more():
                st["pot"] = st.get("pot", 0) + self._raised_more()
            if isinstance(self.told, RoundWithoutBurn) and st.get("burns"):
                st["burns"] -= 1  # no burn, as told: the card stays on the stub
                if isinstance(st.get("stub"), int):
                    st["stub"] += 1
            return st

        def awards(self):
            pots = super().awards()
            t = self.told
            if isinstance(t, PotAwarded):
                pots = [dict(p, winners=dict(t.winners)) if i == t.pot_index else p for i, p in enumerate(pots)]
            return pots

    return SpotMoment


class SpotPanel(QWidget):
    """Steps one at a time (Next, or →); "Stop: this is wrong" with the remedy chosen. Going on
    past the wrong step is a miss, said at once."""

    def __init__(self, trainer, drill: SpotDrill, parent=None, number: int = 1, of: int = 1):
        super().__init__(parent)
        self.trainer, self.drill, self.index = trainer, drill, 0
        self.number, self.of = number, of
        self.timeline = timeline_of(drill.hand, drill.table, 1)
        self.verdict: SpotVerdict | None = None
        self._moment_class = _spot_moment_class()
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
        # the box as wide as the panel gives it, not as its longest remedy (a German one made the
        # trainer wider than the screen); the list that opens shows each in full
        self.remedy.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.remedy.setMinimumContentsLength(24)
        self.remedy.view().setTextElideMode(Qt.TextElideMode.ElideNone)
        self.remedy.view().setMinimumWidth(self.remedy.view().sizeHintForColumn(0) + 24)
        self.remedy.currentIndexChanged.connect(lambda _i: self.remedy.setToolTip(self.remedy.currentText()))
        for r in REMEDIES:
            self.remedy.addItem(remedy_name(r.key), r.key)
        self.remedy.setCurrentIndex(-1)  # none picked: the trainee names one
        self.remedy.setPlaceholderText(self.tr("Pick the remedy"))
        layout.addWidget(QLabel(self.tr("The remedy:")))
        layout.addWidget(self.remedy)
        self.feedback = QTextBrowser()
        self.feedback.setOpenLinks(False)
        self.feedback.setObjectName("spot_feedback")
        layout.addWidget(self.feedback, 1)
        self.show_step()

    @property
    def judged(self) -> SpotVerdict | None:
        return self.verdict

    def show_step(self):
        step = self.drill.steps[self.index]
        head = (
            fill(
                self.tr("Hand %1 of %2 — step %3 of %4: %5"),
                self.number,
                self.of,
                self.index + 1,
                len(self.drill.steps),
                say(step.subject),
            )
            if self.of > 1
            else fill(self.tr("Step %1 of %2: %3"), self.index + 1, len(self.drill.steps), say(step.subject))
        )
        self.said.setText(head)

        m = self.timeline.moment_as(step.inputs, self._moment_class)
        error = self.drill.steps[self.drill.error_step]
        if step.inputs == error.inputs:  # the moment of the wrong step: the table as it was told
            m.told, m.truth = error.subject, self.drill.truth
        self.trainer.show_moment(titled(m, self.drill.table))
        # the hand so far is the story as told up to this step (who bet last, what was dealt)
        self.trainer.show_story([say(s.subject) for s in self.drill.steps[: self.index + 1]])
        self.next_button.setEnabled(self.verdict is None)

    def step(self):
        """The next step; going on from the wrong step is a miss, judged now (what follows it
        would not be the story as told)."""
        if self.verdict is not None:
            return
        if self.index == self.drill.error_step:
            self._judge(judge_spot(self.drill, None, None))
            return
        if self.index + 1 < len(self.drill.steps):
            self.index += 1
            self.show_step()

    def stop(self):
        if self.verdict is not None:
            return
        code = self.remedy.currentData()
        if code is None:
            self.feedback.setHtml(
                "<p style='color:#b00020'><b>"
                + html.escape(self.tr("Pick the remedy first, then stop at the step."))
                + "</b></p>"
            )
            self.remedy.setFocus()
            return
        self._judge(judge_spot(self.drill, self.index, code))

    def _judge(self, verdict: SpotVerdict):
        self.verdict = verdict
        e = html.escape
        lang = language()
        colour = "#1b7f3b" if verdict.right else "#b00020"
        n = self.drill.error_step + 1
        if verdict.right:
            head, said = self.tr("Right"), fill(self.tr("Step %1 is the dealer's error, and the remedy is right."), n)
        elif verdict.at_error:
            head = self.tr("Half right")
            said = fill(self.tr("You stopped at the right step (step %1), but that is not its remedy."), n)
        elif verdict.passed_it:
            head = self.tr("Wrong")
            said = fill(self.tr("You went on past the dealer's error: step %1 was wrong."), n)
        else:
            head = self.tr("Wrong")
            said = fill(
                self.tr("Step %1 was right as told; the dealer's error was step %2."), (verdict.stopped_at or 0) + 1, n
            )
        error_step = self.drill.steps[self.drill.error_step]
        as_told, should = fill(self.tr("Step %1 as told:"), n), self.tr("It should have been")
        yours, the_remedy = self.tr("Your remedy"), self.tr("The remedy")
        out = [f"<p style='font-size:18pt; color:{colour}'><b>{e(head)}</b></p>", f"<p>{e(said)}</p>"]
        if not verdict.at_error:
            out.append(f"<p><b>{e(as_told)}</b> {e(say(error_step.subject))}</p>")
        out.append(f"<p><b>{e(should)}:</b> {e(say(self.drill.truth))}</p>")
        out.append(f"<p><b>{self.drill.broken}</b> {rule_html(rule_text(self.drill.broken, lang))}</p>")
        remedy = REMEDY[self.drill.remedy]
        picked = self.remedy.currentData()
        if verdict.stopped_at is not None and picked is not None and not verdict.remedy_right:
            out.append(f"<p><b>{e(yours)}:</b> {e(remedy_name(picked))}</p>")
        out.append(f"<p><b>{e(the_remedy)}: {e(remedy_name(remedy.key))}</b></p>")
        for code in remedy.rules:
            if code != self.drill.broken:
                out.append(f"<p><b>{code}</b> {rule_html(rule_text(code, lang))}</p>")
        self.feedback.setHtml("".join(out))
        self.next_button.setEnabled(False)
        self.stop_button.setEnabled(False)
        self.trainer.spot_judged(verdict)

    def keyPressEvent(self, event):
        if event.key() == Qt.Key.Key_Right:
            self.step()
            return
        super().keyPressEvent(event)

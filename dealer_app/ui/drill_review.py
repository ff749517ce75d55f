"""The review of one kept answer: the drill rebuilt from its stored seed (``progress.rebuild``)
on the dealer's table view, with the trainee's answer, the right one, the working and the rules.

Thin: what rebuilds the drill and checks it is the hand answered is ``training/progress``.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from dealer_app.engine.catalog import rule_text
from dealer_app.training.progress import Attempt, RebuildError, rebuild
from dealer_app.ui.drill_facts import working
from dealer_app.ui.drill_view import answer_seats, answer_words, moment_of, question_text, skill_name
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.screen_fit import TRAINER_WINDOW, fit_window
from dealer_app.ui.table_view import TableView
from dealer_app.ui.words import fill, language

if TYPE_CHECKING:
    from dealer_app.training.drills import Drill

translate = QCoreApplication.translate


def given_words(drill: Drill, given: dict | None, m) -> str:
    """The trainee's answer in the reader's words, as the right one is said."""

    if given is None:
        return translate("Training", "not kept")
    if given.get("time_up"):
        return translate("Training", "no answer: the time was up")
    try:
        return answer_words(replace(drill, answer={**drill.answer, **given}, hand=None), m)
    except (KeyError, ValueError, TypeError, AttributeError, IndexError):
        return ", ".join(f"{k}: {v}" for k, v in given.items())  # (an answer of a form not said in words)


def review_html(drill: Drill, given: dict | None, right: bool, seconds: float, m) -> str:
    """The verdict, the answer given, the right one, how it is found and why."""

    e = html.escape
    given_word, answer_word = translate("Training", "The answer given"), translate("Training", "The answer")
    how_word, why_word = translate("Training", "How it is found"), translate("Training", "Why")
    verdict = translate("Training", "Right") if right else translate("Training", "Wrong")
    colour = "#1b7f3b" if right else "#b00020"
    out = (
        f"<p><b>{e(question_text(drill))}</b></p>"
        f"<p style='font-size:16pt; color:{colour}'><b>{e(verdict)}</b> ({seconds:.1f} s)</p>"
        f"<p><b>{e(given_word)}:</b> {e(given_words(drill, given, m))}</p>"
        f"<p><b>{e(answer_word)}:</b> {e(answer_words(drill, m))}</p>"
    )
    steps = working(drill.skill, drill.hand, drill.answer) if drill.hand is not None else []
    if steps:
        out += f"<p><b>{e(how_word)}</b></p><ul>" + "".join(f"<li>{e(line)}</li>" for line in steps) + "</ul>"
    lang = language()
    out += f"<p><b>{e(why_word)}</b></p>" + "".join(
        f"<p><b>{r}</b> {rule_html(rule_text(r, lang))}</p>" for r in drill.rules
    )
    return out


class DrillReview(QWidget):
    """One answer reviewed: the drill rebuilt on the table as it stood when asked, the answer's
    seats marked, the answer given beside the right one. ``drill`` is None when it cannot be
    rebuilt (said in the window)."""

    def __init__(self, attempt: Attempt, parent=None):
        super().__init__(parent, Qt.WindowType.Window)

        self.attempt = attempt
        when = attempt.at[:16].replace("T", " ")
        self.setWindowTitle(fill(self.tr("Review — %1, %2"), skill_name(attempt.skill), when))
        layout = QVBoxLayout(self)
        self.heading = QLabel(
            fill(
                self.tr("%1 on %2 (UTC), %3; seed %4"),
                skill_name(attempt.skill),
                when,
                _mode_words(attempt.mode),
                attempt.seed if attempt.seed is not None else "—",
            )
        )
        layout.addWidget(self.heading)
        self.text = QTextBrowser()
        self.drill: Drill | None = None
        try:
            self.drill = rebuild(attempt)
        except RebuildError as exc:
            said = {
                "no-seed": self.tr("No drill was kept with this answer: it cannot be shown."),
                "changed": self.tr("The drills have changed since this answer: its hand cannot be shown as it was."),
            }.get(exc.kind, fill(self.tr("The drill cannot be rebuilt: %1"), str(exc)))
            self.text.setHtml(f"<p style='color:#b00020'><b>{html.escape(said)}</b></p>")
            layout.addWidget(self.text)
            fit_window(self, TRAINER_WINDOW)
            return
        self.moment = moment_of(self.drill)
        self.moment.answered = True  # (the answer is given: the table shows everything)
        self.moment.highlight = answer_seats(self.drill)
        self.bridge = ControllerBridge(self.moment, self)
        self.table_view = TableView(self.bridge)
        self.table_view.setMinimumSize(640, 420)
        layout.addWidget(self.table_view, 3)
        self.text.setHtml(review_html(self.drill, attempt.given, attempt.right, attempt.seconds, self.moment))
        layout.addWidget(self.text, 2)
        fit_window(self, TRAINER_WINDOW)


def _mode_words(mode: str) -> str:
    return {
        "learn": translate("Training", "Learn"),
        "practice": translate("Training", "Practice"),
        "exam": translate("Training", "Exam"),
        "review": translate("Training", "Mistakes again"),
        "spot": translate("Training", "Spot the dealer's error"),
    }.get(mode, mode)

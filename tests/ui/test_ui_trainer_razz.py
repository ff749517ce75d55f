"""Issue 29: the trainer at a Razz table, used as a trainee uses it: the game chosen with the
keyboard, the skills Razz does not ask greyed, a best-low drill answered by clicking its five
cards, the question and the explanation naming Razz and its rule (R-1), and the review of the
answer rebuilding the same Razz hand."""

from __future__ import annotations

import itertools
import sqlite3

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.training.drills import RAZZ_TABLES
from dealer_app.training.progress import Progress, rebuild
from dealer_app.ui.trainer_window import TrainerWindow
from tests.support.drill_oracle import razz_key


@pytest.fixture
def trainer(qtbot, tmp_path):
    w = TrainerWindow(Progress(sqlite3.connect(tmp_path / "t.sqlite3")))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def _choose_razz(qtbot, w):
    """The Game box by the keyboard: clicked for focus (its list opens), Down to the first Razz
    table, Enter."""
    qtbot.mouseClick(w.game, Qt.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Down)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    qtbot.waitUntil(lambda: w.game.currentData() == RAZZ_TABLES[0])


def _tick_only(qtbot, w, wanted: set[str]):
    for i in range(w.skills.count()):
        item = w.skills.item(i)
        enabled = bool(item.flags() & Qt.ItemFlag.ItemIsEnabled)
        if enabled and (item.checkState() == Qt.CheckState.Checked) != (item.data(Qt.ItemDataRole.UserRole) in wanted):
            w.skills.scrollToItem(item)
            rect = w.skills.visualItemRect(item)
            qtbot.mouseClick(w.skills.viewport(), Qt.LeftButton, pos=QPoint(rect.x() + 8, rect.center().y()))


def test_a_razz_best_low_answered_by_its_five_cards_and_explained(qtbot, trainer):
    w = trainer
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    _choose_razz(qtbot, w)
    greyed = {
        w.skills.item(i).data(Qt.ItemDataRole.UserRole)
        for i in range(w.skills.count())
        if not w.skills.item(i).flags() & Qt.ItemFlag.ItemIsEnabled
    }
    assert greyed == {"low-hand", "split-pot", "irregularity"}
    _tick_only(qtbot, w, {"best-five"})
    # learn mode (the first), one drill: the rules before the answer
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    drill = w.session.current
    assert drill.skill == "best-five" and drill.game == "razz" and drill.table == RAZZ_TABLES[0]
    assert w.question.text().startswith("Razz:") and "R-1" in w.question.text()
    assert "R-1" in w.explanation.toPlainText()  # learn: the rule shown first
    for card in drill.answer["cards"]:
        qtbot.mouseClick(w.cards[card], Qt.LeftButton)
    qtbot.mouseClick(w.answer_button, Qt.LeftButton)
    result = w.session.results[-1]
    assert result.right, (drill.answer, result.given)
    text = w.explanation.toPlainText()
    assert "Right" in text and "Razz" in text and "R-1" in text and drill.answer["name"] in text
    # the answer kept rebuilds the same Razz hand (the table it was asked at)
    attempt = w.progress.attempts(w.progress.trainee("Tina"))[0]  # (the newest)
    assert attempt.table_arg == RAZZ_TABLES[0] and rebuild(attempt).phh == drill.phh


def test_a_higher_five_is_wrong_at_razz(qtbot, trainer):
    """Five cards that would be the best high hand are not the best low: judged as R-1 says."""
    w = trainer
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    _choose_razz(qtbot, w)
    _tick_only(qtbot, w, {"best-five"})
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    drill = w.session.current
    best = razz_key(drill.answer["cards"])
    picked = next(five for five in itertools.combinations(w.cards, 5) if razz_key(list(five)) > best)
    for card in picked:
        qtbot.mouseClick(w.cards[card], Qt.LeftButton)
    qtbot.mouseClick(w.answer_button, Qt.LeftButton)
    text = w.explanation.toPlainText()
    assert not w.session.results[-1].right and "Wrong" in text and drill.answer["name"] in text

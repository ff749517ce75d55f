"""Issue 27: the irregularity quiz answered in the trainer window — a remedy and whether it
applies now, by clicks on the visible radio buttons and by keys to the focused widget; the
explanation cites the rule and says why."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QRadioButton

from dealer_app.training.irregularity import REMEDIES
from tests.training.test_trainer_facts_on_screen import start, trainer  # noqa: F401  (the window fixture)


def _enter(qtbot):
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)


def _click(qtbot, button: QRadioButton):
    """A click on the round button and the start of its label (a radio button only takes clicks
    on what it draws, not on the empty rest of a wide row)."""
    assert button.isVisible()
    qtbot.mouseClick(button, Qt.LeftButton, pos=QPoint(8, button.height() // 2))


def test_irregularity_answered_by_clicks_and_explained(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 0, "irregularity", count=6)  # learn: the working and the rules after each
    answered = 0
    while w.session.current is not None and answered < 6:
        d = w.session.current
        assert all(b.isVisible() for b in w.remedies.values()) and list(w.remedies) == list(REMEDIES)
        _click(qtbot, w.remedies[d.answer["remedy"]])
        _click(qtbot, w.applies[d.answer["applies"]])
        _enter(qtbot)
        assert w.session.results[-1].right, w.explanation.toPlainText()
        text = w.explanation.toPlainText()
        assert d.answer["remedy"] in text and "Why" in text and d.rules[0] in text
        answered += 1
        _enter(qtbot)
    assert answered == 6


def test_irregularity_by_keys_and_a_wrong_applies_is_wrong(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 1, "irregularity", count=2)
    d = w.session.current
    assert QApplication.focusWidget() is w.remedies["I-1"]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Space)  # Space picks the focused one
    for _ in range(REMEDIES.index(d.answer["remedy"])):  # the arrow keys pick in the list
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Down)
    assert w.remedies[d.answer["remedy"]].isChecked()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)  # to yes / no
    focus = QApplication.focusWidget()
    assert isinstance(focus, QRadioButton) and focus in w.applies.values()
    qtbot.keyClick(focus, Qt.Key_Space)
    if focus is not w.applies[d.answer["applies"]]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Down if d.answer["applies"] is False else Qt.Key_Up)
    assert w.applies[d.answer["applies"]].isChecked()
    _enter(qtbot)
    assert w.session.results[-1].right, w.explanation.toPlainText()
    _enter(qtbot)
    d = w.session.current  # the second: the right remedy, the wrong "now" (wrong unless the floor's)
    _click(qtbot, w.remedies[d.answer["remedy"]])
    _click(qtbot, w.applies[not d.answer["applies"]])
    _enter(qtbot)
    assert w.session.results[-1].right == (d.answer["remedy"] == "I-3")
    if d.answer["remedy"] != "I-3":
        assert "Wrong" in w.explanation.toPlainText() and "The answer" in w.explanation.toPlainText()


def test_irregularity_unanswered_is_said_not_judged(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 1, "irregularity", count=1)
    _enter(qtbot)
    assert not w.session.results and "pick a remedy" in w.explanation.toPlainText()

"""Issue 27: the low hand, the chips and the split pot answered in the trainer window, by clicks
on the visible widgets and keys to the focused one; a picked card button looks different."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.training.test_trainer_facts_on_screen import start, trainer  # noqa: F401  (the window fixture)


def _enter(qtbot):
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)


def _type_each(qtbot, w, values: dict[str, str]):
    """Type into each entry in turn, from the first (focused), Tab to the next."""
    for i, key in enumerate(w.amounts):
        if i:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
        assert QApplication.focusWidget() is w.amounts[key]
        if values.get(key):
            qtbot.keyClicks(QApplication.focusWidget(), values[key])


def test_low_hand_answered_by_clicking_the_cards(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 1, "low-hand", count=6)
    answered = 0
    while w.session.current is not None and answered < 6:
        d = w.session.current
        if d.answer["cards"]:
            b = w.cards[d.answer["cards"][0]]
            before = b.grab().toImage()
            for code in d.answer["cards"]:
                qtbot.mouseClick(w.cards[code], Qt.LeftButton)
            assert b.isChecked() and b.grab().toImage() != before  # a picked card stands out
        else:
            qtbot.mouseClick(w.ticks["no_low"], Qt.LeftButton)
        _enter(qtbot)
        assert w.session.results[-1].right, w.explanation.toPlainText()
        assert "Different ranks eight or lower" in w.explanation.toPlainText()
        answered += 1
        _enter(qtbot)


def test_chip_count_typed_in(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 1, "chip-count", count=1)
    d = w.session.current
    assert "The pot, stacked: " in " ".join(x.text() for x in w.answer_box.findChildren(type(w.question)))
    qtbot.keyClicks(QApplication.focusWidget(), f"{d.answer['amount'] / 100:.2f}")
    _enter(qtbot)
    assert w.session.results[-1].right and " = " in w.explanation.toPlainText()


def test_make_change_a_count_per_chip_and_a_wrong_one_explained(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 0, "make-change", count=2)
    d = w.session.current
    _type_each(qtbot, w, {c: str(n) for c, n in d.answer["chips"].items()})
    _enter(qtbot)
    assert w.session.results[-1].right, w.explanation.toPlainText()
    text = w.explanation.toPlainText()
    assert "change" in text and "T-2" in text  # learn mode: the working and the rule
    _enter(qtbot)
    d = w.session.current
    smallest = min(w.amounts, key=int)
    _type_each(qtbot, w, {smallest: str(d.answer["change"] // int(smallest))})  # right value, too many chips
    _enter(qtbot)
    assert not w.session.results[-1].right or sum(d.answer["chips"].values()) == d.answer["change"] // int(smallest)


def test_colour_up_the_fewest_chips(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 1, "colour-up", count=1)
    d = w.session.current
    _type_each(qtbot, w, {c: str(n) for c, n in d.answer["chips"].items()})
    _enter(qtbot)
    assert w.session.results[-1].right, w.explanation.toPlainText()


def test_split_pot_each_winners_share(qtbot, trainer):  # noqa: F811
    w = trainer
    start(qtbot, w, 0, "split-pot", count=1)
    d = w.session.current
    _type_each(qtbot, w, {s: f"{a / 100:.2f}" for s, a in d.answer["shares"].items()})
    _enter(qtbot)
    assert w.session.results[-1].right, w.explanation.toPlainText()
    text = w.explanation.toPlainText()
    assert "low half" in text and "H-2" in text

"""Spot the dealer's error, as a trainee uses it (issue 27, Major): the table follows the story
as told, going on past the error is said, *Drills* gives that many hands, each kind of error
has its own remedy, and the feedback says which part of the answer was right. Keys go to the
focused widget; the remedy is picked in its box by keys."""

import itertools

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import dealer_app.ui.trainer_window as trainer_window
from dealer_app.engine.events import ActionTaken, PotAwarded
from dealer_app.training.spot import ERRORS, REMEDY, RoundWithoutBurn, make_spot
from dealer_app.ui.words import remedy_name
from tests.support.helpers import pick_in_box, type_into
from tests.ui.test_ui_trainer import trainer  # noqa: F401  (the fixture)


def _seed_of(kind: str, start: int = 0) -> int:
    return next(s for s in range(start, start + 500) if make_spot(s).kind == kind)


def _start(qtbot, w, monkeypatch, seeds, count=1):
    seeds = itertools.chain(seeds, itertools.count(1000))  # (then any: a Learn session's)
    monkeypatch.setattr(trainer_window, "_seed", lambda: next(seeds))
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    pick_in_box(qtbot, w.mode, "spot")
    type_into(qtbot, w.count.lineEdit(), str(count))
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    return w.spot_panel


def _right(qtbot, panel, n):
    for _ in range(n):
        qtbot.keyClick(QApplication.focusWidget() or panel, Qt.Key_Right)


def _pick_remedy(qtbot, panel, key):
    pick_in_box(qtbot, panel.remedy, key)


def test_each_kind_of_error_has_its_own_remedy_and_none_is_the_floor():
    remedies = [remedy for _broken, remedy in ERRORS.values()]
    assert len(set(remedies)) == len(ERRORS)
    assert "floor" not in remedies and all(r in REMEDY for r in remedies)
    for kind, (broken, remedy) in ERRORS.items():
        assert broken in REMEDY[remedy].rules or (kind == "missed-burn" and "D-5" in REMEDY[remedy].rules)
    assert make_spot(_seed_of("missed-burn")).remedy == "burn-restored"


@pytest.mark.parametrize("kind", ["wrong-amount", "wrong-pot", "missed-burn"])
def test_the_table_follows_the_story_as_told_at_the_wrong_step(qtbot, trainer, monkeypatch, kind):  # noqa: F811
    w = trainer
    seed = _seed_of(kind)
    drill = make_spot(seed)
    panel = _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, panel, drill.error_step - 1)
    before = w.bridge.controller  # the step before the wrong one: the table as the engine has it
    _right(qtbot, panel, 1)
    assert panel.index == drill.error_step and panel.verdict is None
    told, truth, m = drill.steps[drill.error_step].subject, drill.truth, w.bridge.controller
    seats = {v.seat: v for v in m.seats()}
    if kind == "wrong-amount":
        assert isinstance(told, ActionTaken) and told.to != truth.to
        assert seats[told.seat].round_to == told.to  # the amount said is the amount in front of the seat
    elif kind == "wrong-pot":
        assert isinstance(told, PotAwarded)
        pot = m.awards()[told.pot_index]
        assert pot["winners"] == dict(told.winners) != dict(truth.winners)
    else:
        assert isinstance(told, RoundWithoutBurn)
        from dealer_app.ui.drill_view import DrillMoment

        assert m.status()["burns"] == DrillMoment.status(m)["burns"] - 1  # no burn, as told
    assert before is not m


def test_going_on_past_the_wrong_step_is_said_at_once(qtbot, trainer, monkeypatch):  # noqa: F811
    w = trainer
    seed = _seed_of("wrong-first-actor")
    drill = make_spot(seed)
    panel = _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, panel, drill.error_step + 1)  # one step past it
    text = panel.feedback.toPlainText()
    assert panel.verdict is not None and panel.verdict.passed_it and not panel.verdict.right
    assert "Wrong" in text and f"went on past the dealer's error: step {drill.error_step + 1}" in text
    assert drill.truth.text in text and remedy_name(drill.remedy) in text
    stats = {s.skill: s for s in w.progress.stats(w.progress.trainee("Tina"))}
    assert stats["spot-the-error"].attempts == 1 and stats["spot-the-error"].right == 0


def test_the_right_step_with_the_wrong_remedy_says_which_part_was_right(qtbot, trainer, monkeypatch):  # noqa: F811
    w = trainer
    seed = _seed_of("wrong-amount")
    drill = make_spot(seed)
    panel = _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, panel, drill.error_step)
    _pick_remedy(qtbot, panel, "floor")
    qtbot.mouseClick(panel.stop_button, Qt.LeftButton)
    text = panel.feedback.toPlainText()
    assert "Half right" in text and f"stopped at the right step (step {drill.error_step + 1})" in text
    assert remedy_name("floor") in text and remedy_name("amount-corrected") in text
    assert panel.verdict.at_error and not panel.verdict.remedy_right


def test_stopping_at_a_right_step_names_the_step_that_was_wrong(qtbot, trainer, monkeypatch):  # noqa: F811
    w = trainer
    seed = _seed_of("wrong-shows-first")
    drill = make_spot(seed)
    panel = _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, panel, 2)
    _pick_remedy(qtbot, panel, "right-shows-first")
    qtbot.mouseClick(panel.stop_button, Qt.LeftButton)
    text = panel.feedback.toPlainText()
    assert f"Step 3 was right as told; the dealer's error was step {drill.error_step + 1}" in text
    assert not panel.verdict.at_error


def test_no_remedy_picked_is_said_and_nothing_is_judged(qtbot, trainer, monkeypatch):  # noqa: F811
    w = trainer
    seed = _seed_of("wrong-bring-in")
    panel = _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, panel, 1)
    qtbot.mouseClick(panel.stop_button, Qt.LeftButton)
    assert panel.verdict is None and "Pick the remedy first" in panel.feedback.toPlainText()


def test_drills_n_gives_n_hands_and_the_series_score(qtbot, trainer, monkeypatch):  # noqa: F811
    w = trainer
    seeds = [_seed_of("wrong-bring-in"), _seed_of("wrong-bring-in", 20), _seed_of("wrong-first-actor")]
    panel = _start(qtbot, w, monkeypatch, seeds, count=3)
    for n, seed in enumerate(seeds, start=1):
        drill = make_spot(seed)
        assert panel.drill.steps == drill.steps and f"Hand {n} of 3" in panel.said.text()
        _right(qtbot, panel, drill.error_step)
        _pick_remedy(qtbot, panel, drill.remedy if n != 2 else "misdeal")
        qtbot.mouseClick(panel.stop_button, Qt.LeftButton)
        if n < 3:
            assert w.next_button.isVisible() and f"({n + 1} of 3)" in w.next_button.text()
            qtbot.keyClick(QApplication.focusWidget() or w, Qt.Key_Return)  # Enter: the next hand
            assert w.spot_panel is not panel
            panel = w.spot_panel
    assert "2 of 3 hands right" in w.status.text() and w.start_button.isEnabled()
    stats = {s.skill: s for s in w.progress.stats(w.progress.trainee("Tina"))}
    assert stats["spot-the-error"].attempts == 3 and stats["spot-the-error"].right == 2


def test_a_learn_drill_after_a_spot_hand_takes_the_arrow_key_without_an_error(qtbot, trainer, monkeypatch):  # noqa: F811
    """The trainer's → used to reach a deleted spot panel ("SpotPanel already deleted")."""
    w = trainer
    seed = _seed_of("wrong-bring-in")
    _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, w.spot_panel, 3)  # past the error at step 2: judged, the series of one is over
    pick_in_box(qtbot, w.mode, "learn")
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    assert w.session is not None and w.spot_panel is None
    qtbot.keyClick(QApplication.focusWidget() or w, Qt.Key_Right)  # no exception reaches Qt


def test_the_hand_so_far_is_the_story_as_told(qtbot, trainer, monkeypatch):  # noqa: F811
    """Who bet last, what was dealt: the told steps up to this one are under the table."""
    w = trainer
    seed = _seed_of("wrong-shows-first")
    drill = make_spot(seed)
    panel = _start(qtbot, w, monkeypatch, [seed])
    _right(qtbot, panel, drill.error_step)
    text = w.facts.toPlainText()
    assert text.count("\n") + 1 == drill.error_step + 1
    assert text.splitlines()[-1].endswith(drill.steps[drill.error_step].text)
    assert all(step.text in text for step in drill.steps[: drill.error_step + 1])

"""Timed drills and the mistakes again (issue 27): a time limit per drill that counts a late
answer wrong, the speed target per skill scored beside accuracy, the mistakes' skills asked
again as fresh drills and kept, and a session refused in the reader's words."""

import sqlite3

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from dealer_app.training.progress import Progress
from dealer_app.training.session import Result, SessionError, TrainingSession
from dealer_app.training.speed import SPEED_TARGETS, on_pace, speed_target
from dealer_app.ui.words import error_words
from tests.support.helpers import load_german, pick_in_box, type_into
from tests.ui.test_ui_trainer import trainer  # noqa: F401  (the fixture)


def _practice_only(qtbot, w, skill: str):
    """Tina, Practice, and only ``skill`` ticked (each box clicked where it is drawn)."""
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    pick_in_box(qtbot, w.mode, "practice")
    for i in range(w.skills.count()):
        item = w.skills.item(i)
        if (item.checkState() == Qt.Checked) != (item.data(Qt.UserRole) == skill):
            rect = w.skills.visualItemRect(item)
            qtbot.mouseClick(w.skills.viewport(), Qt.LeftButton, pos=QPoint(rect.x() + 8, rect.center().y()))


def _wrong(drill) -> dict:
    return {"seat": 0, "pot": -1, "stub": -1}


def test_the_mistakes_come_back_as_fresh_drills_of_their_skill_and_are_kept(tmp_path):
    progress = Progress(sqlite3.connect(tmp_path / "t.sqlite3"))
    tina = progress.trainee("Tina")
    s = TrainingSession("practice", ["pot", "stub"], 4, seed=11, progress=progress, trainee_id=tina)
    first = []
    for _ in range(4):
        d = s.next()
        first.append(d)
        s.answer(_wrong(d))  # every one wrong
    retries = []
    while (d := s.next()) is not None:
        assert s.reviewing
        retries.append(d)
        s.answer({d.skill: d.answer[d.skill]})  # right this time
    assert sorted(d.skill for d in retries) == sorted(d.skill for d in first)
    assert all(r.hand.events != f.hand.events for r, f in zip(retries, first, strict=True))  # not the same hand
    assert len(s.reviews) == 4 and all(r.right for r in s.reviews) and s.score() == 0.0  # the score is the first go
    modes = [m for (m,) in progress.db.execute("SELECT mode FROM training_attempts ORDER BY id")]
    assert modes == ["practice"] * 4 + ["review"] * 4
    seeds = [x for (x,) in progress.db.execute("SELECT seed FROM training_attempts ORDER BY id")]
    assert len(set(seeds)) == 8  # each retry from a seed of its own, kept to make it again


def test_a_late_answer_counts_wrong_and_the_pace_is_scored_beside_accuracy(monkeypatch):
    import dealer_app.training.session as session_module

    now = [100.0]
    monkeypatch.setattr(session_module.time, "monotonic", lambda: now[0])
    s = TrainingSession("practice", ["pot"], 3, seed=5, seconds_per_drill=30)
    d = s.next()
    now[0] += 4  # quick and right
    assert s.answer({"pot": d.answer["pot"]}).right
    d = s.next()
    now[0] += 25  # right but slower than the target (15 s)
    r = s.answer({"pot": d.answer["pot"]})
    assert r.right and not r.on_pace
    d = s.next()
    now[0] += 31  # right, but past the time per drill
    r = s.answer({"pot": d.answer["pot"]})
    assert r.late and not r.right and not r.on_pace
    assert s.by_skill()["pot"][:2] == (2, 3) and s.pace_by_skill()["pot"] == (1, 3)


def test_every_skill_has_a_speed_target():
    from dealer_app.training.drills import SKILLS

    assert all(speed_target(skill) > 0 for skill in SKILLS)
    assert set(SPEED_TARGETS) <= set(SKILLS)
    assert on_pace("bring-in", 5.0) and not on_pace("bring-in", 5.1)


def test_the_time_per_drill_runs_out_in_the_window_and_is_said(qtbot, trainer):  # noqa: F811
    w = trainer
    _practice_only(qtbot, w, "pot")
    type_into(qtbot, w.per_drill.lineEdit(), "1")  # one second per drill
    assert w.per_drill.value() == 1
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    assert w.session.seconds_per_drill == 1
    qtbot.waitUntil(lambda: "left for this drill" in w.clock.text(), timeout=2000)
    qtbot.waitUntil(lambda: w.next_button.isVisible(), timeout=4000)  # nothing typed: the time runs out
    result = w.session.results[-1]
    assert result.late and not result.right
    assert "Time up: 1 s per drill" in w.explanation.toPlainText()


def test_a_right_answer_says_its_pace(qtbot, trainer):  # noqa: F811
    w = trainer
    _practice_only(qtbot, w, "stub")
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    drill = w.session.current
    qtbot.keyClicks(QApplication.focusWidget(), str(drill.answer["stub"]))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    text = w.explanation.toPlainText()
    assert w.session.results[-1].right
    assert ("On pace:" in text or "Too slow:" in text) and "the target for this skill is 10 s" in text


def test_a_session_refused_is_said_in_the_readers_language(qapp):
    with pytest.raises(SessionError) as refused:
        TrainingSession("practice", ["pot"], 3, pass_mark=1.5)
    assert "pass mark" in str(refused.value)
    translator = QTranslator()
    assert load_german(translator)
    QCoreApplication.installTranslator(translator)
    try:
        german = error_words(refused.value)
    finally:
        QCoreApplication.removeTranslator(translator)
    assert "pass mark" not in german and "1.5" in german


def test_the_empty_trainer_table_says_how_to_begin(trainer):  # noqa: F811
    assert trainer.bridge.controller.idle_words.startswith("Choose how to train")
    assert "Ctrl+N" not in trainer.bridge.controller.idle_words


def test_a_result_knows_its_pace():
    from dealer_app.training.drills import make_drills

    d = make_drills("bring-in", 1, 3)[0]
    assert Result(d, {}, True, 4.0).on_pace and not Result(d, {}, True, 6.0).on_pace
    assert not Result(d, {}, False, 1.0, late=True).on_pace


def test_closing_the_trainer_stops_its_clocks(qtbot, trainer):  # noqa: F811
    """A closed window's clock must not end a drill (or an exam) later, on a record the app
    may have closed meanwhile."""
    w = trainer
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    type_into(qtbot, w.per_drill.lineEdit(), "30")  # thirty seconds per drill
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    assert w.session.seconds_per_drill == 30 and w.drill_timer.isActive()
    w.close()
    assert not w.drill_timer.isActive() and not w.exam_timer.isActive()


def test_the_session_summary_scores_the_pace_beside_accuracy(qtbot, trainer):  # noqa: F811
    w = trainer
    _practice_only(qtbot, w, "stub")
    type_into(qtbot, w.count.lineEdit(), "1")
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    qtbot.keyClicks(QApplication.focusWidget(), str(w.session.current.answer["stub"]))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # answered
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # the session's end
    text = w.explanation.toPlainText()
    fast = w.session.pace_by_skill()["stub"][0]
    assert "On pace" in text and f"{fast}/1 (≤ 10 s)" in text


def test_a_click_into_the_trainee_box_lets_the_next_name_replace_the_last(qtbot, trainer):  # noqa: F811
    """Two trainees one after the other: the second name typed after a click replaced the
    first one ("Anna BergerJuergen Maier" was recorded before)."""
    w = trainer
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Anna Berger")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)  # the focus leaves the box
    assert QApplication.focusWidget() is not w.trainee.lineEdit()
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.waitUntil(lambda: w.trainee.lineEdit().selectedText() == "Anna Berger", timeout=1000)
    qtbot.keyClicks(QApplication.focusWidget(), "Juergen Maier")
    assert w.trainee.currentText() == "Juergen Maier"


def test_a_seat_not_at_the_table_or_an_empty_answer_is_said_not_scored(qtbot, trainer):  # noqa: F811
    w = trainer
    _practice_only(qtbot, w, "bring-in")
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    qtbot.keyClicks(QApplication.focusWidget(), "99")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    assert "there is no seat 99 at this table" in w.explanation.toPlainText()
    assert w.session.results == [] and w.answer_button.isVisible()  # still asked, nothing kept


def test_a_wrong_answers_speed_is_no_praise(qtbot, trainer):  # noqa: F811
    w = trainer
    _practice_only(qtbot, w, "stub")
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    qtbot.keyClicks(QApplication.focusWidget(), str(w.session.current.answer["stub"] + 1))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    text = w.explanation.toPlainText()
    assert not w.session.results[-1].right and "On pace" not in text and "Time: " in text


def test_a_spot_series_ends_with_its_summary(qtbot, trainer, monkeypatch):  # noqa: F811
    import dealer_app.ui.trainer_window as trainer_window
    from dealer_app.training.spot import make_spot

    seeds = iter([next(s for s in range(200) if make_spot(s).kind == "wrong-bring-in")] * 2)
    monkeypatch.setattr(trainer_window, "_seed", lambda: next(seeds))
    qtbot.mouseClick(w_trainee := trainer.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w_trainee, "Tina")
    pick_in_box(qtbot, trainer.mode, "spot")
    type_into(qtbot, trainer.count.lineEdit(), "2")
    qtbot.mouseClick(trainer.start_button, Qt.LeftButton)
    for n in range(2):
        panel = trainer.spot_panel
        for _ in range(panel.drill.error_step + 1):  # one past the error: a miss, judged at once
            qtbot.keyClick(QApplication.focusWidget() or panel, Qt.Key_Right)
        if n == 0:
            qtbot.keyClick(QApplication.focusWidget() or trainer, Qt.Key_Return)
    text = trainer.spot_panel.feedback.toPlainText()
    assert "0 of 2 hands right" in text and "Hand 1: wrong" in text and "Hand 2: wrong" in text

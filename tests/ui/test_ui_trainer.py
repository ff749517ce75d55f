"""The dealer trainer used as a trainee uses it: the seat clicked on the table, amounts typed,
a wrong answer explained with its rule, an exam to its certificate (read back with pdftotext),
and the progress kept per trainee with the skill's FSRS card."""

import sqlite3
import subprocess
from datetime import UTC

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from dealer_app.training.progress import Progress
from dealer_app.ui.trainer_window import TrainerWindow
from tests.support.floor_accounts import MARIA
from tests.ui.test_ui_floor import type_file_name


@pytest.fixture
def trainer(qtbot, tmp_path):
    w = TrainerWindow(Progress(sqlite3.connect(tmp_path / "t.sqlite3")))
    qtbot.addWidget(w)
    w.resize(1320, 820)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def setup(qtbot, w, mode: int, skills: set[str], count: int = 3):
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    w.mode.setCurrentIndex(mode)
    for i in range(w.skills.count()):
        item = w.skills.item(i)
        if (item.checkState() == Qt.Checked) != (item.data(Qt.UserRole) in skills):
            rect = w.skills.visualItemRect(item)
            qtbot.mouseClick(w.skills.viewport(), Qt.LeftButton, pos=QPoint(rect.x() + 8, rect.center().y()))
    w.count.setValue(count)
    qtbot.mouseClick(w.start_button, Qt.LeftButton)


def click_seat(qtbot, w, seat):
    c = w.bridge.controller
    rect = w.table_view.seat_rect(seat, c.session.rules.max_players)
    qtbot.mouseClick(w.table_view, Qt.LeftButton, pos=rect.center().toPoint())


def test_practice_by_clicking_the_seat_and_a_wrong_answer_explained(qtbot, trainer):
    w = trainer
    setup(qtbot, w, 1, {"bring-in"}, count=2)
    drill = w.session.current
    assert drill.skill == "bring-in" and "TO ACT" not in [v.to_act for v in w.bridge.controller.seats()]
    assert not any(v.to_act for v in w.bridge.controller.seats())  # the answer is not on the table
    click_seat(qtbot, w, drill.answer["seat"])
    assert w.session.results[-1].right and "Right" in w.explanation.toPlainText()
    qtbot.mouseClick(w.next_button, Qt.LeftButton)
    drill = w.session.current
    wrong = next(v.seat for v in w.bridge.controller.seats() if v.seat != drill.answer["seat"])
    click_seat(qtbot, w, wrong)
    text = w.explanation.toPlainText()
    assert "Wrong" in text and f"seat {drill.answer['seat']}" in text and "B-2" in text  # the answer, the rule
    # the answer highlighted, with a neutral note, not as the seat to act (issue 27)
    marked = {v.seat: w.table_view.seat_status(v) for v in w.bridge.controller.seats() if v.note}
    assert marked == {drill.answer["seat"]: "ANSWER"} and not any(v.to_act for v in w.bridge.controller.seats())
    qtbot.mouseClick(w.next_button, Qt.LeftButton)
    assert w.session.reviewing  # practice: the mistake comes back
    click_seat(qtbot, w, w.session.current.answer["seat"])
    qtbot.mouseClick(w.next_button, Qt.LeftButton)
    assert "Score: 50%" in w.explanation.toPlainText()
    stats = {s.skill: s for s in w.progress.stats(w.progress.trainee("Tina"))}
    assert stats["bring-in"].attempts == 3 and stats["bring-in"].right == 2  # the retry is kept too


def test_typed_amounts_and_the_stub_hidden_until_answered(qtbot, trainer):
    w = trainer
    setup(qtbot, w, 0, {"pot"}, count=1)  # learn: the rules shown first
    assert "P-1" in w.explanation.toPlainText()
    assert w.bridge.controller.pots() == []  # the pot is not drawn until answered
    pot = w.session.current.answer["pot"]
    qtbot.mouseClick(w.entry, Qt.LeftButton)
    qtbot.keyClicks(QApplication.focusWidget(), f"{pot / 100:.2f}")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    assert "Right" in w.explanation.toPlainText() and "Why" in w.explanation.toPlainText()


def test_an_exam_to_its_certificate(qtbot, trainer, tmp_path):
    """The exam is an instructor's locked blueprint (tests/ui/test_ui_exam.py makes one by keys)."""
    from dealer_app.record.chain import load_or_create_key
    from dealer_app.training.exam import Blueprint, ExamBook, SkillCount

    w = trainer
    book = ExamBook(w.progress.db, load_or_create_key())
    book.register_instructor("Ines", "471147", floor=MARIA)
    book.lock(Blueprint("Basics", (SkillCount("bring-in", 2), SkillCount("stub", 2)), ("stud-2-4",)), "Ines", "471147")
    w.exam_picker.refresh()
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    w.mode.setCurrentIndex(2)
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    for _ in range(4):
        d = w.session.current
        if d.skill == "bring-in":
            click_seat(qtbot, w, d.answer["seat"])
        else:
            qtbot.mouseClick(w.entry, Qt.LeftButton)
            qtbot.keyClicks(QApplication.focusWidget(), str(d.answer["stub"] + 1))  # wrong
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
        assert "Right" not in w.explanation.toPlainText() and "Wrong" not in w.explanation.toPlainText()
        qtbot.mouseClick(w.next_button, Qt.LeftButton)
    text = w.explanation.toPlainText()
    assert "Score: 50%" in text and "Not passed" in text and "pass mark 80%" in text
    out = tmp_path / "cert.pdf"
    qtbot.mouseClick(w.certificate_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QFileDialog))
    files = QApplication.activeModalWidget()
    qtbot.addWidget(files)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is files)
    type_file_name(qtbot, files, out)
    qtbot.waitUntil(out.exists, timeout=5000)
    pdf = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "Dealer training" in pdf and "Tina" in pdf and "NOT PASSED" in pdf and "Bring-in" in pdf  # ("ﬁ")
    assert "Score: 50%" in pdf and "Pass mark: 80%" in pdf


def test_fsrs_brings_the_weak_skill_back_first(tmp_path):
    p = Progress(sqlite3.connect(tmp_path / "t.sqlite3"))
    t = p.trainee("Tom")
    p.record(t, "pot", "practice", True, 3.0)
    p.record(t, "stub", "practice", False, 20.0)
    assert p.due_order(t, ["pot", "stub"]) == ["stub", "pot"]
    assert p.card(t, "pot").due > p.card(t, "stub").due
    with pytest.raises(ValueError):
        p.trainee("\x00bad")


def test_the_trainers_group_summary_as_csv_and_pdf(tmp_path, monkeypatch):
    from dealer_app.cli import main
    from dealer_app.record.store import Store

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    p = Progress(store.db)
    for name, right in (("Tina", True), ("Tom", False)):
        t = p.trainee(name)
        p.record(t, "pot", "exam", right, 12.0)
        p.record(t, "stub", "practice", True, 4.0)
    store.close()
    csv_out, pdf_out = tmp_path / "group.csv", tmp_path / "group.pdf"
    db = str(tmp_path / "hands.sqlite3")
    assert main(["trainees", "--db", db, "--csv", str(csv_out), "--pdf", str(pdf_out)]) == 0
    lines = csv_out.read_text().splitlines()
    assert lines[0].startswith("trainee,skill,answers,right,accuracy") and len(lines) == 5
    assert any(line.startswith("Tina,pot,1,1,1.0") for line in lines)
    assert any(line.startswith("Tom,pot,1,0,0.0") for line in lines)
    text = subprocess.run(["pdftotext", str(pdf_out), "-"], capture_output=True, text=True, check=True).stdout
    assert "the group" in text and "Tina" in text and "Tom" in text and "Stub" in text
    assert Store.read_only(tmp_path / "hands.sqlite3").check() == []  # the training tables leave the record whole


def test_spot_the_dealers_error_by_steps_and_the_remedy(qtbot, trainer):
    w = trainer
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    w.mode.setCurrentIndex(w.mode.findData("spot"))
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    panel = w.spot_panel
    drill = panel.drill
    assert panel.said.text().startswith("Hand 1 of 10 — step 1 of")  # (Drills: 10 hands)
    for _ in range(drill.error_step):
        qtbot.mouseClick(panel.next_button, Qt.LeftButton)
    assert drill.steps[drill.error_step].text in panel.said.text()
    panel.remedy.setCurrentIndex(panel.remedy.findData(drill.remedy))  # (as the trainee picks it)
    qtbot.mouseClick(panel.stop_button, Qt.LeftButton)
    text = panel.feedback.toPlainText()
    from dealer_app.ui.words import remedy_name

    assert "Right" in text and drill.truth.text in text and drill.broken in text and remedy_name(drill.remedy) in text
    stats = {s.skill: s for s in w.progress.stats(w.progress.trainee("Tina"))}
    assert stats["spot-the-error"].attempts == 1 and stats["spot-the-error"].right == 1


def test_spot_drills_make_exactly_one_step_wrong():
    """Every step but one is the engine's own narration; that one contradicts it."""
    from dealer_app.training.spot import ERRORS, make_spot

    kinds = set()
    for seed in range(150):
        d = make_spot(seed)
        kinds.add(d.kind)
        assert d.steps[d.error_step].text != d.truth.text and d.steps[d.error_step].subject != d.truth
        assert (d.broken, d.remedy) == ERRORS[d.kind]
    assert kinds == set(ERRORS)  # every kind of error a dealer makes, injected


def test_the_exams_pass_mark_is_the_trainers_to_set():
    from dealer_app.training.session import TrainingSession

    s = TrainingSession("exam", ["stub"], 2, seed=3, pass_mark=0.5)
    s.next()
    s.answer(s.current.answer)
    s.next()
    s.answer({"stub": -1})
    assert s.next() is None and s.score() == 0.5 and s.passed()
    with pytest.raises(ValueError):
        TrainingSession("exam", ["stub"], 2, pass_mark=1.5)


def test_the_spot_steps_words_are_the_engines_english_with_no_translator(qapp):
    from dealer_app.training.spot import RoundAsUsual, RoundWithoutBurn, make_spot
    from dealer_app.ui.words import say

    for subject in (RoundWithoutBurn(4, 5), RoundWithoutBurn(7, 3), RoundAsUsual(6, 8), RoundAsUsual(7, 8)):
        assert say(subject) == subject.text
    for seed in range(40):
        for step in make_spot(seed).steps:
            assert say(step.subject) == step.text


def test_the_table_never_gives_the_answer_away(qtbot, trainer):
    """Winners: the stacks are drawn as before the push, the pots unpushed; spot: no seat is
    marked to act."""
    from dealer_app.training.drills import make_drills
    from dealer_app.ui.drill_view import moment_of

    for d in make_drills("winners", 10, seed=2):
        m = moment_of(d)
        before = {v.seat: v.stack for v in m.seats()}
        won = {}
        for pot in d.answer["pots"]:
            for seat, amount in pot["winners"].items():
                won[int(seat)] = won.get(int(seat), 0) + amount
        assert all(before[p.seat] == p.stack - won.get(p.seat, 0) for p in d.hand.players)
        # the pots lie in the middle, unpushed, as a dealer has them (issue 27: Winners had no pot)
        assert m.awards() == [] and [a for a, _seats in m.pots()] == [p["amount"] for p in d.answer["pots"]]
        assert m.status()["phase"] == "showdown"
    w = trainer
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    w.mode.setCurrentIndex(w.mode.findData("spot"))
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    for _ in range(6):
        assert not any(v.to_act for v in w.bridge.controller.seats())
        qtbot.keyClick(QApplication.focusWidget() or w, Qt.Key_Right)  # → steps, wherever the focus is


def test_enter_goes_on_and_bad_answers_are_said_in_words(qtbot, trainer):
    w = trainer
    qtbot.mouseClick(w.start_button, Qt.LeftButton)  # no trainee yet
    assert "Type the trainee's name first" in w.explanation.toPlainText() and w.session is None
    setup(qtbot, w, 1, {"bring-in"}, count=2)
    assert not w.trainee.isEnabled()  # the session's trainee cannot be renamed mid-session
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # nothing typed
    assert "type a number" in w.explanation.toPlainText() and not w.session.results
    qtbot.keyClicks(QApplication.focusWidget(), str(w.session.current.answer["seat"]))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    assert w.session.results[-1].right
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # Enter: the next drill
    assert len(w.session.results) == 1 and w.answer_button.isVisible()


def test_the_progress_view_charts_accuracy_and_speed(qtbot, tmp_path):
    from datetime import datetime, timedelta

    from dealer_app.ui.trainer_window import ProgressView

    p = Progress(sqlite3.connect(tmp_path / "t.sqlite3"))
    t = p.trainee("Tina")
    day = datetime(2026, 11, 28, tzinfo=UTC)
    for i, (right, seconds) in enumerate(((False, 30.0), (True, 20.0), (True, 8.0))):
        p.record(t, "pot", "practice", right, seconds, at=day + timedelta(days=i))
    view = ProgressView(p, t, "Tina")
    qtbot.addWidget(view)
    assert [round(a, 2) for _d, a, _s in view.chart.series["pot"]] == [0.0, 1.0, 1.0]
    assert view.speed_chart.top == 30.0 and view.speed_chart._share(1.0, 8.0) == pytest.approx(8 / 30)
    assert view.table.item(0, 2).text() == "67%"
    view.show()
    assert not view.grab().isNull()


def test_pot_lines_that_cannot_be_read_are_said_not_judged(qtbot, trainer):
    w = trainer
    setup(qtbot, w, 1, {"side-pots"}, count=1)
    qtbot.keyClicks(QApplication.focusWidget(), "120 1 2")  # no colon
    qtbot.mouseClick(w.answer_button, Qt.LeftButton)
    assert "cannot be read" in w.explanation.toPlainText() and not w.session.results

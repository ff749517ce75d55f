"""The exam as an instructor and a trainee use it, by keys and clicks (issue 27, "the trainee
sets the exam"): the instructor registers, makes a blueprint and locks it with their PIN (a
wrong PIN refused); the trainee picks it, can change nothing of it, takes it against the clock
to its certificate (read back with pdftotext), which ``certificate verify`` finds genuine."""

import sqlite3
import subprocess

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QFileDialog,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
)

from dealer_app.cli import main
from dealer_app.record.store import Store
from dealer_app.training.exam import Blueprint, ExamBook, SkillCount
from dealer_app.training.progress import Progress
from dealer_app.ui.drill_view import SEAT_SKILLS
from dealer_app.ui.exam_dialogs import BlueprintDialog, InstructorDialog
from dealer_app.ui.trainer_window import TrainerWindow
from tests.support.floor_accounts import MARIA
from tests.ui.test_ui_floor import dialog_of, focus, type_file_name


@pytest.fixture
def record(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    yield store
    store.close()


def trainer_on(qtbot, store) -> TrainerWindow:
    w = TrainerWindow(Progress(store.db))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def keys(qtbot, text: str):
    for ch in text:
        qtbot.keyClick(focus(qtbot), ch)


def tab(qtbot, times: int = 1):
    for _ in range(times):
        qtbot.keyClick(focus(qtbot), Qt.Key_Tab)


def exam_mode(qtbot, w, name="Tina"):
    """The trainee types their name, Tab to the mode, ↓ to Exam."""
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    keys(qtbot, name)
    tab(qtbot)
    assert focus(qtbot) is w.mode
    while w.mode.currentData() != "exam":
        qtbot.keyClick(focus(qtbot), Qt.Key_Down)


def lock_by_dialog(qtbot, w) -> str:
    """The instructor, by keys: registers, fills a blueprint, a wrong PIN first, then locks it."""
    qtbot.mouseClick(w.exam_picker.instructor_button, Qt.LeftButton)
    d = dialog_of(qtbot, BlueprintDialog)
    assert "No instructor yet" in d.error.text()
    qtbot.mouseClick(d.register_button, Qt.LeftButton)
    r = dialog_of(qtbot, InstructorDialog)
    assert focus(qtbot) is r.name
    keys(qtbot, "Ines")
    tab(qtbot)
    keys(qtbot, "471147")
    tab(qtbot)
    keys(qtbot, "471147")
    tab(qtbot)  # the record's first instructor: a floor account approves (issue 30 §4)
    assert focus(qtbot) is r.by_name
    keys(qtbot, MARIA[0])
    tab(qtbot)
    keys(qtbot, MARIA[1])
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)
    qtbot.waitUntil(lambda: not r.isVisible())
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert d.instructor.text() == "Ines"
    qtbot.mouseClick(d.name, Qt.LeftButton)
    keys(qtbot, "Module 1")
    for skill, count in (("stub", "2"), ("bring-in", "1")):
        qtbot.mouseClick(d.counts[skill], Qt.LeftButton)
        qtbot.keyClick(focus(qtbot), Qt.Key_A, Qt.ControlModifier)
        keys(qtbot, count)
    first = d.tables.item(0)
    qtbot.mouseClick(d.tables.viewport(), Qt.LeftButton, pos=d.tables.visualItemRect(first).center())
    for table in ("stud-2-4", "casinos-austria-5-10-20"):
        item = d.tables.findItems(table, Qt.MatchExactly)[0]
        qtbot.wait(500)  # (a new type-ahead search)
        keys(qtbot, table)  # typed: the list goes to it
        assert d.tables.currentItem() is item
        qtbot.keyClick(focus(qtbot), Qt.Key_Space)
        assert item.checkState() == Qt.Checked
    qtbot.mouseClick(d.minutes, Qt.LeftButton)
    qtbot.keyClick(focus(qtbot), Qt.Key_A, Qt.ControlModifier)
    keys(qtbot, "5")
    qtbot.mouseClick(d.pin, Qt.LeftButton)
    keys(qtbot, "1111")
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)  # Enter locks (the default button)
    assert "wrong PIN for Ines" in d.error.text() and not w.exams.blueprints()
    keys(qtbot, "471147")  # (the wrong PIN is selected: typed over)
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)
    (bp,) = w.exams.blueprints()
    assert f"Locked: Module 1 ({bp.id})" in d.error.text() and bp.seal_code in d.error.text()
    assert [(s.skill, s.count) for s in bp.skills] == [("bring-in", 1), ("stub", 2)]
    assert bp.tables == ("casinos-austria-5-10-20", "stud-2-4") and bp.time_limit_s == 300 and bp.pass_mark == 80
    qtbot.keyClick(focus(qtbot), Qt.Key_Escape)
    qtbot.waitUntil(lambda: not d.isVisible())
    return bp.id


def nothing_editable(w) -> list[str]:
    """The visible boxes on the trainee's side panel that could change anything of the exam."""
    side = w.centralWidget().widget(1)
    found = []
    for kind in (QAbstractSpinBox, QListWidget, QLineEdit, QPlainTextEdit, QCheckBox):
        for box in side.findChildren(kind):
            if box.isVisibleTo(side) and box.isEnabled() and box is not w.trainee.lineEdit():
                found.append(f"{type(box).__name__} {box.objectName()}")
    if w.exam_picker.combo.isEditable():
        found.append("the blueprint's box")
    return found


def answer_by_keys(qtbot, w, right: bool):
    d = w.session.current
    value = d.answer["seat"] if d.skill in SEAT_SKILLS else d.answer["stub"]
    if not right:
        value = value + 1 if d.skill == "stub" else next(v.seat for v in w.bridge.controller.seats() if v.seat != value)
    keys(qtbot, str(value))
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)
    assert "Right" not in w.explanation.toPlainText() and "Wrong" not in w.explanation.toPlainText()
    qtbot.keyClick(focus(qtbot), Qt.Key_Return)  # Enter: the next drill


def test_an_instructors_blueprint_taken_by_keys_to_its_verified_certificate(qtbot, record, tmp_path, capsys):
    w = trainer_on(qtbot, record)
    bp_id = lock_by_dialog(qtbot, w)
    exam_mode(qtbot, w)
    assert w.exam_picker.current_id() == bp_id
    summary = w.exam_picker.summary.text()
    assert "3 drills in 5 minutes, pass mark 80%; set by Ines" in summary and "stud-2-4" in summary
    assert nothing_editable(w) == []  # no skill, count, pass mark or time limit the trainee could change
    assert not w.skills.isVisibleTo(w) and not w.count.isVisibleTo(w)
    tab(qtbot)  # the blueprint
    assert focus(qtbot) is w.exam_picker.combo
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    assert w.clock.isVisible() and w.clock.text() in ("Time left 5:00", "Time left 4:59")
    assert w.session.blueprint.id == bp_id and w.session.count == 3
    assert nothing_editable(w) in ([], ["QLineEdit "])  # only the drill's answer box
    for i in range(3):
        answer_by_keys(qtbot, w, right=i != 0)
    text = w.explanation.toPlainText()
    assert "Score: 66%" in text and "Not passed" in text and "pass mark 80%" in text
    result = w.exam_result
    assert result.finished and result.right == 2 and f"Verification ID {result.id}" in text
    assert w.clock.text() == "" and not w.exam_timer.isActive()
    out = tmp_path / "cert.pdf"
    qtbot.mouseClick(w.certificate_button, Qt.LeftButton)
    files = dialog_of(qtbot, QFileDialog)
    type_file_name(qtbot, files, out)
    qtbot.waitUntil(out.exists, timeout=5000)
    pdf = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    for expected in (
        "Tina",
        "Instructor: Ines",
        f"Module 1 ({bp_id})",
        result.id,
        result.seal_code,
        "UTC",
        "Score: 66%",
        "NOT PASSED",
        "Pass mark: 80%",
        "Stub",
    ):
        assert expected in pdf, expected
    assert all(t in pdf for t in result.tables)
    assert main(["certificate", "verify", result.id, "--db", str(record.path), "--seal", result.seal_code]) == 0
    assert "GENUINE" in capsys.readouterr().out
    # the Progress view lists the exam
    qtbot.mouseClick(w.progress_button, Qt.LeftButton)
    view = w._progress_view
    qtbot.addWidget(view)
    assert view.exams.rowCount() == 1 and view.exams.item(0, 5).text() == result.id
    assert view.exams.item(0, 4).text() == "Not passed" and view.exams.item(0, 2).text() == "Ines"


def locked(store, minutes=5, skills: tuple[SkillCount, ...] | None = None) -> str:
    book = ExamBook(store.db, store.key)
    book.register_instructor("Ines", "471147", floor=MARIA)
    return book.lock(
        Blueprint("Timed", skills or (SkillCount("stub", 2),), ("stud-2-4",), (), minutes * 60, 50), "Ines", "471147"
    ).id


def test_the_time_limit_is_shown_and_ends_the_exam(qtbot, record):
    bp_id = locked(record, minutes=1)
    w = trainer_on(qtbot, record)
    exam_mode(qtbot, w)
    assert w.exam_picker.current_id() == bp_id
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    now = [w.session.started]
    w.session.clock = lambda: now[0]  # (the exam's clock, not an input: a minute is not waited for)
    answer_by_keys(qtbot, w, right=True)
    now[0] += 30
    qtbot.waitUntil(lambda: w.clock.text() == "Time left 0:30", timeout=2000)
    now[0] += 31
    qtbot.waitUntil(lambda: w.exam_result.finished, timeout=2000)
    text = w.explanation.toPlainText()
    assert "The time ran out: 1 of 2 drills answered" in text and "Score: 50%" in text and "Passed" in text
    assert not w.answer_button.isVisible() and not w.next_button.isVisible() and w.certificate_button.isVisible()
    assert w.exam_result.timed_out and w.trainee.isEnabled()


def test_a_blueprint_edited_in_sqlite_is_refused_before_the_exam(qtbot, record):
    locked(record)
    with sqlite3.connect(record.path) as raw:
        raw.execute("UPDATE training_blueprints SET spec = replace(spec, '\"pass_mark\":50', '\"pass_mark\":10')")
    w = trainer_on(qtbot, record)
    exam_mode(qtbot, w)
    assert "changed after it was locked" in w.exam_picker.summary.text()  # said when it is picked ...
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    assert "changed after it was locked: this exam is refused" in w.explanation.toPlainText()  # ... and refused
    assert w.session is None and w.mode.isEnabled()
    assert record.db.execute("SELECT COUNT(*) FROM training_exam_results").fetchone()[0] == 0


def test_no_blueprint_no_exam(qtbot, record):
    w = trainer_on(qtbot, record)
    exam_mode(qtbot, w)
    assert "No exam blueprint yet" in w.exam_picker.summary.text() and nothing_editable(w) == []
    qtbot.mouseClick(w.start_button, Qt.LeftButton)
    assert "Pick an exam blueprint" in w.explanation.toPlainText() and w.session is None


# --- every exam screen fits a 1280x720 screen, in English and German (tests/ui/test_ui_fits.py) ----------
from PySide6.QtCore import QSize  # noqa: E402

from tests.ui import test_ui_fits as fits  # noqa: E402

german, language = fits.german, fits.language  # (its fixtures: English, then German)
assert_fits, shown = fits.assert_fits, fits.shown
SCREENS = pytest.mark.parametrize("size", fits.SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")


@pytest.mark.usefixtures("language")
@SCREENS
def test_the_blueprint_dialog_fits(qtbot, record, size):
    screen = QSize(*size)
    book = ExamBook(record.db, record.key)
    book.register_instructor("Friederike Ausbilderin", "471147", floor=MARIA)
    d = BlueprintDialog(book)
    d.lock()  # (nothing filled in: its refusal shown, wrapped)
    shown(qtbot, d, screen, None)
    assert d.width() <= screen.width() and d.height() <= screen.height()
    assert_fits(d, screen)


@pytest.mark.usefixtures("language")
@SCREENS
def test_the_trainer_fits_on_an_exam(qtbot, record, size):
    screen = QSize(*size)
    from dealer_app.ui.screen_fit import TRAINER_WINDOW

    locked(record, skills=(SkillCount("stub", 1), SkillCount("winners", 1), SkillCount("shortage", 1)))
    w = TrainerWindow(Progress(record.db))
    shown(qtbot, w, screen, TRAINER_WINDOW)
    w.trainee.setEditText("Friederike")
    w.mode.setCurrentIndex(w.mode.findData("exam"))
    QApplication.processEvents()
    assert_fits(w, screen)
    w.start()
    QApplication.processEvents()
    assert w.session is not None and w.clock.text()
    assert_fits(w, screen)

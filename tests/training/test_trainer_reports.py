"""Issue 27, what a dealer school expects: the session summary in every mode, the review of each
answer rebuilt from its stored seed, weekly trends and weak-skill flags per trainee (in Progress…
and in ``dealer-app trainees``), and the group PDF with a chart per trainee. On a realistic
record (tests/support/training_record.py: three trainees, five weeks, right and wrong answers, an exam)."""

import json
import sqlite3
import subprocess
from collections import defaultdict
from datetime import timedelta

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.record.migrations import TRAINER_TABLES
from dealer_app.training.drills import make_drills
from dealer_app.training.progress import Progress, iso_week
from dealer_app.ui.trainer_window import ProgressView
from tests.support.training_record import END, START, WEEK, record_group
from tests.ui.test_ui_trainer import setup, trainer  # noqa: F401  (the trainer window, as a fixture)


@pytest.fixture
def group(tmp_path):
    p = Progress(sqlite3.connect(tmp_path / "t.sqlite3"))
    return p, record_group(p)


def type_answer(qtbot, text: str):
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)


def click_tab(qtbot, tabs, index: int):
    qtbot.mouseClick(tabs.tabBar(), Qt.LeftButton, pos=tabs.tabBar().tabRect(index).center())
    assert tabs.currentIndex() == index


def click_row(qtbot, table, row: int):
    table.scrollToItem(table.item(row, 0))
    rect = table.visualItemRect(table.item(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.LeftButton, pos=QPoint(rect.x() + 5, rect.center().y()))
    assert table.currentRow() == row


# --- the session summary --------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", [0, 1])  # learn, practice
def test_session_summary_lists_each_wrong_answer_in_every_mode(qtbot, trainer, mode):  # noqa: F811
    w = trainer
    setup(qtbot, w, mode, {"stub"}, count=3)
    asked = []
    for k in range(3):
        d = w.session.current
        asked.append(d)
        type_answer(qtbot, str(d.answer["stub"] + (2 if k == 1 else 0)))  # the second one wrong
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # Enter: the next drill
    while w.answer_button.isVisible():  # practice: the mistake's retry, answered right
        type_answer(qtbot, str(w.session.current.answer["stub"]))
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    text = w.explanation.toPlainText()
    assert "Session over" in w.question.text() and "Score: 67%" in text
    assert "Stub" in text and "2/3" in text and "Mean time" in text  # the score and time per skill
    assert "Wrong answers" in text and text.count("How many cards are left in the stub?") == 1
    wrong = asked[1].answer["stub"]
    assert f"Your answer: {wrong + 2} cards" in text and f"The answer: {wrong} cards" in text
    for right in (asked[0], asked[2]):  # the right ones are not listed
        if right.answer["stub"] != wrong:
            assert f"The answer: {right.answer['stub']} cards" not in text


# --- the review of an answer, rebuilt from its seed ----------------------------------------------------------
def test_an_answer_reviewed_from_progress_is_the_drill_answered(qtbot, trainer):  # noqa: F811
    w = trainer
    setup(qtbot, w, 1, {"stub"}, count=2)
    first = w.session.current
    type_answer(qtbot, str(first.answer["stub"] - 1))  # wrong
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    type_answer(qtbot, str(w.session.current.answer["stub"]))
    qtbot.mouseClick(w.progress_button, Qt.LeftButton)
    view = w._progress_view
    qtbot.addWidget(view)
    click_tab(qtbot, view.tabs, 2)  # Answers
    rows = [r for r in range(view.answers_table.rowCount()) if view.answers_table.item(r, 3).text() == "Wrong"]
    assert len(rows) == 1
    click_row(qtbot, view.answers_table, rows[0])
    qtbot.mouseClick(view.review_button, Qt.LeftButton)
    review = view.review
    qtbot.addWidget(review)
    assert review.isVisible() and review.drill is not None
    assert review.drill.phh == first.phh and review.drill.answer == first.answer  # the same hand, rebuilt
    text = review.text.toPlainText()
    assert f"The answer given: {first.answer['stub'] - 1} cards" in text and "Wrong" in text and "D-9" in text
    assert f"The answer: {first.answer['stub']} cards" in text
    assert review.table_view.isVisible() and review.bridge.controller.status()["stub"] == first.answer["stub"]


def test_reviews_on_the_record_at_fixed_tables_and_an_exams_table(qtbot, group):
    p, kept = group
    for name, table in (("Ben", "stud-10-20"), ("Anna", "casinos-austria-5-10-20")):
        t = p.trainee(name)
        view = ProgressView(p, t, name)
        qtbot.addWidget(view)
        view.show()
        click_tab(qtbot, view.tabs, 2)
        mine = [k for k in kept if k.trainee == name]
        assert view.answers_table.rowCount() == len(mine)
        row = next(i for i, a in enumerate(view.answers) if not a.right and (a.table_arg == table))
        attempt = view.answers[row]
        k = next(k for k in mine if k.seed == attempt.seed)
        click_row(qtbot, view.answers_table, row)
        qtbot.mouseClick(view.review_button, Qt.LeftButton)
        review = view.review
        qtbot.addWidget(review)
        assert review.drill.table == table and review.drill.answer == k.answer and attempt.given == k.given
        assert review.drill.phh == make_drills(k.skill, 1, k.seed, None, table)[0].phh
        assert "The answer given:" in review.text.toPlainText()


def test_a_drill_that_changed_or_kept_no_seed_is_said_not_shown(qtbot, group):
    p, _kept = group
    t = p.trainee("Cem")
    newest = p.attempts(t)[0]
    p.db.execute("UPDATE training_attempts SET digest = 'ffffffffffffffff' WHERE id = ?", (newest.id,))
    p.record(t, "pot", "practice", False, 12.0)  # (an answer kept with no seed: as before seeds were)
    view = ProgressView(p, t, "Cem")
    qtbot.addWidget(view)
    view.show()
    click_tab(qtbot, view.tabs, 2)
    said = []
    for row in (0, 1):
        click_row(qtbot, view.answers_table, row)
        qtbot.mouseClick(view.review_button, Qt.LeftButton)
        qtbot.addWidget(view.review)
        assert view.review.drill is None
        said.append(view.review.text.toPlainText())
    assert "No drill was kept" in said[0] and "The drills have changed since" in said[1]


def test_the_training_tables_upgrade_in_numbered_steps(tmp_path):
    db = sqlite3.connect(tmp_path / "old.sqlite3")
    db.executescript(TRAINER_TABLES)  # the tables as they were before the review (step 3, unnumbered)
    db.execute("INSERT INTO training_trainees(name, created_at) VALUES ('Tina', '2026-10-01T10:00:00')")
    db.execute(
        "INSERT INTO training_attempts(trainee_id, skill, mode, right, seconds, seed, at) "
        "VALUES (1, 'pot', 'practice', 1, 5.0, 42, '2026-10-01T10:05:00+00:00')"
    )
    db.commit()
    assert Progress(db, create=False).version() == 3
    assert Progress(db, create=False).attempts(1)[0].given is None  # (read as it is, nothing made)
    p = Progress(db)
    assert p.version() == 4
    assert [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")] == [3, 4]
    (old,) = p.attempts(1)
    assert old.seed == 42 and old.given is None and old.digest is None
    Progress(db)  # opened again: no step is run twice
    assert [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")] == [3, 4]


# --- weekly trends and weak skills ---------------------------------------------------------------------------
def test_weekly_trends_follow_the_answers_kept(group):
    p, kept = group
    for name in ("Anna", "Ben", "Cem"):
        expected: dict = defaultdict(lambda: [0, 0, 0.0])
        for k in kept:
            if k.trainee == name:
                n = expected[(iso_week(k.at.isoformat()), k.skill)]
                n[0], n[1], n[2] = n[0] + 1, n[1] + k.right, n[2] + k.seconds
        got = {(w.week, w.skill): (w.answers, w.right, round(w.mean_seconds, 6)) for w in p.weekly(p.trainee(name))}
        assert got == {key: (n, r, round(s / n, 6)) for key, (n, r, s) in expected.items()}
    anna = {(w.week, w.skill): w.accuracy for w in p.weekly(p.trainee("Anna"))}
    assert anna[(WEEK[0], "pot")] < anna[(WEEK[2], "pot")] == 1.0  # she got better
    assert {w.week for w in p.weekly(p.trainee("Cem"))} == {WEEK[0], WEEK[1]}  # he stopped coming
    assert iso_week(START.isoformat()) == WEEK[0] == iso_week((START + timedelta(days=6, hours=5)).isoformat())
    assert iso_week("2026-12-31T10:00:00+00:00") == "2026-W53" and iso_week("2027-01-04T10:00:00") == "2027-W01"


def test_weak_skills_are_low_recent_accuracy_or_an_overdue_card(group):
    p, _kept = group
    weak = {name: {w.skill: w for w in p.weak_skills(p.trainee(name), END)} for name in ("Anna", "Ben", "Cem")}
    assert weak["Anna"] == {}  # wrong early on, right lately: not weak
    assert set(weak["Ben"]) == {"pot"} and "accuracy" in weak["Ben"]["pot"].reasons
    assert weak["Ben"]["pot"].recent_accuracy == 0.4 and weak["Ben"]["pot"].recent_answers == 10
    assert {s: w.reasons for s, w in weak["Cem"].items()} == {"stub": ("overdue",), "bring-in": ("overdue",)}
    # Cem's cards were due in his third week: the day after they fell due he is not yet flagged
    due = p.card(p.trainee("Cem"), "stub").due
    assert p.weak_skills(p.trainee("Cem"), due + timedelta(hours=12)) == []
    assert {w.skill for w in p.weak_skills(p.trainee("Cem"), due + timedelta(days=1, minutes=2))} == {"stub"}
    # a higher pass mark flags Anna's exam skill (one of her last 10 stub answers wrong, in the exam)
    assert "stub" in {w.skill for w in p.weak_skills(p.trainee("Anna"), END, pass_mark=0.95)}


def test_progress_view_shows_the_weeks_and_the_weak_skills(qtbot, group):
    p, _kept = group
    view = ProgressView(p, p.trainee("Ben"), "Ben")
    qtbot.addWidget(view)
    view.show()
    assert "Weak skills: Pot (40% of the last 10 answers right" in view.weak_label.text()
    click_tab(qtbot, view.tabs, 1)  # Per week
    assert view.weeks.isVisible() and view.weeks.rowCount() == 10  # 5 weeks × 2 skills
    cells = [[view.weeks.item(r, c).text() for c in range(5)] for r in range(view.weeks.rowCount())]
    assert cells[0][0] == WEEK[-1] and [WEEK[-1], "Pot", "10", "40%"] in [c[:4] for c in cells]  # the newest first
    assert view.trend.series["pot"] == [(week, 0.4) for week in WEEK] and view.trend.weak == {"pot"}
    assert not view.trend.grab().isNull()


# --- dealer-app trainees and the group PDF -------------------------------------------------------------------
@pytest.fixture
def record(tmp_path, monkeypatch):
    from dealer_app.record.store import Store

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    kept = record_group(Progress(store.db))
    store.close()
    return tmp_path / "hands.sqlite3", kept


def test_trainees_text_json_and_csv_add_weeks_and_weak_skills(record, capsys, tmp_path):
    from dealer_app.cli import main

    db, kept = record
    assert main(["trainees", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    ben_pot = next(line for line in out.splitlines() if line.startswith("Ben") and " pot " in line)
    assert "WEAK (last answers 40% right" in ben_pot
    assert not any("WEAK" in line for line in out.splitlines() if line.startswith("Anna"))
    assert "weekly (ISO week):" in out and any(line.startswith("Cem") and WEEK[1] in line for line in out.splitlines())
    assert not any(line.startswith("Cem") and WEEK[2] in line for line in out.splitlines())
    assert main(["trainees", "--db", str(db), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    rows = {(r["trainee"], r["skill"]): r for r in said["trainees"]}
    assert {"answers", "right", "accuracy", "mean_seconds", "last", "due"} <= set(rows["Ben", "pot"])  # (kept)
    assert rows["Ben", "pot"]["weak"] is True and rows["Ben", "pot"]["recent_accuracy"] == 0.4
    assert rows["Anna", "pot"]["weak"] is False and rows["Anna", "pot"]["weak_reasons"] == []
    assert len(said["weekly"]) == len({(k.trainee, iso_week(k.at.isoformat()), k.skill) for k in kept})
    week = next(w for w in said["weekly"] if (w["trainee"], w["week"], w["skill"]) == ("Ben", WEEK[2], "pot"))
    assert week["answers"] == 10 and week["right"] == 4 and week["accuracy"] == 0.4
    csv_out = tmp_path / "group.csv"
    assert main(["trainees", "--db", str(db), "--csv", str(csv_out)]) == 0
    lines = csv_out.read_text().splitlines()
    assert lines[0] == (
        "trainee,skill,answers,right,accuracy,mean_seconds,last,due,exam,blueprint,blueprint_id,"
        "instructor,score_percent,pass_mark,passed,genuine,recent_accuracy,weak,weekly_accuracy,"
        "weekly_mean_seconds"
    )
    assert len(lines) == 1 + len(said["trainees"])  # (one row per trainee and skill, as before)
    ben = next(line for line in lines if line.startswith("Ben,pot,50,20,"))
    # (his last pot answers were days ago, and his card was due at once)
    assert f",0.4,accuracy overdue,{' '.join(f'{w}=0.4' for w in WEEK)}," in ben
    anna = next(line for line in lines if line.startswith("Anna,pot,"))
    assert f",1.0,,{WEEK[0]}=0.667 {WEEK[1]}=0.667 {WEEK[2]}=1.0 " in anna


def test_the_group_pdf_has_a_chart_per_trainee_and_the_weak_skills(record, tmp_path):
    from dealer_app.cli import main

    db, _kept = record
    with sqlite3.connect(db) as raw:
        cem_due = Progress(raw, create=False).card(2 + 1, "stub").due.strftime("%Y-%m-%d")  # (Anna 1, Ben 2, Cem 3)
    pdf = tmp_path / "group.pdf"
    assert main(["trainees", "--db", str(db), "--pdf", str(pdf)]) == 0
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    flat = " ".join(text.split())
    assert "Right answers per week" in flat
    for name in ("Anna", "Ben", "Cem"):
        assert f"{name} ({WEEK[0]} – {WEEK[1] if name == 'Cem' else WEEK[-1]})" in flat
    assert "Weak skills: Pot: 40% of the last answers right" in flat and f"Stub: overdue since {cem_due}" in flat
    assert "No weak skill." in flat  # Anna
    images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    charts = [line for line in images.splitlines()[2:] if line.split()]
    assert len(charts) == 3  # a chart per trainee, painted into the PDF
    subprocess.run(["pdfimages", "-png", str(pdf), str(tmp_path / "chart")], capture_output=True, check=True)
    from PySide6.QtGui import QColor, QImage

    for png in sorted(tmp_path.glob("chart-*.png")):  # each chart: the skills' coloured lines, the pass mark (red)
        img = QImage(str(png))
        colours = [QColor(img.pixel(x, y)) for x in range(0, img.width(), 2) for y in range(0, img.height(), 2)]
        assert sum(max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) > 80 for c in colours) > 400
        assert sum(c.red() > 150 and c.green() < 60 and c.blue() < 80 for c in colours) > 20

"""The dealer trainer: drills on the dealer's own table view, answered by clicking seats, typing
amounts, ticking the procedure or picking the five cards; learn, practice and exam modes, the
explanation with the rule, the progress per skill, and the exam's certificate.

Thin: the drills, the judging and the schedule are ``training/``; what is drawn is a moment of
the drill's hand (``floor/timeline.Moment``) with the answer kept off the table until answered.
"""

from __future__ import annotations

import html
import itertools
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.cards import format_card
from dealer_app.engine.catalog import rule_text
from dealer_app.training.drills import CHIP_SKILLS, RAZZ_TABLES, SKILLS, Drill, skill_applies
from dealer_app.training.exam import ExamError, ExamResult, ExamSession
from dealer_app.training.irregularity import REMEDIES
from dealer_app.training.session import MODES, Result, TrainingSession
from dealer_app.training.speed import speed_target
from dealer_app.training.spot import make_spot
from dealer_app.ui.drill_facts import (
    case_lines,
    chip_name,
    facts_of,
    irregularity_lines,
    remedy_name,
    working,
)
from dealer_app.ui.drill_review import DrillReview, _mode_words, given_words
from dealer_app.ui.drill_view import (
    SEAT_SKILLS,
    DrillMoment,
    answer_seats,
    answer_words,
    moment_of,
    question_text,
    skill_name,
)
from dealer_app.ui.exam_dialogs import ExamPicker, exam_book_of
from dealer_app.ui.file_dialogs import save_pdf_dialog
from dealer_app.ui.keys import WindowKeys
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.screen_fit import PROGRESS_WINDOW, ScrollingPanel, fit_window
from dealer_app.ui.spot_panel import SpotPanel
from dealer_app.ui.table_view import IdleTable, TableView
from dealer_app.ui.trend_chart import TrendChart, series_of
from dealer_app.ui.words import action_name, error_words, fill, language, seconds_words, table_title, typed_cents
from dealer_app.ui.words import card as card_words

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent

    from dealer_app.floor.timeline import Moment


translate = QCoreApplication.translate


class TrainerWindow(QMainWindow):
    def __init__(self, progress=None, parent=None):
        super().__init__(parent)
        self.progress = progress
        self.exams = exam_book_of(progress)  # the instructors' blueprints and the exams' sealed results
        self.exam_result: ExamResult | None = None
        self.session: TrainingSession | None = None
        self.moment: DrillMoment | None = None
        self.spot_panel = None  # the spot hand being told (None outside spot mode)
        self._spot_total, self._spot_results = 0, []  # a spot series: its length, each hand right or not
        self._spot_verdicts: list = []  # each hand's verdict (training/spot.SpotVerdict)
        self.setWindowTitle(self.tr("Dealer training"))
        # (the live table's "Open a table (Ctrl+N)" means nothing here)
        self.bridge = ControllerBridge(IdleTable(self.tr("Choose how to train on the right, then Start")), self)
        self.table_view = TableView(self.bridge)
        self.table_view.seat_clicked.connect(self._seat_clicked)
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QSplitter(Qt.Orientation.Vertical)  # the table, and under it the hand so far
        self.table_view.setMinimumHeight(440)  # (with the hand under it, the trainer fits a 1280x720 screen)
        left.addWidget(self.table_view)
        left.addWidget(self._facts_box())
        left.setSizes([600, 190])
        split.addWidget(left)
        split.addWidget(ScrollingPanel(self._side()))  # (scrolls only where a screen is too short for it)
        split.setSizes([820, 480])
        self.setCentralWidget(split)
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)
        self.clock = QLabel()  # an exam's time left
        self.clock.setObjectName("exam_clock")
        self.clock.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.statusBar().addPermanentWidget(self.clock)
        self.drill_timer = QTimer(self)  # a time limit per drill: the seconds left, then time up
        self.drill_timer.setInterval(200)
        self.drill_timer.timeout.connect(self._drill_tick)
        self.exam_timer = QTimer(self)
        self.exam_timer.setInterval(250)
        self.exam_timer.timeout.connect(self._tick)
        self.keys = _TrainerKeys(self)

    # --- under the table: what a dealer knows at the drill's moment ------------------------------
    def _facts_box(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(4, 2, 4, 2)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("The hand so far")))
        top.addStretch(1)
        self.whole_hand = QCheckBox(self.tr("Whole hand (Alt+H)"))  # (the trainee's choice, kept from drill to drill)
        self.whole_hand.setToolTip(self.tr("Show the earlier streets' actions too, not only this street's"))
        self.whole_hand.toggled.connect(lambda _on: self._show_facts())
        top.addWidget(self.whole_hand)
        layout.addLayout(top)
        self.facts = QTextBrowser()
        self.facts.setObjectName("hand_facts")
        self.facts.setOpenLinks(False)
        self.facts.setMinimumHeight(64)
        layout.addWidget(self.facts, 1)
        return box

    def _show_facts(self):
        """The hand so far (this street's actions, the earlier ones when asked for), the starting
        stacks, the pots or the stub where the answer depends on them."""
        drill = self.session.current if self.session is not None else None
        if drill is None or drill.hand is None:
            self.facts.clear()
            return
        lines = facts_of(drill.skill, drill.hand).lines(self.whole_hand.isChecked())
        e = html.escape
        self.facts.setHtml(
            "".join(
                f"<div style='margin-left:16px'>{e(line.strip())}</div>"
                if line.startswith(" ")
                else f"<div><b>{e(line)}</b></div>"
                for line in lines
            )
        )
        bar = self.facts.verticalScrollBar()
        bar.setValue(bar.maximum())  # the street being played, at the foot, in view

    # --- the side panel: the session, the question, the answer, the explanation ------------------
    def _side(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        form = QFormLayout()
        self.trainee = QComboBox()
        self.trainee.setEditable(True)
        for _id, name in self.progress.trainees() if self.progress is not None else []:
            self.trainee.addItem(name)
        # a click into the name selects it, so that the next trainee's name replaces the last one
        # (typed after it, the two ran together: "Anna BergerJuergen Maier")
        name_box = self.trainee.lineEdit()
        assert name_box is not None  # (an editable combo box has one)
        self._name_box = name_box
        self.trainee.installEventFilter(self)
        name_box.installEventFilter(self)
        # the box names the mode; what it does is said under it, wrapped (in the box, the longest
        # of those sentences made the trainer wider than a 1280-pixel screen)
        self.mode = QComboBox()
        self.mode_words = QLabel()
        self.mode_words.setWordWrap(True)
        self.mode_words.setObjectName("mode_words")
        policy = self.mode_words.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Maximum)  # its lines' height, never more
        self.mode_words.setSizePolicy(policy)
        for mode, name, words in zip(
            (*MODES, "spot"),
            (self.tr("Learn"), self.tr("Practice"), self.tr("Exam"), self.tr("Spot the dealer's error")),
            (
                self.tr("Learn: the rule first, every answer explained"),
                self.tr("Practice: right or wrong at once, mistakes again at the end"),
                self.tr("Exam: no feedback until the end, a certificate"),
                self.tr("Spot the dealer's error: stop at the wrong step, name the remedy"),
            ),
            strict=True,
        ):
            self.mode.addItem(name, mode)
            self.mode.setItemData(self.mode.count() - 1, words, Qt.ItemDataRole.ToolTipRole)
        self.mode.currentIndexChanged.connect(
            lambda i: self.mode_words.setText(str(self.mode.itemData(i, Qt.ItemDataRole.ToolTipRole)))
        )
        self.mode.currentIndexChanged.connect(lambda _i: self._mode_rows())
        self.mode_words.setText(str(self.mode.itemData(0, Qt.ItemDataRole.ToolTipRole)))
        self.count = QSpinBox()
        self.count.setRange(1, 200)
        self.count.setValue(10)
        # an exam is the instructor's: a locked blueprint, picked, shown, never edited here
        self.exam_picker = ExamPicker(self.exams)
        self.skills = QListWidget()
        for skill in SKILLS:
            item = QListWidgetItem(skill_name(skill))
            item.setData(Qt.ItemDataRole.UserRole, skill)
            item.setCheckState(Qt.CheckState.Checked)
            self.skills.addItem(item)
        self.skills.setMaximumHeight(100)  # (it scrolls: the drill's answer needs the height at 1280x720)
        self.game = self._game_box()
        form.addRow(self.tr("Trainee"), self.trainee)
        form.addRow(self.tr("Mode"), self.mode)
        form.addRow(self.mode_words)
        form.addRow(self.tr("Game"), self.game)
        numbers = QHBoxLayout()
        numbers.addWidget(self.count)
        # a time limit per drill (0: none); past it the drill counts as wrong
        self.per_drill = QSpinBox()
        self.per_drill.setRange(0, 600)
        self.per_drill.setValue(0)
        self.per_drill.setSpecialValueText(self.tr("no time limit"))
        self.per_drill.setSuffix(self.tr(" s per drill"))
        self.per_drill.setObjectName("seconds_per_drill")
        numbers.addWidget(self.per_drill)
        numbers.addStretch(1)
        form.addRow(self.tr("Drills"), numbers)
        self._numbers = numbers
        form.addRow(self.tr("Skills"), self.skills)
        form.addRow(self.tr("Exam"), self.exam_picker)
        self.form = form
        layout.addLayout(form)
        layout.addWidget(self.exam_picker.summary)  # (under the form: a form row would not give it its wrapped lines)
        self._mode_rows()
        buttons = QHBoxLayout()
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.clicked.connect(self.start)
        self.progress_button = QPushButton(self.tr("Progress…"))
        self.progress_button.clicked.connect(self.show_progress)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.progress_button)
        layout.addLayout(buttons)
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.question.setStyleSheet("font-size: 16pt; font-weight: bold;")
        layout.addWidget(self.question)
        self.answer_box = QWidget()
        self.answer_layout = QVBoxLayout(self.answer_box)
        self.answer_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.answer_box)
        self.answer_button = QPushButton(self.tr("Answer  [Enter]"))
        self.answer_button.clicked.connect(self.submit)
        self.answer_button.setVisible(False)
        layout.addWidget(self.answer_button)
        self.explanation = QTextBrowser()
        self.explanation.setOpenLinks(False)
        self.explanation.setObjectName("explanation")
        layout.addWidget(self.explanation, 1)
        self.next_button = QPushButton(self.tr("Next drill"))
        self.next_button.clicked.connect(self.next_drill)
        self.next_button.setVisible(False)
        layout.addWidget(self.next_button)
        self.certificate_button = QPushButton(self.tr("Certificate…"))
        self.certificate_button.clicked.connect(self.certificate_dialog)
        self.certificate_button.setVisible(False)
        layout.addWidget(self.certificate_button)
        return box

    def _game_box(self) -> QComboBox:
        """Where the drills are dealt: the usual stud and Hi-Lo tables, or a Razz table (catalog
        §13). A Razz table greys out the skills it does not ask (Hi-Lo's, the irregularity quiz)."""
        from dealer_app.engine.limits import LimitsError, load_table

        box = QComboBox()
        box.setObjectName("drill_game")
        box.addItem(self.tr("Seven Card Stud and Hi-Lo"), None)
        for name in RAZZ_TABLES:
            try:
                title = table_title(load_table(name))  # ("$2-4 Razz"; "2-4 $ Razz" in German)
            except (LimitsError, OSError):  # (a table removed from the folder: not offered)
                continue
            box.addItem(title, name)
        box.currentIndexChanged.connect(lambda _i: self._skills_for_game())
        return box

    def _chosen_game(self) -> str:
        return "razz" if self.game.currentData() else "stud"

    def _skills_for_game(self):
        """The skills the chosen game asks are enabled; the others are greyed (never asked)."""
        game = self._chosen_game()
        for i in range(self.skills.count()):
            item = self.skills.item(i)
            skill = item.data(Qt.ItemDataRole.UserRole)
            on = game == "stud" or skill_applies(skill, game)
            flags = item.flags()
            item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled if on else flags & ~Qt.ItemFlag.ItemIsEnabled)

    # --- a session --------------------------------------------------------------------------------
    def start(self):
        if self.mode.currentData() == "spot":
            self.start_spot()
            return
        if self.mode.currentData() == "exam":
            self.start_exam()
            return
        self.explanation.setVisible(True)
        skills = [
            self.skills.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.skills.count())
            if self.skills.item(i).checkState() == Qt.CheckState.Checked
            and self.skills.item(i).flags() & Qt.ItemFlag.ItemIsEnabled  # (a skill the game does not ask: greyed)
        ]
        name = self.trainee.currentText().strip()
        trainee_id = None
        problem = (
            self.tr("Type the trainee's name first: the answers are kept for them.")
            if not name and self.progress is not None
            else self.tr("Tick at least one skill to drill.")
            if not skills
            else ""
        )
        if problem:
            self.explanation.setHtml(f"<p style='color:#b00020'><b>{html.escape(problem)}</b></p>")
            return
        try:
            if self.progress is not None and name:
                trainee_id = self.progress.trainee(name)
            per_drill = self.per_drill.value() or None  # 0: no time limit
            self.session = TrainingSession(
                self.mode.currentData(),
                skills,
                self.count.value(),
                seed=_seed(),
                progress=self.progress,
                trainee_id=trainee_id,
                seconds_per_drill=per_drill,
                table=self.game.currentData(),  # (None: the usual tables; a Razz table's name)
            )  # (an exam: start_exam)
        except ValueError as exc:
            self.explanation.setHtml(f"<p style='color:#b00020'><b>{html.escape(error_words(exc))}</b></p>")
            return
        self.certificate_button.setVisible(False)
        self._lock_form(True)
        self.next_drill()

    def _lock_form(self, locked: bool):
        """During a session the trainee, mode and skills stay as they were started."""
        for w in (
            self.trainee,
            self.mode,
            self.game,
            self.count,
            self.per_drill,
            self.skills,
            self.exam_picker,
            self.start_button,
        ):
            w.setEnabled(not locked)
        # during an exam its blueprint's summary gives its room to the drill (the clock shows the time)
        self.exam_picker.summary.setVisible(not locked and self.mode.currentData() == "exam")
        # and the game's row too (the felt's header and the question name the game): at 1280x720
        # the answer of a legal-action drill needs that height
        self.form.setRowVisible(self.game, not locked and self.mode.currentData() not in ("exam", "spot"))

    def _mode_rows(self):
        """Learn and practice: the drills and skills are the trainee's; an exam: the blueprint's."""
        exam = self.mode.currentData() == "exam"
        self.form.setRowVisible(self.exam_picker, exam)
        self.exam_picker.summary.setVisible(exam)
        self.form.setRowVisible(self.skills, not exam)
        self.form.setRowVisible(self.game, self.mode.currentData() not in ("exam", "spot"))
        self.form.setRowVisible(self._numbers, not exam)

    # --- an exam: the instructor's blueprint, timed --------------------------------------------
    def start_exam(self):
        """The picked blueprint, its seal checked (one edited in the database is refused), taken
        as it is: its drills from its seed and this attempt's own, its time limit on the clock."""
        self.explanation.setVisible(True)
        name = self.trainee.currentText().strip()
        bp_id = self.exam_picker.current_id()
        problem = (
            self.tr("Type the trainee's name first: the answers are kept for them.")
            if not name
            else self.tr("Pick an exam blueprint: an instructor makes and locks one.")
            if not bp_id or self.exams is None or self.progress is None
            else ""
        )
        if problem:
            self.explanation.setHtml(f"<p style='color:#b00020'><b>{html.escape(problem)}</b></p>")
            return
        assert self.exams is not None and self.progress is not None and bp_id is not None
        try:
            bp = self.exams.blueprint(bp_id)
            trainee_id = self.progress.trainee(name)
            session = ExamSession.of(bp, _seed(), progress=self.progress, trainee_id=trainee_id)
        except ExamError as exc:
            self.explanation.setHtml(f"<p style='color:#b00020'><b>{html.escape(error_words(exc))}</b></p>")
            return
        except ValueError as exc:
            self.explanation.setHtml(f"<p style='color:#b00020'><b>{html.escape(error_words(exc))}</b></p>")
            return
        self.session = session
        self.exam_result = self.exams.start(session, name, trainee_id)
        self.certificate_button.setVisible(False)
        self._lock_form(True)
        self.exam_timer.start()
        self._tick()
        self.next_drill()

    def eventFilter(self, obj, event):
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.FocusIn and (obj is self.trainee or obj is self._name_box):
            QTimer.singleShot(0, self._name_box.selectAll)  # (after the click has placed the cursor)
        return super().eventFilter(obj, event)

    def closeEvent(self, event):
        """A window closed stops its clocks: an exam left open this way stays unfinished (its
        certificate check says so), never finished later by a timer of a window no one sees."""
        self.exam_timer.stop()
        self.drill_timer.stop()
        super().closeEvent(event)

    def _tick(self):
        s = self.session
        if not isinstance(s, ExamSession) or (s.stopped and not self.exam_timer.isActive()):
            return
        left = int(s.remaining() + 0.999)
        self.clock.setText(fill(self.tr("Time left %1"), f"{left // 60}:{left % 60:02d}"))
        if s.time_up and not s.stopped:  # the time is up: what is not answered counts as wrong
            s.stop()
            self.next_button.setVisible(False)
            self._show_facts()
            self._finished()

    # --- spot the dealer's error ----------------------------------------------------------------
    def start_spot(self):
        """A series of spot hands, as many as *Drills* says: each judged when the trainee stops
        (or goes on past the error), the next on Enter, the score of the series at the end."""
        self.session = None
        self._spot_total, self._spot_results, self._spot_verdicts = self.count.value(), [], []
        self.certificate_button.setVisible(False)
        self._lock_form(True)
        self._next_spot()

    def _next_spot(self):
        self.spot_panel = None  # (the last hand's panel is deleted with the answer boxes)
        _clear(self.answer_layout)
        self._show_facts()  # (none: the spot panel tells its own hand step by step)
        self.answer_button.setVisible(False)
        self.next_button.setVisible(False)
        self.question.setText(self.tr("Spot the dealer's error"))
        self.explanation.setHtml("")
        self.explanation.setVisible(False)  # the spot panel has its own
        self.status.setText("")
        self._spot_started = time_now()
        self.spot_panel = SpotPanel(self, make_spot(_seed()), number=len(self._spot_results) + 1, of=self._spot_total)
        self.answer_layout.addWidget(self.spot_panel)
        self.spot_panel.show()
        self.spot_panel.setFocus()

    def show_moment(self, moment: Moment):
        """The table as it stood at a step (the spot drill's)."""
        self.bridge.controller = moment
        self.bridge.changed.emit("table")

    def show_story(self, steps: list[str]):
        """Spot the dealer's error: the hand so far is the steps told up to now, the last in bold."""
        e = html.escape
        self.facts.setHtml(
            "".join(
                f"<div>{i}. {e(text)}</div>" if i < len(steps) else f"<div><b>{i}. {e(text)}</b></div>"
                for i, text in enumerate(steps, start=1)
            )
        )
        bar = self.facts.verticalScrollBar()
        bar.setValue(bar.maximum())

    def spot_judged(self, verdict):
        """A spot hand judged: kept for the trainee, then the next hand (Enter) or the series'
        score."""
        right = verdict.right
        if self.progress is not None and self.trainee.currentText().strip():
            trainee_id = self.progress.trainee(self.trainee.currentText().strip())
            self.progress.record(trainee_id, "spot-the-error", "spot", right, time_now() - self._spot_started)
        self._spot_results.append(right)
        self._spot_verdicts.append(verdict)
        done = len(self._spot_results)
        if done < self._spot_total:
            self.next_button.setText(fill(self.tr("Next hand (%1 of %2)  [Enter]"), done + 1, self._spot_total))
            self.next_button.setVisible(True)
            self.status.setText(fill(self.tr("%1 of %2 right so far"), sum(self._spot_results), done))
        else:
            self.next_button.setText(self.tr("Next drill"))
            said = fill(self.tr("Spot the dealer's error: %1 of %2 hands right"), sum(self._spot_results), done)
            self.status.setText(said)
            self._lock_form(False)
            self._spot_summary(said)

    def _spot_summary(self, said: str):
        """The series' end, under the last hand's feedback: the score and each hand's verdict."""
        e = html.escape
        right, wrong, half = self.tr("right"), self.tr("wrong"), self.tr("the right step, the wrong remedy")
        hand = self.tr("Hand %1: %2")
        items = "".join(
            "<li>" + e(fill(hand, n, right if v.right else half if v.at_error else wrong)) + "</li>"
            for n, v in enumerate(self._spot_verdicts, start=1)
        )
        panel = self.spot_panel
        if panel is not None:
            panel.feedback.append(f"<hr><p style='font-size:14pt'><b>{e(said)}</b></p><ul>{items}</ul>")

    def next_drill(self):
        if self.session is None and self._spot_results and len(self._spot_results) < self._spot_total:
            self._next_spot()
            return
        assert self.session is not None
        self.spot_panel = None  # (a spot hand's panel goes with the answer boxes)
        drill = self.session.next()
        self.next_button.setVisible(False)
        self._show_facts()  # (the next drill's hand, or none when the session is over)
        if drill is None:
            self._finished()
            return
        self.moment = moment_of(drill)
        self.bridge.controller = self.moment
        self.bridge.changed.emit("table")
        done, count = len(self.session.results), self.session.count
        review = self.tr(" (your mistakes again)") if self.session.reviewing else ""
        self.status.setText(fill(self.tr("Drill %1 of %2%3"), str(min(done + 1, count)), str(count), review))
        self.question.setText(question_text(drill))
        self._build_answer(drill)
        hint = self.session.hint()
        self.explanation.setHtml(self._rules_html(hint, self.tr("The rules for this drill")) if hint else "")
        if self.session.seconds_per_drill is not None:
            self.drill_timer.start()
            self._drill_tick()

    def _build_answer(self, drill: Drill):
        _clear(self.answer_layout)
        self.entry: QLineEdit | None = None
        self.ticks: dict[str, QCheckBox] = {}
        self.amounts: dict[str, QLineEdit] = {}
        self.lines: QPlainTextEdit | None = None
        self.cards: dict[str, QPushButton] = {}
        self.remedies: dict[str, QRadioButton] = {}  # the irregularity quiz: a remedy, then yes/no
        self.applies: dict[bool, QRadioButton] = {}
        skill = drill.skill
        hint = QLabel()
        hint.setWordWrap(True)
        self.answer_layout.addWidget(hint)
        if skill in SEAT_SKILLS:
            hint.setText(self.tr("Click the seat on the table, or type its number and Enter."))
            self._entry(self.tr("Seat"))
        elif skill in ("pot", "stub"):
            hint.setText(
                self.tr("Every ante and bet, those still in front of the players too. Type the amount and Enter.")
                if skill == "pot"
                else self.tr("Type the number of cards and Enter.")
            )
            self._entry(self.tr("Amount") if skill == "pot" else self.tr("Cards"))
        elif skill == "shortage":
            hint.setText(self.tr("Tick what the dealer does before this round."))
            for key, label in (
                ("burn", self.tr("Burn a card")),
                ("reshuffle_burns", self.tr("Shuffle the burns into the stub")),
                ("common_card", self.tr("Deal one common card")),
            ):
                self.ticks[key] = QCheckBox(label)
                self.answer_layout.addWidget(self.ticks[key])
        elif skill == "legal-action":
            hint.setText(self.tr("Tick every legal action; give its amount (to), or a range as min-max."))
            grid = QGridLayout()
            for row, action in enumerate(("fold", "check", "call", "bring_in", "complete", "bet", "raise")):
                self.ticks[action] = QCheckBox(action_name(action))
                grid.addWidget(self.ticks[action], row, 0)
                if action not in ("fold", "check"):
                    self.amounts[action] = QLineEdit()
                    grid.addWidget(self.amounts[action], row, 1)
            holder = QWidget()
            holder.setLayout(grid)
            self.answer_layout.addWidget(holder)
        elif skill in ("side-pots", "winners"):
            hint.setText(
                self.tr("One line per pot, main pot first: the amount, a colon, the seats eligible (e.g. 21: 1 2 3)")
                if skill == "side-pots"
                else self.tr(
                    "One line per pot, main pot first: the amount, a colon, each winner's seat and "
                    "share (e.g. 120: 3 60, 5 60)"
                )
            )
            hint.setText(hint.text() + "\n" + self.tr("Enter answers; Shift+Enter starts a new line."))
            self.lines = QPlainTextEdit()
            self.lines.setMaximumHeight(110)
            self.answer_layout.addWidget(self.lines)
        elif skill in ("best-five", "low-hand"):
            seat = drill.answer["seat"]
            hint.setText(
                fill(self.tr("Razz: click the five cards of seat %1's best low (ace to five, R-1)."), str(seat))
                if skill == "best-five" and drill.game == "razz"
                else fill(self.tr("Click the five cards of seat %1's best hand."), str(seat))
                if skill == "best-five"
                else fill(
                    self.tr("Click the five cards of seat %1's best low (eight or better), or tick No low."), str(seat)
                )
            )
            self._card_buttons(drill, seat)
            if skill == "low-hand":
                self.ticks["no_low"] = QCheckBox(self.tr("No low (fewer than five different cards eight or lower)"))
                self.answer_layout.addWidget(self.ticks["no_low"])
        elif skill in (*CHIP_SKILLS, "split-pot"):
            self._chips_answer(drill, hint)
        elif skill == "irregularity":
            self._remedy_answer(drill, hint)
        self.answer_button.setVisible(True)
        for i in range(self.answer_layout.count()):  # shown now (Qt would show them at the next event),
            item = self.answer_layout.itemAt(i)  # so the keyboard is in the answer box at once
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.show()
        first = (
            self.entry
            or next(iter(self.cards.values()), None)
            or next(iter(self.amounts.values()), None)
            or next(iter(self.ticks.values()), None)
            or self.lines
            or next(iter(self.remedies.values()), None)
        )
        if first is not None:  # the keyboard in the answer at once, whatever its kind
            first.setFocus()

    def _card_buttons(self, drill: Drill, seat: int):
        """The seat's cards as buttons to click; a picked one stands out (thick border, another
        background)."""

        assert drill.hand is not None
        p = drill.hand.by_seat[seat]
        line = QHBoxLayout()
        for c in p.down + p.up + ([drill.hand.common] if drill.hand.common is not None else []):
            if c is None:
                continue
            b = QPushButton(card_words(c))
            b.setCheckable(True)
            b.setFixedWidth(52)
            b.setStyleSheet(
                "QPushButton { border: 1px solid #888888; background: #ffffff; padding: 4px; }"
                "QPushButton:checked { border: 4px solid #0b57d0; background: #ffe082; "
                "font-weight: bold; }"
            )
            self.cards[format_card(c)] = b
            line.addWidget(b)
        holder = QWidget()
        holder.setLayout(line)
        self.answer_layout.addWidget(holder)

    def _chips_answer(self, drill: Drill, hint: QLabel):
        """Chips: the stack, the chip put out or the pot's winners said beside the table; an
        amount to type, a count per chip, or each winner's share."""
        assert drill.hand is not None
        said = case_lines(drill.skill, drill.hand, drill.case)
        if drill.skill == "chip-count":
            hint.setText("\n".join([*said, self.tr("Count it: type the amount and Enter.")]))
            self._entry(self.tr("Amount"))
            return
        grid = QGridLayout()
        if drill.skill == "split-pot":
            hint.setText("\n".join([*said, self.tr("Type each winner's share (Tab to the next, Enter answers).")]))
            keys = [(str(s), fill(self.tr("Seat %1"), s)) for s in sorted(drill.hand.pots_awarded[0]["eligible"])]
        else:
            hint.setText("\n".join([*said, self.tr("Type how many of each chip (Tab to the next, Enter answers).")]))
            currency = drill.hand.rules.currency
            keys = [(str(c), chip_name(c, drill.case, currency)) for c, _colour in reversed(drill.case["chips"])]
        for row, (key, label) in enumerate(keys):
            grid.addWidget(QLabel(label), row, 0)
            self.amounts[key] = QLineEdit()
            self.amounts[key].returnPressed.connect(self.submit)
            grid.addWidget(self.amounts[key], row, 1)
        holder = QWidget()
        holder.setLayout(grid)
        self.answer_layout.addWidget(holder)

    def _remedy_answer(self, drill: Drill, hint: QLabel):
        """The irregularity quiz: what happened said beside the table; one remedy to pick (arrow
        keys in the list), then whether it applies now (Tab, arrow keys); Enter answers."""
        assert drill.hand is not None
        hint.setText(
            "\n".join(
                [
                    *irregularity_lines(drill.hand, drill.case),
                    self.tr("Pick the remedy, then whether it applies now (Tab to it, arrow keys, Enter answers)."),
                ]
            )
        )
        for group, options in (
            (self.remedies, [(r, remedy_name(r)) for r in REMEDIES]),
            (
                self.applies,
                [
                    (True, self.tr("It applies now (corrected, binding, a misdeal, …)")),
                    (False, self.tr("Not now (the action stands, not binding, the hand plays on)")),
                ],
            ),
        ):
            box = QWidget()  # (each group its own parent: the radio buttons of one exclude each other)
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            for key, label in options:
                group[key] = QRadioButton(label)  # type: ignore[index]
                column.addWidget(group[key])  # type: ignore[index]
            self.answer_layout.addWidget(box)

    def _entry(self, label: str):
        self.entry = QLineEdit()
        self.entry.setPlaceholderText(label)
        self.entry.returnPressed.connect(self.submit)
        self.answer_layout.addWidget(self.entry)

    def _seat_clicked(self, seat: int):
        if (
            self.session is not None
            and self.session.current is not None
            and self.session.current.skill in SEAT_SKILLS
            and self.answer_button.isVisible()
        ):
            self._judge({"seat": seat})

    def given(self) -> dict:
        """The trainee's answer in the drill's own form (ValueError: it cannot be read)."""
        assert self.session is not None and self.session.current is not None
        skill = self.session.current.skill
        typed = self.entry.text().strip() if self.entry is not None else ""
        if skill in (*SEAT_SKILLS, "stub") and not typed.isdigit():
            raise ValueError(
                self.tr("type a number") if typed == "" else fill(self.tr("%1 is not a number"), repr(typed))
            )
        if skill in SEAT_SKILLS:
            seats = {v.seat for v in self.moment.seats()} if self.moment is not None else set()
            if seats and int(typed) not in seats:  # (a slip, not an answer: said, the drill still asked)
                raise ValueError(
                    fill(
                        self.tr("there is no seat %1 at this table (the seats: %2)"),
                        int(typed),
                        ", ".join(str(x) for x in sorted(seats)),
                    )
                )
            return {"seat": int(typed)}
        if skill == "pot":
            if not typed:
                raise ValueError(self.tr("type the amount first"))
            return {"pot": typed_cents(typed)}
        if skill in ("chip-count", "split-pot", "make-change", "colour-up", "low-hand", "irregularity"):
            return self._given_new(skill, typed)
        if skill == "stub":
            return {"stub": int(typed)}
        if skill == "shortage":
            return {k: box.isChecked() for k, box in self.ticks.items()}
        if skill == "legal-action":
            legal = []
            for action, box in self.ticks.items():
                if not box.isChecked():
                    continue
                text = self.amounts[action].text().strip() if action in self.amounts else ""
                if "-" in text:
                    low, high = text.split("-", 1)
                    legal.append({"action": action, "min_to": typed_cents(low), "max_to": typed_cents(high)})
                elif text:
                    legal.append({"action": action, "to": typed_cents(text)})
                else:
                    legal.append({"action": action})
            return {"legal": legal}
        if skill in ("side-pots", "winners"):
            return self._given_pots(skill)
        return {"cards": [code for code, b in self.cards.items() if b.isChecked()]}

    def _given_pots(self, skill: str) -> dict:
        """Side pots or winners: a line per pot, the amount, a colon, then the seats (or each
        winner's seat and share)."""
        pots = []
        for line in (self.lines.toPlainText() if self.lines is not None else "").splitlines():
            if not line.strip():
                continue
            amount, colon, rest = line.partition(":")
            if not colon or not rest.strip():
                raise ValueError(fill(self.tr("%1: the amount, a colon, then the seats"), line.strip()))
            if skill == "side-pots":
                seats = rest.replace(",", " ").split()
                if not all(x.isdigit() for x in seats):
                    raise ValueError(fill(self.tr("%1: seat numbers"), rest.strip()))
                pots.append({"amount": typed_cents(amount), "eligible": [int(x) for x in seats]})
            else:
                shares = {}
                for part in rest.split(","):
                    words = part.split()
                    if len(words) != 2 or not words[0].isdigit():
                        raise ValueError(fill(self.tr("%1: a seat number and its share"), part.strip()))
                    shares[str(int(words[0]))] = typed_cents(words[1])
                pots.append({"amount": typed_cents(amount), "winners": shares})
        if not pots:  # an Enter with nothing typed is a slip, not an answer
            raise ValueError(self.tr("type the pots first: one line each, the amount, a colon, then the seats"))
        return {"pots": pots}

    def _given_new(self, skill: str, typed: str) -> dict:
        """Low hand, the chips' and the irregularity quiz's answers."""
        if skill == "irregularity":
            remedy = next((r for r, b in self.remedies.items() if b.isChecked()), None)
            applies = next((a for a, b in self.applies.items() if b.isChecked()), None)
            if remedy is None:
                raise ValueError(self.tr("pick a remedy"))
            if applies is None and remedy != "I-3":  # (the floor's ruling: nothing else to say)
                raise ValueError(self.tr("say whether it applies now"))
            return {"remedy": remedy, "applies": applies}
        if skill == "chip-count":
            return {"amount": typed_cents(typed)}
        if skill == "split-pot":
            return {"shares": {seat: typed_cents(b.text()) for seat, b in self.amounts.items() if b.text().strip()}}
        if skill in ("make-change", "colour-up"):
            counts = {}
            for cents, box in self.amounts.items():
                text = box.text().strip()
                if text and not text.isdigit():
                    raise ValueError(fill(self.tr("%1 is not a number"), repr(text)))
                counts[cents] = int(text or 0)
            return {"chips": counts}
        if self.ticks["no_low"].isChecked():
            return {"cards": []}
        return {"cards": [code for code, b in self.cards.items() if b.isChecked()]}

    def submit(self):
        if self.session is None or self.session.current is None or not self.answer_button.isVisible():
            return
        try:
            given = self.given()
        except (ValueError, TypeError) as exc:
            said = fill(self.tr("The answer cannot be read: %1"), str(exc))
            self.explanation.setHtml(f"<p style='color:#b00020'><b>{html.escape(said)}</b></p>")
            return
        self._judge(given)

    def _drill_tick(self):
        s = self.session
        left = s.time_left() if s is not None and self.answer_button.isVisible() else None
        if left is None:
            self.drill_timer.stop()
            return
        self.clock.setText(fill(self.tr("%1 s left for this drill"), int(left + 0.999)))
        if left <= 0:
            self.drill_timer.stop()
            self._judge({"time_up": True})  # the time is up: counted wrong, and said

    def _judge(self, given: dict):
        assert self.session is not None and self.moment is not None
        self.drill_timer.stop()
        drill = self.session.current
        result = self.session.answer(given)
        self.answer_button.setVisible(False)
        self.next_button.setVisible(True)
        self.next_button.setFocus()
        if result is None:  # an exam: no feedback until the end
            self.explanation.setHtml(self.tr("Answer kept. Next drill."))
            return
        self._explain(result)
        assert drill is not None
        self._say_pace(result)

    def _say_pace(self, result: Result):
        """The speed beside the accuracy: the seconds against the skill's target, or time up."""

        target = speed_target(result.drill.skill)
        if result.late:
            assert self.session is not None
            said = fill(self.tr("Time up: %1 s per drill — counted wrong"), self.session.seconds_per_drill)
            colour = "#b00020"
        elif not result.right:  # (the speed of a wrong answer is no praise)
            said = fill(
                self.tr("Time: %1 s (the target for this skill is %2 s)"), seconds_words(result.seconds), f"{target:g}"
            )
            colour = "#555555"
        elif result.on_pace:
            said = fill(
                self.tr("On pace: %1 s (the target for this skill is %2 s)"),
                seconds_words(result.seconds),
                f"{target:g}",
            )
            colour = "#1b7f3b"
        else:
            said = fill(
                self.tr("Too slow: %1 s (the target for this skill is %2 s)"),
                seconds_words(result.seconds),
                f"{target:g}",
            )
            colour = "#9a6700"
        self.clock.setText("")
        from PySide6.QtGui import QTextCursor

        cursor = QTextCursor(self.explanation.document())  # above the verdict's explanation
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        cursor.insertHtml(f"<p style='color:{colour}'><b>{html.escape(said)}</b></p><br>")

    def _explain(self, result: Result):
        drill = result.drill
        assert self.moment is not None
        self.moment.answered = True
        self.moment.highlight = answer_seats(drill)
        self.bridge.changed.emit("table")
        assert self.session is not None
        show = self.session.mode == "learn" or not result.right
        e = html.escape
        verdict = self.tr("Right") if result.right else self.tr("Wrong")
        colour = "#1b7f3b" if result.right else "#b00020"
        out = f"<p style='font-size:18pt; color:{colour}'><b>{e(verdict)}</b> ({result.seconds:.1f} s)</p>"
        if drill.game == "razz":  # the game named, and where its own rules are (R-1 … R-5)
            game, its_rules = self.tr("Razz"), self.tr("the lowest hand wins; Razz's own rules are R-1 to R-5")
            out += f"<p><b>{e(game)}</b> — {e(its_rules)}</p>"
        steps = working(drill.skill, drill.hand, drill.answer, drill.case) if drill.hand is not None else []
        how = "".join(f"<li>{e(line)}</li>" for line in steps)
        if show:
            the_answer, the_working = self.tr("The answer"), self.tr("How it is found")
            out += f"<p><b>{e(the_answer)}:</b> {e(answer_words(drill, self.moment))}</p>"
            if how:
                out += f"<p><b>{e(the_working)}</b></p><ul>{how}</ul>"
            out += self._rules_html(drill.rules, self.tr("Why"))
        elif how:  # a right answer in practice: the short working, without the rules
            out += f"<ul>{how}</ul>"
        self.explanation.setHtml(out)

    def _rules_html(self, rules, title: str) -> str:
        lang = language()
        return f"<p><b>{html.escape(title)}</b></p>" + "".join(
            f"<p><b>{r}</b> {rule_html(rule_text(r, lang))}</p>" for r in rules
        )

    def _finished(self):
        """The session's summary, in every mode: the score and the time per skill, then each
        wrong answer with its question, the answer given and the right one."""

        s = self.session
        assert s is not None
        self._lock_form(False)
        self.answer_button.setVisible(False)
        _clear(self.answer_layout)
        e = html.escape
        head = "".join(
            f"<th align='left'>{e(h)}</th>"
            for h in (
                self.tr("Skill"),
                self.tr("Right"),
                self.tr("Score"),
                self.tr("Mean time"),
                self.tr("Time"),
                self.tr("On pace"),
            )
        )

        pace = s.pace_by_skill()  # the speed beside the accuracy: answers within the skill's target
        rows = "".join(
            f"<tr><td>{e(skill_name(skill))}</td><td>{right}/{asked}</td>"
            f"<td>{right * 100 // asked if asked else 0}%</td><td>{sec:.1f} s</td>"
            f"<td>{sec * sum(r.drill.skill == skill for r in s.results):.0f} s</td>"
            f"<td>{pace.get(skill, (0, 0))[0]}/{asked} (≤ {speed_target(skill):g} s)</td></tr>"
            for skill, (right, asked, sec) in sorted(s.by_skill().items())
        )
        score = fill(self.tr("Score: %1%"), f"{s.score() * 100:.0f}")
        total = fill(self.tr("%1 drills in %2 s"), len(s.results), f"{sum(r.seconds for r in s.results):.0f}")
        out = (
            f"<p style='font-size:16pt'><b>{e(score)}</b></p><p>{e(total)}</p>"
            f"<table cellpadding='3'><tr>{head}</tr>{rows}</table>"
        )
        if s.mode == "exam":
            verdict = self.tr("Passed") if s.passed() else self.tr("Not passed")
            mark = self.tr("pass mark")
            out += f"<p style='font-size:16pt'><b>{e(verdict)}</b> ({e(mark)} {s.pass_mark * 100:.0f}%)</p>"
        retried = list(getattr(s, "reviews", []))  # practice: the mistakes' retries
        if retried:  # (the score is the first pass's; the retries are said beside it)
            out += (
                "<p>"
                + e(fill(self.tr("Your mistakes again: %1 of %2 right"), sum(r.right for r in retried), len(retried)))
                + "</p>"
            )
        wrong = [(r, False) for r in s.results if not r.right] + [(r, True) for r in retried if not r.right]
        yours, the_answer = self.tr("Your answer"), self.tr("The answer")
        if wrong:
            out += "<p><b>" + e(self.tr("Wrong answers")) + "</b></p><ol>"
            for r, again in wrong:
                m = moment_of(r.drill)
                note = self.tr(" (your mistakes again)") if again else ""
                out += (
                    f"<li><b>{e(skill_name(r.drill.skill))}</b>{e(note)}: {e(question_text(r.drill))}<br>"
                    f"{e(yours)}: {e(given_words(r.drill, r.given, m))}<br>"
                    f"{e(the_answer)}: {e(answer_words(r.drill, m))} — {e(', '.join(r.drill.rules))}</li>"
                )
            out += "</ol>"
        else:
            out += "<p>" + e(self.tr("No wrong answers.")) + "</p>"
        if s.mode == "exam":
            out += self._exam_finished(s)
            self.certificate_button.setVisible(True)
        self.question.setText(self.tr("Session over"))
        self.status.setText(self.tr("Session over"))  # (not "Drill 4 of 4 (your mistakes again)")
        self.explanation.setHtml(out)

    def _exam_finished(self, s: TrainingSession) -> str:
        """A blueprint's exam ends: the clock stops, the result is written and sealed; its
        verification ID, and the drills the time left unanswered."""
        if not isinstance(s, ExamSession) or self.exams is None or self.exam_result is None:
            return ""
        self.exam_timer.stop()
        self.clock.setText("")
        if not self.exam_result.finished:
            self.exam_result = self.exams.finish(self.exam_result, s)
        r, e = self.exam_result, html.escape
        out = ""
        if r.timed_out:
            late = self.tr("The time ran out: %1 of %2 drills answered; the others count as wrong.")
            out += f"<p><b>{e(fill(late, str(len(s.results)), str(s.count)))}</b></p>"
        said = self.tr("Exam %1 (%2), set by %3. Verification ID %4, seal %5.")
        for k, v in (
            ("%1", r.blueprint_name),
            ("%2", r.blueprint_id),
            ("%3", r.instructor),
            ("%4", r.id),
            ("%5", r.seal_code),
        ):
            said = said.replace(k, v)
        return out + f"<p>{e(said)}</p>"

    # --- certificate and progress --------------------------------------------------------------------
    def certificate_dialog(self):
        # the file's name in the reader's language, with the trainee's name (letters and digits)
        trainee = "".join(ch for ch in self.trainee.currentText().strip() if ch.isalnum() or ch in "-_")
        stem = self.tr("certificate") + (f"-{trainee}" if trainee else "")
        return save_pdf_dialog(
            self, self.tr("Save the certificate"), f"{stem}.pdf", lambda path: self.write_certificate(Path(path))
        )

    def write_certificate(self, path: Path):
        # (here: the PDF writer loads only when a certificate is written)
        from dealer_app.ui.training_pdf import write_certificate

        assert self.session is not None
        try:
            if isinstance(self.session, ExamSession) and self.exam_result is not None:  # names the exam's own
                write_certificate(self.session, self.exam_result.trainee, path, self.exam_result)
            else:
                write_certificate(self.session, self.trainee.currentText().strip(), path)
        except OSError as exc:
            self.status.setText(fill(self.tr("The certificate cannot be written: %1"), str(exc)))
            return
        self.status.setText(fill(self.tr("Certificate written: %1"), str(path)))

    def show_progress(self):
        if self.progress is None:
            return None
        name = self.trainee.currentText().strip()
        ids = {n: i for i, n in self.progress.trainees()}
        if name not in ids:
            self.explanation.setHtml(html.escape(fill(self.tr("No answers of %1 yet."), name)))
            return None
        view = ProgressView(self.progress, ids[name], name, self, exams=self.exams)
        view.show()
        self._progress_view = view
        return view


class _TrainerKeys(WindowKeys):
    """Enter answers (or goes to the next drill; Shift+Enter is a new line in a multi-line
    answer), → steps in spot mode and Alt+H shows the whole hand or this street, wherever the
    focus is in the trainer (a push button takes only Space of itself)."""

    window: TrainerWindow

    def key_event(self, obj: QWidget, event: QKeyEvent) -> bool:
        w, key = self.window, event.key()
        if key == Qt.Key.Key_H and event.modifiers() & Qt.KeyboardModifier.AltModifier:
            w.whole_hand.toggle()  # the hand so far: this street only, or the whole hand
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if isinstance(obj, QPlainTextEdit) and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                return False  # Shift+Enter: a new line in a multi-line answer (Enter answers, as everywhere)
            if w.next_button.isVisible():
                w.next_drill()
                return True
            if w.answer_button.isVisible():
                w.submit()
                return True
        if (
            key == Qt.Key.Key_Right
            and w.spot_panel is not None
            and w.spot_panel.isVisible()
            and not isinstance(obj, (QLineEdit, QPlainTextEdit))
        ):
            w.spot_panel.step()
            return True
        return False


class ProgressView(QWidget):
    """Accuracy and speed per skill, and the accuracy per day of each skill as a chart."""

    def __init__(self, progress, trainee_id: int, name: str, parent=None, exams=None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(fill(self.tr("Progress — %1"), name))
        layout = QVBoxLayout(self)
        stats = progress.stats(trainee_id)
        self.table = QTableWidget(len(stats), 4)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Skill"), self.tr("Answers"), self.tr("Right"), self.tr("Mean time")]
        )
        for row, s in enumerate(stats):
            cells = (
                skill_name(s.skill),
                str(s.attempts),
                f"{s.accuracy * 100:.0f}%",
                f"{seconds_words(s.mean_seconds)} s",
            )
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        # every skill's row in sight (up to six; it scrolls past): the charts have the rest
        shown_rows = min(max(len(stats), 1), 6)
        self.table.setMinimumHeight(
            self.table.horizontalHeader().height() + 4 + sum(self.table.rowHeight(r) for r in range(shown_rows))
            if stats
            else 60
        )
        layout.addWidget(self.table)
        self.progress, self.trainee_id = progress, trainee_id
        self.weak = progress.weak_skills(trainee_id)
        self.weak_label = QLabel(self._weak_words())
        self.weak_label.setObjectName("weak_skills")
        self.weak_label.setWordWrap(True)
        layout.addWidget(self.weak_label)
        self.exams = self._exams_table(exams, trainee_id)
        if self.exams is not None:
            layout.addWidget(QLabel(self.tr("Exams")))
            layout.addWidget(self.exams)
        series = {s.skill: progress.by_day(trainee_id, s.skill) for s in stats}
        self.chart = AccuracyChart(series)
        self.speed_chart = AccuracyChart(series, speed=True)  # the mean seconds an answer took, per day
        self.tabs = QTabWidget()
        self.tabs.tabBar().setUsesScrollButtons(False)  # (every tab whole: the window is at least as wide)
        days = QWidget()
        by_day = QVBoxLayout(days)
        by_day.addWidget(QLabel(self.tr("Right answers per day")))
        by_day.addWidget(self.chart, 1)
        by_day.addWidget(QLabel(self.tr("Seconds per answer, per day")))
        by_day.addWidget(self.speed_chart, 1)
        self.tabs.addTab(days, self.tr("Per day"))
        self.tabs.addTab(self._weeks_tab(), self.tr("Per week"))
        self.tabs.addTab(self._answers_tab(), self.tr("Answers"))
        layout.addWidget(self.tabs, 1)
        self.review: QWidget | None = None  # the answer opened for review
        fit_window(self, PROGRESS_WINDOW)  # at most the screen it opens on

    def _weak_words(self) -> str:
        if not self.weak:
            return self.tr("No weak skill.")
        parts = []
        for w in self.weak:
            why = []
            if "accuracy" in w.reasons:
                why.append(
                    fill(
                        self.tr("%1% of the last %2 answers right"), f"{w.recent_accuracy * 100:.0f}", w.recent_answers
                    )
                )
            if "overdue" in w.reasons:
                why.append(fill(self.tr("overdue since %1"), w.due.strftime("%Y-%m-%d")))
            parts.append(f"{skill_name(w.skill)} ({', '.join(why)})")
        return fill(self.tr("Weak skills: %1"), "; ".join(parts))

    def _weeks_tab(self) -> QWidget:
        """Accuracy and mean time per ISO week and skill: a chart and a table."""

        weeks = self.progress.weekly(self.trainee_id)
        box = QWidget()
        column = QVBoxLayout(box)
        self.trend = TrendChart(series_of(weeks), {w.skill for w in self.weak})
        column.addWidget(self.trend, 1)
        self.weeks = QTableWidget(len(weeks), 5)
        self.weeks.setObjectName("weeks")
        self.weeks.setHorizontalHeaderLabels(
            [self.tr("Week"), self.tr("Skill"), self.tr("Answers"), self.tr("Right"), self.tr("Mean time")]
        )
        for row, w in enumerate(reversed(weeks)):  # the newest week first
            cells = (w.week, skill_name(w.skill), str(w.answers), f"{w.accuracy * 100:.0f}%", f"{w.mean_seconds:.1f} s")
            for col, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.weeks.setItem(row, col, cell)
        column.addWidget(self.weeks, 1)
        return box

    def _answers_tab(self) -> QWidget:
        """Every answer, the newest first; the one picked opens rebuilt from its seed."""
        self.answers = self.progress.attempts(self.trainee_id)
        box = QWidget()
        column = QVBoxLayout(box)
        self.answers_table = QTableWidget(len(self.answers), 5)
        self.answers_table.setObjectName("answers")
        self.answers_table.setHorizontalHeaderLabels(
            [self.tr("Date (UTC)"), self.tr("Skill"), self.tr("Mode"), self.tr("Result"), self.tr("Time")]
        )
        self.answers_table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.answers_table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)

        for row, a in enumerate(self.answers):
            cells = (
                a.at[:16].replace("T", " "),
                skill_name(a.skill),
                _mode_words(a.mode),
                self.tr("Right") if a.right else self.tr("Wrong"),
                f"{a.seconds:.1f} s",
            )
            for col, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.answers_table.setItem(row, col, cell)
        self.answers_table.cellDoubleClicked.connect(lambda row, _col: self.open_review(row))
        column.addWidget(self.answers_table, 1)
        self.review_button = QPushButton(self.tr("Review the answer…"))
        self.review_button.clicked.connect(lambda: self.open_review(self.answers_table.currentRow()))
        column.addWidget(self.review_button)
        return box

    def open_review(self, row: int):
        """The answer of the row, its drill rebuilt on the table (None: no row picked)."""
        if not 0 <= row < len(self.answers):
            return None

        self.review = DrillReview(self.answers[row], self)
        self.review.show()
        return self.review

    def _exams_table(self, book, trainee_id: int) -> QTableWidget | None:
        """The trainee's exams: when, which blueprint and instructor, the score, the verdict
        (checked against the seals) and the certificate's verification ID."""
        if book is None:
            return None
        listed = book.listing(trainee_id)
        table = QTableWidget(len(listed), 6)
        table.setObjectName("exams")
        table.setHorizontalHeaderLabels(
            [
                self.tr("Date (UTC)"),
                self.tr("Exam blueprint"),
                self.tr("Instructor"),
                self.tr("Score"),
                self.tr("Passed?"),
                self.tr("Verification ID"),
            ]
        )
        for row, item in enumerate(reversed(listed)):  # the newest first
            r = item.result
            verdict = (
                self.tr("not finished") if not r.finished else self.tr("Passed") if r.passed else self.tr("Not passed")
            )
            if item.genuine is False:
                verdict += " — " + self.tr("NOT GENUINE")
            cells = (
                (r.finished_at or r.started_at)[:16].replace("T", " "),
                f"{r.blueprint_name} ({r.blueprint_id})",
                r.instructor,
                f"{r.right}/{r.asked} ({r.score_percent}%)",
                verdict,
                r.id,
            )
            for col, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                table.setItem(row, col, cell)
        table.setMaximumHeight(140)
        return table


class AccuracyChart(QWidget):
    """One line per skill: accuracy (0–100%) per day drilled, or (``speed``) the mean seconds
    per answer, on a scale up to the slowest day."""

    COLOURS = (
        "#1f77b4",
        "#ff7f0e",
        "#2ca02c",
        "#d62728",
        "#9467bd",
        "#8c564b",
        "#e377c2",
        "#7f7f7f",
        "#bcbd22",
        "#17becf",
    )

    def __init__(self, series: dict[str, list[tuple[str, float, float]]], parent=None, speed: bool = False):
        super().__init__(parent)
        self.series, self.speed = series, speed
        self.top = max((sec for points in series.values() for _d, _a, sec in points), default=0.0) or 1.0
        self.setMinimumHeight(200)

    def _share(self, acc: float, sec: float) -> float:
        return sec / self.top if self.speed else acc

    def paintEvent(self, _event):
        from PySide6.QtCore import QPointF
        from PySide6.QtGui import QColor, QPainter, QPen

        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h, left, bottom = self.width(), self.height(), 44, 28
        p.fillRect(self.rect(), QColor("#ffffff"))
        p.setPen(QPen(QColor("#888888"), 1))
        p.drawLine(left, 10, left, h - bottom)
        p.drawLine(left, h - bottom, w - 10, h - bottom)
        for pct in (0, 50, 100):
            y = h - bottom - (h - bottom - 10) * pct / 100
            # (one decimal where whole seconds would repeat a label: a top of 1.2 s read "1 s" twice)
            label = (
                (f"{seconds_words(self.top * pct / 100)} s" if self.top < 10 else f"{self.top * pct / 100:.0f} s")
                if self.speed
                else f"{pct}%"
            )
            p.drawText(4, int(y) + 4, label)
        days = sorted({day for points in self.series.values() for day, _a, _s in points})
        if not days:
            p.drawText(left + 10, h // 2, self.tr("No answers yet"))
            return
        x_of = {day: left + 10 + (w - left - 30) * (i / max(1, len(days) - 1)) for i, day in enumerate(days)}
        for i, (skill, points) in enumerate(sorted(self.series.items())):
            colour = QColor(self.COLOURS[i % len(self.COLOURS)])
            p.setPen(QPen(colour, 2))
            height = h - bottom - 10
            coords = [QPointF(x_of[d], h - bottom - height * self._share(acc, sec)) for d, acc, sec in points]
            for a, b in itertools.pairwise(coords):
                p.drawLine(a, b)
            for c in coords:
                p.drawEllipse(c, 3, 3)
            p.drawText(w - 150, 20 + 16 * i, skill_name(skill))
        p.setPen(QPen(QColor("#444444"), 1))
        p.drawText(left, h - 8, days[0])
        if len(days) > 1:
            p.drawText(w - 90, h - 8, days[-1])


def _clear(layout) -> None:
    """Take every widget out of a layout (the last drill's answer boxes)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()  # gone from the screen now; deleted when the event loop next runs
            widget.deleteLater()


def time_now() -> float:
    import time

    return time.monotonic()


def _seed() -> int:
    import secrets

    return secrets.randbelow(10**9)

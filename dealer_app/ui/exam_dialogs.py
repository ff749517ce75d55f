"""The instructor's side of the exams: making and locking an exam blueprint, registering an
instructor; and the trainee's exam picker, which shows a locked blueprint and lets nothing of
it be changed.

Thin: blueprints, PINs and seals are ``training/exam.py``. Every box is reached with Tab,
ticked with Space, and Enter locks (the dialog's default button).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.limits import load_folder
from dealer_app.record.chain import KeyProblem, load_or_create_key
from dealer_app.training.drills import SKILLS
from dealer_app.training.exam import MAX_PER_SKILL, MAX_TIME_S, Blueprint, ExamBook, ExamError, SkillCount
from dealer_app.ui.drill_view import skill_name
from dealer_app.ui.screen_fit import keep_wrapped_lines
from dealer_app.ui.words import error_words, fill

translate = QCoreApplication.translate


def exam_book_of(progress) -> ExamBook | None:
    """The exam tables beside the trainer's (None: no record to keep them in, or no key to seal
    them with)."""
    if progress is None:
        return None

    try:
        return ExamBook(progress.db, load_or_create_key())
    except (KeyProblem, OSError):
        return None


def blueprint_summary(bp: Blueprint) -> str:
    """A locked blueprint in words: what the trainee will be asked, where, in what time."""

    skills = ", ".join(f"{skill_name(s.skill)} ×{s.count}" for s in bp.skills)
    tables = ", ".join(bp.tables)
    profiles = ", ".join(bp.profiles) if bp.profiles else translate("Exams", "each table's own house profile")
    # (through fill: an instructor or blueprint named with "%2" in it stays as typed)
    return (
        fill(
            translate("Exams", "%1 drills in %2 minutes, pass mark %3%; set by %4 (%5)"),
            bp.drills,
            bp.time_limit_s // 60,
            bp.pass_mark,
            bp.instructor,
            bp.id,
        )
        + "\n"
        + fill(translate("Exams", "Skills: %1"), skills)
        + "\n"
        + fill(translate("Exams", "Tables: %1 (%2)"), tables, profiles)
    )


class ExamPicker(QWidget):
    """The trainee's choice of exam: a locked blueprint from a list (not editable), what it asks
    shown as text, and the instructor's button to make one."""

    def __init__(self, book: ExamBook | None, parent=None):
        super().__init__(parent)
        self.book = book
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.combo = QComboBox()  # (not editable: a blueprint is taken as it was locked)
        self.combo.currentIndexChanged.connect(self._show)
        self.summary = QLabel()  # (laid out by the window, as a row of its own: its lines wrap in the full width)
        self.summary.setWordWrap(True)
        self.summary.setObjectName("blueprint_summary")
        self.instructor_button = QPushButton(self.tr("Exam blueprints (instructor)…"))
        self.instructor_button.clicked.connect(self.open_blueprints)
        self.instructor_button.setEnabled(book is not None)
        layout.addWidget(self.combo)
        layout.addWidget(self.instructor_button)
        self.refresh()

    def refresh(self, select: str | None = None):
        self.blueprints = self.book.blueprints() if self.book is not None else []
        self.combo.blockSignals(True)
        self.combo.clear()
        for bp in self.blueprints:
            self.combo.addItem(f"{bp.name} ({bp.id})", bp.id)
        if select is not None and self.combo.findData(select) >= 0:
            self.combo.setCurrentIndex(self.combo.findData(select))
        self.combo.blockSignals(False)
        self._show()

    def current_id(self) -> str | None:
        data = self.combo.currentData()
        return str(data) if data else None

    def _show(self, _index: int = 0):
        bp = next((b for b in self.blueprints if b.id == self.current_id()), None)
        if bp is not None and self.book is not None:
            try:
                self.summary.setText(blueprint_summary(self.book.blueprint(bp.id)))  # its seal checked
            except ExamError as exc:  # changed in the database since it was locked: said, and never taken
                self.summary.setText(error_words(exc))
        elif self.book is None:
            self.summary.setText(self.tr("Exams need the record's database: open the trainer from the app."))
        else:
            self.summary.setText(self.tr("No exam blueprint yet: an instructor makes and locks one (Exam blueprints)."))

    def setEnabled(self, enabled: bool):  # noqa: N802 - Qt's name
        self.combo.setEnabled(enabled)
        self.instructor_button.setEnabled(enabled and self.book is not None)

    def _back(self, _result: int = 0):
        """The dialog closed: the keys back in the trainer, on the blueprints."""
        self.window().activateWindow()
        self.combo.setFocus()

    def open_blueprints(self) -> BlueprintDialog | None:
        if self.book is None:
            return None
        dialog = BlueprintDialog(self.book, self)
        dialog.locked.connect(lambda bp_id: self.refresh(select=bp_id))
        dialog.finished.connect(self._back)
        dialog.open()
        self._dialog = dialog
        return dialog


class BlueprintDialog(QDialog):
    """An exam blueprint made and locked by an instructor (name and PIN). Nothing is stored
    until it is locked, and a locked blueprint is never changed: a new one is made instead."""

    locked = Signal(str)

    def __init__(self, book: ExamBook, parent=None):
        super().__init__(parent)

        self.book = book
        self.setWindowTitle(self.tr("Exam blueprint"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setMaxLength(60)
        self.name.setPlaceholderText(self.tr("e.g. Stud dealer, module 1"))
        form.addRow(self.tr("&Name"), self.name)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Drills of each skill (0: not asked)")))
        grid = QGridLayout()
        self.counts: dict[str, QSpinBox] = {}
        for i, skill in enumerate(SKILLS):
            box = QSpinBox()
            box.setRange(0, MAX_PER_SKILL)
            box.setValue(0)
            label = QLabel(skill_name(skill))
            label.setBuddy(box)
            grid.addWidget(label, i // 2, (i % 2) * 2)
            grid.addWidget(box, i // 2, (i % 2) * 2 + 1)
            self.counts[skill] = box
        layout.addLayout(grid)
        catalog = load_folder()
        self.tables = _ticks(sorted(catalog.tables))
        self.profiles = _ticks(sorted(catalog.profiles))
        lists = QHBoxLayout()
        for title, ticks in (
            (self.tr("Limit &tables (Space ticks)"), self.tables),
            (self.tr("House &profiles (none: each table's own)"), self.profiles),
        ):
            column = QVBoxLayout()
            label = QLabel(title)
            label.setBuddy(ticks)
            column.addWidget(label)
            column.addWidget(ticks)
            lists.addLayout(column)
        layout.addLayout(lists)
        rules = QFormLayout()
        self.minutes = QSpinBox()
        self.minutes.setRange(1, MAX_TIME_S // 60)
        self.minutes.setValue(30)
        self.minutes.setSuffix(self.tr(" min"))
        self.pass_mark = QSpinBox()
        self.pass_mark.setRange(1, 100)
        self.pass_mark.setValue(80)
        self.pass_mark.setSuffix(" %")
        rules.addRow(self.tr("Time &limit"), self.minutes)
        rules.addRow(self.tr("Pass &mark"), self.pass_mark)
        self.instructor = QLineEdit()
        self.instructor.setMaxLength(60)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        rules.addRow(self.tr("&Instructor"), self.instructor)
        rules.addRow(self.tr("Instructor's PI&N"), self.pin)
        layout.addLayout(rules)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("blueprint_said")
        layout.addWidget(self.error)
        buttons = QHBoxLayout()
        self.lock_button = QPushButton(self.tr("Lock the blueprint  [Enter]"))
        self.lock_button.setDefault(True)
        self.lock_button.clicked.connect(self.lock)
        self.register_button = QPushButton(self.tr("New instructor…"))
        self.register_button.setAutoDefault(False)
        self.register_button.clicked.connect(self.open_register)
        close = QPushButton(self.tr("Close"))
        close.setAutoDefault(False)
        close.clicked.connect(self.reject)
        for b in (self.lock_button, self.register_button, close):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.locked_list = QListWidget()  # what is locked already (read only)
        self.locked_list.setMaximumHeight(90)
        layout.addWidget(QLabel(self.tr("Locked blueprints")))
        layout.addWidget(self.locked_list)
        self._list_locked()
        if book.registers_freely():
            self.error.setText(self.tr("No instructor yet: register yourself first (New instructor…)."))
        self.name.setFocus()

    def _list_locked(self):
        self.locked_list.clear()
        for bp in self.book.blueprints():
            self.locked_list.addItem(f"{bp.id}  {bp.name} — {bp.instructor}, {bp.locked_at[:10]}")

    def blueprint(self) -> Blueprint:
        """The blueprint as the boxes have it (not yet locked)."""
        return Blueprint(
            self.name.text().strip(),
            tuple(SkillCount(s, box.value()) for s, box in self.counts.items() if box.value() > 0),
            _ticked(self.tables),
            _ticked(self.profiles),
            self.minutes.value() * 60,
            self.pass_mark.value(),
        )

    def lock(self) -> Blueprint | None:
        try:
            bp = self.book.lock(self.blueprint(), self.instructor.text(), self.pin.text())
        except ExamError as exc:
            self.error.setText(error_words(exc))
            self.error.setStyleSheet("color: #b00020")
            self.pin.selectAll()
            return None
        self.pin.clear()
        self.error.setStyleSheet("color: #1b7f3b")
        self.error.setText(
            fill(
                self.tr("Locked: %1 (%2), seal %3. Trainees can take it now; it cannot be changed."),
                bp.name,
                bp.id,
                bp.seal_code,
            )
        )
        self._list_locked()
        self.locked.emit(bp.id)
        return bp

    def open_register(self) -> InstructorDialog:
        dialog = InstructorDialog(self.book, self)
        dialog.registered.connect(self._registered)
        dialog.finished.connect(self._back)
        dialog.open()
        self._register_dialog = dialog
        return dialog

    def _back(self, _result: int = 0):
        self.raise_()
        self.activateWindow()
        self.name.setFocus()

    def _registered(self, name: str):
        self.instructor.setText(name)
        self.error.setStyleSheet("")
        self.error.setText(fill(self.tr("%1 is registered as an instructor."), name))


class InstructorDialog(QDialog):
    """A new instructor: their name and PIN (6 or more characters, typed twice). The record's
    first instructor registers freely; after that an instructor's name and PIN register the next."""

    registered = Signal(str)

    def __init__(self, book: ExamBook, parent=None):
        super().__init__(parent)
        self.book = book
        self.setWindowTitle(self.tr("New instructor"))
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setMaxLength(60)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_again = QLineEdit()
        self.pin_again.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self.tr("New instructor's &name"), self.name)
        form.addRow(self.tr("Their &PIN (6 or more characters)"), self.pin)
        form.addRow(self.tr("The PIN &again"), self.pin_again)
        self.first = book.registers_freely()  # (only a record that has never had an instructor)
        self.by_name = QLineEdit()
        self.by_pin = QLineEdit()
        self.by_pin.setEchoMode(QLineEdit.EchoMode.Password)
        if not self.first:
            form.addRow(QLabel(self.tr("Registered by an instructor:")))
            form.addRow(self.tr("Your name"), self.by_name)
            form.addRow(self.tr("Your PIN"), self.by_pin)
        else:  # the record's first instructor: a floor account approves (no one registers freely)
            form.addRow(QLabel(self.tr("Approved by the floor:")))
            form.addRow(self.tr("Floor account"), self.by_name)
            form.addRow(self.tr("Passphrase"), self.by_pin)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        form.addRow(self.error)
        self.ok = QPushButton(self.tr("Register  [Enter]"))
        self.ok.setDefault(True)
        self.ok.clicked.connect(self.register)
        form.addRow(self.ok)
        self.name.setFocus()

    def _say(self, text: str) -> None:
        """A refusal under the boxes: the dialog is held at least as high as its wrapped lines
        need (made smaller, it would cut them)."""

        self.error.setText(text)
        keep_wrapped_lines(self)
        if self.height() < self.minimumHeight():
            self.resize(self.width(), self.minimumHeight())

    def register(self) -> str | None:
        if self.pin.text() != self.pin_again.text():
            self._say(self.tr("The two PINs differ: type the new PIN twice"))
            return None
        given = (self.by_name.text(), self.by_pin.text())
        try:
            if self.first:
                name = self.book.register_instructor(self.name.text(), self.pin.text(), floor=given)
            else:
                name = self.book.register_instructor(self.name.text(), self.pin.text(), given)
        except ExamError as exc:
            self._say(error_words(exc))
            return None
        self.registered.emit(name)
        self.accept()
        return name


def _ticks(names: list[str]) -> QListWidget:
    box = QListWidget()
    for name in names:
        item = QListWidgetItem(name)
        item.setData(Qt.ItemDataRole.UserRole, name)
        item.setCheckState(Qt.CheckState.Unchecked)
        box.addItem(item)
    box.setMaximumHeight(120)
    return box


def _ticked(box: QListWidget) -> tuple[str, ...]:
    return tuple(
        str(box.item(i).data(Qt.ItemDataRole.UserRole))
        for i in range(box.count())
        if box.item(i).checkState() == Qt.CheckState.Checked
    )

"""The floor console: find a hand, step to the disputed moment, see what was legal and why,
try another action, rule, print the report.

Thin, like the dealer's window: the hands come from ``record/hand_index``, the moments from
``floor/timeline`` (a record-less controller per step, drawn by the dealer's own table view),
the ruling from ``floor/rulings``. Keys, wherever the focus is (but in a text box): ←/→ one
step, PgUp/PgDn a street, Home/End the start and the end.
"""

from __future__ import annotations

import html
import logging
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.catalog import rule_text
from dealer_app.floor.cases import STATUSES
from dealer_app.floor.timeline import HandTimeline, Moment, TimelineError, load_hand
from dealer_app.record.hand_find import HandFind
from dealer_app.record.hand_index import HandSummary, list_hands, mark_failing, time_filter
from dealer_app.record.inputs import Act
from dealer_app.record.rows import UndoRow
from dealer_app.record.store import StoreError
from dealer_app.ui.file_dialogs import open_files_dialog, raise_dialog, save_pdf_dialog
from dealer_app.ui.floor_dialogs import RulingDialog, WhatIfDialog
from dealer_app.ui.hand_list import HandList, HandListModel
from dealer_app.ui.inherited_words import inherited_tr
from dealer_app.ui.keys import WindowKeys
from dealer_app.ui.qt_bridge import ControllerBridge
from dealer_app.ui.record_check import RecordCheck
from dealer_app.ui.rulings import rule_html
from dealer_app.ui.table_view import IdleTable, TableView
from dealer_app.ui.words import (
    case_status,
    choice_words,
    error_words,
    fill,
    game_words,
    language,
    money,
    say,
    step_text,
    typed_cents,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent

log = logging.getLogger(__name__)
LIVE_REFRESH_MS = 2000  # how often a console on a local record looks for hands finished since

STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home, Qt.Key.Key_End)


class FloorWindow(QMainWindow):
    def tr(self, text: str, disambiguation: str | None = None, n: int = -1) -> str:  # type: ignore[override]
        # (this class's words are filed under FloorWindow: found from a subclass too)
        return inherited_tr(self, "FloorWindow", text, disambiguation, n)

    def __init__(self, store, parent=None, controller=None):
        """``controller``: the live table of this window's app, if any (a ruling on its own
        table goes through it, so that chips it moves reach its seats at once)."""
        super().__init__(parent)
        self.store = store
        self.table_controller = controller
        self.timeline: HandTimeline | None = None
        self.file_hands: dict[int, HandTimeline] = {}  # hands read from files (session 0)
        self.index = 0
        self.hands: list[HandSummary] = []
        self.shown: list[HandSummary] = []
        self.setWindowTitle(fill(self.tr("Floor — %1"), str(store.path)) if store is not None else "")
        self.bridge = ControllerBridge(IdleTable(self.tr("Choose a hand on the left")), self)
        self.table_view = TableView(self.bridge)
        self.table_view.setMinimumSize(640, 420)  # (narrower, eight seat boxes would cover each other)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._browser())
        split.addWidget(self._stepper())
        split.setSizes([420, 980])
        self.setCentralWidget(split)
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)
        self.keys = _StepKeys(self)
        # the record's check runs beside the console: the hands are listed now, and marked when
        # it has read the record (None: not known yet)
        self.failing: dict | None = None if self._checks_record() else {}
        self.record_check: RecordCheck | None = None
        self.reload()
        if self.failing is None:
            self.record_check = RecordCheck(self.store, self)
            self.record_check.checked.connect(self._checked)
            self.record_check.failed.connect(self._check_failed)
            self.status.setText(
                self.tr(
                    "Checking the record… the hands are listed; any whose rows fail its check will be marked in red"
                )
            )
            self.record_check.want()
        # a console on a local record lists the hands a table finishes after it opened (another
        # connection's commit changes the record's data_version; nothing is read until it does)
        self._record_version = self._version()
        if self._record_version is not None:
            self._live = QTimer(self)
            self._live.setInterval(LIVE_REFRESH_MS)
            self._live.timeout.connect(self.refresh_if_changed)
            self._live.start()

    # --- the hand browser -----------------------------------------------------------------------
    def _browser(self) -> QWidget:
        box = QWidget()
        layout = self.browser_layout = QVBoxLayout(box)
        form = QFormLayout()
        self.filter_table = QLineEdit()
        self.filter_player = QLineEdit()
        self.filter_since = QLineEdit()
        self.filter_since.setPlaceholderText("2026-12-01T21:00")
        self.filter_until = QLineEdit()
        self.filter_pot = QLineEdit()
        self.filter_pot.setPlaceholderText(self.tr("e.g. 20"))
        for label, edit in (
            (self.tr("Table"), self.filter_table),
            (self.tr("Player or seat"), self.filter_player),
            (self.tr("From"), self.filter_since),
            (self.tr("To"), self.filter_until),
            (self.tr("Pot at least"), self.filter_pot),
        ):
            edit.textChanged.connect(self.apply_filters)
            # (an example in the box is shown whole: "2026-12-01T21:00", never "2026-12-01T2…")
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance(edit.placeholderText()) + 16)
            form.addRow(label, edit)
        # a case: its number, a floor who ruled, or words of its facts or decision; its status now
        self.filter_case = QLineEdit()
        self.filter_case.setPlaceholderText(self.tr("number, floor or words"))
        self.filter_case.setMinimumWidth(
            self.filter_case.fontMetrics().horizontalAdvance(self.filter_case.placeholderText()) + 16
        )
        self.filter_case.textChanged.connect(self.apply_filters)
        form.addRow(self.tr("Case"), self.filter_case)
        self.filter_status = QComboBox()
        self.filter_status.addItem(self.tr("any status"), None)
        for status in STATUSES:
            self.filter_status.addItem(case_status(status), status)
        self.filter_status.currentIndexChanged.connect(self.apply_filters)
        form.addRow(self.tr("Case status"), self.filter_status)
        self.filter_undo = QCheckBox(self.tr("Had an undo"))
        self.filter_irregular = QCheckBox(self.tr("Had an irregularity or ruling"))
        for check in (self.filter_undo, self.filter_irregular):
            check.toggled.connect(self.apply_filters)
            form.addRow(check)
        layout.addLayout(form)
        self.hand_model = HandListModel(
            [
                self.tr("Hand"),
                self.tr("Started (UTC)"),
                self.tr("Pot"),
                self.tr("Marks"),
                self.tr("Table"),
                self.tr("Players"),
            ],
            self._row_texts,
            lambda h: error_words(h.failing),
            self,
        )
        self.hand_list = HandList(self.hand_model)
        self.hand_list.itemSelectionChanged.connect(self._hand_chosen)
        layout.addWidget(self.hand_list, 1)
        self.count = QLabel()
        layout.addWidget(self.count)
        self.files_button = QPushButton(self.tr("Open hand history files…"))
        self.files_button.clicked.connect(self.open_files_dialog)
        layout.addWidget(self.files_button)
        return box

    def open_files_dialog(self):
        """PHH, PokerStars, Full Tilt … files (a player's downloaded history) into the browser."""
        return open_files_dialog(self, self.tr("Open hand history files"), self.add_files)

    def add_files(self, paths):
        """Each stud hand of the files that the engine replays is listed (table: the file's
        name, hand ``file-N``); the others are counted and named in the status line."""
        # (here: every site's importer loads only when files are opened)
        from dealer_app.floor.imported import hands_from_files

        found, problems = hands_from_files([Path(p) for p in paths])
        for summary, timeline in found:
            number = len(self.file_hands) + 1
            summary.hand, timeline.hand = number, number
            self.file_hands[number] = timeline
            self.hands.insert(0, summary)
        self.apply_filters()
        said = self.tr("%n hand(s) read from the files", "", len(found))
        if problems:
            said += "; " + fill(self.tr("%1 not read: %2"), str(len(problems)), problems[0])
        self.status.setText(said)
        self.status.setToolTip("\n".join(problems[:50]))

    def reload(self):
        self.hands = list_hands(self.store, self.failing if self.failing is not None else {})
        self.apply_filters()

    def _checks_record(self) -> bool:
        """A record of this machine's (a room's console is told what its server refused)."""
        return getattr(self.store, "db", None) is not None and getattr(self.store, "path", None) is not None

    def _checked(self, failing: dict) -> None:
        """The record's check has ended: every hand whose rows fail is marked."""
        first = self.failing is None
        self.failing = failing
        mark_failing([h for h in self.hands if h.session], failing)
        self.hand_model.hands_changed()
        if failing:
            hands = sum(1 for h in self.hands if h.session and h.failing)
            self.status.setText(
                self.tr(
                    "THE RECORD FAILS ITS CHECK: %n hand(s) marked in red — their rows "
                    "are not as they were written; Verify record says what and where",
                    "",
                    hands,
                )
            )
            self.status.setStyleSheet("color: #b00020; font-weight: bold;")
        elif first:
            self.status.setText(self.tr("The record's check is done: every row holds."))
            self.status.setStyleSheet("")

    def _check_failed(self, words: str) -> None:
        self.status.setText(fill(self.tr("The record could not be checked: %1"), words))
        self.status.setStyleSheet("color: #b00020; font-weight: bold;")

    def _version(self) -> int | None:
        db = getattr(self.store, "db", None)
        if db is None:
            return None
        try:
            return int(db.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.ProgrammingError:  # the record was closed (the app closing): nothing to look at
            live = getattr(self, "_live", None)
            if live is not None:
                live.stop()
            return None
        except sqlite3.Error:  # a record that cannot be read now: looked at again in 2 s
            log.warning("the record's version cannot be read", exc_info=True)
            return None

    def refresh_if_changed(self) -> None:
        """The hands list again if the record changed, the hand chosen kept chosen (and not
        opened again: the floor may be stepping through it)."""
        version = self._version()
        if version is None or version == self._record_version:
            return
        self._record_version = version
        chosen = self.hand_list.selectionModel().selectedRows()
        chosen_id = self.shown[chosen[0].row()].id if chosen and chosen[0].row() < len(self.shown) else None
        before = len(self.hands)
        try:
            self.hands = [h for h in self.hands if not h.session] + list_hands(self.store, self.failing or {})
        except StoreError as exc:
            self.status.setText(error_words(exc))
            return
        if self.record_check is not None:  # (the new rows' check, beside the console: only they are read)
            self.record_check.want()
        self.hand_list.blockSignals(True)  # (refilling the list is not the floor choosing a row)
        try:
            self.apply_filters()
            self.hand_list.clearSelection()
            for row, h in enumerate(self.shown):
                if h.id == chosen_id:
                    self.hand_list.selectRow(row)
        finally:
            self.hand_list.blockSignals(False)
        if len(self.hands) > before:
            self.status.setText(self.tr("%n new hand(s) in the record", "", len(self.hands) - before))

    def apply_filters(self):
        find = self.hand_find()
        self.shown = [h for h in self.hands if find.keeps(h)]
        self.hand_model.set_hands(self.shown)
        self.hand_list.resizeColumnsToContents()
        if not getattr(self, "_time_refused", False):
            self.count.setText(fill(self.tr("%1 of %2 hands"), str(len(self.shown)), str(len(self.hands))))

    def hand_find(self) -> HandFind:
        """The filter boxes as one value (record/hand_find.py); a box that holds no amount or
        time yet is marked and filters nothing."""
        try:
            pot = typed_cents(self.filter_pot.text()) if self.filter_pot.text().strip() else None
            self.filter_pot.setStyleSheet("")
        except ValueError:  # not an amount (yet): no pot filter, and the box says so
            pot = None
            self.filter_pot.setStyleSheet("background: #ffd6d6")
        self._time_refused = False
        since, until = self._time(self.filter_since), self._time(self.filter_until)
        return HandFind(
            table=self.filter_table.text().strip().lower(),
            player=self.filter_player.text().strip().lower(),
            since=since,
            until=until,
            pot=pot,
            undo=self.filter_undo.isChecked(),
            irregular=self.filter_irregular.isChecked(),
            case=self.filter_case.text().strip().lower(),
            status=self.filter_status.currentData(),
        )

    def _row_texts(self, h: HandSummary) -> list[str]:
        """A hand's cells in the list: its name, start, pot, marks, table and players."""
        marks = []
        if h.undos:
            marks.append(self.tr("%n undo(s)", "", h.undos))
        if h.irregularities:
            marks.append(self.tr("%n irregularity(ies)", "", h.irregularities))
        if h.rulings:
            marks.append(self.tr("%n ruling(s)", "", h.rulings))
        for number, mark in h.cases.items():
            marks.append(f"{number} {case_status(mark.status)}")
        if getattr(h, "failing", None):  # its rows fail the record's check: said first, in red
            marks.insert(0, self.tr("FAILS THE RECORD'S CHECK"))
        pot_text = money(h.pot, h.currency) if h.pot is not None else self.tr("open")
        name = h.id if h.session else f"file-{h.hand}"
        if h.table_id:  # a room's hand: which table first, its limits in the table column
            name = f"{h.room_label or h.table_id} {h.id}"
        table = f"{h.table} · {game_words(h.game)}" if h.mixed else h.table  # M-3: a mixed table's hand names its game
        return [name, h.started[:19].replace("T", " "), pot_text, ", ".join(marks), table, ", ".join(h.players)]

    def _time(self, edit: QLineEdit) -> str:
        """A From/To box's time, as the record writes it; a text that can never be one is
        refused (the box red, and said) and filters nothing; one still being typed, nothing yet."""
        try:
            when = time_filter(edit.text())
        except ValueError:
            edit.setStyleSheet("background: #ffd6d6")
            edit.setToolTip(
                self.tr("Not a time: type it as the record keeps it, UTC, e.g. 2026-12-01 or 2026-12-01T21:00")
            )
            self.count.setText(
                fill(
                    self.tr("%1 is not a time: type it as 2026-12-01 or 2026-12-01T21:00 (UTC)"),
                    repr(edit.text().strip()),
                )
            )
            self._time_refused = True
            return ""
        edit.setStyleSheet("")
        edit.setToolTip("")
        return when or ""

    def _hand_chosen(self):
        rows = self.hand_list.selectionModel().selectedRows()
        if not rows:
            return
        self.open_summary(self.shown[rows[0].row()])

    def open_summary(self, h: HandSummary):
        """The hand a row of the browser names (the room's console also knows its table)."""
        self.open_hand(h.session, h.hand)

    def record_of_hand(self):
        """Where the open hand's rows are read, ruled on and reported from (a room's table, in
        the room's console)."""
        return self.store

    def open_hand(self, session: int, hand: int):
        try:
            self.timeline = self.file_hands[hand] if session == 0 else load_hand(self.record_of_hand(), session, hand)
        except (TimelineError, StoreError) as exc:  # (a room's table whose server cannot be read: StoreError)
            QMessageBox.warning(self, self.tr("Floor"), error_words(exc))
            return
        in_record = session != 0
        self.rule_button.setEnabled(in_record)
        self.rule_button.setToolTip(
            ""
            if in_record
            else self.tr("A hand from a file is not in the record: it can be stepped through and printed, not ruled on")
        )
        self._list_steps()
        rulings = self.timeline.rulings()
        self.go(rulings[-1].moment if rulings else len(self.timeline.steps) - 1)

    def _list_steps(self) -> None:
        """The open hand's steps in the list and on the slider."""
        assert self.timeline is not None
        self.slider.setMaximum(len(self.timeline.steps) - 1)
        self.steps.clear()
        currency = self._currency()
        for step in self.timeline.steps:
            self.steps.addItem(step_text(step, currency))

    def _currency(self) -> str:
        m = self.bridge.controller
        return m.session.table.currency if m.session is not None else "USD"

    # --- the step-through -----------------------------------------------------------------------
    def _stepper(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.table_view)
        self.steps = QListWidget()
        self.steps.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.steps.currentRowChanged.connect(lambda row: self.go(row) if row >= 0 and row != self.index else None)
        top.addWidget(self.steps)
        top.setSizes([640, 340])
        layout.addWidget(top, 3)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys are the window's (see _StepKeys)
        self.slider.valueChanged.connect(lambda v: self.go(v) if v != self.index else None)
        layout.addWidget(self.slider)
        buttons = QHBoxLayout()
        self.reveal = QCheckBox(self.tr("Downcards as shown at the end"))
        self.reveal.toggled.connect(lambda _on: self.go(self.index))
        self.what_if_button = QPushButton(self.tr("What if…"))
        self.what_if_button.clicked.connect(self.what_if)
        self.rule_button = QPushButton(self.tr("Rule…"))
        self.rule_button.clicked.connect(self.rule)
        self.print_button = QPushButton(self.tr("Print report…"))
        self.print_button.clicked.connect(self.print_report)
        self.verify_button = QPushButton(self.tr("Verify record"))
        self.verify_button.clicked.connect(self.verify)
        for w in (self.reveal, self.what_if_button, self.rule_button, self.print_button, self.verify_button):
            buttons.addWidget(w)
        layout.addLayout(buttons)
        self.details = QTextBrowser()
        self.details.setOpenLinks(False)
        self.details.setObjectName("moment_details")
        layout.addWidget(self.details, 2)
        return box

    def go(self, index: int):
        """Show the table as it stood after step ``index``."""
        if self.timeline is None:
            return
        index = max(0, min(index, len(self.timeline.steps) - 1))
        self.index = index
        m = self.timeline.moment(index)
        m.reveal = self.timeline.final_shown() if self.reveal.isChecked() else None
        self.bridge.controller = m
        self.bridge.changed.emit("table")
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.steps.blockSignals(True)
        self.steps.setCurrentRow(index)
        self.steps.blockSignals(False)
        self.details.setHtml(self.moment_html(m))
        name = f"{self.timeline.session}-{self.timeline.hand}" if self.timeline.session else self.timeline.source
        where = fill(self.tr("Hand %1, step %2 of %3"), name, str(index), str(len(self.timeline.steps) - 1))
        if m.session is not None and m.session.mix is not None:  # M-3: the game this hand was dealt as
            where += " — " + game_words(m.session.game)
        self.status.setText(where)

    def step_by_street(self, forward: bool):
        if self.timeline is None:
            return
        starts = self.timeline.street_starts()
        if forward:
            later = [s for s in starts if s > self.index]
            self.go(later[0] if later else len(self.timeline.steps) - 1)
        else:
            earlier = [s for s in starts if s < self.index]
            self.go(earlier[-1] if earlier else 0)

    def moment_html(self, m: Moment) -> str:
        """Whose turn, every legal action with its amount and the rules behind it (with their
        texts), what the player did next and whether it was legal, the pots, stub and burns."""
        e = html.escape
        assert self.timeline is not None
        # (each tr() outside an f-string: lupdate does not read into f-strings)
        legal_now, then_word, legal_word, not_legal = (
            self.tr("Legal now"),
            self.tr("Then"),
            self.tr("legal"),
            self.tr("NOT legal"),
        )
        pots_word, seats_word, stub_word, burns_word = (
            self.tr("Pots"),
            self.tr("seats"),
            self.tr("Stub"),
            self.tr("burns"),
        )
        step = self.timeline.steps[self.index]
        prompt = m.prompt()
        out = [f"<p><b>{e(step_text(step, self._currency()))}</b></p>"]
        caused = self._events_of_step(m)  # what the engine made of it: decisions, an I-5 settled …
        if caused:
            out.append(
                "<ul>" + "".join(f"<li>{e(words)} ({e(', '.join(ev.rules))})</li>" for ev, words in caused) + "</ul>"
            )
        out.append(f"<p style='font-size:14pt'><b>{e(say(prompt.subject))}</b></p>")
        for subject in prompt.note_subjects:
            words = say(subject)
            if words:
                out.append(f"<p>{e(words)}</p>")
        choices = m.choices()
        if choices:
            out.append(f"<p><b>{e(legal_now)}</b> ({e(', '.join(prompt.rules))}):</p><ul>")
            for c in choices:
                out.append(f"<li>{e(choice_words(m, c))}</li>")
            out.append("</ul>")
        nxt = self.timeline.steps[self.index + 1] if self.index + 1 < len(self.timeline.steps) else None
        if nxt is not None:  # what happened next, and, for an action, whether the rules allowed it
            then = f"<p>{e(then_word)}: {e(step_text(nxt, self._currency()))}"
            if nxt.input and nxt.input[0] == Act.kind and nxt.kind != UndoRow.kind:
                legal = m.prompt().seat == nxt.input[1] and any(c.action == nxt.input[2] for c in choices)
                then += f" — <b>{e(legal_word if legal else not_legal)}</b>"
            out.append(then + "</p>")
        pots = m.pots()
        if pots:
            out.append(
                "<p>"
                + e(pots_word)
                + ": "
                + "; ".join(f"{e(m.money(a))} ({e(seats_word)} {', '.join(map(str, s))})" for a, s in pots)
                + "</p>"
            )
        status = m.status()
        if status:
            out.append(f"<p>{e(stub_word)} {status['stub']}, {e(burns_word)} {status['burns']}</p>")
            warning = m.shortage_warning()
            if warning is not None:
                out.append(f"<p><b>{e(say(warning))}</b> (D-7)</p>")
        lang = language()
        for rule in prompt.rules:
            out.append(f"<p><b>{e(rule)}</b> {rule_html(rule_text(rule, lang))}</p>")
        return "".join(out)

    def _events_of_step(self, m: Moment) -> list:
        """The events this step's row caused, with their words (those that have any)."""
        assert self.timeline is not None
        if self.index == 0 or m.hand is None:
            return []
        before = self.timeline.moment(self.index - 1).hand
        start = len(before.events) if before is not None and self.timeline.steps[self.index].kind != UndoRow.kind else 0
        if self.timeline.steps[self.index].kind == UndoRow.kind:
            return []  # the hand was rebuilt: nothing new happened
        return [(ev, say(ev)) for ev in m.hand.events[start:] if say(ev) and ev.rules]

    # --- what if, ruling, report ----------------------------------------------------------------
    def what_if(self):
        if self.timeline is None:
            return None

        dialog = WhatIfDialog(self.timeline.what_if(self.index), self)
        raise_dialog(dialog)
        return dialog

    def rule(self):
        if self.timeline is None:
            return None

        dialog = RulingDialog(self.record_of_hand(), self.timeline, self.index, self, self.table_controller)
        dialog.setModal(True)
        dialog.accepted.connect(lambda: (self.reload(), self.open_hand(self.timeline.session, self.timeline.hand)))
        raise_dialog(dialog)
        return dialog

    def print_report(self):
        if self.timeline is None:
            return None
        return save_pdf_dialog(
            self,
            self.tr("Save the ruling report"),
            f"ruling-{self.timeline.session}-{self.timeline.hand}.pdf",
            self._write_report,
        )

    def _write_report(self, path: str):
        # (here: the PDF writer loads only when a report is written)
        from dealer_app.ui.report_pdf import write_report

        assert self.timeline is not None
        try:
            write_report(
                self.record_of_hand() if self.timeline.session else None, self.timeline, Path(path), self.index
            )
        except (OSError, StoreError) as exc:
            QMessageBox.warning(
                self,
                self.tr("Floor"),
                fill(
                    self.tr("The report cannot be written: %1"),
                    error_words(exc) if isinstance(exc, StoreError) else str(exc),
                ),
            )
            return
        self.status.setText(fill(self.tr("Report written: %1"), path))

    def verify(self):
        """The whole record checked now (every row, against the anchors file where there is one),
        and said: what was checked against what."""
        anchors = self.store.anchors_path if self.store.anchors_path.is_file() else None
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            problems = self.store.check(anchors=anchors)
        finally:
            QApplication.restoreOverrideCursor()
        if problems:
            QMessageBox.warning(self, self.tr("Record"), "\n".join(p.text for p in problems[:20]))
        elif anchors is not None:
            self.status.setText(
                fill(
                    self.tr(
                        "The record proves itself: every row matches its keyed hash, and every "
                        "seal of the anchors file %1 is a row it holds."
                    ),
                    anchors,
                )
            )
        else:
            self.status.setText(
                fill(
                    self.tr(
                        "The record proves itself: every row matches its keyed hash. There is "
                        "no anchors file (%1): deleted last hands cannot be seen without one."
                    ),
                    self.store.anchors_path,
                )
            )
        self.status.setStyleSheet("")

    def closeEvent(self, event):
        live = getattr(self, "_live", None)
        if live is not None:
            live.stop()
        if self.record_check is not None:
            self.record_check.stop()
        super().closeEvent(event)


class _StepKeys(WindowKeys):
    """←/→, PgUp/PgDn, Home/End step through the hand wherever the focus is in the console,
    except in a text box (where they move the cursor)."""

    window: FloorWindow

    def key_event(self, obj: QWidget, event: QKeyEvent) -> bool:
        if (
            event.key() not in STEP_KEYS
            or isinstance(obj, (QLineEdit, QPlainTextEdit))
            or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            return False
        w, key = self.window, event.key()
        if key == Qt.Key.Key_Left:
            w.go(w.index - 1)
        elif key == Qt.Key.Key_Right:
            w.go(w.index + 1)
        elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            w.step_by_street(key == Qt.Key.Key_PageDown)
        elif key == Qt.Key.Key_Home:
            w.go(0)
        else:
            w.go(len(w.timeline.steps) - 1 if w.timeline else 0)
        return True

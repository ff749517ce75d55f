"""Every window and dialog fits a 1280x720 and a 1366x768 screen, in English and in German,
with no text cut: each is shown at the size the app gives it on that screen, with realistic
content (a table of eight players mid-hand, the floor console on a record with hands, the
trainer on a drill), and every visible label, button, check box, combo box, tab and menu
title is measured against the room it has. A word-wrapped label must get the height its
lines need; a label that does not wrap must be as wide as its longest line; and every one of
them lies inside the window, as the window lies inside the screen."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QPoint, QRect, QRectF, QSettings, QSize, Qt, QTranslator
from PySide6.QtGui import QFontMetricsF, QTextDocument
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenuBar,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QStyleOptionGroupBox,
    QTabBar,
    QWidget,
)

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.screen_fit import FLOOR_WINDOW, MAIN_WINDOW, TRAINER_WINDOW, fit_window, usable_size
from dealer_app.ui.table_view import HEADER_BAND, TableView, header_layout
from tests.support.floor_accounts import MARIA

I18N = Path(__file__).resolve().parents[2] / "dealer_app" / "ui" / "i18n"
SCREENS = [(1280, 720), (1366, 768)]
NAMES = ["Ann", "Maximilian", "Cy", "Friederike", "Eve", "Jean-Baptiste", "Gus", "Hal"]


# --- the measuring ---------------------------------------------------------------------------
def _plain(text: str) -> str:
    """A label's or button's text as drawn: '&' marks a mnemonic ('&&' is an ampersand)."""
    return re.sub(r"&(.)", r"\1", text)


def _is_rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(label.text()))


def _document(label: QLabel, width: float | None) -> QTextDocument:
    """The label's text laid out as QLabel lays it out (a text document with no margin)."""
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    if _is_rich(label):
        doc.setHtml(label.text())
    else:
        doc.setPlainText(label.text())
    doc.setTextWidth(-1 if width is None else width)
    return doc


def _widest_line(font, text: str) -> float:
    fm = QFontMetricsF(font)
    return max(fm.horizontalAdvance(line) for line in _plain(text).split("\n"))


def _name(w: QWidget) -> str:
    text = getattr(w, "text", lambda: "")() or getattr(w, "placeholderText", lambda: "")()
    return f"{type(w).__name__}{'#' + w.objectName() if w.objectName() else ''} {text[:60]!r}"


def _in_scroll_area(w: QWidget, window: QWidget) -> bool:
    """Inside a scroll area's viewport: it may lie outside the view (it scrolls into sight)."""
    p = w.parentWidget()
    while p is not None and p is not window:
        if isinstance(p.parentWidget(), QAbstractScrollArea) and p is p.parentWidget().viewport():
            return True
        p = p.parentWidget()
    return False


def text_room(w: QWidget) -> tuple[float, QRect] | None:
    """(the width the widget's text needs, the rectangle the widget gives it), or None for a
    widget that shows no text of its own (or a word-wrapped label: see cut_texts). A box's
    placeholder counts too, while the box is empty."""
    style = w.style()
    if isinstance(w, QPushButton):
        if not w.text():
            return None
        opt = QStyleOptionButton()
        w.initStyleOption(opt)
        room = style.subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, w)
        icon = w.iconSize().width() + 4 if not w.icon().isNull() else 0
        return _widest_line(w.font(), w.text()) + icon, room
    if isinstance(w, (QCheckBox, QRadioButton)):
        if not w.text():
            return None
        opt = QStyleOptionButton()
        w.initStyleOption(opt)
        element = (
            QStyle.SubElement.SE_CheckBoxContents
            if isinstance(w, QCheckBox)
            else QStyle.SubElement.SE_RadioButtonContents
        )
        return _widest_line(w.font(), w.text()), style.subElementRect(element, opt, w)
    if isinstance(w, QComboBox):
        if w.isEditable() or not w.currentText():
            return None
        opt = QStyleOptionComboBox()
        w.initStyleOption(opt)
        room = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, opt, QStyle.SubControl.SC_ComboBoxEditField, w)
        return _widest_line(w.font(), w.currentText()), room
    if isinstance(w, QGroupBox):
        if not w.title():
            return None
        opt = QStyleOptionGroupBox()
        w.initStyleOption(opt)
        room = style.subControlRect(QStyle.ComplexControl.CC_GroupBox, opt, QStyle.SubControl.SC_GroupBoxLabel, w)
        return _widest_line(w.font(), w.title()), room
    if isinstance(w, QLineEdit):  # a hint in an empty box (Qt elides it when the box is narrower)
        if w.text() or not w.placeholderText():
            return None
        opt = QStyleOptionFrame()
        w.initStyleOption(opt)
        room = style.subElementRect(QStyle.SubElement.SE_LineEditContents, opt, w).adjusted(2, 0, -2, 0)
        return _widest_line(w.font(), w.placeholderText()), room
    if isinstance(w, QLabel):
        if not w.text() or w.wordWrap():
            return None
        m = w.margin()
        room = w.contentsRect().adjusted(m, m, -m, -m)
        need = _document(w, None).idealWidth() if _is_rich(w) else _widest_line(w.font(), w.text())
        return need, room
    return None


def header_cut(text: str, width: float) -> list[str]:
    """What the table view's header leaves out or draws outside its band (its lines must say
    all of the header, each within the width, in the band above the seats)."""
    font, lines = header_layout(text, width)
    fm = QFontMetricsF(font)
    problems = []
    if re.sub(r"[\s·—]", "", "".join(lines)) != re.sub(r"[\s·—]", "", text):
        problems.append(f"the header {text!r} is drawn as {lines!r}")
    for line in lines:
        if fm.horizontalAdvance(line) > width:
            problems.append(f"the header line {line!r} needs {fm.horizontalAdvance(line):.0f} px, has {width:.0f}")
    if fm.height() * len(lines) > HEADER_BAND:
        problems.append(
            f"the header's {len(lines)} lines need {fm.height() * len(lines):.0f} px, the band is {HEADER_BAND}"
        )
    return problems


def cut_texts(window: QWidget, screen: QSize) -> list[str]:
    """Every text of the window that is cut, elided or off the window (and the window off the
    screen's usable area), each as 'what: by how many px'."""
    QApplication.processEvents()
    usable = usable_size(QRect(QPoint(0, 0), screen))
    problems = []
    if window.width() > usable.width() or window.height() > usable.height():
        problems.append(
            f"window {window.width()}x{window.height()} on a {usable.width()}x{usable.height()} "
            f"usable screen (minimum {window.minimumSizeHint().width()}x"
            f"{window.minimumSizeHint().height()})"
        )
    inside = window.rect()
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.window() is not window:
            continue
        where = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
        room = text_room(w)
        has_text = room is not None or (isinstance(w, QLabel) and w.text() and w.wordWrap())
        if has_text and not _in_scroll_area(w, window):
            if not inside.contains(where):
                problems.append(
                    f"{_name(w)} at {where.x()},{where.y()} {where.width()}x{where.height()} is off "
                    f"the {inside.width()}x{inside.height()} window"
                )
            visible = w.visibleRegion().boundingRect()
            if visible.width() < w.width() - 1 or visible.height() < w.height() - 1:
                problems.append(
                    f"{_name(w)} is cut by its parent: {visible.width()}x{visible.height()} of "
                    f"{w.width()}x{w.height()} shown"
                )
        if room is not None:
            need, rect = room
            if need > rect.width() + 0.5:
                problems.append(
                    f"{_name(w)} needs {need:.0f} px, has {rect.width()} (cut by {need - rect.width():.0f})"
                )
        elif isinstance(w, QLabel) and w.text() and w.wordWrap():
            m = w.margin()
            rect = w.contentsRect().adjusted(m, m, -m, -m)
            doc = _document(w, rect.width())
            if doc.idealWidth() > rect.width() + 0.5:  # a word longer than the line
                problems.append(f"{_name(w)}: a word needs {doc.idealWidth():.0f} px, the line is {rect.width()}")
            if w.heightForWidth(w.width()) > w.height() or doc.size().height() > rect.height() + 0.5:
                need_h = max(w.heightForWidth(w.width()), doc.size().height())
                problems.append(
                    f"{_name(w)} needs {need_h:.0f} px high at {w.width()} wide, has {w.height()} "
                    f"(cut by {need_h - w.height():.0f})"
                )
        problems += drawn_cut(w)
    return problems


def drawn_cut(w: QWidget) -> list[str]:
    """What a table view, a tab bar or a menu bar draws cut: the table's header, a seat box
    over another, a tab's title, a menu folded away."""
    problems = []
    if isinstance(w, TableView) and w.header():
        problems += header_cut(w.header(), w.width() - 24)
        seats = w.controller.session.rules.max_players
        boxes = [w.seat_rect(s, seats) for s in range(1, seats + 1)]
        for i, a in enumerate(boxes):  # a seat box over another hides its name, stack or cards
            if not QRectF(w.rect()).contains(a) or any(a.intersects(b) for b in boxes[i + 1 :]):
                problems.append(
                    f"seat {i + 1}'s box {a} overlaps another or the edge of the {w.width()}x{w.height()} table view"
                )
    if isinstance(w, QTabBar):
        fm = QFontMetricsF(w.font())
        pad = w.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, w)
        for i in range(w.count()):
            need = fm.horizontalAdvance(_plain(w.tabText(i))) + pad
            if w.tabRect(i).width() < need or not w.rect().contains(w.tabRect(i)):
                problems.append(f"tab {w.tabText(i)!r} needs {need:.0f} px, has {w.tabRect(i).width()}")
    if isinstance(w, QMenuBar):
        for a in w.actions():
            if (a.isVisible() and not w.rect().contains(w.actionGeometry(a))) or w.actionGeometry(a).isEmpty():
                problems.append(f"menu {a.text()!r} is not on the menu bar ({w.actionGeometry(a)})")
        extension = w.findChild(QWidget, "qt_menubar_ext_button")
        if extension is not None and extension.isVisible():
            problems.append("the menu bar folds menus into its '»' button")
    return problems


# --- languages and screens -------------------------------------------------------------------
@pytest.fixture(scope="module")
def german(qapp):
    """The German translation, loaded once, from a copy in memory (as the app loads it: Qt
    reads a .qm file in place, and a rebuild of the file while the tests run would be read
    halfway through)."""
    data = (I18N / "dealer_app_de.qm").read_bytes()
    translator = QTranslator()
    assert translator.load(data)
    yield translator
    del data  # (kept until the translator goes)


@pytest.fixture(params=["en", "de"])
def language(request, qapp, german):
    if request.param == "de":
        qapp.installTranslator(german)
    yield request.param
    qapp.removeTranslator(german)


@pytest.fixture(params=SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def screen(request) -> QSize:
    return QSize(*request.param)


def shown(qtbot, window: QWidget, screen: QSize, wanted: QSize | None) -> QWidget:
    """The window as the app shows it on ``screen``: ``wanted`` (the app's size for it; None:
    a dialog, at its own size), at most the screen's usable area."""
    qtbot.addWidget(window)
    fit_window(window, wanted, QRect(QPoint(0, 0), screen))
    window.show()
    qtbot.waitExposed(window)
    for _ in range(3):
        QApplication.processEvents()
    return window


def assert_fits(window: QWidget, screen: QSize):
    """Nothing cut at the size the window was given, nor at the smallest size it can be made."""
    problems = cut_texts(window, screen)
    assert problems == [], "\n".join(problems)
    given = window.size()
    window.resize(window.minimumSizeHint().expandedTo(window.minimumSize()))
    problems = cut_texts(window, screen)
    assert problems == [], f"at its minimum size {window.width()}x{window.height()}:\n" + "\n".join(problems)
    window.resize(given)


# --- the live table, mid-hand with eight players ----------------------------------------------
def _enter(c, cards: str):
    for card in cards.split():
        c.enter_card(card)


def _calls_round(c, fold: tuple[int, ...] = ()):
    """The round bet as a table often bets it: bring-in (or a bet), everyone calls, some fold."""
    while c.prompt().kind == "action":
        seat = c.prompt().seat
        kinds = {ch.action: ch for ch in c.choices()}
        if seat in fold and "fold" in kinds:
            c.act("fold")
            continue
        for kind in ("bring_in", "call", "check"):
            if kind in kinds:
                ch = kinds[kind]
                c.act(kind, ch.to if ch.min_to is None else ch.min_to)
                break


DOORS = "Kd 2c 9h Qs 8s Th Jd 5c"
FOURTH = "Ac 7h 3d Jc Tc"  # to the five left after seats 3, 4 and 7 fold


def eight_handed(tmp_path, moment: str) -> TableController:
    """A $10-20 hi-lo table of eight, played to ``moment``: 'card' (fifth street's first card
    due, the burn first), 'action' (fourth street, a bet or raise due), 'show' (the showdown's
    first hand to show or muck), 'award' (the pots pushed to the showdown's hands)."""
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud8-10-20", None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    c.start_hand()
    _enter(c, DOORS)
    _calls_round(c, fold=(3, 4, 7))
    _enter(c, FOURTH)
    if moment == "action":
        c.act(c.choices()[-1].action, c.choices()[-1].to or c.choices()[-1].min_to)  # the biggest bet
        return c
    _calls_round(c)
    if moment == "card":
        return c
    _enter(c, "4h 6d 9c Kh 2h")
    _calls_round(c)
    _enter(c, "Ks 6s 4c 8d 3s")
    _calls_round(c)
    c.deal_river()
    _calls_round(c)
    if moment == "show":
        assert c.prompt().kind == "show"
        return c
    downs = iter(["As 2d 7c", "Ad 3h 8h", "9d Td 5d", "Qh Qc 7d", "5h 6h 4d"])
    while c.prompt().kind == "show":
        c.show(c.prompt().seat, next(downs))
    assert c.prompt().kind == "award"
    return c


@pytest.mark.parametrize("moment", ["card", "action", "show", "award"])
def test_the_live_table_fits(qtbot, tmp_path, language, screen, moment):
    from dealer_app.ui.main_window import MainWindow

    c = eight_handed(tmp_path, moment)
    w = MainWindow(c, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w.ask_before_closing = False
    shown(qtbot, w, screen, MAIN_WINDOW)
    if moment != "award":  # the picker and the action buttons in sight without scrolling
        assert not w.panel_area.verticalScrollBar().isVisible(), (
            w.panel.heightForWidth(w.panel.width()),
            w.panel_area.viewport().height(),
        )
    if moment == "show":  # the show prompt's buttons are measured
        assert w.panel.show_button.isVisible() and w.panel.muck_button.isVisible()
    assert_fits(w, screen)


# --- the modal questions the live table asks (the seat picker, Leave, Quit) ---------------------
def modal_measured(qtbot, screen: QSize, kind, close_with, open_it) -> list[str]:
    """``open_it`` opens a modal window of ``kind`` (in its own event loop); once it shows, its
    texts are measured, then it is closed by a click on the visible button ``close_with`` picks.
    What was cut (or 'never shown')."""
    from PySide6.QtCore import QTimer

    found: list[list[str]] = []
    timer = QTimer()
    timer.setInterval(20)
    tries = [150]

    def poll():
        tries[0] -= 1
        modal = QApplication.activeModalWidget()
        if isinstance(modal, kind) and modal.isVisible():
            timer.stop()
            for _ in range(3):
                QApplication.processEvents()
            found.append(cut_texts(modal, screen))
            button = close_with(modal)
            assert button.isVisible()
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        elif tries[0] <= 0:
            timer.stop()

    timer.timeout.connect(poll)
    timer.start()
    open_it()
    qtbot.waitUntil(lambda: not timer.isActive(), timeout=5000)
    return found[0] if found else ["never shown"]


def live_table_shown(qtbot, tmp_path, screen, moment: str | None):
    """The eight-handed table in its window at ``screen``'s size, between hands (None) or at
    ``moment``; the keys as the dealer's tests send them."""
    from dealer_app.ui.main_window import MainWindow
    from tests.ui.test_ui_dealer_keys import Keyboard

    if moment is None:
        c = TableController(Store(tmp_path / "hands.sqlite3"))
        c.open_table("stud8-10-20", None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    else:
        c = eight_handed(tmp_path, moment)
    w = MainWindow(c, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    shown(qtbot, w, screen, MAIN_WINDOW)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w, Keyboard(qtbot, w)


def test_the_seat_picker_fits(qtbot, tmp_path, language, screen):
    """Seats → Sit out / sit in: the seat picker (a QInputDialog) with eight long names."""
    from PySide6.QtWidgets import QDialogButtonBox, QInputDialog

    w, kb = live_table_shown(qtbot, tmp_path, screen, None)
    sit_out = w.tr("Sit &out / sit in…").replace("&", "")
    seats = w.tr("&Seats").replace("&", "")

    def cancel(d):
        return d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel)

    problems = modal_measured(qtbot, screen, QInputDialog, cancel, lambda: kb.menu(seats, sit_out[:6]))
    assert problems == [], "\n".join(problems)
    w.ask_before_closing = False


def test_the_leave_question_fits(qtbot, tmp_path, language, screen):
    """Seats → Leave → Leave…: the question that says the amount the player takes."""
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

    from dealer_app.ui.seat_dialogs import LeaveDialog

    w, kb = live_table_shown(qtbot, tmp_path, screen, None)
    w.ask_before_closing = False
    kb.menu(w.tr("&Seats").replace("&", ""), w.tr("&Leave…").replace("&", ""))
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), LeaveDialog))
    dialog = QApplication.activeModalWidget()
    assert_fits(dialog, screen)
    leave = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def stay(box):
        return next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.RejectRole)

    problems = modal_measured(
        qtbot, screen, QMessageBox, stay, lambda: qtbot.mouseClick(leave, Qt.MouseButton.LeftButton)
    )
    assert problems == [], "\n".join(problems)
    assert len(w.controller.session.seats) == len(NAMES)  # stayed seated
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_the_quit_question_with_a_hand_open_fits(qtbot, tmp_path, language, screen):
    """Table → Quit with a hand open: the question whose default is No."""
    from PySide6.QtWidgets import QMessageBox

    w, kb = live_table_shown(qtbot, tmp_path, screen, "action")

    def no(box):
        return box.button(QMessageBox.StandardButton.No)

    problems = modal_measured(
        qtbot, screen, QMessageBox, no, lambda: kb.menu(w.tr("&Table").replace("&", ""), w.tr("&Quit").replace("&", ""))
    )
    assert problems == [], "\n".join(problems)
    assert w.isVisible()  # No: the window stays
    w.ask_before_closing = False


# --- the floor console --------------------------------------------------------------------------
@pytest.fixture
def record(tmp_path, monkeypatch):
    """Three hands of eight players, one with an undo and an irregularity."""
    from dealer_app.live.controller import InputError
    from tests.support.live_random import random_input

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "floor.sqlite3")
    c = TableController(store)
    c.open_table("stud8-10-20", None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    rng = random.Random(7)
    for n in range(3):
        c.start_hand()
        if n == 1:
            _enter(c, DOORS)
            c.act("bring_in")
            c.report_irregularity("I-5", seat=5, action="call")
            c.act("call")
            c.undo()
            c.act("call")
        while c.hand.phase != "done":
            with contextlib.suppress(InputError):
                random_input(c, rng)
        c.finish_hand()
    store.close()
    return tmp_path / "floor.sqlite3"


def floor_on_a_hand(window):
    window.hand_list.selectRow(0)
    assert window.timeline is not None
    window.go(len(window.timeline.steps) // 2)  # a moment in the middle of the hand
    return window


def test_the_floor_console_fits(qtbot, record, language, screen):
    from dealer_app.ui.floor_window import FloorWindow

    w = FloorWindow(Store(record, create=False))
    shown(qtbot, w, screen, FLOOR_WINDOW)
    floor_on_a_hand(w)
    assert_fits(w, screen)


# --- the trainer ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "skill", ["legal-action", "winners", "best-five", "shortage", "spot", "razz-legal-action", "razz-best-five"]
)
def test_the_trainer_fits(qtbot, tmp_path, language, screen, skill):
    import sqlite3

    from dealer_app.training.progress import Progress
    from dealer_app.ui.trainer_window import TrainerWindow

    w = TrainerWindow(Progress(sqlite3.connect(tmp_path / "t.sqlite3")))
    shown(qtbot, w, screen, TRAINER_WINDOW)
    w.trainee.setEditText("Friederike")
    if skill.startswith("razz-"):  # issue 29: a Razz table's longer questions (the game, the rule)
        skill = skill.removeprefix("razz-")
        w.game.setCurrentIndex(w.game.findData("razz-10-20"))
    if skill == "spot":
        w.mode.setCurrentIndex(w.mode.findData("spot"))
    else:
        w.mode.setCurrentIndex(1)  # practice
        for i in range(w.skills.count()):
            item = w.skills.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == skill else Qt.CheckState.Unchecked
            )
    w.start()
    assert skill == "spot" or w.session.current.skill == skill
    assert skill == "spot" or (w.session.current.game == "razz") == (w.game.currentData() is not None)
    QApplication.processEvents()
    side = w.centralWidget().widget(1)
    assert not side.verticalScrollBar().isVisible()  # the question, the answer and its feedback in sight
    assert_fits(w, screen)


@pytest.fixture
def exam_record(tmp_path, monkeypatch):
    """A record with an instructor and a locked exam blueprint of several skills and tables."""
    from dealer_app.training.exam import Blueprint, ExamBook, SkillCount

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    book = ExamBook(store.db, store.key)
    book.register_instructor("Friederike Maximiliane", "471147", floor=MARIA)
    skills = (
        SkillCount("stub", 2),
        SkillCount("bring-in", 2),
        SkillCount("legal-action", 2),
        SkillCount("winners", 2),
        SkillCount("best-five", 2),
    )
    bp = book.lock(
        Blueprint(
            "Stud dealer, module 1 — the whole hand",
            skills,
            ("casinos-austria-5-10-20", "stud-2-4", "stud8-10-20"),
            (),
            30 * 60,
            80,
        ),
        "Friederike Maximiliane",
        "471147",
    )
    yield store, book, bp
    store.close()


def test_the_trainer_fits_during_an_exam(qtbot, exam_record, language, screen):
    from dealer_app.training.progress import Progress
    from dealer_app.ui.trainer_window import TrainerWindow

    store, _book, bp = exam_record
    w = TrainerWindow(Progress(store.db))
    shown(qtbot, w, screen, TRAINER_WINDOW)
    w.trainee.setEditText("Friederike")
    w.mode.setCurrentIndex(w.mode.findData("exam"))
    assert w.exam_picker.current_id() == bp.id
    QApplication.processEvents()
    assert_fits(w, screen)  # the blueprint picked, its summary shown
    w.start()
    assert w.session.blueprint.id == bp.id and w.clock.isVisible()
    QApplication.processEvents()
    assert_fits(w, screen)


@pytest.mark.parametrize("first", [True, False], ids=["first-instructor", "registered-by-one"])
def test_the_exam_dialogs_fit(qtbot, exam_record, language, screen, first):
    """The instructor's blueprint dialog (with what it says, and its locked list) and the
    new-instructor dialog (the first one; a later one with the registering instructor's boxes)."""
    from dealer_app.training.exam import ExamBook
    from dealer_app.ui.exam_dialogs import BlueprintDialog, InstructorDialog

    store, book, _bp = exam_record
    if first:
        book = ExamBook(Store(store.path.parent / "empty.sqlite3").db, store.key)
    d = BlueprintDialog(book)
    d.name.setText("Stud dealer, module 1 — the whole hand")
    if not first:
        d.instructor.setText("Friederike Maximiliane")
        d.error.setText(
            d.tr("Locked: %1 (%2), seal %3. Trainees can take it now; it cannot be changed.")
            .replace("%1", d.name.text())
            .replace("%2", _bp.id)
            .replace("%3", _bp.seal_code)
        )
    shown(qtbot, d, screen, None)
    assert_fits(d, screen)
    r = InstructorDialog(book)
    shown(qtbot, r, screen, None)
    r.name.setText("Maximilian")
    r.pin.setText("4711")
    r.pin_again.setText("4771")
    qtbot.mouseClick(r.ok, Qt.MouseButton.LeftButton)  # refused: the two PINs differ, said under the boxes
    assert r.error.text() and r.isVisible()
    assert_fits(r, screen)


def test_the_room_ruling_dialog_fits(qtbot, tmp_path, language, screen):
    """A ruling of the room's floor that moves chips, as the dealer is shown it between hands
    (long names, a long decision), and one that cannot be applied here."""
    import json

    from dealer_app.room.forwarder import PendingRuling
    from dealer_app.ui.room_ruling_dialog import RoomRulingDialog

    c = TableController(Store(tmp_path / "h.sqlite3"))
    c.open_table("stud8-10-20", None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    payload = {
        "decision": "Seat 2 acted out of turn and the action stands; seat 6 is paid the bet it was owed, "
        "and seat 4 takes back the chips it put in by mistake",
        "chips": {"2": -2000, "4": 1000, "6": 1000},
        "case": "F-17",
        "rules": ["I-5", "P-2", "T-4"],
        "by": {"name": "Friederike Maximiliane"},
    }
    pending = PendingRuling(12, 1, 3, json.dumps(payload), "floor_friederike", "2026-12-01T21:03:12Z", "hash")
    for refused in (None, "seat 4 is no longer at this table"):
        d = RoomRulingDialog(c, pending, refused)
        shown(qtbot, d, screen, None)
        assert_fits(d, screen)


# --- the dialogs ------------------------------------------------------------------------------------
def test_the_open_table_dialog_fits(qtbot, tmp_path, language, screen):
    from dealer_app.ui.new_table_dialog import NewTableDialog

    d = NewTableDialog(TableController(Store(tmp_path / "h.sqlite3")))
    d.fill("stud8-10-20", [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    shown(qtbot, d, screen, None)
    assert_fits(d, screen)


@pytest.mark.parametrize("kind", ["join", "top-up", "leave"])
def test_the_seat_dialogs_fit(qtbot, tmp_path, language, screen, kind):
    """Seats → Join (with players who left and may come back), Top up, Leave."""
    from dealer_app.ui.seat_dialogs import JoinDialog, LeaveDialog, TopUpDialog

    c = TableController(Store(tmp_path / "h.sqlite3"))
    c.open_table("stud8-10-20", None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    c.leave(8)
    c.leave(7)
    dialog = {"join": JoinDialog, "top-up": TopUpDialog, "leave": LeaveDialog}[kind](c)
    if kind == "join":
        assert NAMES[7] in dialog.note.text()  # the players who may come back are listed
    shown(qtbot, dialog, screen, None)
    assert_fits(dialog, screen)


def test_the_players_display_fits(qtbot, tmp_path, language, screen):
    """Window → Players' display, eight players mid-hand, on one screen with the dealer's."""
    from dealer_app.ui.players_display import BASE_H, BASE_W, PlayersDisplay
    from dealer_app.ui.qt_bridge import ControllerBridge

    c = eight_handed(tmp_path, "action")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    display = PlayersDisplay(ControllerBridge(c), settings)
    shown(qtbot, display, screen, QSize(BASE_W, BASE_H))
    assert display.height() <= screen.height() and display.width() <= screen.width()
    assert_fits(display, screen)


def test_the_resume_dialog_fits(qtbot, tmp_path, language, screen):
    from dealer_app.ui.resume_dialog import ResumeDialog

    path = tmp_path / "h.sqlite3"
    for table, moment in (("stud8-10-20", "card"), ("stud-5-10", "action"), ("casinos-austria-5-10-20", None)):
        c = TableController(Store(path))
        if moment is None:
            c.open_table(table, None, [(i + 1, name, 100000) for i, name in enumerate(NAMES[:6])])
        else:
            c.open_table(table, None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
            c.start_hand()
            _enter(c, DOORS)
        c.store.close()
    d = ResumeDialog(TableController(Store(path)))
    assert d.list.count() == 3
    shown(qtbot, d, screen, None)
    assert_fits(d, screen)


@pytest.mark.parametrize("code", ["I-5", "I-6"])
def test_the_irregularity_dialog_fits(qtbot, tmp_path, monkeypatch, language, screen, code):
    from dealer_app.ui.floor_dialogs import IrregularityDialog

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    c = eight_handed(tmp_path, "action")
    d = IrregularityDialog(c)
    d.kind.setCurrentIndex(d.kind.findData(code))
    shown(qtbot, d, screen, None)
    assert_fits(d, screen)


def test_the_ruling_dialog_fits(qtbot, record, language, screen):
    from dealer_app.floor.timeline import load_hand
    from dealer_app.record.hand_index import list_hands
    from dealer_app.ui.floor_dialogs import RulingDialog

    store = Store(record, create=False)
    h = list_hands(store)[0]
    timeline = load_hand(store, h.session, h.hand)
    d = RulingDialog(store, timeline, len(timeline.steps) // 2)
    d.rules.setText("I-5, P-2")
    shown(qtbot, d, screen, None)
    assert_fits(d, screen)


def test_the_what_if_dialog_fits(qtbot, record, language, screen):
    from dealer_app.floor.timeline import load_hand
    from dealer_app.record.hand_index import list_hands
    from dealer_app.ui.floor_dialogs import WhatIfDialog
    from dealer_app.ui.screen_fit import WHAT_IF_WINDOW

    store = Store(record, create=False)
    h = list_hands(store)[0]
    timeline = load_hand(store, h.session, h.hand)
    step = next(i for i in range(len(timeline.steps)) if timeline.moment(i).prompt().kind == "action")
    d = WhatIfDialog(timeline.what_if(step))
    shown(qtbot, d, screen, WHAT_IF_WINDOW)
    assert_fits(d, screen)


def test_the_card_room_settings_fit(qtbot, tmp_path, monkeypatch, language, screen):
    from dealer_app.room.database import ENV
    from dealer_app.ui.room_link import RoomSettingsDialog

    monkeypatch.setenv(ENV, "postgresql://table_3:secret@floor-server.casino.example/room")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("room/database", "postgresql://table_3:secret@floor-server.casino.example/room")
    d = RoomSettingsDialog(settings)
    d.error.setText(d.tr("Not a PostgreSQL URL: postgresql://login:password@host/database"))
    shown(qtbot, d, screen, None)
    assert_fits(d, screen)


def test_the_about_box_fits(qtbot, tmp_path, language, screen):
    from dealer_app.ui.main_window import MainWindow

    w = MainWindow(
        TableController(Store(tmp_path / "h.sqlite3")), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(w)
    box = w.about()
    shown(qtbot, box, screen, None)
    assert_fits(box, screen)


def test_the_progress_view_fits(qtbot, tmp_path, language, screen):
    import sqlite3

    from dealer_app.training.drills import SKILLS
    from dealer_app.training.progress import Progress
    from dealer_app.ui.screen_fit import PROGRESS_WINDOW
    from dealer_app.ui.trainer_window import ProgressView

    progress = Progress(sqlite3.connect(tmp_path / "t.sqlite3"))
    tina = progress.trainee("Friederike")
    for i, skill in enumerate(SKILLS):
        progress.record(tina, skill, "practice", i % 2 == 0, 4.5 + i)
    v = ProgressView(progress, tina, "Friederike")
    shown(qtbot, v, screen, PROGRESS_WINDOW)
    assert_fits(v, screen)


def test_the_room_console_fits(qtbot, record, monkeypatch, language, screen):
    """The room's console (no server here: its reader and feed stand in, with three tables,
    their hands and a refused row, as the feed hands them over)."""
    import dataclasses

    from dealer_app.record.hand_index import list_hands
    from dealer_app.room.feed import FeedChange
    from dealer_app.room.reader import Refusal, RoomTable
    from dealer_app.ui import room_page_reader, room_window

    class Reader:
        def __init__(self, url):
            self.url, self.refusals = url, []

        def _query(self, sql, args=()):
            return []  # (the room's pages: none here; the hands are the feed's)

        def login(self):
            return "floor_anna"

        def floor_key_standing(self):  # (this machine's key enrolled and valid: nothing to say)
            from dealer_app.room.floor_key_enrollment import MINE, KeyStanding

            return KeyStanding(MINE), True

        def close(self):
            pass

    class Feed:
        def __init__(self, url, on_change, on_state, history=True):
            pass

        def start(self):
            return self

        def stop(self):
            pass

    monkeypatch.setattr(room_window, "RoomReader", Reader)
    monkeypatch.setattr(room_page_reader, "RoomReader", Reader)  # (the pages' own connection)
    monkeypatch.setattr(room_window, "RoomFeed", Feed)
    w = room_window.RoomFloorWindow("postgresql://floor_anna:secret@floor-server.casino.example/room")
    shown(qtbot, w, screen, FLOOR_WINDOW)
    tables = {f"T-{n}": RoomTable(f"T-{n}", f"Stud {n}", f"table_{n}", "2026-12-01T20:00:00") for n in (1, 2, 3)}
    hands = [
        dataclasses.replace(h, table_id=f"T-{1 + i % 3}", room_label=f"Stud {1 + i % 3}")
        for i, h in enumerate(list_hands(Store(record, create=False)))
    ]
    refusal = Refusal(1, "T-2", 1, 3, 17, "action", 2, "hash", "", "2026-12-01T21:03:12")
    w._feed_changed(FeedChange(hands, tables, [refusal], [], {t: 40 for t in tables}))
    w._feed_state("connected", "")
    assert_fits(w, screen)


# --- the card picker stays where the dealer's mouse is -------------------------------------------
def test_the_picker_never_moves_while_cards_are_entered(qtbot, tmp_path, language):
    """Through a hand's streets (the burn's note at each street's first card), a refused card
    (its reason shown) and a resume in a new window, every picker button stays where it was."""
    from dealer_app.ui.main_window import MainWindow

    screen = QSize(1280, 720)
    path, settings = tmp_path / "hands.sqlite3", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    c = TableController(Store(path))
    c.open_table("stud8-10-20", None, [(i + 1, name, 100000) for i, name in enumerate(NAMES)])
    w = MainWindow(c, settings)
    w.ask_before_closing = False
    shown(qtbot, w, screen, MAIN_WINDOW)
    places: dict[str, QPoint] = {}

    def picker_at(moment: str):
        QApplication.processEvents()
        button = w.panel.picker["As"]
        assert button.isVisible(), moment
        places[moment] = button.mapTo(w, QPoint(0, 0))

    c.start_hand()
    for card in DOORS.split():
        picker_at(f"third street, {card} due")
        w.panel._enter_card(card)
    _calls_round(c, fold=(3, 4, 7))
    assert "D-5" in w.panel.reason.text()  # the burn, said beside the first card of the street
    picker_at("fourth street, the burn's note")
    w.panel._enter_card("Kd")  # seen already: refused, and the reason said
    assert w.panel.error.text()
    picker_at("a card refused")
    for card in FOURTH.split():
        picker_at(f"fourth street, {card} due")
        w.panel._enter_card(card)
    _calls_round(c)
    picker_at("fifth street, the burn's note")
    w.panel._enter_card("4h")
    picker_at("fifth street, the second card")
    w.close()
    c.store.close()
    again = MainWindow(TableController(Store(path)), settings)
    again.ask_before_closing = False
    shown(qtbot, again, screen, MAIN_WINDOW)
    assert again.offer_resume(answer=True)
    w = again
    picker_at("after a resume")
    first = places["third street, Kd due"]
    moved = {moment: (p.x() - first.x(), p.y() - first.y()) for moment, p in places.items() if p != first}
    assert moved == {}, f"the picker moved (by x, y px) at: {moved}"


# --- the table's header and the cards' corners ----------------------------------------------------
def test_the_header_says_every_table_and_its_whole_house_profile(qapp, language):
    """Every limit table with every house profile, in a table view as narrow as the floor
    console's (its least) and as wide as the live table's at 1280x720: all of it, no "…"."""
    from dealer_app.engine.limits import load_folder
    from dealer_app.ui.qt_bridge import ControllerBridge

    catalog = load_folder(TableController(None).limits_dir)
    headers = []
    for table in catalog.tables.values():
        for profile in catalog.profiles:
            c = TableController(None)
            c.open_table(table.name, profile, [(1, "Ann", table.buy_in), (2, "Bob", table.buy_in)])
            view = TableView(ControllerBridge(c))
            headers.append(view.header())
            view.deleteLater()
    assert len(headers) == len(catalog.tables) * len(catalog.profiles) and all("…" not in h for h in headers)
    for width in (560, 640, 800):
        for text in headers:
            assert header_cut(text, width - 24) == [], (width, text)


@pytest.mark.parametrize("shown", [False, True], ids=["four-up", "all-seven-shown"])
def test_a_fanned_seven_card_row_shows_every_rank_whole(qapp, language, shown):
    """A seat with seven cards, tens and jacks among them: the strip of each card that shows
    holds its rank and suit whole (their advance, and the jack's hook left of its origin), as
    high as the font, inside the card; and the corners are not drawn smaller than needed."""
    from dealer_app.live.presentation import SeatView
    from dealer_app.ui.card_painter import SMALLEST_CORNER, corner_width, painted_corner

    v = SeatView(6, "Jean-Baptiste", 100000, up=["Th", "Jc", "Td", "Js"], down_count=3, in_hand=True)
    if shown:
        v.shown = ["Ts", "Jh", "Jd"]
    box = QRectF(0, 0, TableView.SEAT_W, TableView.SEAT_H)
    row = [spot for spot in TableView.card_row(v, box) if spot[1].width() == TableView.CARD_W]
    assert len(row) == (7 if shown else 4)
    for i, (code, rect, visible, scale) in enumerate(row):
        assert scale >= SMALLEST_CORNER
        if i + 1 < len(row):
            assert row[i + 1][1].x() == pytest.approx(rect.x() + visible)  # the next card covers the rest
        assert box.adjusted(6 - 0.01, 0, -6 + 0.01, 0).contains(rect)
        c = painted_corner(rect, code, visible, scale)
        for font, text, place in ((c.rank_font, c.label, c.rank_rect), (c.suit_font, c.suit, c.suit_rect)):
            fm = QFontMetricsF(font)
            ink = fm.tightBoundingRect(text).translated(place.x(), place.y() + fm.ascent())
            assert fm.horizontalAdvance(text) <= visible, (code, text)
            assert rect.x() + 1 <= ink.left() and ink.right() <= rect.x() + visible, (code, text, ink, visible)
            assert place.height() >= fm.ascent() and rect.y() <= ink.top() and ink.bottom() <= place.bottom(), (
                code,
                text,
            )
            assert place.bottom() <= rect.bottom()
    scale = row[0][3]  # and the corners as large as the row's room allows
    room = sum(visible for _code, _rect, visible, _scale in row[:-1])
    assert scale == 1.0 or sum(corner_width(code, TableView.CARD_H, scale + 0.05) for code, *_ in row[:-1]) > room

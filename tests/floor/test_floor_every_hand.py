"""Issue 26 §1: the floor opens every hand of an ordinary session — players who lost chips and
started short, topped up, left and came back, undos, every §9 irregularity, rulings with chips
— steps through it from its first input to its last, and prints its report. A hand as played is
a fact: it is replayed from the seats and stacks its record says it started with, never judged
again by the rules that applied when a player sat down (T-3)."""

import json
import re
import subprocess

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealer_app.floor.timeline import load_hand
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store
from tests.support.floor_accounts import MARIA
from tests.support.session_record import IRREGULARITIES, ordinary_sessions


@pytest.fixture(scope="module")
def session_record(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ordinary")
    mp = pytest.MonkeyPatch()
    mp.setenv("DEALER_APP_CONFIG", str(folder / "config"))
    made = ordinary_sessions(folder / "hands.sqlite3", folder / "anchors.txt")
    yield folder / "hands.sqlite3", made
    mp.undo()


def test_the_record_is_an_ordinary_session(session_record):
    _path, made = session_record
    assert made["hands"] >= 60 and len(made["sessions"]) == 3
    assert all(made["irregularities"][code] >= 1 for code in IRREGULARITIES), made["irregularities"]
    assert made["rulings"] >= 5 and made["undos"] >= 10
    assert made["short_starts"] >= 30  # most hands: somebody below the table's buy-in
    assert made["leaves"] and made["returns"] and made["top_ups"] and made["joins"]


def test_every_hand_opens_and_steps_from_its_first_input_to_its_last(session_record):
    path, made = session_record
    store = Store.read_only(path)
    hands = list_hands(store)
    assert len(hands) == made["hands"]
    short = 0
    for h in hands:
        timeline = load_hand(store, h.session, h.hand)
        assert timeline.steps[0].kind == "hand_start"
        table_buy_in = timeline.limit_table.buy_in
        short += any(stack < table_buy_in for _seat, _name, stack in timeline.seats)
        for i in range(len(timeline.steps)):
            moment = timeline.moment(i)
            assert [p.start for p in moment.hand.players] == [stack for _s, _n, stack in timeline.seats]
    assert short == made["short_starts"]
    store.close()


def test_every_hand_opens_in_the_console_and_steps_to_its_last_input(qtbot, session_record):
    from dealer_app.ui.floor_window import FloorWindow

    path, made = session_record
    w = FloorWindow(Store.read_only(path))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    assert w.hand_list.rowCount() == made["hands"]
    for row in range(w.hand_list.rowCount()):  # a click on each hand, End to its last step
        rect = w.hand_list.visualItemRect(w.hand_list.item(row, 0))
        qtbot.mouseClick(w.hand_list.viewport(), Qt.LeftButton, pos=rect.center())
        qtbot.waitUntil(lambda r=row: w.timeline is not None and w.hand_list.currentRow() == r, timeout=3000)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=3000)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_End)
        assert w.index == len(w.timeline.steps) - 1, w.hand_list.item(row, 0).text()


REPORT_HEADINGS = (
    "Seals",
    "Players",
    "Pots and who won them",
    "Timeline",
    "Legal options then",
    "Rulings",
    "The rules cited",
    "Signatures",
)


def _is_heading(line: str) -> bool:
    return (
        line in REPORT_HEADINGS
        or re.fullmatch(r"The table at (the disputed moment \(step \d+\)|step \d+)", line) is not None
    )


def _pages(text: str) -> list[list[str]]:
    """A report's pages as pdftotext reads them, each its lines (no blank ones, no foot)."""
    return [
        [line.strip() for line in page.splitlines() if line.strip() and not line.startswith("Page ")]
        for page in text.split("\f")
        if page.strip()
    ]


def test_every_hand_prints_its_report_and_reads_back_whole(session_record, tmp_path):
    """§1's proof: the report of every hand of the realistic record, read back (pdftotext): its
    hand, its result, no failure; and §3's layout: every step once and on one page (a step split
    across two pages had its last line twice in the PDF's text), no heading last on its page,
    the disputed moment's heading on the page of the table it is about."""
    from dealer_app.cli import main

    path, made = session_record
    store = Store.read_only(path)
    hands = list_hands(store)
    assert len(hands) == made["hands"]
    for h in hands:
        out = tmp_path / f"{h.id}.pdf"
        assert main(["report", "--db", str(path), "--hand", h.id, "--out", str(out)]) == 0, h.id
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert text.startswith("Ruling report\nThe record proves itself"), (h.id, text[:200])
        assert f"Hand: {h.id}" in text and f"Hand {h.id} · Seal {h.seal}" in text, h.id
        assert "does NOT prove" not in text and "Traceback" not in text and "Generated: " in text, h.id
        timeline = load_hand(store, h.session, h.hand)
        end = timeline.moment(len(timeline.steps) - 1)
        if end.voided() is not None:  # its result: every chip back, or who won which pot, how much
            assert "The hand was declared void at step" in text, h.id
        else:
            for number, pot in enumerate(end.hand.pots_awarded):
                label = "Main pot" if number == 0 else f"Side pot {number}"
                won = ", ".join(f"seat {s} {end.money(a)}" for s, a in sorted(pot["winners"].items()))
                assert re.search(
                    rf"{label} {re.escape(end.money(pot['amount']))} \([^)]*\): {re.escape(won)}",
                    " ".join(text.split()),
                ), (h.id, label, won)
        pages = _pages(text)
        steps = [
            re.match(r"(\d+) (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC", line) for page in pages for line in page
        ]
        assert [int(s.group(1)) for s in steps if s] == list(range(len(timeline.steps))), h.id  # each step once
        for number, page in enumerate(pages):
            assert not _is_heading(page[-1]), (h.id, number + 1, page[-1])  # no heading last on its page
            if number:
                assert not page[0].startswith("→"), (h.id, number + 1, page[0])  # no step split over two
            moment = [i for i, line in enumerate(page) if line.startswith("The table at ")]
            if moment:  # its heading, why that moment, who is to act: on one page, with the table's picture
                assert len(page) > moment[0] + 2, (h.id, page[moment[0] :])
    store.close()


# --- §2: forged chips are never played on ----------------------------------------------------------
def _forge_a_ruling(path) -> tuple[int, int]:
    """Edit a ruling's chips in SQLite, as an insider with the file would: (session, hand)."""
    import json
    import sqlite3

    db = sqlite3.connect(path)
    rid, sid, hand, payload = db.execute(
        "SELECT id, session_id, hand_no, payload FROM log WHERE kind = 'ruling' ORDER BY id LIMIT 1"
    ).fetchone()
    data = json.loads(payload)
    seats = list(data["chips"])
    data["chips"] = {seats[0]: data["chips"][seats[0]] * 20, seats[1]: data["chips"][seats[1]] * 20}
    db.execute("UPDATE log SET payload = ? WHERE id = ?", (json.dumps(data), rid))
    db.commit()
    db.close()
    return sid, hand


@pytest.fixture
def open_table_record(tmp_path, monkeypatch):
    """A table left open after a ruling moved chips; then the ruling's chips are forged."""
    from dealer_app.floor.ruling import Ruling
    from dealer_app.floor.rulings import rule_at_table
    from dealer_app.live.controller import TableController
    from tests.support.session_record import FLOOR

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "h.sqlite3", anchors=tmp_path / "anchors.txt")
    c = TableController(store)
    c.open_table("stud-1-2", None, [(1, "Ann", 4000), (2, "Bob", 4000), (3, "Cy", 4000)])
    c.start_hand()
    for card in ("kd", "2c", "9h"):
        c.enter_card(card)
    c.act("bring_in")
    c.act("fold")
    c.act("fold")
    c.finish_hand()
    rule_at_table(
        c,
        Ruling(
            c.session_id,
            1,
            2,
            "seat 3 says the bring-in was short",
            ("I-3", "B-3"),
            "seat 2 pays seat 3",
            "adjust",
            {2: -100, 3: 100},
            "dealer Jo",
            "cam 1",
        ),
        FLOOR,
    )
    sid, stacks = c.session_id, {s.seat: s.stack for s in c.seats()}
    store.close()
    forged = _forge_a_ruling(tmp_path / "h.sqlite3")
    return tmp_path / "h.sqlite3", tmp_path / "anchors.txt", sid, stacks, forged


def test_forged_chips_are_never_resumed_and_only_the_floor_closes_the_table(open_table_record):
    from dealer_app.live.controller import InputError, TableController
    from tests.support.session_record import FLOOR

    path, anchors, sid, _stacks, _forged = open_table_record
    c = TableController(Store(path, anchors=anchors))
    table = next(t for t in c.open_tables() if t.session_id == sid)
    assert table.failing and "call the floor" in str(table.problem)
    assert c.resumable() == []
    with pytest.raises(InputError, match="fails its check"):
        c.resume(sid)
    assert c.session is None  # nothing was put on the seats
    with pytest.raises(InputError, match="closed by the floor"):
        c.close_open_table(sid)
    c.close_open_table(sid, FLOOR)
    assert c.store.is_open(sid) is False
    closed = [p for _h, k, p, _a in c.store.session_log(sid) if k == "close_table"][-1]
    assert closed["by"] == {"role": "floor", "name": "Maria"} and "fails its check" in closed["failing"]


def test_the_hand_list_and_the_report_say_a_forged_hand_fails(open_table_record, tmp_path):
    from dealer_app.cli import main

    path, _anchors, sid, _stacks, (forged_sid, _forged_hand) = open_table_record
    hands = list_hands(Store.read_only(path))
    failing = [h for h in hands if h.failing]
    assert failing and all(h.session == forged_sid for h in failing)
    out = tmp_path / "r.pdf"
    assert main(["report", "--db", str(path), "--hand", f"{sid}-1", "--out", str(out)]) == 1
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    first_page = text.split("\f")[0]
    assert "does NOT prove itself" in first_page


def test_the_floor_closes_a_forged_table_and_opens_a_fresh_one_from_its_count(qtbot, open_table_record):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDialogButtonBox, QInputDialog

    from dealer_app.live.controller import TableController
    from dealer_app.ui.main_window import MainWindow
    from dealer_app.ui.new_table_dialog import NewTableDialog
    from dealer_app.ui.resume_dialog import ResumeDialog
    from tests.ui.test_ui_dealer_input import WhenShown

    path, anchors, sid, stacks, _forged = open_table_record
    w = MainWindow(
        TableController(Store(path, anchors=anchors)), QSettings(str(path.parent / "s.ini"), QSettings.IniFormat)
    )
    qtbot.addWidget(w)
    w.show()
    seen = {}

    def answer(dialog, text):  # typed where the question's focus is (its text box), then Enter
        focus = QApplication.focusWidget() or dialog.focusWidget()
        qtbot.keyClicks(focus, text)
        qtbot.keyClick(focus, Qt.Key_Return)

    def in_resume(dialog):
        seen["resume_enabled"] = dialog.resume_button.isEnabled()
        seen["recount_visible"] = dialog.recount_button.isVisible()
        seen["row"] = dialog.list.item(0).text()
        names = iter(MARIA)
        seen["asks"] = []

        def floor_question(d):
            seen["asks"].append(d.labelText())
            answer(d, next(names))
            if len(seen["asks"]) < 2:
                seen["next"] = WhenShown(QInputDialog, floor_question)

        seen["first"] = WhenShown(QInputDialog, floor_question)
        qtbot.mouseClick(dialog.recount_button, Qt.LeftButton)

    asked = WhenShown(ResumeDialog, in_resume)
    w.offer_resume()
    assert asked.done and seen["resume_enabled"] is False and seen["recount_visible"] is True
    assert "call the floor" in seen["row"] and seen["asks"] == ["Floor account", "Floor passphrase"]
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), NewTableDialog), timeout=3000)
    recount = QApplication.activeModalWidget()
    assert recount.floor_name.text() == "Maria"
    prefilled = {seat: buy_in.value() for seat, check, _name, buy_in in recount.rows if check.isChecked()}
    assert set(prefilled) == set(stacks)
    recount.activateWindow()  # the window manager's job on a real screen
    qtbot.mouseClick(recount.floor_passphrase, Qt.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is recount.floor_passphrase, timeout=3000)
    qtbot.keyClicks(QApplication.focusWidget(), MARIA[1])
    counted = _stack_edit(recount, 2)  # the floor counts seat 2 again: $38.00
    qtbot.mouseClick(counted, Qt.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=3000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "38")
    qtbot.mouseClick(recount.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok), Qt.LeftButton)
    qtbot.waitUntil(lambda: w.controller.session is not None, timeout=3000)
    c = w.controller
    assert c.session_id != sid and c.session.seats[2].stack == 3800
    first = c.store.session_log(c.session_id)[0][2]
    assert first["stacks_confirmed_by"] == {"role": "floor", "name": "Maria"}
    c.store.close()
    again = TableController(Store(path, anchors=anchors))
    again.resume(c.session_id)  # the floor's count replays as it was confirmed
    assert again.session.seats[2].stack == 3800


def _stack_edit(dialog, seat):
    return next(buy_in for s, _check, _name, buy_in in dialog.rows if s == seat).lineEdit()


def test_the_from_filter_refuses_a_text_that_is_no_time(qtbot, session_record):
    from dealer_app.ui.floor_window import FloorWindow

    path, made = session_record
    w = FloorWindow(Store.read_only(path))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.mouseClick(w.filter_since, Qt.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.filter_since, timeout=3000)
    qtbot.keyClicks(QApplication.focusWidget(), "yesterday")
    assert "'yesterday' is not a time" in w.count.text() and "ffd6d6" in w.filter_since.styleSheet()
    assert w.hand_list.rowCount() == made["hands"]  # refused: it filters nothing
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_A, Qt.ControlModifier)
    first = min(h.started for h in list_hands(Store.read_only(path)))
    qtbot.keyClicks(QApplication.focusWidget(), first[:10])  # the day the record starts: every hand
    assert w.filter_since.styleSheet() == "" and f"{made['hands']} of {made['hands']} hands" in w.count.text()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "2999-01-01")  # after the record: none
    assert w.hand_list.rowCount() == 0


def test_a_date_or_time_that_does_not_exist_is_refused_and_seconds_and_z_are_taken(qtbot, session_record, capsys):
    """`hands`/`rulings` --since/--until and the console's From box: a date or time that does not
    exist (month 13, hour 25, 30 February) is refused, naming the option and the text (exit 2);
    seconds, fractions and a trailing Z are taken; in the console a time still being typed
    ("2026-1") filters nothing and is not refused, one that can never be finished is."""
    from dealer_app.cli import main
    from dealer_app.ui.floor_window import FloorWindow

    path, made = session_record
    for command in ("hands", "rulings"):
        for flag in ("--since", "--until"):
            for text in ("2026-13-01", "2026-12-01T25:00", "2026-02-30", "2026-1"):
                assert main([command, "--db", str(path), flag, text]) == 2, (command, flag, text)
                err = capsys.readouterr().err
                assert err.startswith(f"dealer-app {command}: {flag} '{text}': ") and "Traceback" not in err, err
    hands = list_hands(Store.read_only(path))
    first = min(hands, key=lambda h: h.started)
    exact = first.started[:23]  # 2026-12-02T18:35:49.266: to the record's millisecond
    assert main(["hands", "--db", str(path), "--until", exact, "--json"]) == 0
    assert [h["id"] for h in json.loads(capsys.readouterr().out)["hands"]] == [
        h.id for h in hands if h.started[:23] <= exact
    ]
    assert main(["hands", "--db", str(path), "--since", first.started[:19] + "Z"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == sum(h.started[:19] >= first.started[:19] for h in hands)
    assert all(re.search(r"\d\d:\d\d:\d\d UTC ", line) for line in lines), lines[:2]  # times marked UTC
    assert main(["rulings", "--db", str(path), "--since", first.started[:10] + "T00:00:00.000Z"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= made["rulings"] and all(line.count(" UTC ") == 2 for line in lines)
    w = FloorWindow(Store.read_only(path))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.mouseClick(w.filter_since, Qt.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.filter_since, timeout=3000)
    for text in ("2026-13-01", "2026-02-30", "2026-12-01T25:00"):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_A, Qt.ControlModifier)
        qtbot.keyClicks(QApplication.focusWidget(), text)
        assert "ffd6d6" in w.filter_since.styleSheet() and f"'{text}' is not a time" in w.count.text(), text
        assert w.hand_list.rowCount() == made["hands"]  # refused: it filters nothing
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "2026-1")  # still being typed: not refused
    assert w.filter_since.styleSheet() == "" and w.hand_list.rowCount() == made["hands"]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(QApplication.focusWidget(), first.started[:10] + "T00:00:00.000Z")
    assert w.filter_since.styleSheet() == "" and w.hand_list.rowCount() == made["hands"]


def test_the_rulings_columns_line_up_when_case_numbers_reach_two_digits(session_record, capsys):
    """`dealer-app rulings` in text: each column as wide as its widest, so that case 10's line
    (and hand 1-14's) has its status, hand, table and times where case 9's (and hand 1-4's) has."""
    from dealer_app.cli import main

    path, _made = session_record
    assert main(["rulings", "--db", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    numbers = [line.split()[0] for line in lines]
    assert len({len(n) for n in numbers}) > 1  # (cases -1 … -9 and -10 …: the record has both)
    hands = [line.split()[4] for line in lines]
    assert len({len(h) for h in hands}) > 1  # (hands 1-4 and 1-14)
    for column in (" decided ", " hand ", " opened ", " last ", " floor "):
        assert len({line.index(column) for line in lines}) == 1, (column, lines)

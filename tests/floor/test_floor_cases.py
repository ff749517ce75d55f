"""Issue 26 §4, a case, not just a ruling: each ruling has a case number (unique per room), a
category and a status; a case goes on with an appeal and its closing; the console finds it by
number, status, floor and words; ``dealer-app rulings`` lists cases for a shift report. Run on
the record of ordinary sessions (tests/support/session_record.py), where the table's floor ruled."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.cli import main
from dealer_app.floor.cases import cases_of, record_entries
from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import RulingRefused, record_ruling
from dealer_app.floor.timeline import load_hand
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store
from tests.support.floor_accounts import TOM
from tests.support.session_record import FLOOR, ordinary_sessions

CASE_NUMBER = re.compile(r"C-[0-9A-HJKMNP-TV-Z]{6}-\d+")


@pytest.fixture
def sessions(tmp_path, monkeypatch):
    """An ordinary session's record (smaller than the floor's module one: this one is ruled on)."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    path, anchors = tmp_path / "h.sqlite3", tmp_path / "anchors.txt"
    made = ordinary_sessions(path, anchors, hands=8, seed=7)
    assert made["rulings"] >= 2
    return path, anchors


def _finished_hand(store):
    """A finished hand with no ruling yet, on a closed table (no seats to move)."""
    hands = [h for h in list_hands(store) if h.pot is not None and not h.rulings]
    return hands[-1]


def test_every_ruling_has_a_case_number_unique_and_counted_in_its_record(sessions):
    path, _anchors = sessions
    entries = record_entries(Store.read_only(path))
    numbers = [e.case for e in entries]
    assert numbers and all(CASE_NUMBER.fullmatch(n) for n in numbers), numbers
    prefixes = {n.rsplit("-", 1)[0] for n in numbers}
    assert len(prefixes) == 1  # the record's own letters
    assert sorted(int(n.rsplit("-", 1)[1]) for n in numbers) == list(range(1, len(numbers) + 1))
    assert all(e.floor == FLOOR[0] and e.status == "decided" for e in entries)


def test_a_case_goes_on_appealed_then_closed_and_a_closed_case_takes_no_more(sessions):
    path, anchors = sessions
    store = Store(path, anchors=anchors)
    h = _finished_hand(store)
    opened = record_ruling(
        store,
        Ruling(
            h.session,
            h.hand,
            0,
            "Seat says the pot was pushed short",
            ("I-3",),
            "",
            status="open",
            category="pot_dispute",
        ),
        FLOOR,
    )
    assert CASE_NUMBER.fullmatch(opened.case) and opened.status == "open"
    decided = record_ruling(
        store,
        Ruling(
            h.session,
            h.hand,
            0,
            "Counted down on camera",
            ("I-3",),
            "The pot was right",
            case=opened.case,
            category="other",
        ),
        FLOOR,
    )
    assert decided.case == opened.case and decided.category == "pot_dispute"  # a case keeps its kind
    record_ruling(
        store,
        Ruling(
            h.session,
            h.hand,
            0,
            "The player appeals to the shift manager",
            ("I-3",),
            "Appeal taken",
            case=opened.case,
            status="appealed",
        ),
        TOM,
    )
    record_ruling(
        store,
        Ruling(
            h.session,
            h.hand,
            0,
            "Shift manager reviewed cam 3",
            ("I-3",),
            "Decision stands",
            case=opened.case,
            status="closed",
        ),
        TOM,
    )
    with pytest.raises(RulingRefused, match="closed"):
        record_ruling(store, Ruling(h.session, h.hand, 0, "again", ("I-3",), "again", case=opened.case), FLOOR)
    with pytest.raises(RulingRefused, match="not a case of hand"):
        record_ruling(store, Ruling(h.session, h.hand, 0, "x", ("I-3",), "y", case="C-000000-99"), FLOOR)
    with pytest.raises(RulingRefused, match="status"):
        record_ruling(store, Ruling(h.session, h.hand, 0, "x", ("I-3",), "y", status="pending"), FLOOR)
    with pytest.raises(RulingRefused, match="needs its decision"):
        record_ruling(store, Ruling(h.session, h.hand, 0, "x", ("I-3",), "", status="decided"), FLOOR)
    case = next(c for c in cases_of(record_entries(store)) if c.number == opened.case)
    assert [e.status for e in case.entries] == ["open", "decided", "appealed", "closed"]
    assert case.status == "closed" and case.category == "pot_dispute"
    assert [r.case for r in load_hand(store, h.session, h.hand).rulings()] == [opened.case] * 4
    assert store.check() == []


def test_the_rulings_command_lists_and_filters_cases_for_a_shift_report(sessions, capsys):
    path, anchors = sessions
    store = Store(path, anchors=anchors)
    h = _finished_hand(store)
    opened = record_ruling(
        store,
        Ruling(
            h.session,
            h.hand,
            0,
            "Player 4 used a phone at the table",
            ("I-3",),
            "Warned",
            category="conduct",
            status="open",
        ),
        TOM,
    )
    store.close()
    assert main(["rulings", "--db", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    total = len(record_entries(Store.read_only(path)))
    assert len(lines) == total and any(opened.case in ln and "conduct" in ln and "open" in ln for ln in lines)
    assert main(["rulings", "--db", str(path), "--status", "open", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["cases"]
    assert [c["case"] for c in found] == [opened.case] and found[0]["rulings"][0]["floor"] == "Tom"
    assert found[0]["hand_id"] == h.id and found[0]["rulings"][0]["seal"]
    assert main(["rulings", "--db", str(path), "--floor", "mar", "--json"]) == 0
    assert {c["case"] for c in json.loads(capsys.readouterr().out)["cases"]} == {
        e.case for e in record_entries(Store.read_only(path)) if e.floor == "Maria"
    }
    assert main(["rulings", "--db", str(path), "--text", "phone", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["case"], r["category"], r["status"], r["floor"]) for r in rows] == [
        (opened.case, "conduct", "open", "Tom")
    ]
    assert rows[0]["facts"] == "Player 4 used a phone at the table"  # the facts too, in the last column
    assert list(rows[0])[:15] == [
        "case",
        "category",
        "status",
        "at",
        "table",
        "table_id",
        "hand_id",
        "floor",
        "rules",
        "decision",
        "remedy",
        "chips",
        "witnesses",
        "camera",
        "seal",
    ]
    assert main(["rulings", "--db", str(path), "--since", "2999-01-01"]) == 0
    assert "no cases match" in capsys.readouterr().err
    for wrong, said in ((["--status", "pending"], "invalid choice"), (["--json", "--csv"], "not allowed")):
        with pytest.raises(SystemExit) as usage:  # (argparse's own usage error: exit 2)
            main(["rulings", "--db", str(path), *wrong])
        assert usage.value.code == 2 and said in capsys.readouterr().err
    assert main(["rulings", "--db", str(path), "--since", "yesterday"]) == 2
    assert "--since" in capsys.readouterr().err


def _focus(qtbot):
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
    return QApplication.focusWidget()


def test_the_console_finds_a_case_by_number_floor_words_and_status(qtbot, sessions):
    from dealer_app.ui.floor_window import FloorWindow

    path, anchors = sessions
    store = Store(path, anchors=anchors)
    h = _finished_hand(store)
    opened = record_ruling(
        store,
        Ruling(
            h.session, h.hand, 0, "Disputed chop of the low half", ("I-3",), "", category="pot_dispute", status="open"
        ),
        TOM,
    )
    store.close()
    w = FloorWindow(Store(path, create=False))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    ruled = {x.id for x in w.hands if x.rulings}
    for typed, expected in ((opened.case, {h.id}), ("tom", {h.id}), ("chop", {h.id}), ("maria", ruled - {h.id})):
        qtbot.mouseClick(w.filter_case, Qt.LeftButton)
        qtbot.keyClick(_focus(qtbot), Qt.Key_A, Qt.ControlModifier)
        qtbot.keyClick(_focus(qtbot), Qt.Key_Backspace)
        qtbot.keyClicks(_focus(qtbot), typed)
        assert {x.id for x in w.shown} == expected, typed
        assert all(w.hand_list.item(r, 0).text().endswith(x.id) for r, x in enumerate(w.shown))
    qtbot.mouseClick(w.filter_case, Qt.LeftButton)
    qtbot.keyClick(_focus(qtbot), Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClick(_focus(qtbot), Qt.Key_Backspace)
    # the status box: clicked (its list opens), closed, then the arrow keys pick "open"
    qtbot.mouseClick(w.filter_status, Qt.LeftButton, pos=QPoint(8, w.filter_status.height() // 2))
    qtbot.waitUntil(lambda: w.filter_status.view().isVisible())
    qtbot.keyClick(_focus(qtbot), Qt.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.filter_status)
    for _ in range(w.filter_status.findData("open")):
        qtbot.keyClick(_focus(qtbot), Qt.Key_Down)
    qtbot.waitUntil(lambda: w.filter_status.currentData() == "open")
    assert [x.id for x in w.shown] == [h.id]
    assert opened.case in w.hand_list.item(0, 3).text()


def test_rulings_on_a_record_that_fails_its_check_say_so_first_and_exit_1(sessions, capsys):
    """A ruling's row edited in SQLite: `rulings` (like `hands`) says first, on stderr, that the
    record fails its check and which hand, marks the case, still lists every case, and exits 1
    (in --csv and --json too: a shift report's script sees it)."""
    import sqlite3

    path, _anchors = sessions
    db = sqlite3.connect(path)
    rid, sid, hand, payload = db.execute(
        "SELECT id, session_id, hand_no, payload FROM log WHERE kind = 'ruling' ORDER BY id LIMIT 1"
    ).fetchone()
    forged = json.loads(payload)
    forged["decision"] = "seat 2 pays seat 1 twice"
    db.execute("UPDATE log SET payload = ? WHERE id = ?", (json.dumps(forged), rid))
    db.commit()
    db.close()
    assert main(["rulings", "--db", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"dealer-app rulings: the record {path} fails its check (hand {sid}-{hand}): ")
    assert f"log row {rid}" in err and f"'dealer-app verify {path}' names every problem" in err
    marked = [line for line in out.splitlines() if "FAILS THE RECORD'S CHECK" in line]
    assert len(marked) == 1 and f"hand {sid}-{hand} " in marked[0]
    assert len(out.splitlines()) == len(record_entries(Store.read_only(path)))
    for shown in ("--csv", "--json"):
        assert main(["rulings", "--db", str(path), shown]) == 1
        out, err = capsys.readouterr()
        assert "fails its check" in err and out
    assert main(["hands", "--db", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"dealer-app hands: the record {path} fails its check (hand {sid}-{hand}): ")
    assert next(line for line in out.splitlines() if "FAILS THE RECORD'S CHECK" in line).split()[0] == f"{sid}-{hand}"

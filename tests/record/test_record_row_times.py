"""Row times run forward in a table's own record (the second attack pass): a row timed earlier
than a row before it by more than a clock's step is named by `verify` and the start's check, as
its own kind (ROW_TIME), and stops no gate (the rows are the table's own, whole); a clock that
stepped back a second is no finding."""

from datetime import UTC, datetime, timedelta

import pytest

from dealer_app.cli import main
from dealer_app.live.controller import TableController
from dealer_app.record import store as store_module
from dealer_app.record.row_times import NO_TIME, ROW_TIME, step
from dealer_app.record.store import Store, check_notes
from tests.record.test_record_proves_itself import play_hands

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))


def dealt(tmp_path) -> TableController:
    c = TableController(Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt"))
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, 2, seed=7)
    c.top_up(2, 1500)
    c.start_hand()
    c.enter_card("Kc")
    return c


def one_row_at(c, monkeypatch, back: timedelta) -> int:
    """The next input written with the clock set ``back`` from the last row's time; its row."""
    last = c.store.db.execute("SELECT at FROM log ORDER BY id DESC LIMIT 1").fetchone()[0]
    moment = datetime.fromisoformat(last) - back
    monkeypatch.setattr(store_module, "_now", lambda: moment.astimezone(UTC).isoformat(timespec="milliseconds"))
    c.enter_card("Qd")
    monkeypatch.undo()
    return c.store.db.execute("SELECT max(id) FROM log").fetchone()[0]


def test_a_row_set_back_ten_minutes_is_named_and_gates_nothing(tmp_path, monkeypatch, capsys):
    c = dealt(tmp_path)
    row = one_row_at(c, monkeypatch, timedelta(minutes=10))
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    assert c.undo()  # (the clock is right again: the row after it is not said again)
    (problem,) = c.store.check(anchors=tmp_path / "anchors.txt")
    assert problem.what == ROW_TIME and (problem.row, problem.session, problem.hand) == (row, c.session_id, 3)
    assert f"table session {c.session_id}, hand 3: row {row}'s time" in problem.text
    assert f"is earlier than row {row - 1}'s" in problem.text and "(by 10 min 0 s)" in problem.text
    assert "the record's times were changed or the table's clock went back" in problem.text
    assert c.store.failing() == {}  # the hand is dealt on, resumed and reported: the floor is told
    assert any(f"row {row}'s time" in note for note in map(str, check_notes(c.store)))
    path = str(c.store.path)
    c.store.close()
    assert main(["verify", path, "--anchors", str(tmp_path / "anchors.txt")]) == 1
    out = capsys.readouterr().out
    assert f"row {row}'s time" in out and "NOT whole: 1 problem(s)" in out


def test_a_clock_stepped_back_a_second_is_no_finding(tmp_path, monkeypatch, capsys):
    c = dealt(tmp_path)
    one_row_at(c, monkeypatch, timedelta(seconds=1))
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    assert c.undo()
    assert c.store.check(anchors=tmp_path / "anchors.txt") == []
    path = str(c.store.path)
    c.store.close()
    assert main(["verify", path, "--anchors", str(tmp_path / "anchors.txt")]) == 0


def test_times_walked_back_a_little_a_row_are_caught_once_behind_the_latest():
    """Each step under the tolerance; the sum over it: said once, at the first row past it."""
    mark, said = NO_TIME, []
    start = datetime(2026, 3, 1, 14, 5, 30, tzinfo=UTC)
    for row in range(1, 8):
        mark, found = step(mark, row, (start - timedelta(seconds=4 * (row - 1))).isoformat(timespec="milliseconds"))
        said += [found] if found else []
    (found,) = said
    assert (found.row, found.latest_row) == (3, 1)
    assert found.words().startswith("row 3's time 14:05:22 is earlier than row 1's 14:05:30 (by 8.0 s)")

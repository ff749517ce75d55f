"""The live table keeps every chip right: one owner of the hand, seats only between hands,
record first, and a start that never fails because of the record."""

import sqlite3

import pytest

from dealer_app.live.controller import InputError, RecordFailure, TableController
from dealer_app.record.store import RecordError, Store, StoreError, open_record

PLAYERS = [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)]


def table(tmp_path, name="stud-5-10", players=PLAYERS, path="hands.sqlite3", **kw):
    c = TableController(Store(tmp_path / path), **kw)
    c.open_table(name, None, players)
    c.start_hand()
    return c


def bring_in_and_fold_around(c):
    """Kd 2c Th: seat 2 brings in $2, seat 3 completes to $5, seats 1 and 2 fold."""
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    c.act("fold")
    c.act("fold")


def state(c):
    return ([vars(s) for s in c.seats()], c.prompt(), list(c.inputs), list(c.redo_stack), c.hand_no)


def resumed(c):
    """The same table, rebuilt from the record by a new controller."""
    c2 = TableController(Store(c.store.path))
    c2.resume(c.session_id)
    return c2


# --- 1. undo leaves the table as if the input had never been made -------------------------


def test_stacks_after_an_undo_are_the_stacks_on_the_screen(tmp_path):
    """The defect: after an undo the session kept the old hand, so the awards could not be
    confirmed and the next hand started from the wrong stacks."""
    c = table(tmp_path)
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("call")  # a slip: seat 3 meant to complete
    c.undo()
    c.act("complete", 500)
    c.act("fold")
    c.act("fold")
    assert c.session.hand is c.hand and c.prompt().kind == "award"
    on_screen = [s.stack for s in c.seats()]
    c.finish_hand()
    assert [s.stack for s in c.seats()] == on_screen == [4950, 4750, 5300]
    c.start_hand()
    assert [p.start for p in c.hand.players] == on_screen
    assert state(resumed(c)) == state(c)


def test_undo_and_redo_at_the_award_prompt(tmp_path):
    c = table(tmp_path)
    bring_in_and_fold_around(c)
    awarded = [s.stack for s in c.seats()]
    assert c.undo() and c.prompt().kind == "action"  # the last fold is back
    assert c.redo() and c.prompt().kind == "award"
    c.undo()
    c.act("call")  # seat 2 calls instead
    assert c.prompt().kind == "card"
    for _ in range(2):
        c.undo()  # back before the first fold
    assert [s.stack for s in c.seats()] == [4950, 4750, 4450]
    assert c.redo() and c.redo() and not c.redo()  # the call redone, not the fold
    assert c.prompt().kind == "card"
    c.undo()
    c.act("fold")
    assert [s.stack for s in c.seats()] == awarded
    c.finish_hand()
    assert [s.stack for s in c.seats()] == awarded
    assert state(resumed(c)) == state(c)


def test_undo_between_hands_does_nothing(tmp_path):
    c = table(tmp_path)
    bring_in_and_fold_around(c)
    c.finish_hand()
    before = state(c)
    assert not c.undo() and not c.redo()
    assert state(c) == before


# --- 2. seats change only between hands (T-4) --------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        lambda c: c.top_up(1, 1000),
        lambda c: c.leave(3),
        lambda c: c.seat_player(4, "Dee", 5000),
        lambda c: c.set_sitting_out(2, True),
    ],
)
def test_T4_seat_changes_refused_while_the_hand_or_its_award_is_open(tmp_path, change):
    c = table(tmp_path)
    with pytest.raises(InputError, match="finish the hand first") as err:
        change(c)
    assert err.value.rules == ("T-4",)
    bring_in_and_fold_around(c)
    before = state(c)
    with pytest.raises(InputError, match="confirm the awards first") as err:
        change(c)
    assert err.value.rules == ("T-4",) and state(c) == before
    c.finish_hand()
    change(c)  # between hands it is taken
    c.start_hand()  # and nothing breaks after it
    assert c.hand_no == 2 and state(resumed(c)) == state(c)


def test_a_top_up_between_hands_reaches_the_next_hand(tmp_path):
    c = table(tmp_path)
    bring_in_and_fold_around(c)
    c.finish_hand()
    assert c.prompt().kind == "between" and c.prompt().rules == ("T-4",)
    c.top_up(2, 5000)
    c.leave(1)
    c.start_hand()
    assert {p.seat: p.start for p in c.hand.players} == {2: 4750 + 5000, 3: 5300}


# --- 3. record first, then apply -----------------------------------------------------------


class FullDisk:
    """The store's connection on a disk with no room: every INSERT fails inside its
    transaction with the error SQLite gives (SQLITE_FULL), as a full disk does."""

    def __init__(self, db):
        self.db, self.full = db, True

    def execute(self, sql, *args):
        if self.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.db, name)


def fill_the_disk(store: Store) -> FullDisk:
    store.db = FullDisk(store.db)
    return store.db


def free_the_disk(store: Store):
    store.db = store.db.db


def test_disk_full_refuses_the_input_and_changes_nothing(tmp_path):
    c = table(tmp_path)
    c.enter_card("Kd")
    fill_the_disk(c.store)
    before = state(c)
    refused = 0
    for attempt in [lambda: c.enter_card("2c"), c.undo, lambda: c.enter_card("3c")] * 20:
        with pytest.raises(RecordFailure) as err:
            attempt()
        assert "the hand record cannot be written: disk full — nothing was changed" in err.value.message
        assert state(c) == before
        refused += 1
    assert refused == 60
    free_the_disk(c.store)  # room again: the table goes on
    c.enter_card("2c")
    c.enter_card("Th")
    assert c.prompt().kind == "action" and state(resumed(c)) == state(c)
    assert c.store.verify() == []


def test_a_full_disk_at_the_award_and_between_hands(tmp_path):
    c = table(tmp_path)
    bring_in_and_fold_around(c)
    fill_the_disk(c.store)
    before = state(c)
    with pytest.raises(RecordFailure, match="disk full"):
        c.finish_hand()
    assert state(c) == before and c.prompt().kind == "award"
    free_the_disk(c.store)
    c.finish_hand()
    fill_the_disk(c.store)
    for change in (lambda: c.top_up(1, 1000), c.start_hand, lambda: c.leave(2), lambda: c.seat_player(5, "Eve", 5000)):
        with pytest.raises(RecordFailure, match="disk full"):
            change()
    assert [(s.seat, s.stack) for s in c.seats()] == [(1, 4950), (2, 4750), (3, 5300)]
    assert c.hand is None and c.hand_no == 1


def test_read_only_record_refuses_with_the_reason(tmp_path):
    c = table(tmp_path)
    c.store.db.execute("PRAGMA query_only=1")  # what SQLite answers for a read-only file
    before = state(c)
    with pytest.raises(RecordFailure, match="the record is read-only — nothing was changed"):
        c.enter_card("Kd")
    assert state(c) == before


def test_a_locked_record_refuses_with_the_reason(tmp_path):
    c = table(tmp_path)
    c.store.db.execute("PRAGMA busy_timeout=100")
    other = sqlite3.connect(str(c.store.path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with pytest.raises(RecordFailure, match="locked by another program"):
            c.enter_card("Kd")
        assert c.inputs == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    c.enter_card("Kd")
    assert c.inputs == [["deal", 1, ["Kd"]]]


def test_opening_a_table_on_a_full_disk_opens_nothing(tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    fill_the_disk(store)
    c = TableController(store)
    with pytest.raises(RecordFailure, match="disk full"):
        c.open_table("stud-5-10", None, PLAYERS)
    assert c.session is None
    assert store.db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 0


def test_store_append_failure_is_a_record_error_not_a_rollback_error(tmp_path):
    """A real SQLITE_FULL: the file may not grow by another page."""
    store = Store(tmp_path / "hands.sqlite3")
    sid = store.open_session("t", "p", [("open_table", {})])
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(RecordError, match="disk full") as err:
        store.append(sid, 1, [("input", {"x": "y" * 20000})])
    assert "rollback" not in str(err.value) and not store.db.in_transaction


# --- 4. starting never fails because of the record -----------------------------------------


def test_garbage_record_is_kept_and_a_fresh_one_opened_beside_it(tmp_path):
    bad = tmp_path / "hands.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    store, notes = open_record(tmp_path)
    assert store.path.parent == tmp_path and store.path != bad
    assert bad.read_bytes() == b"this is not a database" * 100
    assert str(bad) in notes[0] and "kept untouched" in notes[0] and str(store.path) in notes[-1]
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)  # and the table is usable
    store.close()
    again, notes = open_record(tmp_path)  # the next start continues in the same fresh file
    assert again.path == store.path and TableController(again).resumable()


def test_truncated_record_is_kept_and_a_fresh_one_opened(tmp_path):
    c = table(tmp_path)
    for _ in range(10):
        bring_in_and_fold_around(c)
        c.finish_hand()
        c.start_hand()
    c.store.close()
    path = tmp_path / "hands.sqlite3"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    cut = path.read_bytes()
    store, notes = open_record(tmp_path)
    assert store.path != path and path.read_bytes() == cut
    assert "damaged" in notes[0] or "not a readable" in notes[0]


def test_folder_in_place_of_the_record_and_unwritable_data_folder(tmp_path):
    (tmp_path / "data").write_text("a file where the data folder should be")
    store, notes = open_record(tmp_path / "data")
    assert store.path.exists() and "cannot be written" in notes[-1]
    TableController(store).open_table("stud-5-10", None, PLAYERS)


def test_a_sqlite_file_that_is_not_a_record_is_refused_untouched(tmp_path):
    path = tmp_path / "hands.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute("CREATE TABLE photos (x)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a hand record"):
        Store(path)
    assert path.read_bytes() == before


def test_a_table_with_no_rows_is_named_and_not_offered(tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    sid = store.db.execute(
        "INSERT INTO sessions(table_name, profile, opened_at) VALUES ('stud-5-10', "
        "'us-cardroom', '2026-12-01T10:00:00')"
    ).lastrowid  # killed before its rows
    c = TableController(store)
    (listed,) = c.open_tables()
    assert listed.session_id == sid and "no rows" in listed.problem
    assert c.resumable() == []
    with pytest.raises(InputError, match="no rows"):
        c.resume(sid)
    c.close_open_table(sid)
    assert c.open_tables() == []


def test_a_record_that_no_longer_replays_is_named(tmp_path):
    c = table(tmp_path)
    c.enter_card("Kd")
    c.store.db.execute("UPDATE log SET payload = replace(payload, '\"Kd\"', '\"Kx\"') WHERE kind = 'input'")
    c2 = TableController(Store(c.store.path))
    (listed,) = c2.open_tables()
    assert "no longer replays" in listed.problem and "input" in listed.problem
    assert c2.session is None


def test_the_record_keeps_the_limit_table_as_played(tmp_path):
    import shutil

    limits = tmp_path / "limits"
    shutil.copytree(__import__("dealer_app.engine.limits", fromlist=["x"]).default_limits_dir(), limits)
    c = table(tmp_path, limits_dir=limits)
    c.enter_card("Kd")
    c.enter_card("2c")
    c.enter_card("Th")
    expected = state(c)
    # the room edits the table (bigger bets) and then removes it altogether
    text = (limits / "stud-5-10.yaml").read_text()
    (limits / "stud-5-10.yaml").write_text(text.replace("small_bet: 5", "small_bet: 6"))
    assert state(TableController(Store(c.store.path), limits_dir=limits).resume(c.session_id) or c) == expected
    (limits / "stud-5-10.yaml").unlink()
    (limits / "house" / "us-cardroom.yaml").unlink()
    c2 = TableController(Store(c.store.path), limits_dir=limits)
    c2.resume(c.session_id)
    assert state(c2) == expected
    assert [x.label for x in c2.choices()] == ["Bring in $2", "Complete to $5"]


def test_resume_offers_every_open_table_with_what_it_stood_at(tmp_path):
    first = table(tmp_path)
    bring_in_and_fold_around(first)
    second = table(tmp_path, "stud-1-5-spread", [(4, "Dee", 3000), (6, "Fay", 3000)])
    second.enter_card("Kd")
    first.store.close()
    second.store.close()
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    tables = c.open_tables()
    assert [(t.table, t.players, t.hand_no, t.stage) for t in tables] == [
        ("stud-1-5-spread", ["Dee", "Fay"], 1, "third street"),
        ("stud-5-10", ["Ann", "Bob", "Cy"], 1, "awards"),
    ]
    assert all(t.last_at >= t.opened_at and t.problem is None for t in tables)
    sid, _name, _profile, _opened = tables[1]  # still the four fields it always had
    c.resume(sid)
    c.finish_hand()
    c.close_table()
    assert [t.table for t in TableController(Store(tmp_path / "hands.sqlite3")).resumable()] == ["stud-1-5-spread"]


# --- 5. errors reach the dealer -------------------------------------------------------------


def test_bad_inputs_are_input_errors(tmp_path):
    c = table(tmp_path)
    for bad in (
        lambda: c.enter_card("zz"),
        lambda: c.enter_card(""),
        lambda: c.act("check"),
        lambda: c.show(1, "ah"),
        lambda: c.muck(2),
        c.deal_river,
        c.finish_hand,
        lambda: c.top_up(9, 100),
        lambda: c.resume(999),
    ):
        with pytest.raises(InputError):
            bad()
    c.enter_card("Kd")
    c.enter_card("2c")
    c.enter_card("Th")
    for bad in (
        lambda: c.act("bring_in", 999),
        lambda: c.act("raise", 500),
        lambda: c.act("bring_in", "2"),
        lambda: c.act("fly"),
        lambda: c.act("bring_in", 2.5),
    ):
        with pytest.raises(InputError):
            bad()
    assert len(c.inputs) == 3


# --- what the review found --------------------------------------------------------------------


def test_starting_the_next_hand_at_the_award_prompt_is_all_or_nothing(tmp_path):
    c = table(tmp_path)
    bring_in_and_fold_around(c)
    disk = fill_the_disk(c.store)
    before = state(c)
    with pytest.raises(RecordFailure, match="disk full"):
        c.start_hand()  # would confirm the awards and deal: neither happens
    assert state(c) == before and c.prompt().kind == "award"
    disk.full = False
    c.start_hand()
    assert c.hand_no == 2 and [p.start for p in c.hand.players] == [4950, 4750, 5300]
    assert state(resumed(c)) == state(c)


def test_starting_at_the_award_prompt_with_a_player_broke_refuses_and_keeps_the_awards(tmp_path):
    c = table(tmp_path, players=[(1, "Ann", 5000), (2, "Bob", 5000)])
    upcards = {1: iter(["Kd", "Ks", "Kh", "Kc", "4s"]), 2: iter(["2c", "3h", "5s", "8d", "9c"])}
    while c.prompt().kind != "award":
        p = c.prompt()
        if p.kind == "card":
            c.enter_card(next(upcards[p.seat]))
        elif p.kind == "river":
            c.deal_river()
        elif p.kind == "action":  # both raise whenever they may: all-in on third street
            raises = [x for x in c.choices() if x.action in ("bring_in", "complete", "raise", "bet")]
            c.act(raises[-1].action, raises[-1].to or raises[-1].max_to) if raises else c.act("call")
        else:
            c.show(p.seat, {1: "Ah Ad 7c", 2: "Jh Js 6c"}[p.seat])
    assert [s.stack for s in c.seats()] == [10000, 0]  # four kings: Bob is broke
    before = state(c)
    with pytest.raises(InputError, match="at least two players") as err:
        c.start_hand()
    assert "T-5" in err.value.rules and state(c) == before and c.prompt().kind == "award"
    c.finish_hand()  # the awards, confirmed on their own
    assert c.prompt().kind == "between"


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.enter_card(None),
        lambda c: c.enter_card(5),
        lambda c: c.show(1, 5),
        lambda c: c.resume(10**30),
        lambda c: c.resume("1"),
        lambda c: c.resume(True),
    ],
)
def test_garbage_types_in_a_hand_are_input_errors(tmp_path, call):
    c = table(tmp_path)
    with pytest.raises(InputError):
        call(c)
    assert c.inputs == []


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.top_up(1, "x"),
        lambda c: c.top_up(1, 5000.0),
        lambda c: c.top_up(1, True),
        lambda c: c.leave([]),
        lambda c: c.set_sitting_out([], True),
        lambda c: c.seat_player(4, None, 5000),
        lambda c: c.seat_player("4", "Dee", 5000),
        lambda c: c.seat_player(4, "Dee", None),
        lambda c: c.seat_player(4, "Dee", 5000.0),
    ],
)
def test_garbage_types_between_hands_are_input_errors(tmp_path, call):
    c = table(tmp_path)
    bring_in_and_fold_around(c)
    c.finish_hand()
    before = state(c)
    with pytest.raises(InputError):
        call(c)
    assert state(c) == before and all(isinstance(s.stack, int) for s in c.seats())


@pytest.mark.parametrize(
    "args",
    [
        (None, None, PLAYERS),
        ("stud-5-10", 7, PLAYERS),
        ("stud-5-10", None, [(1, "Ann"), (2, "Bob")]),
        ("stud-5-10", None, [(1, None, 5000), (2, "Bob", 5000)]),
        ("stud-5-10", None, [(1, "A", 5000.0), (2, "B", 5000)]),
        ("stud-5-10", None, "Ann, Bob"),
    ],
)
def test_garbage_when_opening_a_table_is_an_input_error(tmp_path, args):
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    with pytest.raises(InputError):
        c.open_table(*args)
    assert c.session is None and c.open_tables() == []


def test_a_closed_table_cannot_be_resumed(tmp_path):
    c = table(tmp_path)
    c.enter_card("Kd")
    sid = c.session_id
    c.close_table()
    with pytest.raises(InputError, match="not an open table"):
        TableController(Store(c.store.path)).resume(sid)


def test_a_record_whose_tables_are_not_a_records_is_refused_untouched(tmp_path):
    path = tmp_path / "hands.sqlite3"
    db = sqlite3.connect(str(path))
    db.executescript(
        "CREATE TABLE sessions (id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE log (id INTEGER PRIMARY KEY, text TEXT);"
    )
    db.commit()
    db.close()
    before = path.read_bytes()
    store, notes = open_record(tmp_path)
    assert store.path != path and "not a hand record" in notes[0] and path.read_bytes() == before


def test_an_empty_record_file_is_said(tmp_path):
    (tmp_path / "hands.sqlite3").write_bytes(b"")
    store, notes = open_record(tmp_path)
    assert store.path == tmp_path / "hands.sqlite3" and "empty file" in notes[0]


def test_a_lock_file_that_cannot_be_made_moves_the_record(tmp_path):
    (tmp_path / "hands.sqlite3.locks").mkdir()  # something in the lock file's place
    store, notes = open_record(tmp_path)
    assert store.path != tmp_path / "hands.sqlite3" and "lock file" in notes[0]
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    c.start_hand()
    assert c.hand_no == 1 and store.session_in_use(c.session_id) is False


READ_ONLY = """
import sys
from pathlib import Path
from dealer_app.record.store import open_record
from dealer_app.live.controller import TableController
store, notes = open_record(Path(sys.argv[1]))
c = TableController(store)
c.open_table("stud-5-10", None, [(1, "A", 5000), (2, "B", 5000)])
print(store.path)
print(" | ".join(notes))
"""


def test_a_read_only_record_file_moves_the_record_beside_it(tmp_path):
    """As a user without root's override of file modes (root ignores them)."""
    import os
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    import dealer_app

    data = Path(tempfile.mkdtemp(prefix="dealer-app-ro-"))  # a folder another user can reach
    request_cleanup = lambda: shutil.rmtree(data, ignore_errors=True)  # noqa: E731
    first = Store(data / "hands.sqlite3")
    first.close()
    os.chmod(data / "hands.sqlite3", 0o444)
    os.chmod(data / "hands.sqlite3.locks", 0o666)
    os.chmod(data, 0o777)
    before = (data / "hands.sqlite3").read_bytes()
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(dealer_app.__file__).resolve().parents[1]),
        "HOME": str(data),
        "DEALER_APP_CONFIG": str(data / "config"),
    }  # the other user's own key
    cmd = [sys.executable, "-c", READ_ONLY, str(data)]
    if os.getuid() == 0:
        cmd = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *cmd]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(data))
        assert out.returncode == 0, out.stderr
        path, notes = out.stdout.splitlines()
        assert Path(path).parent == data and Path(path).name.startswith("hands-recovered-")
        assert "read-only" in notes and (data / "hands.sqlite3").read_bytes() == before
    finally:
        request_cleanup()

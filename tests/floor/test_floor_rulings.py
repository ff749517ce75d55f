"""Floor rulings (I-3): checked, signed with the floor's own account, appended (never edited),
and their chips applied between hands (the accounts themselves: test_floor_accounts.py)."""

import pytest

from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import RulingRefused, record_ruling, rule_at_table
from dealer_app.floor.timeline import load_hand
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store
from tests.record.test_record_proves_itself import play_hands
from tests.support.floor_accounts import MARIA


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt")
    c = TableController(store)
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)])
    play_hands(c, 2)
    return c


def test_I3_a_ruling_at_the_table_moves_chips_between_hands_and_is_replayed(table, tmp_path):
    before = {s.seat: s.stack for s in table.seats()}
    ruling = Ruling(
        table.session_id,
        2,
        3,
        "Seat 2 says seat 1 string-raised",
        ("I-3", "A-6"),
        "Seat 1 pays seat 2 one dollar",
        "adjust",
        {1: -100, 2: 100},
        "Dealer Jo",
        "cam 4 21:03",
    )
    recorded = rule_at_table(table, ruling, MARIA)
    assert recorded.row_seq is not None
    after = {s.seat: s.stack for s in table.seats()}
    assert after[1] == before[1] - 100 and after[2] == before[2] + 100 and after[3] == before[3]
    sid = table.session_id
    table.store.close()
    again = TableController(Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt"))
    again.resume(sid)
    assert {s.seat: s.stack for s in again.seats()} == after
    summary = next(h for h in list_hands(again.store) if h.hand == 2)
    assert summary.rulings == 1
    assert load_hand(again.store, sid, 2).rulings()[0].decision == "Seat 1 pays seat 2 one dollar"
    assert again.store.check() == []


def test_I3_a_ruling_that_does_not_add_up_or_lacks_its_passphrase_is_refused(table):
    rows = len(table.store.session_log(table.session_id))
    bad = [
        Ruling(table.session_id, 2, 1, "f", ("I-3",), "d", "adjust", {1: -100, 2: 50}),
        Ruling(table.session_id, 2, 1, "f", ("Z-9",), "d"),
        Ruling(table.session_id, 2, 1, "f", ("I-3",), ""),
        Ruling(table.session_id, 2, 99, "f", ("I-3",), "d"),
        Ruling(table.session_id, 9, 1, "f", ("I-3",), "d"),
    ]
    for ruling in bad:
        with pytest.raises(InputError):
            rule_at_table(table, ruling, MARIA)
    rule_at_table(table, Ruling(table.session_id, 2, 1, "f", ("I-3",), "d"), MARIA)
    with pytest.raises(InputError, match="wrong floor account name or passphrase"):
        rule_at_table(table, Ruling(table.session_id, 2, 1, "f", ("I-3",), "d"), ("Maria", "not-her-passphrase"))
    kinds = [row.kind for row in table.store.session_log(table.session_id)[rows:]]
    assert kinds == ["ruling", "floor_refused"]  # the ruling, then the refused try (no second ruling)


def test_I3_a_hand_voided_by_ruling_gives_every_chip_back(table):
    net = next(p for _s, k, p, _a in table.store.hand_rows(table.session_id, 2) if k == "hand_end")["net"]
    before = {s.seat: s.stack for s in table.seats()}
    rule_at_table(
        table,
        Ruling(table.session_id, 2, 0, "fouled deck found after", ("I-7", "I-3"), "hand 2 void", "void"),
        MARIA,
    )
    after = {s.seat: s.stack for s in table.seats()}
    assert all(after[int(s)] == before[int(s)] - n for s, n in net.items())


def test_I3_chips_do_not_move_while_a_hand_is_open(table):
    table.start_hand()
    with pytest.raises(InputError, match="has a hand open"):
        rule_at_table(table, Ruling(table.session_id, 2, 1, "f", ("I-3",), "d", "adjust", {1: -100, 2: 100}), MARIA)


def test_I3_the_console_rules_on_a_closed_table(table, tmp_path):
    sid = table.session_id
    table.close_table()
    store = table.store
    recorded = record_ruling(store, Ruling(sid, 1, 2, "dispute over the pot", ("W-2", "I-3"), "the pot stands"), MARIA)
    assert recorded.row_seq == load_hand(store, sid, 1).steps[2].seq
    assert store.check() == []
    with pytest.raises(RulingRefused):
        record_ruling(store, Ruling(sid, 1, 2, "f", ("I-3",), "d"), ("Maria", "not-her-passphrase"))


def test_I3_a_hand_is_voided_once(table):
    rule_at_table(table, Ruling(table.session_id, 2, 0, "f", ("I-7",), "void", "void"), MARIA)
    with pytest.raises(InputError, match="already voided"):
        rule_at_table(table, Ruling(table.session_id, 2, 0, "f", ("I-7",), "void again", "void"), MARIA)


def test_I3_chips_follow_the_player_not_the_seat_number(table):
    table.leave(3)
    table.seat_player(3, "Zed", 10000)  # a new player in the seat Cy had in hand 2
    with pytest.raises(InputError, match=r"seat 3 \(Cy\) is no longer at the table"):
        rule_at_table(table, Ruling(table.session_id, 2, 1, "f", ("I-3",), "d", "adjust", {3: -100, 1: 100}), MARIA)
    assert {s.seat: s.name for s in table.seats()}[3] == "Zed"


def test_I3_no_stack_goes_below_zero(table):
    stack = {s.seat: s.stack for s in table.seats()}[1]
    with pytest.raises(InputError, match="cannot give"):
        rule_at_table(
            table,
            Ruling(table.session_id, 2, 1, "f", ("I-3",), "d", "adjust", {1: -(stack + 100), 2: stack + 100}),
            MARIA,
        )


def test_I3_the_console_on_an_idle_open_table_checks_the_seats_by_replaying_it(table, tmp_path):
    sid = table.session_id
    table.leave(2)
    table.store.close()
    store = Store.read_only(tmp_path / "hands.sqlite3")  # the console reads; the ruling alone writes
    with pytest.raises(RulingRefused, match="no longer at the table"):
        record_ruling(store, Ruling(sid, 2, 1, "f", ("I-3",), "d", "adjust", {2: -100, 1: 100}), MARIA)
    recorded = record_ruling(store, Ruling(sid, 2, 1, "f", ("I-3",), "d", "adjust", {3: -100, 1: 100}), MARIA)
    assert recorded.chips == {3: -100, 1: 100}
    store.close()
    assert Store.read_only(tmp_path / "hands.sqlite3").check() == []

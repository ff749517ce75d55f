"""Irregularities reported at the live table (catalog §9): recorded before they apply, undone
like any input, replayed on resume; voiding a hand is the floor's act (their own account)."""

import pytest

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store
from tests.support.floor_accounts import MARIA


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt")
    c = TableController(store)
    c.open_table("stud-10-20", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (4, "Di", 20000)])
    c.start_hand()
    return c


def doors(c, *cards):
    for card in cards:
        c.enter_card(card)


def rows(c, kind):
    return [p for _h, k, p, _at in c.store.session_log(c.session_id) if k == kind]


def test_I1_at_the_table_the_exposed_card_is_entered_as_the_door_card(table):
    doors(table, "Kc")
    table.report_irregularity("I-1", seat=2, card="2c")
    doors(table, "9h", "Qd")
    assert table.prompt().seat == 2  # the exposed deuce brings in
    assert rows(table, "irregularity")[0] == {"input": ["irregularity", "I-1", 2, "2c"], "by": {"role": "dealer"}}
    assert table.undo() and table.undo() and table.undo()  # the queen, the nine, then the exposure
    assert table.prompt().kind == "card" and table.prompt().seat == 2


def test_I2_at_the_table(table):
    doors(table, "Kc", "2c", "9h", "Qd")
    stub = table.status()["stub"]
    table.report_irregularity("I-2")
    assert table.status()["stub"] == stub - 1
    assert "I-2" in table.irregularities_now()


def test_I4_at_the_table_the_chips_go_back(table):
    doors(table, "Kc", "2c", "9h", "Qd")
    table.act("bring_in", 500)
    table.report_irregularity("I-4", seat=2, card="Ac")
    assert table.prompt().seat == 3 and table.seats()[1].stack == 20000 - 100


def test_I5_both_cases_at_the_table(table):
    doors(table, "Kc", "2c", "9h", "Qd")
    table.act("bring_in", 500)
    table.report_irregularity("I-5", seat=4, action="call")
    table.act("call")  # seat 3: the action to seat 4 did not change
    assert table.prompt().seat == 1 and table.seats()[3].round_to == 500
    table.undo()
    table.act("complete", 1000)  # now it did
    assert table.prompt().seat == 4 and table.seats()[3].round_to == 0


def test_I6_needs_the_floor_and_returns_every_chip(table, tmp_path):
    doors(table, "Kc", "2c", "9h", "Qd")
    table.act("bring_in", 500)
    with pytest.raises(InputError, match="floor's account name and passphrase"):
        table.report_irregularity("I-6")
    table.report_irregularity("I-6", floor=MARIA)
    assert table.prompt().kind == "award" and "Misdeal" in table.prompt().text
    assert [s.stack for s in table.seats()] == [20000] * 4
    with pytest.raises(InputError, match="only a floor ruling"):
        table.undo()
    table.start_hand()  # the redeal: the same players, the same stacks
    assert table.hand_no == 2 and [p.start for p in table.hand.players] == [20000] * 4
    assert rows(table, "irregularity")[0]["by"] == {"role": "floor", "name": "Maria"}


def test_I7_a_wrong_passphrase_is_refused_and_recorded_and_the_hand_goes_on(table):
    doors(table, "Kc", "2c", "9h", "Qd")
    table.report_irregularity("I-7", floor=MARIA)
    table.start_hand()
    doors(table, "Kc", "2c", "9h", "Qd")
    before = len(table.store.session_log(table.session_id))
    with pytest.raises(InputError, match="wrong floor account name or passphrase"):
        table.report_irregularity("I-7", floor=("Maria", "not-her-passphrase"))
    log = table.store.session_log(table.session_id)
    assert table.hand.phase == "bet" and len(log) == before + 1  # only the refused try, recorded:
    assert rows(table, "floor_refused") == [
        {"by": {"role": "floor", "name": "Maria"}, "reason": "wrong name or passphrase"}
    ]
    assert "not-her-passphrase" not in str(log)  # (the passphrase tried is never recorded)


def test_irregularities_are_replayed_on_resume(table, tmp_path):
    doors(table, "Kc")
    table.report_irregularity("I-1", seat=2, card="2c")
    doors(table, "9h", "Qd")
    table.act("bring_in", 500)
    table.report_irregularity("I-5", seat=4, action="fold")
    sid = table.session_id
    table.store.close()
    again = TableController(Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt"))
    again.resume(sid)
    assert again.hand.held and again.prompt().seat == 3
    again.act("call")
    assert again.hand.by_seat[4].folded  # binding


def test_I6_the_redeal_comes_before_any_seat_change(table):
    doors(table, "Kc", "2c", "9h", "Qd")
    table.report_irregularity("I-6", floor=MARIA)
    table.finish_hand()  # the awards (none) confirmed without dealing at once
    with pytest.raises(InputError, match="dealt again to the same players first"):
        table.seat_player(5, "Zed", 20000)
    with pytest.raises(InputError, match="dealt again"):
        table.leave(2)
    table.start_hand()
    assert [p.seat for p in table.hand.players] == [1, 2, 3, 4]

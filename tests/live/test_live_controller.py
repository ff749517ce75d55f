"""The live table's controller (Qt-free): entry order, bad input, undo/redo, the record."""

import pytest

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store

PLAYERS = [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)]


def controller(tmp_path, table="stud-5-10", players=PLAYERS):
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table(table, None, players)
    c.start_hand()
    return c


def test_T3_buy_in_below_minimum_refused(tmp_path):
    c = TableController(Store(tmp_path / "h.sqlite3"))
    with pytest.raises(InputError) as err:
        c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 1000)])
    assert "Bob" in err.value.message and "T-3" in err.value.rules
    assert c.session is None


def test_cards_asked_in_dealing_order_and_bad_input_loses_nothing(tmp_path):
    c = controller(tmp_path)
    assert (c.prompt().kind, c.prompt().seat) == ("card", 1)
    c.enter_card("kd")
    with pytest.raises(InputError, match="unknown card code"):
        c.enter_card("zz")
    with pytest.raises(InputError, match="already seen"):
        c.enter_card("Kd")
    assert c.prompt().seat == 2 and len(c.inputs) == 1
    c.enter_card("2c")
    c.enter_card("10h")
    p = c.prompt()
    assert p.kind == "action" and p.seat == 2 and "B-2" in p.rules and "2♣" in p.text
    labels = [x.label for x in c.choices()]
    assert labels == ["Bring in $2", "Complete to $5"]


def test_undo_redo_any_number_of_steps_and_recorded(tmp_path):
    c = controller(tmp_path)
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    before = [s.stack for s in c.seats()]
    assert c.undo() and c.undo() and c.undo()
    assert c.prompt().kind == "card" and c.prompt().seat == 3
    assert c.redo() and c.redo() and c.redo()
    assert [s.stack for s in c.seats()] == before
    c.undo()
    c.act("call")  # a new input clears the redo stack
    assert not c.redo()
    kinds = [k for _, k, _, _ in c.store.session_log(c.session_id)]
    assert kinds.count("undo") == 4 and kinds.count("redo") == 3


def test_W2_hand_won_by_folds(tmp_path):
    c = controller(tmp_path)
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("fold")
    c.act("complete", 500)
    c.act("fold")
    assert c.hand.phase == "done" and c.prompt().kind == "award"
    # antes 3 x 50, bring-in 200, completion 500 of which 300 is uncalled (P-2)
    assert c.awards()[0]["winners"] == {1: 150 + 200 + 200}
    c.finish_hand()
    assert [s.stack for s in c.seats()] == [5000 - 50 + 50 + 200 + 100, 5000 - 250, 5000 - 50]


def test_record_is_tamper_evident(tmp_path):
    c = controller(tmp_path)
    c.enter_card("Kd")
    assert c.store.verify() == []
    c.store.db.execute("UPDATE log SET payload = replace(payload, 'Kd', 'Ks') WHERE kind = 'input'")
    assert c.store.verify()


def test_resume_rebuilds_the_table(tmp_path):
    c = controller(tmp_path)
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    c.undo()
    snapshot = ([vars(s) for s in c.seats()], c.prompt(), c.inputs, c.redo_stack)
    c2 = TableController(Store(tmp_path / "hands.sqlite3"))
    ((sid, table, profile, _),) = c2.resumable()
    assert (table, profile) == ("stud-5-10", "us-cardroom")
    c2.resume(sid)
    assert ([vars(s) for s in c2.seats()], c2.prompt(), c2.inputs, c2.redo_stack) == snapshot


def test_T4_seats_change_only_between_hands(tmp_path):
    c = controller(tmp_path)
    with pytest.raises(InputError, match="between hands") as err:
        c.top_up(1, 1000)
    assert "T-4" in err.value.rules
    with pytest.raises(InputError):
        c.seat_player(4, "Dee", 5000)
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    c.act("fold")
    c.act("fold")
    c.finish_hand()
    c.seat_player(4, "Dee", 5000)
    c.top_up(2, 5000)  # table default us-cardroom: the stack must reach the buy-in; it does
    c.set_sitting_out(1, True)
    c.leave(3)
    c.start_hand()
    assert sorted(c.hand.by_seat) == [2, 4]
    assert c.hand.by_seat[2].start == 5000 - 250 + 5000
    kinds = [k for _, k, _, _ in c.store.session_log(c.session_id)]
    assert {"sit", "top_up", "sit_out", "leave", "hand_end"} <= set(kinds)


def test_show_with_a_bad_card_is_refused(tmp_path):
    c = controller(tmp_path, players=[(1, "Ann", 5000), (2, "Bob", 5000)])
    c.enter_card("Kd")
    c.enter_card("2c")
    c.act("bring_in", 200)
    c.act("call")
    for up in ("Qh", "3d", "9h", "5c", "Jd", "7d"):
        c.enter_card(up)
        if c.prompt().kind == "action":
            c.act("check")
            c.act("check")
    c.deal_river()
    c.act("check")
    c.act("check")
    seat = c.prompt().seat
    with pytest.raises(InputError, match="unknown card code"):
        c.show(seat, "ah kx 7c")
    with pytest.raises(InputError, match="already seen"):
        c.show(seat, "Kd 2h 3h")
    assert c.prompt().kind == "show" and c.prompt().seat == seat


def test_D7_shortage_procedure_shown_before_the_river(tmp_path):
    # Casinos Austria, seven players to the river: the stub (6) cannot serve 7 + 2, so the 4
    # burn cards are shuffled in first; the dealer is told before dealing
    players = [(i, f"P{i}", 10000) for i in range(1, 8)]
    c = controller(tmp_path, "casinos-austria-5-10-20", players)
    for card in ["2c", "3c", "4c", "5c", "6c", "7c", "8c"]:
        c.enter_card(card)
    c.act("bring_in", 500)
    while c.prompt().kind == "action":
        c.act("call")
    for street in ("2d 3d 4d 5d 6d 7d 8d", "2h 3h 4h 5h 6h 7h 8h", "2s 3s 4s 5s 6s 7s 8s"):
        for card in street.split():
            c.enter_card(card)
        while c.prompt().kind == "action":
            c.act("check")
    p = c.prompt()
    assert p.kind == "river" and "D-7" in p.rules and "shuffle the 4 burn cards" in p.text
    c.deal_river()
    assert c.prompt().kind == "action"

"""Antes, bring-in and order of action (B-1…B-6, A-1…A-7)."""

import pytest

from dealer_app.engine.errors import IllegalAction
from tests.support.helpers import deal_street, kinds, legal, new_hand, play, rules


def test_B1_antes_posted_and_short_ante_all_in():
    h = new_hand(rules("stud-10-20"), [10000, 50, 10000], "Kd 7c As")
    antes = [e for e in h.events if e.kind == "ante"]
    assert [(e.seat, e.data["amount"], e.data["all_in"]) for e in antes] == [
        (1, 100, False),
        (2, 50, True),
        (3, 100, False),
    ]
    assert all("B-1" in e.rules for e in antes)


@pytest.mark.parametrize(
    "doors,seat",
    [
        ("Kd 7c As", 2),
        ("2s 2h 2d", 3),
        ("2d 2c 3c", 2),
        ("Ah Ac As", 2),
        ("3c 2s 9h", 2),
    ],
)
def test_B2_lowest_door_brings_in_suit_breaks_ties(doors, seat):
    h = new_hand(rules("stud-10-20"), [10000] * 3, doors)
    assert h.bring_in_seat == seat
    ev = next(e for e in h.events if e.kind == "bring_in_seat")
    assert "B-2" in ev.rules and ev.seat == seat


def test_B3_fixed_bring_in_or_complete():
    h = new_hand(rules("stud-10-20"), [10000] * 3, "Kd 7c As")
    assert h.to_act.seat == 2
    assert legal(h) == [{"action": "bring_in", "to": 500}, {"action": "complete", "to": 1000}]
    assert "B-3" in h.decision_rules
    with pytest.raises(IllegalAction):
        h.act(2, "check")
    with pytest.raises(IllegalAction):
        h.act(2, "fold")


def test_B3_L5_split_bring_in_any_amount_from_ante_to_lower_limit():
    h = new_hand(rules("casinos-austria-5-10-20"), [10000] * 3, "Kd 7c As")
    assert legal(h) == [{"action": "bring_in", "min_to": 500, "max_to": 1000}]
    h.act(2, "bring_in", 700)
    assert h.current_to == 700
    with pytest.raises(IllegalAction):
        new_hand(rules("casinos-austria-5-10-20"), [10000] * 3, "Kd 7c As").act(2, "bring_in", 1100)


def test_B4_short_bring_in_posts_all():
    h = new_hand(rules("stud-10-20"), [10000, 400, 10000], "Kd 7c As")
    assert legal(h) == [{"action": "bring_in", "to": 300, "all_in": True}]
    assert "B-4" in h.decision_rules


def test_B5_lowest_door_all_in_next_clockwise_brings_in():
    # seat 2 has only the ante: all-in with the lowest door; seat 3 is next with chips
    h = new_hand(rules("stud-10-20"), [10000, 100, 10000, 10000], "Kd 2c As 3d")
    assert h.bring_in_seat == 3
    ev = next(e for e in h.events if e.kind == "bring_in_seat")
    assert ev.rules[-1] == "B-5"


def test_B6_completion_is_not_a_raise_S1_example():
    # S1: 10/20, forced 5, completed to 10, raises to 20, 30, 40, then capped
    h = new_hand(rules("stud8-10-20"), [10000] * 5, "2c Kd Ah 9s 8d")
    play(h, "1:bring_in:500")
    assert legal(h)[1:] == [{"action": "call", "to": 500}, {"action": "complete", "to": 1000}]
    assert "B-6" in h.decision_rules
    play(h, "2:complete:1000 3:raise:2000 4:raise:3000 5:raise:4000")
    assert kinds(h) == ["fold", "call"]
    assert "L-6" in h.decision_rules


def test_A1_bring_in_acts_first_then_clockwise():
    h = new_hand(rules("stud-10-20"), [10000] * 4, "Kd Qs 2c As")
    assert next(e for e in h.events if e.kind == "first_to_act").rules == ("A-1",)
    order = []
    for _ in range(4):
        order.append(h.to_act.seat)
        h.act(h.to_act.seat, "bring_in" if not order[:-1] else "call")
    assert order == [3, 4, 1, 2]


def _fourth(doors, fourth, tiebreak="position", stacks=None, table="stud-10-20"):
    r = rules(table, first_actor_tiebreak=tiebreak)
    h = new_hand(r, stacks or [10000] * len(doors.split()), doors)
    h.act(h.to_act.seat, "bring_in")
    while h.phase == "bet":
        h.act(h.to_act.seat, "call")
    deal_street(h, fourth)
    return h


@pytest.mark.parametrize(
    "doors,fourth,first",
    [
        ("Kd 7c As", "Qd 7d 2s", 2),  # pair of sevens beats ace-king
        ("Kd 7c As", "Qd 8d 2s", 3),  # ace high
        ("Kd 7c As", "Ad 8d 2s", 1),  # A-K beats A-2
        ("9d Tc Jh", "Td Jc Qh", 3),  # no straights count: Q-J high beats J-T, T-9
        ("2d 3d 4c", "5d 6d 8c", 3),  # 8-4 high; a two-card 'flush' counts for nothing
    ],
)
def test_A2_highest_showing_hand_acts_first(doors, fourth, first):
    h = _fourth(doors, fourth)
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert (ev.seat, ev.rules[0]) == (first, "A-2")
    assert "showing" in ev.text


def test_A4_tie_position_nearest_dealers_left():
    h = _fourth("Kd 7c Ks", "Qd 8d Qs", "position")
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert ev.seat == 1 and "A-4" in ev.rules


def test_A4_tie_suit_highest_card_by_suit():
    h = _fourth("Kd 7c Ks", "Qd 8d Qs", "suit")
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert ev.seat == 3 and "A-4" in ev.rules


def test_A5_all_in_high_hand_skipped_next_clockwise_acts():
    h = new_hand(rules("stud-10-20"), [10000, 1100, 10000, 10000], "Kd 9c 2s As")
    play(h, "3:bring_in:500 4:call 1:call 2:complete:1000 3:call 4:call 1:call")
    deal_street(h, "3d 9d 4c 5h")  # seat 2 (all-in) shows a pair of nines
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert ev.seat == 3 and ev.rules[-1] == "A-5"


def test_A6_first_player_may_check_or_bet_and_check_raise():
    h = _fourth("Kd 7c As", "Qd 8d 2s")
    assert kinds(h) == ["check", "bet"] and "A-6" in h.decision_rules
    play(h, "3:check 1:bet:1000 2:call")
    assert "raise" in kinds(h)  # check-raise allowed


def test_A7_round_ends_when_all_matched_no_raising_own_bet():
    h = _fourth("Kd 7c As", "Qd 8d 2s")
    play(h, "3:bet:1000 1:call 2:call")
    assert h.street == 5 and h.phase == "deal"


def test_A7_bettor_cannot_reraise_after_short_all_in_call():
    # seat 2 calls all-in short; seat 3 (the bettor) is not asked again; round ends
    h = _fourth("Kd 7c As", "Qd 8d 2s", stacks=[10000, 1500, 10000])
    play(h, "3:bet:1000 1:call 2:call")
    assert h.street == 5


def test_A1_out_of_turn_is_refused_with_reason():
    h = new_hand(rules("stud-10-20"), [10000] * 3, "Kd 7c As")
    with pytest.raises(IllegalAction, match="out of turn: seat 2 is to act"):
        h.act(1, "call")
    assert h.to_act.seat == 2 and h.pot_total() == 300  # nothing changed


def test_A3_seventh_street_four_upcards_decide():
    h = _fourth("Kd 7c As", "Qd 8d 2s")
    play(h, "3:check 1:check 2:check")
    deal_street(h, "3c 8c 2h")  # seat 2 pair of eights, seat 3 pair of twos
    play(h, "2:check 3:check 1:check")
    deal_street(h, "Kc 4h 5d")  # seat 1: K K Q 3 -> pair of kings
    play(h, "1:check 2:check 3:check")
    deal_street(h, "?? ?? ??")
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert ev.seat == 1 and ev.rules[:2] == ("A-2", "A-3")

"""Catalog §9: each irregularity's remedy, applied by the engine, and refused where it does
not apply (with the rule that says why)."""

import pytest

from dealer_app.engine.cards import parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.events import (
    ActedOutOfTurn,
    ActionTaken,
    BringInChosen,
    BringInCorrected,
    CardDealtEarly,
    DowncardExposed,
    HandVoided,
    OutOfTurnSettled,
)
from dealer_app.engine.hand import Hand, SeatSpec
from tests.support.helpers import new_hand, rules

STACKS = [10000, 10000, 10000, 10000]


def fresh(r=None, n=4) -> Hand:
    return Hand(r or rules(), [SeatSpec(i + 1, f"P{i + 1}", 10000) for i in range(n)])


def test_I1_an_exposed_downcard_is_the_door_card_and_decides_the_bring_in():
    h = fresh()
    h.deal(1, parse_cards("Kc"))
    events = h.expose_downcard(2, parse_card("2c"))  # seat 2's first downcard was flashed
    assert isinstance(events[0], DowncardExposed) and events[0].rules == ("I-1", "A-1")
    assert h.by_seat[2].up == [parse_card("2c")] and len(h.by_seat[2].down) == 2  # the third card went down
    h.deal(3, parse_cards("9h"))
    h.deal(4, parse_cards("Qd"))
    assert h.to_act.seat == 2 and h.bring_in_decision.seat == 2  # the exposed deuce brings in (B-2)
    h.check_invariants()


def test_I1_only_when_that_seats_door_card_is_due():
    h = fresh()
    with pytest.raises(EngineError) as refused:
        h.expose_downcard(3, parse_card("2c"))
    assert "I-3" in refused.value.rules
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    with pytest.raises(EngineError):
        h.expose_downcard(1, parse_card("3c"))  # fourth street's betting: not I-1 any more


def test_I8_a_flashed_card_is_an_exposed_card_with_the_same_remedy():
    """I-8: a flashed card counts as exposed, so I-1's remedy applies to it on third street."""
    h = fresh()
    h.expose_downcard(1, parse_card("As"))
    assert h.events[-2].kind == "downcard_exposed" and h.by_seat[1].up == [parse_card("As")]


def test_I2_a_card_dealt_too_early_goes_back_and_the_street_has_no_new_burn():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    stub, burns = h.stub, h.burns
    events = h.card_dealt_early()
    assert isinstance(events[0], CardDealtEarly) and events[0].street == 4
    assert (h.stub, h.burns) == (stub - 1, burns + 1)  # the burn before the early card stays burned
    h.act(2, "bring_in", 500)
    for seat in (3, 4, 1):
        h.act(seat, "call")
    h.act(2, "check") if h.phase == "bet" else None
    assert h.street == 4 and h.phase == "deal"
    assert h.plan.case == "early-burned" and not h.plan.burn and h.plan.rules[0] == "I-2"
    assert h.burns == burns + 1  # no second burn
    for card in parse_cards("3d 4d 5d 6d"):
        h.deal(h.expected_deal()[0], [card])
    h.check_invariants()
    assert h.stub == stub - 1 - 4


def test_I2_twice_in_a_round_burns_once():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    stub = h.stub
    h.card_dealt_early()
    h.card_dealt_early()
    assert h.stub == stub - 1


def test_I2_is_refused_outside_a_betting_round_and_when_the_deck_is_short():
    h = fresh()
    with pytest.raises(EngineError) as refused:
        h.card_dealt_early()
    assert refused.value.rules == ("I-2",)


def test_I4_a_misread_door_card_is_corrected_and_the_chips_go_back():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")  # seat 2 "has" the deuce: it brings in
    h.act(2, "bring_in", 500)
    assert h.by_seat[2].stack == 10000 - 100 - 500
    events = h.correct_bring_in(2, parse_card("8c"))  # it was the eight of clubs
    corrected = next(e for e in events if isinstance(e, BringInCorrected))
    assert corrected.returned == 500 and corrected.returned_to == 2 and corrected.rules[0] == "I-4"
    assert h.by_seat[2].stack == 10000 - 100  # the bring-in's chips are back
    chosen = next(e for e in events if isinstance(e, BringInChosen))
    assert chosen.seat == 2 and h.to_act.seat == 2  # the 8c is still the lowest door card
    h.correct_bring_in(2, parse_card("Ac"))
    assert h.bring_in_decision.seat == 3  # now the nine of hearts brings in
    h.check_invariants()


def test_I4_once_the_next_player_has_acted_the_bring_in_stands():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    h.act(3, "call")
    with pytest.raises(EngineError) as refused:
        h.correct_bring_in(2, parse_card("8c"))
    assert refused.value.rules == ("I-4", "I-3")
    assert h.by_seat[2].stack == 10000 - 600


def test_I4_refuses_a_card_already_seen():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    with pytest.raises(EngineError):
        h.correct_bring_in(2, parse_card("Kc"))


def test_I5_out_of_turn_is_binding_when_the_action_to_the_player_does_not_change():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    events = h.act_out_of_turn(4, "call")  # seat 3 is to act; seat 4 calls early
    assert isinstance(events[0], ActedOutOfTurn) and events[0].owed == 3 and events[0].handling == "held"
    assert h.to_act.seat == 3 and h.by_seat[4].round_to == 0  # action goes back to seat 3
    events = h.act(3, "call")  # a call does not change the action to seat 4
    settled = next(e for e in events if isinstance(e, OutOfTurnSettled))
    assert settled.binding and settled.rules == ("I-5",)
    taken = [e for e in events if isinstance(e, ActionTaken)]
    assert [(e.seat, e.action) for e in taken] == [(3, "call"), (4, "call")]
    assert h.to_act.seat == 1


def test_I5_out_of_turn_is_void_when_a_raise_comes_in_between():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    h.act_out_of_turn(4, "call")
    events = h.act(3, "complete", 1000)  # the action to seat 4 changed
    settled = next(e for e in events if isinstance(e, OutOfTurnSettled))
    assert not settled.binding
    assert h.to_act.seat == 4 and h.by_seat[4].round_to == 0  # seat 4 has every option
    assert {a.action for a in h.legal_actions()} >= {"fold", "call", "raise"}


def test_I5_under_the_floor_option_nothing_is_held():
    h = new_hand(rules(out_of_turn="floor"), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    events = h.act_out_of_turn(4, "fold")
    assert events[0].handling == "floor" and not h.held
    h.act(3, "call")
    assert h.to_act.seat == 4  # the floor rules; the player acts in turn meanwhile


def test_I5_a_held_action_does_not_carry_into_the_next_round():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    h.act_out_of_turn(1, "check")  # a check is not an answer to the bring-in
    for seat in (3, 4):
        h.act(seat, "call")
    assert h.to_act.seat == 1 and not h.held  # check was not legal as said: void, every option
    assert any(isinstance(e, OutOfTurnSettled) and not e.binding for e in h.events)


def test_I5_refusals():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    with pytest.raises(EngineError):
        h.act_out_of_turn(2, "call")  # it is seat 2's turn
    h.act(2, "bring_in", 500)
    h.act(3, "fold")
    with pytest.raises(EngineError):
        h.act_out_of_turn(3, "call")  # folded


def test_I6_a_misdeal_returns_every_ante_and_bet():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    h.act(3, "call")
    events = h.misdeal()
    voided = next(e for e in events if isinstance(e, HandVoided))
    assert voided.reason == "misdeal" and voided.rules == ("I-6",)
    assert dict(voided.returned) == {1: 100, 2: 600, 3: 600, 4: 100}
    assert h.phase == "done" and h.net() == {1: 0, 2: 0, 3: 0, 4: 0} and h.pots_awarded == []


def test_I6_after_substantial_action_the_hand_plays_on():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    h.act(3, "call")
    h.act(4, "call")  # two players after the bring-in have acted in turn
    with pytest.raises(EngineError) as refused:
        h.misdeal()
    assert refused.value.rules == ("I-6", "I-3")


def test_I7_a_fouled_deck_returns_everything_whatever_the_action():
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    h.act(2, "bring_in", 500)
    for seat in (3, 4, 1):
        h.act(seat, "call")
    for card in parse_cards("3d 4d 5d 6d"):
        h.deal(h.expected_deal()[0], [card])
    h.act(h.to_act.seat, "bet", 1000)
    events = h.fouled_deck()
    assert any(isinstance(e, HandVoided) and e.reason == "fouled-deck" for e in events)
    assert h.net() == {1: 0, 2: 0, 3: 0, 4: 0}
    with pytest.raises(EngineError):
        h.fouled_deck()  # the hand is over


def test_irregularities_leave_an_ordinary_hand_alone():
    """No irregularity reported: nothing held, no early burn, not void (the engine's
    fingerprint, tools/engine_fingerprint.py, is unchanged by this layer)."""
    h = new_hand(rules(), STACKS, "Kc 2c 9h Qd")
    assert h.held == {} and not h.early_burn and h.voided is None

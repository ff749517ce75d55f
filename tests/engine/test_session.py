"""The table between hands (T-1…T-5) and the top_up_to_buy_in option."""

import pytest

from dealer_app.engine.errors import EngineError
from dealer_app.engine.limits import load_profile, load_table
from dealer_app.engine.session import TableSession


def session(table="stud-5-10", profile=None, **overrides):
    t = load_table(table)
    return TableSession(t, load_profile(profile or t.profile), overrides)


def test_T1_seats_and_T3_full_buy_in():
    s = session()
    s.sit(1, "Ann", 5000)
    with pytest.raises(EngineError, match="below the table's \\$50") as err:
        s.sit(2, "Bob", 4999 - 49)
    assert "T-3" in err.value.rules and 2 not in s.seats
    with pytest.raises(EngineError, match=r"T-1|taken"):
        s.sit(1, "Cy", 5000)
    with pytest.raises(EngineError) as err:
        s.sit(9, "Dee", 5000)
    assert "T-1" in err.value.rules


def test_T1_casinos_austria_seven_seats():
    s = session("casinos-austria-5-10-20")
    with pytest.raises(EngineError):
        s.sit(8, "X", 10000)
    s.sit(7, "X", 10000)


@pytest.mark.parametrize("top_up_to_buy_in,allowed", [(True, False), (False, True)])
def test_T4_top_up_option(top_up_to_buy_in, allowed):
    s = session(top_up_to_buy_in=top_up_to_buy_in)
    s.sit(1, "Ann", 5000)
    s.seats[1].stack = 1000
    if allowed:
        assert s.top_up(1, 500) == 1500
    else:
        with pytest.raises(EngineError, match="reach the buy-in") as err:
            s.top_up(1, 500)
        assert "T-4" in err.value.rules and s.seats[1].stack == 1000
        assert s.top_up(1, 4000) == 5000


def test_T4_no_chips_added_during_a_hand_and_T5_broke_player_not_dealt():
    s = session()
    for seat in (1, 2, 3):
        s.sit(seat, f"P{seat}", 5000)
    s.seats[3].stack = 0
    h = s.new_hand()
    assert sorted(h.by_seat) == [1, 2]
    with pytest.raises(EngineError, match="between hands"):
        s.top_up(1, 1000)


def test_stacks_carry_to_the_next_hand():
    from dealer_app.engine.cards import parse_card

    s = session()
    for seat in (1, 2):
        s.sit(seat, f"P{seat}", 5000)
    h = s.new_hand()
    h.deal(1, [parse_card("Kd")])
    h.deal(2, [parse_card("2c")])
    h.act(2, "bring_in", 200)
    h.act(1, "complete", 500)
    h.act(2, "fold")
    s.finish_hand()
    assert (s.seats[1].stack, s.seats[2].stack) == (5250, 4750)
    assert sorted(s.new_hand().by_seat) == [1, 2]

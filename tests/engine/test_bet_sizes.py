"""Bet sizes, caps and all-ins (L-2…L-8)."""

import pytest

from dealer_app.engine.errors import IllegalAction
from tests.support.helpers import deal_street, kinds, legal, new_hand, play, rules


def to_street(r, stacks, street, doors="Kd 7c 9s", boards=("Kh 8d 2s", "3c 4d 5h", "6c Td Jh")):
    """Everyone calls the bring-in and checks through to ``street``; seat 1 shows a pair of kings."""
    h = new_hand(r, stacks, doors)
    h.act(h.to_act.seat, "bring_in", r.bring_in)
    while h.phase == "bet":
        h.act(h.to_act.seat, "call")
    for s in range(4, street):
        deal_street(h, boards[s - 4])
        while h.phase == "bet":
            h.act(h.to_act.seat, "check")
    deal_street(h, boards[street - 4])
    return h


@pytest.mark.parametrize("street,size", [(4, 1000), (5, 2000), (6, 2000), (7, 2000)])
def test_L2_fixed_bet_sizes_by_street(street, size):
    boards = ("Qh 8d 2s", "3c 4d 5h", "6c Td Jh", "?? ?? ??")
    h = to_street(rules("stud-10-20"), [20000] * 3, street, boards=boards)
    assert legal(h) == [{"action": "check"}, {"action": "bet", "to": size}]
    h.act(h.to_act.seat, "bet", size)
    assert legal(h) == [{"action": "fold"}, {"action": "call", "to": size}, {"action": "raise", "to": 2 * size}]
    assert "L-2" in h.decision_rules


def test_L2_wrong_fixed_amount_refused_with_reason():
    h = to_street(rules("stud-10-20"), [20000] * 3, 5)
    with pytest.raises(IllegalAction, match=r"may not bet to \$15: bet to \$20"):
        h.act(h.to_act.seat, "bet", 1500)


def test_L3_open_pair_small_or_big_bet():
    h = to_street(rules("stud-10-20"), [20000] * 3, 4)  # seat 1 shows Kd Kh
    assert h.to_act.seat == 1
    assert legal(h) == [{"action": "check"}, {"action": "bet", "to": 1000}, {"action": "bet", "to": 2000}]
    assert "L-3" in h.decision_rules
    h.act(1, "bet", 1000)
    assert legal(h)[2:] == [{"action": "raise", "to": 2000}, {"action": "raise", "to": 3000}]
    h.act(2, "raise", 3000)  # a big raise: later raises are big
    assert legal(h)[2:] == [{"action": "raise", "to": 5000}]


def test_L3_open_pair_big_bet_makes_raises_big():
    h = to_street(rules("stud-10-20"), [20000] * 3, 4)
    h.act(1, "bet", 2000)
    assert legal(h)[2:] == [{"action": "raise", "to": 4000}]


def test_L3_applies_to_every_player_not_only_the_pair():
    h = to_street(rules("stud-10-20"), [20000] * 3, 4)
    h.act(1, "check")
    assert legal(h) == [{"action": "check"}, {"action": "bet", "to": 1000}, {"action": "bet", "to": 2000}]


@pytest.mark.parametrize("table,profile", [("stud-10-20", "tda-tournament"), ("stud8-10-20", "us-cardroom")])
def test_L3_open_pair_off(table, profile):
    h = to_street(rules(table, profile), [20000] * 3, 4)
    assert legal(h) == [{"action": "check"}, {"action": "bet", "to": 1000}]


def test_L3_never_in_spread_limit():
    h = to_street(rules("stud-1-5-spread"), [3000] * 3, 4)
    assert legal(h) == [{"action": "check"}, {"action": "bet", "min_to": 100, "max_to": 500}]


def test_L4_spread_S0_example_raises_after_a_2_dollar_bet():
    h = to_street(rules("stud-1-5-spread"), [3000] * 3, 5)
    h.act(h.to_act.seat, "bet", 200)
    assert legal(h)[2] == {"action": "raise", "min_to": 400, "max_to": 700}
    with pytest.raises(IllegalAction):
        h.act(h.to_act.seat, "raise", 300)  # a $1 raise is not legal
    h.act(h.to_act.seat, "raise", 600)  # raise by 4: the next raise is at least 4
    assert legal(h)[2] == {"action": "raise", "min_to": 1000, "max_to": 1100}


def test_L4_spread_amount_must_be_in_whole_chips():
    h = to_street(rules("stud-1-5-spread"), [3000] * 3, 5)
    with pytest.raises(IllegalAction):
        h.act(h.to_act.seat, "bet", 210)


@pytest.mark.parametrize(
    "street,expected",
    [
        (4, {"action": "bet", "min_to": 500, "max_to": 2000}),  # open pair: up to the higher limit
        (5, {"action": "bet", "min_to": 1000, "max_to": 2000}),
    ],
)
def test_L5_split_limit_bounds(street, expected):
    h = to_street(rules("casinos-austria-5-10-20"), [20000] * 3, street)
    assert legal(h)[1] == expected


def test_L5_split_fourth_street_without_pair_up_to_lower_limit():
    h = to_street(rules("casinos-austria-5-10-20"), [20000] * 3, 4, boards=("Qh 8d 2s", "3c 4d 5h", "6c Td Jh"))
    assert legal(h)[1] == {"action": "bet", "min_to": 500, "max_to": 1000}


@pytest.mark.parametrize("max_raises", [3, 4])
def test_L6_cap_bet_and_max_raises(max_raises):
    h = to_street(rules("stud-10-20", max_raises=max_raises), [50000] * 3, 5)
    h.act(h.to_act.seat, "bet", 2000)
    for n in range(max_raises):
        assert "raise" in kinds(h)
        h.act(h.to_act.seat, "raise", 2000 * (n + 2))
    assert kinds(h) == ["fold", "call"] and "L-6" in h.decision_rules


def _heads_up_on(street, mode):
    """Three seated, seat 3 folds on third street; seats 1 and 2 reach ``street`` and bet."""
    r = rules("stud-10-20", heads_up_uncapped=mode)
    h = new_hand(r, [50000] * 3, "Kd 7c 9s")
    if street == 3:
        play(h, "2:bring_in:500 3:fold 1:complete:1000")
        return h
    play(h, "2:bring_in:500 3:fold 1:call")
    for board in ("Kh 8d", "3c 4d", "6c Td", "?? ??")[: street - 4]:
        deal_street(h, board)
        while h.phase == "bet":
            h.act(h.to_act.seat, "check")
    deal_street(h, ("Kh 8d", "3c 4d", "6c Td", "?? ??")[street - 4])
    h.act(h.to_act.seat, "bet", 1000 if street == 4 else 2000)
    return h


@pytest.mark.parametrize(
    "mode,street,uncapped",
    [
        ("any-round", 3, True),
        ("any-round", 5, True),
        ("last-round", 5, False),
        ("last-round", 7, True),
        ("never", 3, False),
        ("never", 7, False),
    ],
)
def test_L7_heads_up_raising(mode, street, uncapped):
    h = _heads_up_on(street, mode)
    for _ in range(5):  # well past the cap of a bet and three raises
        if "raise" not in kinds(h):
            break
        a = next(x for x in h.legal_actions() if x.action == "raise")
        h.act(h.to_act.seat, "raise", a.to)
    assert ("raise" in kinds(h)) is uncapped
    assert ("L-7" if uncapped else "L-6") in h.decision_rules


def _short_all_in(extra, reopen="half"):
    """5th street, 10/20: seat 1 bets 20; seat 2 has ``extra`` left and goes all-in."""
    r = rules("stud-10-20", short_allin_reopen=reopen)
    h = to_street(r, [20000, 600 + extra, 20000], 5)
    assert h.to_act.seat == 1
    h.act(1, "bet", 2000)
    h.act(2, "raise", extra)
    return h


def test_L8_short_all_in_raise_below_half_does_not_reopen():
    h = _short_all_in(2900)
    assert legal(h) == [{"action": "fold"}, {"action": "call", "to": 2900}, {"action": "raise", "to": 4000}]
    h.act(3, "call")
    assert kinds(h) == ["fold", "call"] and "L-8" in h.decision_rules  # seat 1 already acted


def test_L8_all_in_of_half_a_bet_counts_as_a_raise():
    h = _short_all_in(3000)
    h.act(3, "call")
    assert legal(h)[2] == {"action": "raise", "to": 5000}


def test_L8_full_option_needs_a_full_raise_to_reopen():
    h = _short_all_in(3000, reopen="full")
    h.act(3, "call")
    assert kinds(h) == ["fold", "call"]


def test_L8_short_all_in_bet_may_be_completed():
    r = rules("stud-10-20")
    h = to_street(r, [20000, 1000, 20000], 5, boards=("Qh 7d 2s", "3c 4d 5h", "6c Td Jh"))
    assert h.to_act.seat == 2  # pair of sevens showing
    h.act(2, "bet", 400)  # all-in for less than half a bet
    nxt = legal(h)
    assert {"action": "call", "to": 400} in nxt and {"action": "complete", "to": 2000} in nxt


def test_L8_spread_all_in_below_full_raise_does_not_reopen():
    r = rules("stud-1-5-spread")
    h = to_street(r, [3000, 125 + 350, 3000], 5)
    h.act(1, "bet", 300)
    h.act(2, "raise", 350)  # all-in, a 50-cent raise
    assert legal(h)[2] == {"action": "raise", "min_to": 650, "max_to": 850}
    h.act(3, "call")
    assert kinds(h) == ["fold", "call"]


def test_L8_call_for_less_is_all_in():
    h = to_street(rules("stud-10-20"), [20000, 1500, 20000], 5)
    h.act(1, "bet", 2000)
    assert legal(h) == [{"action": "fold"}, {"action": "call", "to": 900, "all_in": True}]


def test_L3_L5_open_pair_decided_when_the_round_opens():
    # seat 1 shows the pair, bets, and folds to a raise; the higher limit stays for the round
    h = to_street(
        rules("casinos-austria-5-10-20"),
        [50000] * 4,
        4,
        doors="Kd 7c 9s 8h",
        boards=("Kh 8d 2s 3s", "3c 4d 5h 6h", "6c Td Jh Js"),
    )
    assert h.to_act.seat == 1
    h.act(1, "bet", 1800)
    h.act(2, "call")
    h.act(3, "raise", 3700)
    h.act(4, "fold")
    h.act(1, "fold")
    assert legal(h)[2] == {"action": "raise", "min_to": 5600, "max_to": 5700}

"""Dealing and the deck (D-2…D-9)."""

import pytest

from dealer_app.engine.cards import parse_card
from dealer_app.engine.deck import plan_deal
from dealer_app.engine.errors import EngineError
from dealer_app.engine.hand import Hand, SeatSpec
from tests.support.helpers import deal_street, new_hand, play, rules

EIGHT_DOORS = "2c 3c 4c 5c 6c 7c 8c 9c"


def test_D2_cards_dealt_clockwise_from_dealers_left():
    h = Hand(rules(), [SeatSpec(s, f"P{s}", 10000) for s in (1, 2, 3)])
    assert h.expected_deal() == (1, 3)
    with pytest.raises(EngineError, match="seat 1 gets the next card, not seat 2"):
        h.deal(2, [None, None, parse_card("Ah")])
    h.deal(1, [parse_card("Ah")])  # the door alone: downcards counted, not entered
    assert h.expected_deal() == (2, 3)


def test_D3_D4_downcards_unknown_upcards_required_river_down():
    h = new_hand(rules(), [10000] * 2, "Kd 7c")
    assert h.by_seat[1].down == [None, None] and h.stub == 52 - 6
    play(h, "2:bring_in:500 1:call")
    with pytest.raises(EngineError, match="upcard must be entered"):
        h.deal(1, [None])
    for _ in range(3):
        deal_street(h, "As Ks" if h.street == 4 else "Qs Js" if h.street == 5 else "Ts 9s")
        play(h, f"{h.to_act.seat}:check {3 - h.to_act.seat}:check")
    h.deal(1, [None])  # the river is down; the dealer need not see it
    assert h.by_seat[1].down == [None, None, None]


def test_D1_duplicate_card_refused_and_nothing_lost():
    h = new_hand(rules(), [10000] * 3, "Kd 7c As")
    play(h, "2:bring_in:500 3:call 1:call")
    deal_street(h, "Qh")
    with pytest.raises(EngineError, match=r"card K♦ is already seen in this hand \(seat 1's upcard\)"):
        h.deal(2, [parse_card("Kd")])
    assert h.expected_deal() == (2, 1) and h.stub == 52 - 9 - 1 - 1


def test_D6_folded_seat_gets_no_card_and_its_cards_stay_dead():
    h = new_hand(rules(), [10000] * 3, "Kd 7c As")
    play(h, "2:bring_in:500 3:fold 1:call")
    stub = h.stub
    assert stub == 52 - 9 - 1  # the fourth-street burn is already off the top
    assert h.expected_deal() == (1, 1)
    with pytest.raises(EngineError, match="folded"):
        h.deal(3, [parse_card("Qh")])
    deal_street(h, "Qh 2d")
    assert h.stub == stub - 2  # two live players; seat 3's cards never return to the stub
    play(h, f"{h.to_act.seat}:check {3 - h.to_act.seat}:check")
    with pytest.raises(EngineError, match="already seen"):
        h.deal(1, [parse_card("As")])  # a folded upcard is still seen (D-1, D-6)


@pytest.mark.parametrize("burn_before_third,stub", [(False, 28), (True, 27)])
def test_D5_burn_before_third_option(burn_before_third, stub):
    r = rules(burn_before_third=burn_before_third)
    h = new_hand(r, [10000] * 8, EIGHT_DOORS)
    assert h.stub == stub
    plan = next(e for e in h.events if e.kind == "deal_plan")
    assert plan.data["burn"] is burn_before_third


def _eight_to_river(profile, table="stud-10-20"):
    r = rules(table, profile, max_players=8) if profile == "casinos-austria" else rules(table, profile)
    h = new_hand(r, [100000] * 8, EIGHT_DOORS)
    h.act(1, "bring_in", 500)
    while h.phase == "bet":
        h.act(h.to_act.seat, "call")
    boards = ["2d 3d 4d 5d 6d 7d 8d 9d", "2h 3h 4h 5h 6h 7h 8h 9h", "2s 3s 4s 5s 6s 7s 8s 9s"]
    for b in boards:
        deal_street(h, b)
        while h.phase == "bet":
            h.act(h.to_act.seat, "check")
    return h


def test_D7_pool_burns_S0_eight_players_common_card():
    h = _eight_to_river("us-cardroom")
    warnings = [e for e in h.events if e.kind == "shortage_warning"]
    assert warnings and warnings[0].data["street"] == 7 and "D-7" in warnings[0].rules
    plan = [e for e in h.events if e.kind == "deal_plan"][-1]
    assert plan.data["stub_before"] == 1
    assert (plan.data["burn"], plan.data["reshuffle_burns"], plan.data["common_card"]) == (False, True, True)
    assert plan.data["stub_after"] == 3
    with pytest.raises(EngineError, match="common card"):
        h.deal(1, [None])
    h.deal_common(parse_card("Ts"))
    assert h.common == parse_card("Ts") and h.phase == "bet"


def test_D7_tda_eight_players_scramble_burn_common_card():
    h = _eight_to_river("tda-tournament")
    plan = [e for e in h.events if e.kind == "deal_plan"][-1]
    assert (plan.data["burn"], plan.data["reshuffle_burns"], plan.data["common_card"], plan.data["stub_after"]) == (
        True,
        True,
        True,
        2,
    )


def test_D7_casinos_austria_seven_players_pool_burns():
    r = rules("casinos-austria-5-10-20")
    h = new_hand(r, [100000] * 7, "2c 3c 4c 5c 6c 7c 8c")
    h.act(1, "bring_in", 500)
    while h.phase == "bet":
        h.act(h.to_act.seat, "call")
    for b in ["2d 3d 4d 5d 6d 7d 8d", "2h 3h 4h 5h 6h 7h 8h", "2s 3s 4s 5s 6s 7s 8s"]:
        deal_street(h, b)
        while h.phase == "bet":
            h.act(h.to_act.seat, "check")
    plan = [e for e in h.events if e.kind == "deal_plan"][-1]
    # 1 + 21 + 3 x 8 dealt = 46 -> stub 6 < 7 + 2: shuffle the 4 burns in, burn one, deal 7
    assert plan.data["stub_before"] == 6
    assert (plan.data["burn"], plan.data["reshuffle_burns"], plan.data["common_card"], plan.data["stub_after"]) == (
        True,
        True,
        False,
        2,
    )


# procedure, live, stub, burns -> burn, reshuffle, common, stub_after
PLANS = [
    ("pool-burns", 5, 10, 3, (True, False, False, 4)),
    ("pool-burns", 5, 5, 3, (True, True, False, 2)),  # 5 < 6: pool to 8, burn, deal 5
    ("pool-burns", 8, 1, 3, (False, True, True, 3)),  # S0's eight players
    ("pool-burns", 5, 2, 3, (False, True, False, 0)),  # exact fit: 2 + 3 = 5, no burn, no common card
    ("pool-burns", 4, 4, 0, (False, False, False, 0)),  # exact fit without burns to pool
    ("casinos-austria", 5, 7, 3, (True, False, False, 1)),
    ("casinos-austria", 5, 6, 0, (False, False, False, 1)),  # live + 1: no burn, bottom card stays
    ("casinos-austria", 5, 5, 2, (True, True, False, 1)),  # 5 < 7: pool to 7, burn, deal
    ("casinos-austria", 5, 4, 0, (True, False, True, 2)),  # cannot serve: burn, common card
    ("tda", 5, 7, 3, (True, False, False, 1)),
    ("tda", 5, 5, 3, (True, True, False, 2)),
    ("tda", 5, 4, 1, (True, False, True, 2)),  # stub >= 3: burn and one common card
    ("tda", 8, 2, 3, (True, True, True, 3)),  # fewer than 3: scramble, burn, common
]


@pytest.mark.parametrize("procedure,live,stub,burns,expected", PLANS)
def test_D7_shortage_procedures(procedure, live, stub, burns, expected):
    plan = plan_deal(procedure, 7, live, stub, burns)
    assert (plan.burn, plan.reshuffle_burns, plan.common_card, plan.stub_after) == expected
    assert "D-7" in plan.rules or plan.normal
    assert plan.words


def test_D8_common_card_plays_for_everyone_and_first_actor_from_sixth():
    h = _eight_to_river("us-cardroom")
    sixth_first = h.street_first[6]
    h.deal_common(parse_card("Ts"))
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert ev.seat == sixth_first and "D-8" in ev.rules


@pytest.mark.parametrize("option,first", [("sixth-street", 2), ("best-showing", 1)])
def test_D8_common_card_first_actor_option(option, first):
    # seat 2 shows two pair on sixth; with the common Ts seat 1's A-K-Q-J makes a straight
    r = rules(common_card_first_actor=option)
    h = new_hand(r, [100000] * 8, "Ah 2c 4h 4c 4d 4s 6c 6d")
    h.act(2, "bring_in", 500)
    while h.phase == "bet":
        h.act(h.to_act.seat, "call")
    for b in ["Kh 2d 5s 5h 5c 5d 8d 8c", "Qh 3c 7d 7s 7h 7c Js Jc", "Jd 3d 9c 9d 9s 9h 2h 2s"]:
        deal_street(h, b)
        while h.phase == "bet":
            h.act(h.to_act.seat, "check")
    assert h.street_first[6] == 2
    h.deal_common(parse_card("Ts"))
    ev = [e for e in h.events if e.kind == "first_to_act"][-1]
    assert ev.seat == first and "D-8" in ev.rules


def test_D9_stub_count_always_known():
    h = _eight_to_river("us-cardroom")
    dealt = sum(len(p.up) + len(p.down) for p in h.players)
    assert h.stub + dealt + h.burns == 52 and h.stub == 4


def test_D7_pool_burns_exact_fit_deals_the_river_without_burn_or_common_card():
    """Eight players to sixth street, four fold there: the river finds 1 card in the stub
    and 3 burns, exactly one each for the four live players (catalog D-7, pool-burns)."""
    h = new_hand(rules("stud-10-20"), [100000] * 8, "2c 3c 4c 5c 6c 7c 8c 9c")
    h.act(1, "bring_in", 500)
    while h.phase == "bet":
        h.act(h.to_act.seat, "call")
    for street in ("2d 3d 4d 5d 6d 7d 8d 9d", "2h 3h 4h 5h 6h 7h 8h 9h", "2s 3s 4s 5s 6s 7s 8s 9s"):
        deal_street(h, street)
        bet = h.street == 6
        while h.phase == "bet":
            seat = h.to_act.seat
            if bet:
                h.act(seat, "bet", 2000)
                bet = False
            elif h.street == 6 and seat in (1, 2, 3, 4):  # seat 8's four nines bet
                h.act(seat, "fold")
            else:
                h.act(seat, "call" if h.current_to else "check")
    plan = h.plan
    assert (plan.stub_before, plan.live) == (1, 4)  # and 3 burns: 1 + 3 = 4
    assert (plan.burn, plan.reshuffle_burns, plan.common_card, plan.stub_after) == (False, True, False, 0)
    assert plan.rules == ("D-7",) and "without a burn" in plan.words
    for seat in sorted(p.seat for p in h.players if not p.folded):
        h.deal(seat, [None])
    assert h.common is None and h.stub == 0 and h.phase == "bet"
    h.check_invariants()

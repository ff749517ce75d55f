"""Showdown, pots, hi-lo (W-1…W-5, P-1…P-3, H-1…H-3)."""

import pytest

from dealer_app.engine.cards import parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.evaluator import best_high_five, describe_high, hi_value
from dealer_app.engine.showdown import split_amount
from tests.support.helpers import full_hand, new_hand, play, rules, show_all

A = "As Ks Qd Jc 9h 4d 3c"


def test_W1_last_bettor_on_river_shows_first():
    h = full_hand(rules(), [20000] * 3, ["Ah Ad Kc 2s 3h 4d 5c", "Qh Qd 7c 8s 9h Tc 2d", "Jh Jd 9d 6s 6h 3s 3d"])
    assert h.phase == "showdown"
    # everyone checked: the first player to act on the river shows first
    assert h.showdown_order[0] == h.street_first[7]
    ev = next(e for e in h.events if e.kind == "showdown_order")
    assert ev.rules == ("W-1",) and "acted first" in ev.text


def test_W1_bettor_shows_first_then_clockwise():
    h = full_hand(
        rules(), [20000] * 3, ["Ah Ad Kc 2s 3h 4d 5c", "Qh Qd 7c 8s 9h Tc 2d", "Jh Jd 9d 6s 6h 3s 3d"], later="bet"
    )
    first_river = h.street_first[7]
    assert h.showdown_order[0] == first_river  # the river bettor
    n = h.showdown_order
    assert sorted(n) == [1, 2, 3] and [(n[i + 1] - n[i]) % 3 for i in range(2)] == [1, 1]


def test_W1_river_raiser_shows_first():
    from tests.support.helpers import deal_street

    h = new_hand(rules(), [20000] * 3, "Kd 7c As")
    play(h, "2:bring_in:500 3:call 1:call")
    for board in ("2c 3d 4h", "5c 8d 9h", "Jc Qd 6s"):
        deal_street(h, board)
        while h.phase == "bet":
            h.act(h.to_act.seat, "check")
    deal_street(h, "?? ?? ??")
    first = h.to_act.seat
    order = [first, first % 3 + 1, (first + 1) % 3 + 1]
    play(h, f"{order[0]}:check {order[1]}:bet:2000 {order[2]}:raise:4000 {order[0]}:fold {order[1]}:call")
    assert h.showdown_order == [order[2], order[1]]


def test_W2_P2_win_by_folds_no_showdown_and_the_uncalled_part_goes_back():
    h = new_hand(rules(), [10000] * 3, "Kd 7c As")
    play(h, "2:bring_in:500 3:complete:1000 1:fold 2:fold")
    assert h.phase == "done" and h.showdown_order == []
    award = next(e for e in h.events if e.kind == "award")
    assert award.rules == ("W-2",) and award.seat == 3
    ret = next(e for e in h.events if e.kind == "uncalled_bet_returned")
    assert ret.rules == ("P-2",) and ret.data["amount"] == 500  # 1000 complete, 500 called by nobody
    assert h.net() == {1: -100, 2: -600, 3: 700}


@pytest.mark.parametrize(
    "cards,name",
    [
        ("Ah Kh Qh Jh Th 2c 3d", "royal flush"),
        ("9h 8h 7h 6h 5h Ac Ad", "straight flush, nine high"),
        ("As Ad Ac Ah 2c 3d 4h", "four of a kind, aces"),
        ("Ks Kd Kc 7h 7c 2d 2h", "full house, kings full of sevens"),
        ("2c 5c 9c Jc Kc Ad Ah", "flush, king high"),
        ("5c 4d 3h 2s Ah 9c 9d", "straight, five high"),
        ("Qs Qd Qc 7h 4c 2d 9h", "three of a kind, queens"),
        ("Qs Qd 7c 7h 4c 4d 9h", "two pair, queens and sevens"),
        ("Ks Kd 7c 5h 4c 3d 9h", "a pair of kings"),
        ("As Jd 7c 5h 4c 3d 9h", "ace high"),
    ],
)
def test_W3_best_five_of_seven_in_words(cards, name):
    value, five = best_high_five(parse_cards(cards))
    assert describe_high(value) == name
    assert len(five) == 5 and set(five) <= set(parse_cards(cards))
    assert hi_value(five) == value == hi_value(parse_cards(cards))


def test_W3_suits_never_rank_hands_tie_splits():
    # both play the board-like straight 5-9; split, P-3 holds
    h = full_hand(
        rules("stud-1-2"),
        [2000] * 3,
        ["5c 6d 7h 8c 9h As 2d", "5d 6c 7c 8d 9s Kd 3h", "Qc Jd Qs 4s Tc Th Ac"],
        third="2:bring_in:50 3:fold 1:call",
    )
    show_all(h)
    pot = h.pots_awarded[0]
    assert pot["amount"] == 175 and sum(pot["winners"].values()) == 175
    assert set(pot["winners"]) == {1, 2} and "W-4" in pot["rules"]


@pytest.mark.parametrize("odd_chip,gets_odd", [("all-cards", 1), ("best-five", 2)])
def test_W4_odd_chip_options(odd_chip, gets_odd):
    # seat 1 holds the ace of spades outside its straight; seat 2's straight has the 9 of spades
    h = full_hand(
        rules("stud-1-2", odd_chip=odd_chip),
        [2000] * 3,
        ["5c 6d 7h 8c 9h As 2d", "5d 6c 7c 8d 9s Kd 3h", "Qc Jd Qs 4s Tc Th Ac"],
        third="2:bring_in:50 3:fold 1:call",
    )
    show_all(h)
    winners = h.pots_awarded[0]["winners"]
    assert winners[gets_odd] == 100 and winners[3 - gets_odd] == 75  # 7 chips of 25: 4 and 3


def test_W4_split_amount_in_smallest_chip():
    assert split_amount(175, [1, 2], 25) == {1: 100, 2: 75}
    assert split_amount(1000, [3, 1, 2], 100) == {3: 400, 1: 300, 2: 300}
    assert split_amount(5, [1, 2], 1) == {1: 3, 2: 2}


def test_P1_side_pots_and_W5_all_in():
    # seat 1 all-in for 1100 on third street; seats 2 and 3 play on
    h = full_hand(
        rules(),
        [1100, 20000, 20000],
        ["Ah Ad Ac 2s 3h 4d 5c", "Kh Kd 7c 8s 9h Tc 2d", "Qh Qd 6c 6s 8h 3s 3d"],
        third="3:bring_in:500 1:complete:1000 2:raise:2000 3:call",
        later="bet",
    )
    show_all(h)
    pots = h.pots_awarded
    assert [(p["amount"], p["eligible"]) for p in pots] == [(3300, [1, 2, 3]), (pots[1]["amount"], [2, 3])]
    assert pots[0]["winners"] == {1: 3300} and "P-1" in pots[0]["rules"]
    assert list(pots[1]["winners"]) == [3]  # queens and sixes beat a pair of kings
    assert sum(p.stack for p in h.players) == 41100  # P-3


def test_W5_everyone_all_in_all_hands_shown():
    h = full_hand(
        rules(),
        [1100, 1100],
        ["Ah Ad Ac 2s 3h 4d 5c", "Kh Kd 2c 8s 9h Tc 2d"],
        third="2:bring_in:500 1:complete:1000 2:call",
    )
    assert h.phase == "showdown" and h.street == 7
    ev = next(e for e in h.events if e.kind == "showdown_order")
    assert "W-5" in ev.rules


def test_muck_and_last_player_cannot_muck():
    h = full_hand(rules(), [20000] * 2, ["Ah Ad Kc 2s 3h 4d 5c", "Qh Qd 7c 8s 9h Tc 2d"])
    first, second = h.showdown_order
    h.show(first)
    h.muck(second)
    assert h.phase == "done" and h.pots_awarded[0]["winners"] == {first: h.pots_awarded[0]["amount"]}


def test_show_must_agree_with_upcards():
    h = full_hand(rules(), [20000] * 2, ["Ah Ad Kc 2s 3h 4d 5c", "Qh Qd 7c 8s 9h Tc 2d"])
    seat = h.showdown_order[0]
    with pytest.raises(EngineError):
        h.show(seat, parse_cards("2c 2d 2h 2s 3c 3d 3s"))


# --- Hi-Lo eight or better ----------------------------------------------------------------


def test_H1_bring_in_ace_is_high():
    h = new_hand(rules("stud8-10-20"), [10000] * 3, "Ac 2d Kh")
    assert h.bring_in_seat == 2
    assert "H-1" in next(e for e in h.events if e.kind == "bring_in_seat").rules


def test_H2_split_high_and_low():
    h = full_hand(
        rules("stud8-10-20"), [10000] * 3, ["Kh Kd Kc 9s 9h Qd Jc", "Ac 2d 3h 5s 7h Qc Js", "Qh Th 4c 4s Tc Td 6s"]
    )
    show_all(h)
    pot = h.pots_awarded[0]
    assert "H-2" in pot["rules"]
    assert pot["winners"] == {1: pot["amount"] // 2, 2: pot["amount"] // 2}
    assert pot["hands"][2]["low_name"] == "7-5-3-2-A low"


def test_H2_straight_does_not_spoil_low_and_one_player_scoops():
    h = full_hand(rules("stud8-10-20"), [10000] * 2, ["Ac 2d 3h 4s 5h Qc Js", "Qh Qd 9c 9s Tc Td 6s"])
    show_all(h)
    pot = h.pots_awarded[0]
    assert pot["winners"] == {1: pot["amount"]}  # wheel: best high (straight) and best low


def test_H3_no_low_high_takes_all():
    h = full_hand(rules("stud8-10-20"), [10000] * 2, ["Kc Kd 9h 4s 5h Qc Js", "Qh Qd 9c 9s Tc Td 6s"])
    show_all(h)
    pot = h.pots_awarded[0]
    assert pot["winners"] == {2: pot["amount"]} and "H-3" in pot["rules"]


def test_H3_odd_chip_to_the_high_half():
    h = full_hand(
        rules("stud8-10-20"),
        [10000] * 3,
        ["Kh Kd Kc 9s 9h Qd Jc", "Ac 2d 3h 5s 7h Qc Js", "Qh Th 4c 4s Tc Td 6s"],
        third="2:bring_in:500 3:fold 1:call",
    )
    show_all(h)
    pot = h.pots_awarded[0]
    assert pot["amount"] == 1300  # 3 antes of $1 and two bring-ins of $5: 13 one-dollar chips
    assert pot["winners"][1] == pot["winners"][2] + 100 and "H-3" in pot["rules"]


def test_W3_best_five_cards_are_the_ones_that_make_the_value():
    import random

    rng = random.Random(11)
    for _ in range(20000):
        seven = rng.sample(range(52), 7)
        value, five = best_high_five(seven)
        assert len(set(five)) == 5 and set(five) <= set(seven) and hi_value(five) == value


def test_the_evaluators_rank_mask_tables_are_what_each_mask_holds():
    """The tables are built from smaller masks and supersets; here each mask is read directly:
    its ranks, its top five packed four bits each, and its best straight (the wheel counts)."""
    from dealer_app.engine.evaluator import POPCOUNT, STRAIGHT_HIGH, TOP5

    straights = [(high, 0b11111 << (high - 4)) for high in range(12, 3, -1)] + [(3, 0b1_0000_0000_1111)]
    for mask in range(8192):
        ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
        packed = 0
        for r in ranks[:5]:
            packed = packed << 4 | r
        packed <<= 4 * (5 - len(ranks[:5]))
        best = next((high for high, need in straights if mask & need == need), -1)
        assert (POPCOUNT[mask], TOP5[mask], STRAIGHT_HIGH[mask]) == (len(ranks), packed, best), bin(mask)


def test_W3_a_winner_who_never_showed_is_not_given_a_made_up_hand():
    """The dealer walkthrough: the last player left after the other mucked won with their
    downcards never entered; the award named "7♦ 5♥ 3♠ 2♦ 2♦ — seven high" (four upcards, one of
    them twice). With fewer than five known cards no hand is named: the pot is theirs unshown."""
    from dealer_app.engine.cards import parse_card
    from dealer_app.engine.hand import Hand, SeatSpec
    from tests.support.helpers import rules

    h = Hand(rules("stud-10-20"), [SeatSpec(1, "Ann", 50000), SeatSpec(2, "Bob", 50000)])
    ups = iter(["2d", "9s", "3s", "4h", "5h", "6s", "7d", "8d"])
    while h.phase != "done":
        if h.phase == "deal":
            seat, n = h.expected_deal()
            street = h.street
            up = street in (3, 4, 5, 6)
            h.deal(seat, [None, None, parse_card(next(ups))] if n == 3 else [parse_card(next(ups)) if up else None])
        elif h.phase == "bet":
            legal = {a.action: a for a in h.legal_actions()}
            action = "bring_in" if "bring_in" in legal else "check" if "check" in legal else "call"
            h.act(h.to_act.seat, action, legal[action].to)
        else:
            h.muck(h.pending_show[0]) if len(h.pending_show) > 1 else h.show(h.pending_show[0])
    (pot,) = h.pots_awarded
    assert pot["hands"] == {} and sum(pot["winners"].values()) == pot["amount"]

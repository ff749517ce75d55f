"""The dealer's flow through the controller: bets swept at the end of a round, amounts
refused with their range, the betting unit, why raising is (not) open."""

import pytest

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store


def table(tmp_path, name, players):
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table(name, None, players)
    c.start_hand()
    return c


def test_bets_are_swept_into_the_pot_when_the_round_ends(tmp_path):
    c = table(tmp_path, "stud-5-10", [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    assert [s.round_to for s in c.seats()] == [0, 200, 500] and c.status()["raises"] == 0
    c.act("raise", 1000)
    assert c.status()["raises"] == 1 and c.status()["betting"]
    c.act("call")
    c.act("call")
    assert c.prompt().kind == "card"
    assert [s.round_to for s in c.seats()] == [0, 0, 0]  # swept: the pot holds them
    assert c.status()["pot"] == 150 + 3 * 1000 and c.status()["raises"] == 0 and not c.status()["betting"]


def test_a_spread_amount_outside_the_range_is_refused_naming_it(tmp_path):
    c = table(tmp_path, "stud-1-5-spread", [(1, "Ann", 3000), (2, "Bob", 3000)])
    c.enter_card("Kd")
    c.enter_card("7c")
    with pytest.raises(InputError, match=r"Bring in \$1–\$5: \$20 is outside that range") as err:
        c.act("bring_in", 2000)
    assert "L-4" in err.value.rules and len(c.inputs) == 2
    c.act("bring_in", 300)
    assert c.inputs[-1] == ["act", 2, "bring_in", 300]


@pytest.mark.parametrize("name,unit", [("stud-1-5-spread", 100), ("casinos-austria-5-10-20", 500), ("stud-5-10", 50)])
def test_the_betting_unit(tmp_path, name, unit):
    c = TableController(None)
    c.open_table(name, None, [(1, "Ann", 100000), (2, "Bob", 100000)])
    assert c.betting_unit() == unit


def test_L7_heads_up_the_prompt_says_why_raising_goes_on(tmp_path):
    c = table(tmp_path, "stud-5-10", [(1, "Ann", 50000), (2, "Bob", 50000)])
    c.enter_card("Kd")
    c.enter_card("2c")
    c.act("bring_in", 200)
    for _ in range(4):  # complete and three raises: the cap of three-handed play
        raises = [x for x in c.choices() if x.action in ("complete", "raise")]
        c.act(raises[0].action, raises[0].to)
    p = c.prompt()
    assert any(x.action == "raise" for x in c.choices())
    assert "L-7" in p.rules and "no cap heads-up" in p.notes[0][0]


def test_L6_capped_three_handed_says_so(tmp_path):
    c = table(tmp_path, "stud-5-10", [(1, "Ann", 50000), (2, "Bob", 50000), (3, "Cy", 50000)])
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    for _ in range(4):
        raises = [x for x in c.choices() if x.action in ("complete", "raise")]
        c.act(raises[0].action, raises[0].to)
    p = c.prompt()
    assert [x.action for x in c.choices()] == ["fold", "call"]
    assert p.notes == (("Capped: 3 raises of 3; call or fold", ("L-6",)),)


def test_L8_a_short_all_in_that_does_not_reopen_says_so():
    """Engine level (a stack below the buy-in cannot sit at the live table): Cy's all-in
    raise of $2 over Ann's $5 is less than half a bet, so Ann, who has acted, may only call."""
    from tests.support.helpers import new_hand, rules

    h = new_hand(rules("stud-5-10"), [50000, 50000, 750], "Kd 2c Th")
    h.act(2, "bring_in", 200)
    h.act(3, "call")  # Cy calls the bring-in
    h.act(1, "complete", 500)  # Ann completes to $5
    h.act(2, "call")
    h.act(3, "raise", 700)  # Cy all-in to $7: $2 more, not half of $5
    assert h.to_act.seat == 1 and [a.action for a in h.legal_actions()] == ["fold", "call"]
    (note,) = h.raising_notes()
    text, rule = note.text, note.rules
    assert rule == ("L-8",) and "not reopened for seat 1" in text
    h.act(1, "call")
    assert h.to_act.seat == 2  # Bob acted before the short raise too: call or fold
    assert "not reopened for seat 2" in h.raising_notes()[0].text


def test_the_prompt_says_what_the_hands_do(tmp_path):
    c = table(tmp_path, "stud-5-10", [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("complete", 500)
    c.act("call")
    c.act("call")
    p = c.prompt()  # fourth street: the burn first (D-5)
    assert p.kind == "card" and p.notes == (("Burn one card, then one card up to each of the 3 players", ("D-5",)),)
    c.enter_card("9h")
    assert c.prompt().notes == ()  # the burn is said once, before the street's first card
    for card in ("5c", "2d"):
        c.enter_card(card)
    c.act("check")
    c.act("bet", 500)  # Bob bets, both fold: the $5 goes back (P-2)
    c.act("fold")
    c.act("fold")
    p = c.prompt()
    assert p.kind == "award"
    assert ("Uncalled $5 returned to seat 2", ("P-2",)) in p.notes
    assert ("Main pot $16.50: push to seat 2 (Bob) $16.50", ("W-2",)) in p.notes
    assert state_after_resume(c).notes == p.notes  # a resumed table says the same


def state_after_resume(c):
    c2 = TableController(Store(c.store.path))
    c2.resume(c.session_id)
    return c2.prompt()


def test_who_shows_first_and_why(tmp_path):
    c = table(tmp_path, "stud-5-10", [(1, "Ann", 5000), (2, "Bob", 5000)])
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
    c.act("bet", 1000)
    c.act("call")
    p = c.prompt()
    assert p.kind == "show" and p.text == f"Seat {p.seat} shows first"
    ((words, rules),) = p.notes
    assert "W-1" in rules and words


def river_showdown(tmp_path, name="stud-5-10", downs=None):
    c = table(tmp_path, name, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("call")
    c.act("call")
    for street in ("Qh 3d 9h", "5c Jd 7d", "4s 8c 6h"):
        for card in street.split():
            c.enter_card(card)
        while c.prompt().kind == "action":
            c.act("check")
    c.deal_river()
    while c.prompt().kind == "action":
        c.act("check")
    return c


def test_showdown_downcards_short_of_the_count_name_what_is_missing(tmp_path):
    c = river_showdown(tmp_path)
    seat = c.prompt().seat
    with pytest.raises(InputError, match=f"seat {seat} has 3 downcards: 2 typed, 1 more to type") as err:
        c.show(seat, "ah ad")
    assert err.value.rules == ("W-3",) and c.prompt().seat == seat


def test_the_best_hand_so_far_as_players_show(tmp_path):
    c = river_showdown(tmp_path)
    order = c.hand.showdown_order
    assert c.best_so_far() == []
    c.show(order[0], {1: "2h 3c 4h", 2: "2d 2s 9c", 3: "Ts Tc 9s"}[order[0]])
    first = c.best_so_far()
    assert first[0][1] == [order[0]]
    c.show(order[1], {1: "2h 3c 4h", 2: "2d 2s 9c", 3: "Ts Tc 9s"}[order[1]])
    best = c.best_so_far()[0]
    assert best[0] == "high" and best[2]
    c.muck(order[2]) if c.prompt().kind == "show" else None
    assert c.prompt().kind == "award"
    assert set(c.awards()[0]["winners"]) == set(c.best_so_far()[0][1])

"""The dealer's flow through the controller: bets swept at the end of a round, amounts
refused with their range, the betting unit, why raising is (not) open."""

import pytest

from dealer_app.history.store import Store
from dealer_app.live.controller import InputError, TableController


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
    assert [s.round_to for s in c.seats()] == [0, 0, 0]        # swept: the pot holds them
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


@pytest.mark.parametrize("name,unit", [("stud-1-5-spread", 100), ("casinos-austria-5-10-20", 500),
                                       ("stud-5-10", 50)])
def test_the_betting_unit(tmp_path, name, unit):
    c = TableController(None)
    c.open_table(name, None, [(1, "Ann", 100000), (2, "Bob", 100000)])
    assert c.betting_unit() == unit

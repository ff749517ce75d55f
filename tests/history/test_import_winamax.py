"""Winamax stud hands: read and replayed against the server."""

import collections

import pytest

from dealer_app.history.importers import (
    Refusal,
    decode,
    import_file,
    import_text,
    winamax,
)
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.history.test_import_merge import assert_never_raises
from tests.support.data import FPDB

FILES = sorted(p for p in FPDB.rglob("*") if p.is_file() and "Winamax" in p.parts)
ITEMS = [item for p in FILES for item in import_file(p)]
HANDS = [i for i in ITEMS if not isinstance(i, Refusal)]
REFUSALS = [i for i in ITEMS if isinstance(i, Refusal)]
CASH = FPDB / "cash" / "Winamax" / "Stud"


def hand(hand_id):
    return next(h for h in HANDS if h.hand_id == hand_id)


def test_counts_of_hands_read_per_game():
    assert len(FILES) == 5
    assert collections.Counter((h.site, h.game) for h in HANDS) == {
        ("Winamax", "stud"): 2,
        ("Winamax", "stud8"): 1,
        ("Winamax", "razz"): 1,
    }


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    report = v["report"]
    assert report["complete"]
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])


def test_a_negative_raise_is_an_all_in_for_what_it_adds():
    # "Player0 raises -6.10€ to 18.90€" on top of a 10€ bring-in: all in for 28.90€ in the round
    imp = hand("9250793-1578-1479092164")
    assert "p1 cbr 2890" in imp.phh.actions
    assert verdict(imp)["agrees"]


def test_the_returned_bet_is_taken_out_of_the_pot_and_the_win():
    # Hi/Lo: 50€ bet on seventh, folded to; Winamax's pot (228€ + 2€ rake) counts it
    imp = hand("9250793-554-1478991850")
    assert imp.expected.uncalled == {2: 5000}
    assert imp.expected.total_pot == 18000 and imp.expected.collected == {2: 17800} and imp.expected.rake == 200
    assert verdict(imp)["agrees"]


def test_the_showdown_listing_is_no_showing_order():
    # 7th street: Player0 bets, Hero raises, Player0 calls; Winamax lists Player0 first.
    # W-1 has the raiser show first: the listing is not compared (see winamax.py)
    text = decode((CASH / "7-Stud-6max-EUR-25-50-201611._8games_.txt").read_bytes())
    show = text.split("*** SHOW DOWN ***")[1]
    assert show.index("Player0 shows") < show.index("Hero shows")
    imp = hand("9250793-470-1478990787")
    assert imp.expected.showdown == [] and verdict(imp)["report"]["showdown_order"] == imp.seats[:2]


def test_rules_are_the_catalogs():
    assert SITE_RULES["Winamax"] == winamax.RULES == ("us-cardroom", {})


def test_refusals_name_file_hand_and_reason():
    got = sorted((r.hand_id, r.reason) for r in REFUSALS)
    assert got == [
        (
            "8835086-564-1465760198",
            ("the export holds no cards (no 'Dealt to' lines): the bring-in and the order of play cannot be checked"),
        ),
    ]
    assert all(str(r).startswith(f"hand {r.hand_id} in {r.source}, line 1: ") for r in REFUSALS)


def test_other_games_are_refused_per_hand_and_the_file_goes_on():
    stud = decode((CASH / "7-Stud-6max-EUR-25-50-201611._8games_.txt").read_bytes())
    holdem = stud.replace("7-Card Stud fixed limit (5€/25€/50€)", "Holdem no limit (0.25€/0.50€)")
    holdem = holdem.replace("#9250793-470", "#1-1")
    items = import_text(holdem + "\n\n" + stud, "mixed.txt")
    assert isinstance(items[0], Refusal) and items[0].reason == "Holdem no limit is not a stud game"
    assert verdict(items[1])["agrees"]


def test_damaged_files_give_refusals_never_exceptions():
    assert assert_never_raises([decode(p.read_bytes()) for p in FILES], 300, seed=14) > 20

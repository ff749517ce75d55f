"""KingsClub stud hands: read (with their late street headers) and replayed against the server."""

import collections

import pytest

from dealer_app.history.importers import Refusal, decode, import_file, kingsclub
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.history.test_import_merge import assert_never_raises
from tests.support.data import FPDB

FILES = sorted(p for p in FPDB.rglob("*") if p.is_file() and "KingsClub" in p.parts)
ITEMS = [item for p in FILES for item in import_file(p)]
HANDS = [i for i in ITEMS if not isinstance(i, Refusal)]
REFUSALS = [i for i in ITEMS if isinstance(i, Refusal)]


def hand(hand_id):
    return next(h for h in HANDS if h.hand_id == hand_id)


def test_counts_of_hands_read_per_game():
    assert len(FILES) == 7
    assert collections.Counter((h.site, h.game) for h in HANDS) == {("KingsClub", "stud8"): 2, ("KingsClub", "razz"): 1}


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    report = v["report"]
    assert report["complete"]
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])


def test_streets_come_from_the_deals_not_the_late_headers():
    # 2021: "*** 3RD STREET ***" stands before the fourth-street cards; 2022: where it belongs
    late, fixed = hand("39969428"), hand("49595550")
    for imp in (late, fixed):
        assert [st["street"] for st in verdict(imp)["report"]["streets"]] == [3, 4, 5, 6, 7]
    # Player0 brings in, checks 4th and 5th (the headers "3RD", "4TH"), Hero opens 6th and 7th
    assert late.expected.first_actors == {3: 1, 4: 1, 5: 1, 6: 2, 7: 2}


def test_calls_are_round_totals_and_the_pot_is_the_win_plus_rake():
    imp = hand("39969428")
    assert imp.expected.total_pot == 65900 + 100 and imp.expected.rake == 100
    assert [a for _i, _p, a in imp.expected.amounts][:3] == [1000, 4000, 3000]  # bring-in, bet 40, calls 40


def test_rules_are_the_catalogs():
    assert SITE_RULES["KingsClub"] == kingsclub.RULES == ("us-cardroom", {})


def test_refusals_name_file_hand_and_reason():
    reasons = collections.Counter(r.reason for r in REFUSALS)
    # Razz is read (issue 29); deuce-to-seven Razz is another game, and one Razz hand raises short
    assert reasons["2-7 Razz is not supported"] == 2 and len(REFUSALS) == 4
    short = next(r for r in REFUSALS if r.hand_id == "37581152")
    assert short.line == 25 and "raised by 33.16 over 44, less than a full bet of 44" in short.reason
    assert "7-Stud-USD-44-88-202010.txt" in str(short)


def test_damaged_files_give_refusals_never_exceptions():
    assert assert_never_raises([decode(p.read_bytes()) for p in FILES], 300, seed=15) > 20

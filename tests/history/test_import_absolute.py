"""The Absolute Poker stud hi-lo hand, replayed and checked against the server."""

import pytest

from dealer_app.history.importers import Refusal, import_file, import_text, read_text
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.history.test_import_ongame import check_mutations
from tests.support.data import FPDB

FILES = sorted((FPDB / "cash" / "Absolute" / "Stud").glob("*.txt"))
ITEMS = [item for p in FILES for item in import_file(p)]
HANDS = [imp for imp in ITEMS if not isinstance(imp, Refusal)]


def test_counts_of_hands_read():
    assert [(h.site, h.game, h.hand_id) for h in HANDS] == [("Absolute", "stud8", "1300000000")]
    assert len(ITEMS) == 1


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    assert v["report"]["complete"]
    assert all(d["legal_taken"] for st in v["report"]["streets"] for d in st["decisions"])


def test_checked_river_shows_from_the_first_actor():
    # W-1 as the catalog has it: seat 8 acted first on the checked river and showed first;
    # PokerStars' "dealers-left" (seat 1 first) would not be what Absolute did
    (imp,) = HANDS
    assert [imp.seats[p - 1] for p in imp.expected.showdown] == [8, 1, 3, 7]
    assert SITE_RULES["Absolute"][1].get("checked_showdown_from", "first-actor") == "first-actor"
    problems = verdict(imp, None, {"checked_showdown_from": "dealers-left"})["problems"]
    assert any("showdown order" in p for p in problems)


def test_hi_lo_split_and_rake():
    (imp,) = HANDS
    assert (imp.expected.total_pot, imp.expected.rake) == (43, 4)
    assert {imp.names[p - 1]: v for p, v in imp.expected.collected.items()} == {"PLAYER3": 19, "PLAYER6": 20}


def test_refusals_name_file_hand_and_reason():
    text = read_text(FILES[0])
    for game, reason in (
        ("Razz  No Limit", "no-limit and pot-limit Razz are not supported"),
        ("Holdem  Normal", "Holdem is not a stud game"),
        ("Seven Card Hi/Lo  No Limit", "no-limit and pot-limit stud are not supported"),
    ):
        (r,) = import_text(text.replace("Seven Card Hi/Lo  Normal", game, 1), "a.txt")
        assert isinstance(r, Refusal) and r.reason == reason
        assert str(r) == f"hand 1300000000 in a.txt, line 1: {reason}"
    (bad,) = import_text(text.replace("PLAYER3 - Pocket [H H 6s Ah]", "PLAYER3 - Pocket [H H 6s Ax]"), "a.txt")
    assert isinstance(bad, Refusal) and bad.line == 33 and "unreadable cards" in bad.reason


def test_damaged_files_never_raise():
    seen = check_mutations(FILES, seed=13)
    assert seen["refused"] and seen["read"]

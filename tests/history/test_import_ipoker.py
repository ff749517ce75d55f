"""iPoker XML hands (cash and a sit-and-go): read and replayed against the server."""

import collections

import pytest

from dealer_app.history.importers import (
    Refusal,
    decode,
    detect,
    import_file,
    import_text,
    ipoker,
)
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.history.test_import_merge import assert_never_raises
from tests.support.data import FPDB

FILES = sorted(p for p in FPDB.rglob("*") if p.is_file() and "iPoker" in p.parts)
ITEMS = [item for p in FILES for item in import_file(p)]
HANDS = [i for i in ITEMS if not isinstance(i, Refusal)]
REFUSALS = [i for i in ITEMS if isinstance(i, Refusal)]
CASH = FPDB / "cash" / "iPoker" / "Stud"
SNG = FPDB / "tour" / "iPoker" / "Stud" / "7-StudHi-USD-STT-5-201103.txt"


def hand(hand_id):
    return next(h for h in HANDS if h.hand_id == hand_id)


def test_counts_of_hands_read_per_game():
    assert len(FILES) == 4 and all(detect(decode(p.read_bytes())) == "iPoker" for p in FILES)
    assert collections.Counter((h.site, h.game) for h in HANDS) == {("iPoker", "stud"): 119, ("iPoker", "stud8"): 5}
    assert sum(h.source.startswith(str(SNG)) for h in HANDS) == 117


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    report = v["report"]
    assert report["complete"]
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])


def test_cash_amounts_and_cards():
    imp = hand("2418629537")
    f = imp.phh.fields
    assert (f["antes"][0], f["bring_in"], f["small_bet"], f["big_bet"]) == (1, 2, 5, 10) and imp.currency == "USD"
    hero = imp.names.index("Hero") + 1
    assert f"d dh p{hero} 8h7d2c" in imp.phh.actions  # "H8 D7 C2", suit first
    assert hand("5710054735").currency == "EUR"  # the € written in cp1252, read as latin-1


def test_sit_and_go_stakes_come_from_the_bets_and_the_file():
    levels = {
        (h.phh.fields["antes"][0], h.phh.fields["bring_in"], h.phh.fields["small_bet"], h.phh.fields["big_bet"])
        for h in HANDS
        if h.source.startswith(str(SNG))
    }
    assert all(big == 2 * small for _a, _b, small, big in levels) and len(levels) >= 4
    # 4044887919: nobody bets beyond the bring-in; its level is taken from a later hand
    f = hand("4044887919").phh.fields
    same_ante_and_bring_in = {(s, b) for a, bi, s, b in levels if (a, bi) == (f["antes"][0], f["bring_in"])}
    assert (f["small_bet"], f["big_bet"]) in same_ante_and_bring_in


def test_a_returned_bet_is_taken_out_of_the_win():
    # 4044982218: raised to 1,600, called all in for 1,304: "win" 296 is the returned bet
    imp = hand("4044982218")
    assert imp.expected.uncalled == {imp.names.index("Player0") + 1: 296}
    assert imp.expected.collected == {imp.names.index("Player1") + 1: 2908}
    assert verdict(imp)["agrees"]


def test_site_options_are_what_the_server_did():
    assert SITE_RULES["iPoker"] == ipoker.RULES == ("us-cardroom", {"fold_when_check_free": True})
    folded = verdict(hand("4044888963"), None, {"fold_when_check_free": False})
    assert any("may not fold" in p and ":746:" in p for p in folded["problems"]), folded["problems"]
    # the catalog's own L-3: a double bet on fourth street with an open pair
    problems = [p for h in HANDS for p in verdict(h, None, {"open_pair_double": False})["problems"]]
    assert any("may not bet to 800" in p for p in problems)


def test_refusals_name_file_hand_and_reason():
    assert [(r.hand_id, r.reason) for r in REFUSALS] == [("3013529647", "five-card stud is not supported")]
    assert "5-StudL-USD" in str(REFUSALS[0]) and REFUSALS[0].line == 21


def test_a_cut_file_is_one_refusal_with_its_line():
    text = decode((CASH / "7-StudL-USD-0.05-0.10-201009.txt").read_bytes())
    cut = text[: text.index('<round no="4">')]
    (r,) = import_text(cut, "cut.txt")
    assert isinstance(r, Refusal) and r.reason.startswith("malformed XML") and r.line > 30


def test_damaged_files_give_refusals_never_exceptions():
    texts = [decode(p.read_bytes()) for p in FILES if p != SNG]
    assert assert_never_raises(texts, 250, seed=12) > 20
    big = decode(SNG.read_bytes())
    assert_never_raises([big], 6, seed=13)

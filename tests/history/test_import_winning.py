"""Winning Poker Network stud and stud hi-lo hands (2016 UTF-16 and 2019 formats), replayed
and checked against the server."""

import collections

import pytest

from dealer_app.history.importers import Refusal, import_file, import_text, read_text
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.history.test_import_ongame import check_mutations
from tests.support.data import FPDB

FOLDER = FPDB / "cash" / "Winning" / "Stud"
FILES = sorted(FOLDER.glob("*.txt"))
ITEMS = [(p, item) for p in FILES for item in import_file(p)]
HANDS = [imp for _p, imp in ITEMS if not isinstance(imp, Refusal)]
REFUSALS = [r for _p, r in ITEMS if isinstance(r, Refusal)]
STUD_2016 = FOLDER / "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"


def test_counts_of_hands_read():
    assert collections.Counter((h.site, h.game) for h in HANDS) == {("Winning", "stud"): 5, ("Winning", "stud8"): 1}


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    assert v["report"]["complete"]
    assert all(d["legal_taken"] for st in v["report"]["streets"] for d in st["decisions"])


def test_site_rules_are_the_catalog_defaults():
    assert SITE_RULES["Winning"] == ("us-cardroom", {})


def test_utf16_files_are_read():
    assert STUD_2016.read_bytes()[:2] == b"\xff\xfe"
    assert len([i for i in import_file(STUD_2016) if not isinstance(i, Refusal)]) == 4


def test_the_2016_headers_are_one_street_behind():
    # "*** Sixth street ***" deals the seventh card: both players check it, then Nee mucks
    (imp,) = [h for h in HANDS if h.hand_id == "693978063"]
    assert set(imp.expected.first_actors) == {3, 4, 5, 6, 7}
    assert imp.phh.actions[-2] == "p1 sm QcTs7d9c6cQd7h" and imp.phh.actions[-1] == "p2 sm"


def test_pot_is_written_after_rake_and_jackpot_fee():
    (imp,) = [h for h in HANDS if h.hand_id == "693977839"]  # Pot: 8.15. Rake 0.11. JP fee 0.04
    assert (imp.expected.total_pot, imp.expected.rake, imp.expected.collected) == (830, 15, {2: 815})
    (new,) = [h for h in HANDS if h.hand_id == "85198832"]  # Total pot $0.36 | Rake $0.01
    assert (new.expected.total_pot, new.expected.rake, new.expected.collected) == (37, 1, {4: 36})


def test_a_wrong_pot_is_a_disagreement():
    text = read_text(STUD_2016).replace("Pot: 8.15. Rake 0.11", "Pot: 8.25. Rake 0.11", 1)
    (imp,) = [i for i in import_text(text, "x.txt") if not isinstance(i, Refusal) and i.hand_id == "693977839"]
    assert any("total pot" in p for p in verdict(imp)["problems"])


def test_refusals_name_file_hand_and_reason():
    (cut,) = REFUSALS  # the hi-lo file stops after the second hand's seats
    assert cut.hand_id == "693976187" and cut.line == 51 and "no summary" in cut.reason
    assert str(cut).startswith(f"hand 693976187 in {cut.source}, line 51")
    text = read_text(STUD_2016)
    for game, reason in (("Hold'em", "Hold'em is not a stud game"), ("2-7 Razz", "2-7 Razz is not supported")):
        items = import_text(text.replace("(Seven Cards Stud)", f"({game})", 1), "x.txt")
        assert isinstance(items[0], Refusal) and items[0].reason == reason and items[0].hand_id == "693977667"
        assert sum(not isinstance(i, Refusal) for i in items) == 3
    new = read_text(FOLDER / "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt")
    (nl,) = import_text(new.replace("7Stud(Fixed Limit)", "7Stud(No Limit)"), "y.txt")
    assert nl.reason == "no-limit and pot-limit stud are not supported"
    (ghost,) = import_text(new.replace("Player3 folds", "Player9 folds"), "y.txt")
    assert isinstance(ghost, Refusal) and "unreadable action 'Player9 folds'" in ghost.reason and ghost.line == 22


def test_damaged_files_never_raise():
    seen = check_mutations(FILES, seed=12)
    assert seen["refused"] and seen["read"]

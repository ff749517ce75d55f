"""PartyPoker stud and stud hi-lo hands, replayed and checked against the server.

PartyPoker writes only the hero's cards and the hands shown down; a hand whose bring-in or
first actor rests on an upcard the history does not show is refused, the rest are checked."""

import collections

import pytest

from dealer_app.history.importers import Refusal, import_file, import_text, party, read_text
from dealer_app.history.importers.base import Money
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.history.test_import_ongame import check_mutations
from tests.support.data import FPDB

FILES = sorted(FPDB.glob("*/PartyPoker/Stud/*.txt"))
ITEMS = [(p, item) for p in FILES for item in import_file(p)]
HANDS = [imp for _p, imp in ITEMS if not isinstance(imp, Refusal)]
REFUSALS = [r for _p, r in ITEMS if isinstance(r, Refusal)]


def test_counts_of_hands_read():
    assert len(FILES) == 4
    assert collections.Counter((h.site, h.game) for h in HANDS) == {
        ("PartyPoker", "stud"): 1,
        ("PartyPoker", "stud8"): 1,
    }


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    assert v["report"]["complete"]
    assert all(d["legal_taken"] for st in v["report"]["streets"] for d in st["decisions"])


def test_refused_where_the_history_hides_the_deciding_upcard():
    reasons = {r.hand_id: (r.line, r.reason) for r in REFUSALS}
    assert set(reasons) == {"10399817763", "9581478205"}
    assert reasons["10399817763"][0] == 35 and "first to act on street 4, Player4" in reasons["10399817763"][1]
    assert reasons["9581478205"][0] == 26 and "the bring-in, YMAN1" in reasons["9581478205"][1]
    for r in REFUSALS:
        assert str(r).startswith(f"hand {r.hand_id} in {r.source}, line {r.line}: PartyPoker writes only")


def test_fourth_street_double_bet_on_an_open_pair():
    # "Player4 double bets [120]" with 2h 2d showing: the profile's L-3 for stud high
    (imp,) = [h for h in HANDS if h.hand_id == "11792805420"]
    assert imp.expected.double_bet
    assert SITE_RULES["PartyPoker"][1].get("open_pair_double", "default") is not False
    problems = verdict(imp, None, {"open_pair_double": False})["problems"]
    assert any("may not bet to 120" in p for p in problems)


def test_showdown_order_is_the_order_written():
    (imp,) = [h for h in HANDS if h.hand_id == "11480841734"]  # river bettor Player1 shows first
    assert [imp.names[p - 1] for p in imp.expected.showdown] == ["Player1", "Player0"]
    assert imp.expected.collected == {1: 9050, 2: 9050} and imp.expected.rake == 100


def test_wins_includes_the_bet_nobody_called():
    # hand 10399817763 (refused for its hidden upcards) ends with Player8's $1 river bet not
    # called: "Player8 wins $13.20 USD" is the $12.80 pot less $0.60 rake, plus the $1 back
    path = FPDB / "cash" / "PartyPoker" / "Stud" / "7-Stud-USD-1-2-201104.txt"
    block = read_text(path).replace("\x00", "").splitlines()[3:]
    b = party.PartyHand(str(path), party.SITE, "10399817763", "stud", 4, known={})
    b.small_bet, b.big_bet = 50, 100
    party.read_lines(b, block, 4, Money(True))
    assert b.expected.collected == {b.player_no("Player8", 0): 1220} and b.expected.rake == 60


def test_other_games_are_refused_by_name():
    text = read_text(FPDB / "cash" / "PartyPoker" / "Stud" / "7-StudHL-USD-10-20.201202.wins.lo.pot.txt")
    for game, reason in (
        ("NL 7 Card Stud Hi-Lo", "no-limit and pot-limit stud are not supported"),
        ("FL Texas Hold'em", "Texas Hold'Em is not a stud game"),
    ):
        (r,) = import_text(text.replace("FL 7 Card Stud Hi-Lo", game, 1), "p.txt")
        assert isinstance(r, Refusal) and r.reason == reason and r.hand_id == "11480841734"


def test_damaged_files_never_raise():
    seen = check_mutations(FILES, seed=14)
    assert seen["refused"] and seen["read"]

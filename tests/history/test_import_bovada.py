"""Bovada (Bodog) stud hands: read with streets and stakes inferred, and replayed against the server."""

import collections
import random

import pytest

from dealer_app.history.importers import Refusal, bovada, decode, import_file, import_text
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.support.data import FPDB
from tests.support.helpers import mutate_text

FILES = sorted(p for p in FPDB.rglob("*") if p.is_file() and "Bovada" in p.parts)
ITEMS = [item for p in FILES for item in import_file(p)]
HANDS = [i for i in ITEMS if not isinstance(i, Refusal)]
CASH = FPDB / "cash" / "Bovada" / "Stud"
NO_HEADERS = CASH / "7-Stud-USD-2.00-4.00-201205.txt"
WITH_HEADERS = CASH / "7-StudHL-USD - RING - $5-$10, $1.25 Ante - 201404.txt"
TOURNAMENT = FPDB / "tour" / "Bovada" / "Stud" / "7-Stud-USD-MTT - $10-$1 - 201206.txt"


def text_of(path):
    return decode(path.read_bytes()).replace("\r\n", "\n")


def hand(hand_id):
    return next(h for h in HANDS if h.hand_id == hand_id)


def stakes(h):
    f = h.phh.fields
    return f["antes"][0], f["bring_in"], f["small_bet"], f["big_bet"]


def test_counts_of_hands_read_per_game():
    assert len(FILES) == 4
    assert not [i for i in ITEMS if isinstance(i, Refusal)]
    assert collections.Counter((h.site, h.game) for h in HANDS) == {("Bovada", "stud"): 44, ("Bovada", "stud8"): 2}


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    report = v["report"]
    assert report["complete"]
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])


def test_streets_are_inferred_from_the_cards_dealt():
    # 2012: no street header at all; the five streets come from the cards each seat holds
    imp = hand("2604291699")
    assert "*** 4TH" not in text_of(NO_HEADERS)
    v = verdict(imp)
    assert [st["street"] for st in v["report"]["streets"]] == [3, 4, 5, 6, 7]
    assert imp.expected.first_actors == {3: 3, 4: 2, 5: 2, 6: 3, 7: 3}  # Seat+5, Seat+3 [ME]
    assert v["agrees"], v["problems"]


def test_cards_that_contradict_a_street_header_are_refused(tmp_path):
    text = text_of(WITH_HEADERS)
    moved = text.replace("*** 5TH STREET ***\n", "").replace("*** 4TH STREET ***", "*** 5TH STREET ***")
    f = tmp_path / "bovada.txt"
    f.write_text(moved, encoding="utf-8")
    (r,) = import_file(f)
    assert isinstance(r, Refusal) and r.hand_id == "2844383701"
    assert "cards make street 4, the header says street 5" in r.reason and str(f) in str(r)


def test_stakes_are_the_levels_opening_amounts():
    # the tournament's nine levels (ante, bring-in, small bet, big bet), none written in a header
    levels = {stakes(h) for h in HANDS if h.source.startswith(str(TOURNAMENT))}
    assert levels == {
        (2, 5, 10, 20),
        (4, 10, 20, 40),
        (8, 20, 40, 80),
        (12, 30, 60, 120),
        (16, 40, 80, 160),
        (20, 50, 100, 200),
        (30, 75, 150, 300),
        (40, 100, 200, 400),
        (60, 150, 300, 600),
    }
    assert {stakes(h) for h in HANDS if h.source.startswith(str(CASH))} == {
        (1, 2, 5, 10),
        (125, 250, 500, 1000),
        (5, 6, 25, 50),
    }
    assert not any(h.phh.fields.get("_stakes_guessed") for h in HANDS)


def test_a_hand_without_a_bet_of_its_own_takes_its_levels_stakes():
    # everyone folds to the bring-in (2633132989); the bring-in seat completes (2633132826)
    assert stakes(hand("2633132989")) == (40, 100, 200, 400)
    assert stakes(hand("2633132826")) == (40, 100, 200, 400)
    assert "Bring in" not in text_of(TOURNAMENT).split("#2633132826")[1].split("*** SUMMARY")[0]
    # the only $0.25/$0.50 hand completes from the bring-in seat: its bring-in is unknown
    assert hand("2633952287").phh.fields.get("_bring_in_guessed") is True


def test_a_bet_unlike_its_levels_is_a_disagreement():
    text = text_of(TOURNAMENT)
    start = text.index("Bovada Hand #2633115879")
    end = text.index("Bovada Hand #2633116884")
    one = text[start:end].replace("Seat+5 : Bets 20 \n", "Seat+5 : Bets 25 \n", 1)
    assert one != text[start:end]
    items = list(bovada.parse(text[:start] + one + text[end:], "t.txt"))
    v = verdict(next(i for i in items if i.hand_id == "2633115879"))
    assert stakes(items[0]) == (2, 5, 10, 20)
    assert any("may not bet to 25" in p for p in v["problems"]), v["problems"]


def test_the_catalog_options_are_what_the_server_did():
    # Bovada deals by the us-cardroom profile unchanged; each of these catalog values is needed
    assert SITE_RULES["Bovada"] == bovada.RULES == ("us-cardroom", {})
    for option, value, needle in [
        ("open_pair_double", False, "may not bet"),  # L-3: "D bets", "Double bets"
        ("checked_showdown_from", "dealers-left", "showdown order"),
    ]:  # W-1
        problems = [p for h in HANDS for p in verdict(h, None, {option: value})["problems"]]
        assert any(needle in p for p in problems), option


def test_other_games_are_refused_per_hand_and_the_file_goes_on():
    stud = text_of(NO_HEADERS).split("\n\n\n")[0]
    holdem = (
        "Bovada Hand #4290322948 TBL#26728545 HOLDEM No Limit - 2022-05-26 09:16:24\n"
        "Seat 1: Big Blind [ME] ($25 in chips)\n"
    )
    razz = stud.replace("Bodog Hand #2604291510 TBL#1178621 7CARD", "Bodog Hand #1 TBL#1178621 RAZZ")
    nolimit = stud.replace("Hand #2604291510 TBL#1178621 7CARD Fixed Limit", "Hand #2 TBL#1178621 7CARD No Limit")
    items = import_text("\n\n".join([holdem, razz, nolimit, stud]), "mixed.txt")
    reasons = [(i.hand_id, i.reason) for i in items if isinstance(i, Refusal)]
    assert reasons == [
        ("4290322948", "HOLDEM is not a stud game"),
        ("2", "no-limit and pot-limit stud are not supported"),
    ]
    assert (items[1].hand_id, items[1].game) == ("1", "razz")  # Razz is read (issue 29)
    assert str(items[0]) == "hand 4290322948 in mixed.txt, line 1: HOLDEM is not a stud game"
    assert verdict(items[-1])["agrees"]


def test_a_garbled_line_is_refused_with_its_line():
    text = text_of(NO_HEADERS)
    bad = text.replace("Seat+1 : Calls $0.02", "Seat+1 : Calls $0.0x", 1)
    items = import_text(bad, "bad.txt")
    r = items[0]
    line = next(i + 1 for i, row in enumerate(bad.splitlines()) if "$0.0x" in row)
    assert isinstance(r, Refusal) and r.line == line and "unknown action 'Calls $0.0x'" in r.reason
    assert all(not isinstance(i, Refusal) for i in items[1:])


def test_mutated_files_never_raise():
    rng = random.Random(20120617)
    texts = [decode(p.read_bytes()) for p in FILES]  # as written, CRLF and all
    outcomes = collections.Counter()
    for _ in range(250):
        text = rng.choice(texts)
        for _ in range(rng.randrange(1, 3)):
            text = mutate_text(text, rng)
        for item in import_text(text, "mutated.txt"):
            outcomes["refused" if isinstance(item, Refusal) else verdict(item)["agrees"]] += 1
    assert outcomes["refused"] and outcomes[False] and outcomes[True]

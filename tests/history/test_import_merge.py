"""Merge Network XML hands (cash and a HORSE tournament): read and replayed against the server."""

import collections
import random

import pytest

from dealer_app.history.importers import (
    Refusal,
    decode,
    detect,
    import_file,
    import_text,
    merge,
)
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.support.data import FPDB

FILES = sorted(p for p in FPDB.rglob("*") if p.is_file() and "Merge" in p.parts)
ITEMS = [item for p in FILES for item in import_file(p)]
HANDS = [i for i in ITEMS if not isinstance(i, Refusal)]
REFUSALS = [i for i in ITEMS if isinstance(i, Refusal)]
SAMPLE = FPDB / "cash" / "Merge" / "Stud" / "7-Stud-USD-0.50-1.00-201102.Sample.txt"
TOURNAMENT = FPDB / "tour" / "Merge" / "Mixed" / "HORSE-Tournament-Freeroll.201107.xml"


def text_of(path):
    return decode(path.read_bytes())


def mutations(texts, count, seed):
    """Damaged copies of ``texts``: cut at a line or mid-line, a line deleted or doubled,
    characters replaced, a DOCTYPE, an entity or a NUL put in."""
    rng = random.Random(seed)
    for _ in range(count):
        text = rng.choice(texts)
        lines = text.splitlines(True)
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0:
            yield "".join(lines[:i])
        elif kind == 1:
            yield "".join(lines[:i] + lines[i + 1 :])
        elif kind == 2:
            yield "".join(lines[: i + 1] + lines[i:])
        elif kind == 3:
            chars = list(text)
            for _ in range(rng.randrange(1, 4)):
                chars[rng.randrange(len(chars))] = rng.choice('0123456789abcXQ-.,<>"/')
            yield "".join(chars)
        elif kind == 4:
            yield text[: rng.randrange(len(text))]
        else:
            j = rng.randrange(len(text))
            yield text[:j] + rng.choice(["<!DOCTYPE x>", "&amp;", "&bad;", "\x00", "€", "9" * 16]) + text[j:]


def assert_never_raises(texts, count, seed):
    read = 0
    for text in mutations(texts, count, seed):
        for item in import_text(text, "damaged.txt"):
            assert isinstance(item, Refusal) or verdict(item)["report"] is not None
            read += not isinstance(item, Refusal)
    return read


def test_counts_of_hands_read_per_game():
    assert len(FILES) == 7
    assert collections.Counter((h.site, h.game) for h in HANDS) == {
        ("Merge", "stud"): 4,
        ("Merge", "stud8"): 11,
        ("Merge", "razz"): 4,  # the H.O.R.S.E. freeroll's Razz round (issue 29)
    }
    tour = [h for h in HANDS if h.source.startswith(str(TOURNAMENT))]
    assert len(tour) == 13 and all(h.currency == "" for h in tour)


FOLDS_WHEN_CHECK_IS_FREE = {"36487050-15"}  # a fold chosen ahead in the client (merge.py RULES)


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    if imp.hand_id in FOLDS_WHEN_CHECK_IS_FREE:  # one hand, explained in merge.py's RULES
        plain = verdict(imp)
        assert not plain["agrees"] and all("A-6" in p for p in plain["problems"]), plain["problems"]
        v = verdict(imp, None, {"fold_when_check_free": True})
    else:
        v = verdict(imp)
    assert v["agrees"], v["problems"]
    report = v["report"]
    assert report["complete"]
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])


def test_xml_named_txt_is_told_by_its_content():
    assert SAMPLE.suffix == ".txt" and detect(text_of(SAMPLE)) == "Merge"
    (imp,) = import_file(SAMPLE)
    assert imp.hand_id == "31423297-107" and imp.seats == [0, 1, 2, 3, 5, 6, 7]
    assert (imp.phh.fields["small_bet"], imp.phh.fields["big_bet"], imp.phh.fields["bring_in"]) == (50, 100, 10)


def test_tournament_stakes_come_from_the_hands_bets():
    # "Limit" and nothing more in the description: small and big bet are read from the bets
    stakes = {
        h.hand_id: (h.phh.fields["small_bet"], h.phh.fields["big_bet"])
        for h in HANDS
        if h.source.startswith(str(TOURNAMENT))
    }
    assert stakes["36487050-16"] == (10000, 20000)  # fifth street "BET 200.00", no completion
    assert set(stakes.values()) == {(5000, 10000), (10000, 20000), (15000, 30000)}  # (the Razz round: 50/100)
    # tournament balances are after the ante and bring-in: 1010 + 10 (ante) for seat 3
    hand16 = next(h for h in HANDS if h.hand_id == "36487050-16")
    assert hand16.phh.fields["starting_stacks"][hand16.seats.index(3)] == 102000


def test_a_returned_bet_is_checked_in_both_formats():
    # 2014: a winner marked uncalled="true"; 2011: the returned bet is inside the winner's amount
    new = next(h for h in HANDS if h.hand_id == "78854953-356")
    old = next(h for h in HANDS if h.hand_id == "36487050-17")
    assert new.expected.uncalled == {2: 25} and new.expected.collected == {2: 24}
    assert old.expected.uncalled == {2: 10000} and old.expected.collected == {2: 16000}
    for imp in (new, old):
        v = verdict(imp)
        returned = {int(seat): amount for seat, amount in v["report"]["uncalled"].items()}
        assert returned == imp.expected.uncalled and v["agrees"]


def test_the_catalog_options_are_what_the_server_did():
    assert SITE_RULES["Merge"] == merge.RULES == ("us-cardroom", {})
    for option, value, needle in [
        ("checked_showdown_from", "dealers-left", "showdown order"),  # W-1, 78854953-357
        ("short_allin_reopen", "full", "may not raise"),
    ]:  # L-8, 36487050-16
        problems = [p for h in HANDS for p in verdict(h, None, {option: value})["problems"]]
        assert any(needle in p for p in problems), option


def test_refusals_name_file_hand_and_reason():
    reasons = collections.Counter(r.reason for r in REFUSALS)
    assert reasons == {
        "Hold'em is not a stud game": 10,
        "Omaha H/L is not a stud game": 4,
        "no-limit and pot-limit stud are not supported": 1,
        "seat 3 shows only As,7h,Kc,4c: the cards of the later streets are not in the file, "
        "so the showdown cannot be replayed": 1,  # (the cash Razz hand, issue 29)
        "seat 3 shows only 9h,Jc,Js: the cards of the later streets are not in the file, "
        "so the showdown cannot be replayed": 1,
    }
    nl = next(r for r in REFUSALS if r.hand_id == "53828643-2")
    assert str(nl).startswith("hand 53828643-2 in ") and "NL7-StudHL" in str(nl) and nl.line == 2


def test_unsafe_or_malformed_xml_is_one_refusal_with_its_line():
    text = text_of(SAMPLE)
    bomb = '<!DOCTYPE lol [<!ENTITY a "aaaa">]>\n' + text
    (r,) = import_text(bomb, "bomb.txt")
    assert isinstance(r, Refusal) and "DOCTYPE" in r.reason and r.line == 1
    lines = text.splitlines(True)
    broken = "".join([*lines[:20], '\t\t<event sequence="9" type="CALL" player="6" amount="0.10">\n', *lines[21:]])
    (r,) = import_text(broken, "broken.txt")
    assert isinstance(r, Refusal) and r.reason.startswith("malformed XML") and r.line > 20


def test_damaged_files_give_refusals_never_exceptions():
    texts = [text_of(p) for p in FILES if p != TOURNAMENT]
    assert assert_never_raises(texts, 250, seed=11) > 20

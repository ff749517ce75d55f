"""Everleaf stud hands: the format that shows cards is replayed against the server; the older
one, which shows none, is refused by name."""

import collections
import random

import pytest

from dealer_app.history.importers import Refusal, decode, everleaf, import_file, import_text
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.support.data import FPDB
from tests.support.helpers import mutate_text

FOLDER = FPDB / "cash" / "Everleaf" / "Stud"
NEW = FOLDER / "7-Stud-EUR-0.05-0.10.201108-new-format.txt"
OLD = FOLDER / "7-Stud-USD-0.05-0.10.201107.txt"
ITEMS = [item for p in (NEW, OLD) for item in import_file(p)]
HANDS = [i for i in ITEMS if not isinstance(i, Refusal)]
REFUSALS = [i for i in ITEMS if isinstance(i, Refusal)]
NO_CARDS = (
    "this Everleaf hand shows no cards (its format before August 2011): the bring-in and first actors cannot be checked"
)


def text_of(path):
    return decode(path.read_bytes()).replace("\r\n", "\n")


def test_counts_of_hands_read_and_refused():
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted([NEW.name, OLD.name])
    assert collections.Counter((h.site, h.game) for h in HANDS) == {("Everleaf", "stud"): 6}
    assert all(h.source.startswith(str(NEW)) for h in HANDS)
    assert len(REFUSALS) == 19 and {r.reason for r in REFUSALS} == {NO_CARDS}


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    report = v["report"]
    assert report["complete"]
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])


def test_euros_from_cp1252_and_amounts_put_in():
    assert b"\x80" in NEW.read_bytes()  # the euro sign in cp1252
    imp = next(h for h in HANDS if h.hand_id == "295680332")
    f = imp.phh.fields
    assert (imp.currency, f["antes"][0], f["bring_in"], f["small_bet"], f["big_bet"]) == ("EUR", 1, 2, 5, 10)
    # "raises [€ 0.15 EURO]" after a €0.05 bet is a raise to €0.15 (a double bet: open fours)
    assert "p1 cbr 15" in imp.phh.actions
    # no total or rake is written: the rake is what went in less what was won
    assert imp.expected.collected == {2: 211} and imp.expected.rake == 11


def test_the_catalog_options_are_what_the_server_did():
    assert SITE_RULES["Everleaf"] == everleaf.RULES == ("us-cardroom", {})
    for option, value, needle in [
        ("open_pair_double", False, "may not raise to €0.15"),  # L-3, hand 295680332
        ("checked_showdown_from", "dealers-left", "showdown order"),
    ]:  # W-1, 295679620
        problems = [p for h in HANDS for p in verdict(h, None, {option: value})["problems"]]
        assert any(needle in p for p in problems), option


def test_refusals_name_file_hand_and_line():
    first = REFUSALS[0]
    assert str(first) == f"hand 285997460 in {OLD}, line 1: {NO_CARDS}"
    assert REFUSALS[1].hand_id == "285997675" and REFUSALS[1].line == 34
    new = text_of(NEW)
    razz = new.split("\n\n\n\n")[0].replace("7 Card Stud", "Razz").replace("#295679510", "#1")
    holdem = razz.replace("Razz", "NL Hold'em").replace("#1", "#2")
    items = import_text("\n\n".join([razz, holdem, new]), "mixed.txt")
    holdem_stakes_line = razz.count("\n") + 3 + 2  # after the razz hand and a blank line
    assert (items[0].hand_id, items[0].game) == ("1", "razz")  # Razz is read (issue 29)
    assert [(i.hand_id, i.line, i.reason) for i in items[1:2]] == [
        ("2", holdem_stakes_line, "Hold'em is not a stud game"),
    ]
    # the file's six hands after them (the first, a stud hand relabelled, is no real Razz play)
    assert sum(not isinstance(i, Refusal) and verdict(i)["agrees"] for i in items[2:]) == 6


def test_a_garbled_line_is_refused_with_its_line():
    new = text_of(NEW)
    bad = new.replace("EricBlade calls [\x80 0.03 EURO]", "EricBlade calls [\x80 0.0x EURO]", 1)  # cp1252 €
    items = import_text(bad, "bad.txt")
    line = next(i + 1 for i, row in enumerate(bad.splitlines()) if "0.0x" in row)
    assert isinstance(items[0], Refusal) and items[0].line == line and "unknown action" in items[0].reason
    assert sum(not isinstance(i, Refusal) for i in items) == 5


def test_mutated_files_never_raise():
    rng = random.Random(20110812)
    texts = [decode(p.read_bytes()) for p in (NEW, OLD)]
    outcomes = collections.Counter()
    for _ in range(400):
        text = rng.choice(texts)
        for _ in range(rng.randrange(1, 3)):
            text = mutate_text(text, rng, "0123456789azKQJTscdh$€.,[]:+ ")
        for item in import_text(text, "mutated.txt"):
            outcomes["refused" if isinstance(item, Refusal) else verdict(item)["agrees"]] += 1
    assert outcomes["refused"] and outcomes[False] and outcomes[True]

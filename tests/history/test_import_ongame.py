"""OnGame stud and stud hi-lo hands, replayed and checked against the server.

``mutations`` (a seeded damager of a site's files) is shared with the other sites' tests."""

import collections
import random

import pytest

from dealer_app.history.importers import Refusal, import_file, import_text, read_text
from dealer_app.history.verdict import SITE_RULES, verdict
from tests.support.data import FPDB

FILES = sorted((FPDB / "cash" / "OnGame" / "Stud").glob("*.txt"))
ITEMS = [(p, item) for p in FILES for item in import_file(p)]
HANDS = [imp for _p, imp in ITEMS if not isinstance(imp, Refusal)]


def mutations(texts: list[str], seed: int, count: int):
    """Damaged copies of the texts: cut at a line or mid-line, a line deleted, duplicated or
    swapped, characters replaced by digits, letters or brackets."""
    rng = random.Random(seed)
    for _ in range(count):
        lines = rng.choice(texts).splitlines()
        kind = rng.randrange(5)
        j = rng.randrange(len(lines))
        if kind == 0:
            lines = lines[:j]
        elif kind == 1:
            del lines[j]
        elif kind == 2:
            lines.insert(j, lines[j])
        elif kind == 3:
            k = rng.randrange(len(lines))
            lines[j], lines[k] = lines[k], lines[j]
        else:
            for _ in range(rng.randint(1, 3)):
                j = rng.randrange(len(lines))
                if lines[j]:
                    k = rng.randrange(len(lines[j]))
                    lines[j] = lines[j][:k] + rng.choice("07x9Zq[](),.$- ") + lines[j][k + 1 :]
        text = "\n".join(lines)
        if rng.random() < 0.2 and text:
            text = text[: rng.randrange(len(text))]
        yield text


def check_mutations(files, seed: int, count: int = 300):
    """Every damaged file gives hands or refusals, never an exception; returns the counts."""
    texts = [read_text(p) for p in files]
    seen = collections.Counter()
    for text in mutations(texts, seed, count):
        for item in import_text(text, "mutated"):
            if isinstance(item, Refusal):
                assert item.reason and item.line >= 1
                seen["refused"] += 1
            else:
                verdict(item)
                seen["read"] += 1
    return seen


def test_counts_of_hands_read():
    assert collections.Counter((h.site, h.game) for h in HANDS) == {("OnGame", "stud"): 5, ("OnGame", "stud8"): 1}
    assert not [r for _p, r in ITEMS if isinstance(r, Refusal)]


@pytest.mark.parametrize("imp", HANDS, ids=lambda h: h.hand_id)
def test_every_hand_agrees_with_the_server(imp):
    v = verdict(imp)
    assert v["agrees"], v["problems"]
    assert v["report"]["complete"]
    assert all(d["legal_taken"] for st in v["report"]["streets"] for d in st["decisions"])


def test_site_rules_are_the_catalog_defaults():
    # nothing in the corpus departs from us-cardroom; the summary gives no showing order
    assert SITE_RULES["OnGame"] == ("us-cardroom", {})
    assert all(not h.expected.showdown for h in HANDS)


def test_raise_to_is_the_total_for_the_hand():
    # "Hero raises $1 to $1.37" on fifth street: $0.37 went in on third and fourth street
    (imp,) = [h for h in HANDS if h.hand_id == "R5-78227816-62"]
    assert "p1 cbr 100" in imp.phh.actions
    assert imp.expected.total_pot == 514 and imp.expected.rake == 25 and imp.expected.collected == {1: 489}


def test_big_bring_in_is_a_complete_by_the_bring_in_seat():
    (imp,) = [h for h in HANDS if h.hand_id == "R5-292493407-77"]
    assert imp.expected.bring_in == 1 and imp.phh.actions[2] == "p1 cbr 100"
    report = verdict(imp)["report"]
    assert report["bring_in"]["seat"] == imp.seats[0]  # player 1, in the site's own seat number
    assert report["streets"][0]["decisions"][0]["taken"]["action"] == "complete"


def test_refusals_name_file_hand_and_reason(tmp_path):
    text = read_text(FILES[0])
    razz = text.replace("LIMIT SEVEN_CARD_STUD $0.10/$0.20", "LIMIT RAZZ $0.10/$0.20", 1)
    nl = text.replace("LIMIT SEVEN_CARD_STUD $0.10/$0.20", "NO_LIMIT SEVEN_CARD_STUD $0.10/$0.20", 1)
    holdem = text.replace("LIMIT SEVEN_CARD_STUD $0.10/$0.20", "LIMIT TEXAS_HOLDEM $0.10/$0.20", 1)
    for changed, reason in (
        (razz.replace("LIMIT RAZZ", "NO_LIMIT RAZZ", 1), "no-limit and pot-limit Razz are not supported"),
        (nl, "no-limit and pot-limit stud are not supported"),
        (holdem, "TEXAS_HOLDEM is not a stud game"),
    ):
        path = tmp_path / "hands.txt"
        path.write_text(changed)
        items = import_file(path)
        first = items[0]
        assert isinstance(first, Refusal) and first.reason == reason
        assert str(first).startswith(f"hand R5-82086688-607 in {path}, line 1")
        assert sum(not isinstance(i, Refusal) for i in items) == 3  # the rest of the file goes on
    broken = text.replace("kueto small bring in $0.05", "kuetx small bring in $0.05", 1)
    (first, *_rest) = import_text(broken, "x.txt")
    assert isinstance(first, Refusal) and "unreadable action" in first.reason and first.line == 23


def test_damaged_files_never_raise():
    seen = check_mutations(FILES, seed=11)
    assert seen["refused"] and seen["read"]

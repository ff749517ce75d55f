"""Issue 29: Razz drills (catalog §13) for every skill that applies, each answer checked against
the drill oracle's reading of R-1 … R-5 (tests/support/drill_oracle.py: plain code from the
catalog's words, not the engine's) over 500 seeded drills per skill; the command, the answers'
judging, and exams with a Razz table."""

from __future__ import annotations

import json
import tomllib

import pytest

from dealer_app.cli import main
from dealer_app.training.answers import is_right
from dealer_app.training.drills import CHIP_SKILLS, RAZZ_SKILLS, SKILLS, DrillError, make_drills, skill_applies
from tests.support.drill_oracle import (
    best_razz,
    house_option,
    low_rank,
    razz_award,
    razz_bring_in_seat,
    razz_first_to_act,
    razz_key,
    razz_low_name,
    read,
    shortage_plan,
    shows_first,
    side_pots,
    stub_count,
    stub_moment_is_clear,
    suit,
)
from tests.support.floor_accounts import MARIA

N = 500


@pytest.fixture(scope="module")
def drills():
    return {skill: make_drills(skill, N, seed=29, game="razz") for skill in RAZZ_SKILLS}


def test_every_razz_drill_is_dealt_at_a_razz_table_and_names_the_game(drills):
    for made in drills.values():
        assert len(made) == N
        for d in made:
            data = tomllib.loads(d.phh)
            assert data["variant"] == "FR" and d.table.startswith("razz-") and d.game == "razz", d.table
            assert d.question.startswith("Razz: ") and d.to_dict()["situation"]["game"] == "razz"
            assert read(d.phh).game == "razz"
    assert {d.table for d in drills["pot"]} == {"razz-2-4", "razz-10-20"}


def test_R2_bring_in_drills_agree_with_the_highest_door_card(drills):
    ties = all_in = 0
    for d in drills["bring-in"]:
        sit = read(d.phh)
        assert d.answer == {"seat": razz_bring_in_seat(sit)}, d.phh
        assert "R-2" in d.rules
        doors = sorted(sit.players, key=lambda p: (low_rank(p.up[0]), suit(p.up[0])), reverse=True)
        ties += low_rank(doors[0].up[0]) == low_rank(doors[1].up[0])  # the suit decided it
        all_in += doors[0].stack == 0  # B-5: the highest card all-in by the ante
    assert ties > N // 10 and all_in > N // 50, (ties, all_in)


def _first_to_act_checked(made, tiebreak: str) -> tuple[int, int]:
    checked = ties = 0
    for d in made:
        sit = read(d.phh)
        if sit.common is not None and sit.street == 7:  # D-8: sixth street's first actor again
            assert d.answer["seat"] == sit.rounds[6][0][0] or sit.by_seat(sit.rounds[6][0][0]).folded, d.phh
            continue
        assert "R-3" in d.rules
        assert d.answer == {"seat": razz_first_to_act(sit, tiebreak)}, (d.answer, d.phh)
        boards = sorted(razz_key(p.up) for p in sit.live)
        ties += len(boards) > 1 and boards[0] == boards[1]
        checked += 1
    return checked, ties


def test_R3_A4_first_to_act_drills_agree_with_the_lowest_board(drills):
    checked, ties = _first_to_act_checked(drills["first-to-act"], "position")
    assert checked > N * 0.8 and ties > 0, (checked, ties)


def test_R3_A4_a_tie_by_suit_where_the_house_says_so():
    """tda-tournament: ``first_actor_tiebreak: suit``: the tied board whose highest card is the
    lowest by suit acts first. (Equal Razz boards are rare: four times as many drills.)"""
    made = make_drills("first-to-act", 4 * N, seed=31, profile="tda-tournament", game="razz")
    assert {d.profile for d in made} == {"tda-tournament"}
    assert house_option("tda-tournament", "first_actor_tiebreak") == "suit"
    checked, ties = _first_to_act_checked(made, "suit")
    assert checked > 4 * N * 0.8 and ties >= 10, (checked, ties)


def test_R4_legal_action_drills_never_offer_the_big_bet_on_fourth_street(drills):
    """L-2 as in stud; R-4: fourth street is bet and raised by the small bet, an open pair or not."""
    fourth = 0
    for d in drills["legal-action"]:
        sit = read(d.phh)
        data = tomllib.loads(d.phh)
        small, big = data["small_bet"], data["big_bet"]
        p = sit.by_seat(d.answer["seat"])
        kinds = [a["action"] for a in d.answer["legal"]]
        assert ("check" in kinds) != ("call" in kinds) or kinds[0] == "bring_in", d.answer
        top = max(q.round_to for q in sit.players)
        step = small if sit.street <= 4 else big
        for a in d.answer["legal"]:
            if a["action"] in ("bet", "raise") and "to" in a:
                all_in = a["to"] == p.round_to + p.stack
                assert a["to"] - top == step or (all_in and a["to"] - top < step), (a, sit.street, d.phh)
        if sit.street == 4:
            fourth += 1
            assert "R-4" in d.rules
    assert fourth > N // 20, fourth


def test_P1_pot_and_side_pot_drills_agree_with_the_chips_put_in(drills):
    for d in drills["pot"]:
        assert d.answer == {"pot": read(d.phh).pot}, d.phh
    for d in drills["side-pots"]:
        assert d.answer == {"pots": side_pots(read(d.phh))}, d.phh
        assert len(d.answer["pots"]) >= 2


def test_R5_W1_shows_first_drills_agree_with_the_last_round(drills):
    for d in drills["shows-first"]:
        assert d.answer == {"seat": shows_first(read(d.phh))}, d.phh
        assert {"R-5", "W-1"} <= set(d.rules)


def test_D7_D9_shortage_and_stub_drills_as_in_stud(drills):
    cases = set()
    for d in drills["shortage"]:
        sit = read(d.phh)
        assert d.answer == sit.plans[sit.street], d.phh
        cases.add(tuple(d.answer.values()))
    assert len(cases) >= 2
    for d in drills["stub"]:
        sit = read(d.phh)
        assert d.answer == {"stub": sit.stub} == {"stub": stub_count(sit)[2]}, d.phh
        assert stub_moment_is_clear(sit)
    # the oracle's D-7 is the one stud's drills are checked with
    assert shortage_plan("pool-burns", 7, 7, 4)["reshuffle_burns"]


def test_R1_R5_winner_drills_agree_with_the_lowest_hand_and_the_odd_chip(drills):
    split = odd = 0
    for d in drills["winners"]:
        sit = read(d.phh)
        odd_chip = house_option(d.profile, "odd_chip")
        pots = side_pots(sit) if len(sit.live) > 1 else [{"amount": sit.pot, "eligible": [sit.live[0].seat]}]
        expected = [
            {
                "amount": pot["amount"],
                "winners": razz_award(sit, pot["amount"], [sit.by_seat(s) for s in pot["eligible"]], odd_chip),
            }
            for pot in pots
        ]
        assert d.answer == {"pots": expected}, (d.answer, expected, d.phh)
        assert "R-1" in d.rules
        for pot in expected:
            if len(pot["winners"]) > 1:
                split += 1
                odd += len(set(pot["winners"].values())) > 1
                assert "R-5" in d.rules
    assert split > 0, split  # equal lows split (W-4, R-5)


def test_R1_best_five_drills_are_the_best_low_and_named_as_the_engine_says_it(drills):
    paired = 0
    for d in drills["best-five"]:
        sit = read(d.phh)
        p = sit.by_seat(d.answer["seat"])
        seven = p.down + p.up + ([sit.common] if sit.common else [])
        five = d.answer["cards"]
        assert set(five) <= set(seven) and len(set(five)) == 5, d.phh
        best, _ = best_razz(seven)
        assert razz_key(five) == best, (five, best, d.phh)
        name = razz_low_name(five)
        if name is None:
            assert "pair" in d.answer["name"], d.answer
            paired += 1
        else:
            assert d.answer["name"] == name, (d.answer, name)
        assert d.rules == ("R-1", "W-3")
    assert paired > 0


def test_R1_a_razz_best_five_is_judged_as_a_low():
    wheel = {"seat": 1, "cards": ["5h", "4s", "3d", "2s", "Ac"], "name": "5-4-3-2-A low"}
    assert is_right("best-five", wheel, {"cards": ["5c", "4s", "3d", "2s", "Ac"]}, "razz")  # the same low
    # a six-high straight beats the wheel high, never low; a pair loses to any five ranks
    assert not is_right("best-five", wheel, {"cards": ["6h", "5c", "4s", "3d", "2s"]}, "razz")
    assert is_right(
        "best-five", {**wheel, "cards": ["6h", "5c", "4s", "3d", "2s"]}, {"cards": ["6h", "5c", "4s", "3d", "2s"]}
    )
    assert not is_right("best-five", wheel, {"cards": ["5c", "5h", "3d", "2s", "Ac"]}, "razz")
    assert not is_right("best-five", wheel, {"cards": ["5c", "4s", "3d", "2s"]}, "razz")


def test_the_razz_skills_and_what_a_razz_table_refuses():
    assert set(RAZZ_SKILLS) | set(CHIP_SKILLS) == {s for s in SKILLS if skill_applies(s, "razz")}
    for skill in ("low-hand", "split-pot", "irregularity"):
        with pytest.raises(DrillError, match=r"Razz|Hi-Lo"):
            make_drills(skill, 1, 1, game="razz")
    with pytest.raises(DrillError, match="does not deal razz"):
        make_drills("pot", 1, 1, table="stud-10-20", game="razz")
    with pytest.raises(DrillError, match="unknown game"):
        make_drills("pot", 1, 1, game="holdem")
    chips = make_drills("chip-count", 5, 3, table="razz-4-8")  # the table's chips, any game
    assert all(d.game == "razz" and d.answer["amount"] == read(d.phh).pot for d in chips)


def test_the_drill_command_with_game_razz(capsys):
    assert main(["drill", "--skill", "best-five", "--game", "razz", "--count", "3", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for d in out["drills"]:
        assert d["situation"]["game"] == "razz" and d["question"].startswith("Razz: ")
        assert d["answer"]["name"].endswith(" low") or "pair" in d["answer"]["name"]
    assert main(["drill", "--skill", "irregularity", "--game", "razz"]) == 2
    assert "irregularity is not drilled at a Razz table" in capsys.readouterr().err
    assert main(["drill", "--skill", "low-hand", "--game", "razz"]) == 2
    assert "low-hand is drilled at a Hi-Lo table" in capsys.readouterr().err
    assert main(["drill", "--skill", "pot", "--game", "razz", "--table", "stud-2-4"]) == 2
    assert "stud-2-4 does not deal razz" in capsys.readouterr().err
    # a stud drill's JSON as before: no game key
    assert main(["drill", "--skill", "pot", "--seed", "4", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["drills"][0]["situation"]) == {"phh", "profile", "table"}


def test_an_exam_with_a_razz_table_asks_razz_where_the_skill_applies():
    """A blueprint naming a Razz table beside a stud one: the Razz skills at both in turn, the
    irregularity quiz only at the stud table; a skill drilled at none of its tables is refused."""
    import sqlite3

    from dealer_app.training.exam import Blueprint, ExamBook, ExamSession, SkillCount, check_blueprint, plan

    key = bytes(range(32))
    mixed = Blueprint(
        "Stud and Razz",
        (SkillCount("bring-in", 4), SkillCount("best-five", 4), SkillCount("irregularity", 3)),
        ("stud-10-20", "razz-2-4"),
    )
    assert check_blueprint(mixed) == []
    razz_only = Blueprint("Razz", (SkillCount("low-hand", 1),), ("razz-2-4",))
    assert [str(p) for p in check_blueprint(razz_only)] == ["low-hand is drilled at none of the blueprint's tables"]
    book = ExamBook(sqlite3.connect(":memory:"), key)
    book.register_instructor("Ines", "471147", floor=MARIA)  # (the first instructor: a floor account approves)
    bp = book.lock(mixed, "Ines", "471147")
    planned = plan(bp, 5, key=key)
    assert {p.table for p in planned if p.skill == "irregularity"} == {"stud-10-20"}
    assert {p.table for p in planned if p.skill != "irregularity"} == {"stud-10-20", "razz-2-4"}
    session = ExamSession.of(bp, 5)
    started = book.start(session, "Tina", None)
    games = set()
    while (d := session.next()) is not None:
        games.add(d.game)
        session.answer(d.answer)
    result = book.finish(started, session)
    assert games == {"stud", "razz"} and result.right == result.asked == 11 and result.passed

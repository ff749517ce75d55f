"""Mixed stud tables (catalog §14): the games named and their order (M-1), the rotation by
hands or by orbit (M-2), each game's own rules, a voided hand dealt again as the same game,
and the floor switching the game between hands."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dealer_app.engine.errors import EngineError
from dealer_app.engine.limits import LimitsError, load_profile, load_table, parse_table
from dealer_app.engine.session import TableSession
from dealer_app.engine.simulate import choose_action

TRIPLE_STUD = """\
name: triple-stud-10-20
title: "$10-20 Triple Stud"
games: [stud, razz, stud8]
mix_rotation: {rotation}
structure: fixed
buy_in: 200
ante: 1
bring_in: 5
small_bet: 10
big_bet: 20
chip: 1
seats: 8
profile: us-cardroom
"""


def _table(tmp_path, rotation="hands 8"):
    path = tmp_path / "triple-stud-10-20.yaml"
    path.write_text(TRIPLE_STUD.format(rotation=rotation), encoding="utf-8")
    return parse_table(path)


def _play(session: TableSession, rng: random.Random) -> str:
    """Deal and play one hand at the session to its confirmed awards; its game."""
    hand = session.new_hand()
    deck = list(range(52))
    rng.shuffle(deck)
    while hand.phase != "done":
        if hand.phase == "deal":
            if hand.plan.common_card:
                hand.deal_common(deck.pop())
            else:
                seat, n = hand.expected_deal()
                hand.deal(seat, [deck.pop() for _ in range(n)])
        elif hand.phase == "bet":
            action, to = choose_action(hand, rng, aggression=0.1, fold_rate=0.3)
            hand.act(hand.to_act.seat, action, to)
        else:
            hand.show(hand.pending_show[0])
    game = hand.rules.game
    session.finish_hand()
    return game


def _seated(tmp_path, rotation, players=5):
    table = _table(tmp_path, rotation)
    session = TableSession(table, load_profile("us-cardroom"))
    for seat in range(1, players + 1):
        session.sit(seat, f"P{seat}", 100000)
    return session


def test_M1_M2_hands_8_deals_eight_of_each_game_in_the_table_order(tmp_path):
    session = _seated(tmp_path, "hands 8")
    rng = random.Random(3)
    outlooks, games = [], []
    for _ in range(26):
        outlooks.append(session.outlook())
        games.append(_play(session, rng))
    assert games == ["stud"] * 8 + ["razz"] * 8 + ["stud8"] * 8 + ["stud"] * 2
    assert [o.hands_left for o in outlooks[:9]] == [8, 7, 6, 5, 4, 3, 2, 1, 8]
    assert outlooks[7].changes_after_this_hand and outlooks[7].next_game == "razz"
    assert outlooks[23].next_game == "stud"  # the rotation starts over


def test_M1_each_game_keeps_its_own_rules_and_the_tables_limits(tmp_path):
    session = _seated(tmp_path, "hands 1")
    rng = random.Random(4)
    seen = {}
    for _ in range(3):
        hand = session.next_hand()
        seen[hand.rules.game] = hand.rules
        _play(session, rng)
    assert set(seen) == {"stud", "razz", "stud8"}
    assert {(r.small_bet, r.big_bet, r.ante, r.bring_in) for r in seen.values()} == {(1000, 2000, 100, 500)}
    assert seen["stud"].open_pair_double and not seen["stud8"].open_pair_double and not seen["razz"].open_pair_double


def test_M2_orbit_changes_when_the_button_has_passed_every_seated_player(tmp_path):
    session = _seated(tmp_path, "orbit", players=4)
    rng = random.Random(5)
    games = [_play(session, rng) for _ in range(4 + 2)]
    session.sit(6, "Late", 100000)  # joins during Razz: this round passes the four it began with
    assert session.outlook().hands_left == 2
    games += [_play(session, rng) for _ in range(2 + 5)]  # the next round passes all five
    session.leave(2)  # leaves as the next round begins: the round passes the four left
    games += [_play(session, rng) for _ in range(3 + 1)]
    assert games == ["stud"] * 4 + ["razz"] * 4 + ["stud8"] * 5 + ["stud"] * 4


def test_a_voided_hand_is_dealt_again_as_the_same_game(tmp_path):
    session = _seated(tmp_path, "hands 1")
    hand = session.new_hand()
    seat, n = hand.expected_deal()
    hand.deal(seat, list(range(n)))
    hand.misdeal()  # I-6
    session.finish_hand()
    assert session.next_hand().rules.game == "stud"


def test_the_game_after_the_awards_is_the_next_hands_when_both_are_confirmed_in_one_step(tmp_path):
    session = _seated(tmp_path, "hands 1")
    rng = random.Random(6)
    _play(session, rng)  # stud; razz is next
    hand = session.new_hand()
    assert hand.rules.game == "razz"
    # played to its awards, not yet confirmed: the hand after it is Hi-Lo
    deck = list(range(52))
    rng.shuffle(deck)
    while hand.phase != "done":
        if hand.phase == "deal":
            seat, n = hand.expected_deal()
            hand.deal(seat, [deck.pop() for _ in range(n)])
        elif hand.phase == "bet":
            hand.act(hand.to_act.seat, *choose_action(hand, rng, 0.0, 0.5))
        else:
            hand.show(hand.pending_show[0])
    assert session.next_hand(after_awards=True).rules.game == "stud8"


def test_the_floor_switches_the_game_between_hands_only(tmp_path):
    session = _seated(tmp_path, "hands 8")
    session.switch_game("stud8")
    assert session.outlook().game == "stud8" and session.outlook().hands_left == 8
    session.new_hand()
    with pytest.raises(EngineError):
        session.switch_game("razz")
    with pytest.raises(EngineError, match="not one of this table's games"):
        TableSession(load_table("stud-10-20"), load_profile("us-cardroom")).switch_game("razz")


@pytest.mark.parametrize(
    "edit,needle",
    [
        ("games: [stud, razz, stud8]", None),
        ("games: [stud]", "two or more different games"),
        ("games: [stud, holdem]", "two or more different games"),
        ("games: [stud, stud]", "two or more different games"),
        ("mix_rotation: hands 0", "hands N"),
        ("mix_rotation: every 8", "hands N"),
    ],
)
def test_a_mixed_tables_yaml_is_checked_with_file_line_and_field(tmp_path, edit, needle):
    text = TRIPLE_STUD.format(rotation="hands 8")
    key = edit.split(":")[0]
    text = "\n".join(edit if line.startswith(key + ":") else line for line in text.splitlines()) + "\n"
    path = tmp_path / "triple-stud-10-20.yaml"
    path.write_text(text, encoding="utf-8")
    if needle is None:
        table = parse_table(path)
        assert (table.game, table.games, table.mix_rotation) == ("stud", ("stud", "razz", "stud8"), "hands 8")
        return
    with pytest.raises(LimitsError) as caught:
        parse_table(path)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(key + ":"))
    assert any(f"{path}:{line}: {key}" in p and needle in p for p in caught.value.problems), caught.value.problems


def test_a_one_game_table_is_recorded_as_before(tmp_path):
    from dealer_app.engine.limits import as_played, table_from_record

    assert "games" not in as_played(load_table("stud-10-20"))
    mixed = _table(tmp_path)
    assert table_from_record(as_played(mixed)) == replace(mixed, chips=mixed.chips)


def test_M3_the_record_names_the_game_of_each_hand_at_a_mixed_table(tmp_path):
    from dealer_app.live.record_writer import hand_start_row
    from dealer_app.record.rows import HandStartRow

    session = _seated(tmp_path, "hands 1")
    _play(session, random.Random(7))
    razz = session.next_hand()
    row = hand_start_row(2, razz, mixed=True)
    assert row.to_dict()["game"] == "razz" and HandStartRow.from_dict(row.to_dict()) == row
    one_game = TableSession(load_table("stud-10-20"), load_profile("us-cardroom"))
    one_game.sit(1, "A", 100000)
    one_game.sit(2, "B", 100000)
    assert "game" not in hand_start_row(1, one_game.next_hand()).to_dict()  # (as before: the table names it)

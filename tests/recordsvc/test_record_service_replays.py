"""What the seventh attack pass left: rows the record service wrote though replay could not bear
them out. The service now replays every commit's rows through the engine as every reader does
(record/replay.py): a made-up result for a hand, a cash-out larger than the stack, a resume
naming another table, a sit not shaped as written — each refused in words, nothing written, and
what the window writes is taken as before. A stdlib client on the real socket, the dealer's login."""

from __future__ import annotations

import contextlib
import dataclasses
import random

import pytest

from dealer_app.engine.limits import load_profile
from dealer_app.live.controller import TableController
from dealer_app.live.errors import InputError
from dealer_app.live.resume import replay_state
from dealer_app.record.replay import hand_end_payload
from dealer_app.record.store import Store
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.settings import RECORD_NAME
from tests.recordsvc.test_record_service_attack3 import (
    PLAYERS,
    call,
    dealer_socket,
    dealing_table,
    dealt_table,
    rows_of,
)
from tests.recordsvc.test_record_service_attack3 import service as service  # (the fixture)
from tests.recordsvc.test_record_service_attack7 import refused_with_nothing_written, row_count
from tests.support.live_random import random_input

# between hands (hand 2 ended: Ann 17400, Bob 8200, Cy 9400), as a hostile client sent them
BETWEEN = {
    "a cash-out larger than the stack": (
        [[2, [["leave", {"seat": 3, "name": "Cy", "cash_out": 1_000_000}]]]],
        "the leave cashes out 1000000 cents, but seat 3 holds 9400 cents",
    ),
    "a leave naming another player": (
        [[2, [["leave", {"seat": 3, "name": "Ann", "cash_out": 9400}]]]],
        "the leave names Ann, but Cy sits in seat 3",
    ),
    "a resume naming another table": (
        [[2, [["resume", {"session": 99}]]]],
        "the resume row names table session 99, not its own (1)",
    ),
    "a sit with its seat as text": (
        [[2, [["sit", {"seat": "4", "name": "Dora", "buy_in": 10000}]]]],
        "the sit row does not replay",
    ),
    "a sit into a taken seat": (
        [[2, [["sit", {"seat": 1, "name": "Dora", "buy_in": 10000}]]]],
        "the sit row does not replay",
    ),
    "a buy-in of a dollar": (
        [[2, [["sit", {"seat": 4, "name": "Dora", "buy_in": 100}]]]],
        "the sit row does not replay",
    ),
    "a hand dealt with made-up stacks": (
        [[3, [["hand_start", {"hand": 3, "seats": [[1, "Ann", 99999], [2, "Bob", 8200], [3, "Cy", 9400]]}]]]],
        "the hand_start row does not replay: the record dealt",
    ),
}
# hand 3 dealt, no card yet
MID_HAND = {
    "a made-up result for the hand being dealt": (
        [
            [
                3,
                [
                    [
                        "hand_end",
                        {"pots": [{"amount": 30000, "eligible": [1], "winners": {"1": 30000}}], "net": {"1": 20000}},
                    ]
                ],
            ]
        ],
        "the hand_end row does not replay",
    ),
    "an input not shaped as written": (
        [[3, [["input", {"input": ["act", 1, "fold"]}]]]],
        'the input ["act", 1, "fold"] is not one the record writes',
    ),
    "an action before the cards": (
        [[3, [["input", {"input": ["act", 1, "fold", None]}]]]],
        "the input row does not replay",
    ),
}


@pytest.mark.parametrize("attack", sorted(BETWEEN))
def test_rows_that_do_not_replay_between_hands_are_refused(tmp_path, service, attack):
    parts, names = BETWEEN[attack]
    session = dealt_table(service)
    assert session == 1
    refused_with_nothing_written(service, session, parts, names)


@pytest.mark.parametrize("attack", sorted(MID_HAND))
def test_rows_that_do_not_replay_mid_hand_are_refused(tmp_path, service, attack):
    parts, names = MID_HAND[attack]
    refused_with_nothing_written(service, dealing_table(service), parts, names)


def awards_due(service) -> int:
    """Hand 3 played through the service to its awards, not confirmed; the window let go."""
    store = ServiceStore.connect(service.socket)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    rng = random.Random(3)
    for _hand in range(3):
        table.start_hand()
        for _step in range(500):
            if table.hand.phase == "done":
                break
            with contextlib.suppress(InputError):
                random_input(table, rng)
        if table.hand_no < 3:
            table.finish_hand()
    session = table.session_id
    store.close()
    return session


def test_a_result_other_than_the_engines_is_refused_and_the_true_one_taken(tmp_path, service):
    """The hand played out: a hand_end moving its pot to another seat is refused, naming both
    results; the hand_end the engine gives (as the window writes it) is written."""
    session = awards_due(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    before = row_count(service.folder)
    forged = {"pots": [{"amount": 100, "eligible": [1, 2, 3], "winners": {"2": 100}}], "net": {"1": -50, "2": 100}}
    reply = call(raw, p.Commit(session, [[3, [["hand_end", forged]]]]))
    assert isinstance(reply, p.Refused), reply
    assert "the hand_end row does not replay: the hand's end states the nets" in str(reply.says)
    assert row_count(service.folder) == before
    # the engine's own result goes in (a new connection: the service dropped nothing but the fold)
    reader = Store.read_only(service.folder / RECORD_NAME)
    true_end = hand_end_payload(replay_state(reader, session).session.hand)
    reader.close()
    assert true_end != forged and sum(true_end["net"].values()) == 0
    assert isinstance(call(raw, p.Commit(session, [[3, [["hand_end", true_end]]]])), p.Committed)
    assert rows_of(service.folder, session, "hand_end")[-1] == true_end
    assert call(raw, p.Check()) == p.Failing([])
    raw.close()


def test_a_table_opened_with_rules_of_its_own_under_the_houses_name_is_refused(tmp_path, service, monkeypatch):
    """The eighth attack pass: the dealer's client read a limits folder of its own
    (DEALER_APP_LIMITS) where stud-5-10's bets are $500/$1000, and played it as stud-5-10;
    every reader said whole. The service opens a table only with the house's rules of that name."""
    from dealer_app.engine.limits import load_table
    from dealer_app.live.seating import seated_table

    house = load_table("stud-5-10")
    doctored = dataclasses.replace(house, small_bet=50000, big_bet=100000)
    _session, rows = seated_table(doctored, load_profile(house.profile), PLAYERS, None)
    raw = dealer_socket(service)
    before = row_count(service.folder)
    reply = call(raw, p.OpenTable("stud-5-10", house.profile, [[r.kind, r.to_dict()] for r in rows]))
    assert isinstance(reply, p.Refused) and reply.what == p.RECORD, reply
    assert str(reply.says) == (
        "stud-5-10 as the table sent it is not the house's stud-5-10 (the record service's limits folder): "
        "its big_bet differs: refused"
    )
    assert row_count(service.folder) == before
    # the house's own rules open it
    _session, rows = seated_table(house, load_profile(house.profile), PLAYERS, None)
    assert isinstance(
        call(raw, p.OpenTable("stud-5-10", house.profile, [[r.kind, r.to_dict()] for r in rows])), p.Opened
    )
    raw.close()


def test_the_houses_rules_read_from_another_folder_open_and_a_path_for_a_name_is_refused(tmp_path, service):
    """Where a limits file was read from is not how the table is played: the house's rules from a
    copy of its folder open the table. A name that is a path (it loaded the client's own file,
    the review of the eighth pass) is refused."""
    import shutil

    from dealer_app.engine.limits import default_limits_dir, load_table
    from dealer_app.live.seating import seated_table

    copy = tmp_path / "limits-copy"
    shutil.copytree(default_limits_dir(), copy)
    house = load_table("stud-5-10", copy)
    _session, rows = seated_table(house, load_profile(house.profile, copy), PLAYERS, None)
    raw = dealer_socket(service)
    sent = [[r.kind, r.to_dict()] for r in rows]
    assert isinstance(call(raw, p.OpenTable("stud-5-10", house.profile, sent)), p.Opened)
    elsewhere = str(copy / "stud-5-10.yaml")
    sent[0][1] = {**sent[0][1], "table": elsewhere}
    reply = call(raw, p.OpenTable(elsewhere, house.profile, sent))
    assert isinstance(reply, p.Refused) and "is a path, not the name of one of the house's" in str(reply.says), reply
    raw.close()

"""Rows whole by their hash and signature that replay cannot bear out (the seventh attack pass,
written from source, where the dealer's login holds the table's key): a made-up result for a
hand, a cash-out above the stack, a resume naming another table. The record's check replays
every table (record/replay.py) and names each with table, hand and row: `verify` exits 1, the
table is not resumed (call the floor), the hand list marks the hand, export says it. An honest
record, with its undos, top-ups, leaves and rulings, replays whole."""

from __future__ import annotations

import pytest

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.hand_index import list_hands
from dealer_app.record.rows import HandEndRow, HandStartRow, LeaveRow, ResumeRow
from dealer_app.record.store import Store
from tests.record.test_record_failing import PLAYERS, _fold_out_hand
from tests.record.test_record_proves_itself import play_hands


@pytest.fixture
def table(tmp_path, monkeypatch):
    """One open table of three hands (the bring-in takes each pot): (path, anchors, session)."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    path, anchors = tmp_path / "h.sqlite3", tmp_path / "anchors.txt"
    store = Store(path, anchors=anchors)
    c = TableController(store)
    c.open_table("stud-1-2", None, PLAYERS)
    for _ in range(3):
        _fold_out_hand(c)
    sid = c.session_id
    store.close()
    return path, anchors, sid


def _written_from_source(path, anchors, sid, hand, rows) -> None:
    """Rows appended by the record's own code, signed with the table's key, as the dealer's
    login can when the app runs from source."""
    store = Store(path, anchors=anchors)
    store.append(sid, hand, rows)
    store.close()


def _resumed(path, anchors, sid) -> TableController:
    """The table resumed by the live table on its record, as the dealer's window does."""
    c = TableController(Store(path, anchors=anchors))
    c.resume(sid)
    return c


def _resume_refused(path, anchors, sid) -> str:
    c = TableController(Store(path, anchors=anchors))
    with pytest.raises(InputError) as refused:
        c.resume(sid)
    return refused.value.message


def test_an_honest_record_replays_whole(table, capsys):
    from dealer_app.cli import main

    path, anchors, _sid = table
    assert Store(path, anchors=anchors).failing() == {}
    assert main(["verify", str(path), "--anchors", str(anchors)]) == 0, capsys.readouterr().out


def test_a_made_up_result_for_the_hand_being_dealt_is_named(table, capsys):
    """Hand 4 dealt, and ended at once with the pot given to Cy: every reader names row and hand."""
    from dealer_app.cli import main

    path, anchors, sid = table
    seats = [[seat, name, stack] for seat, name, stack in _stacks_now(path, sid)]  # (as hand 4 is dealt)
    forged = HandEndRow([{"amount": 6000, "eligible": [1, 2, 3], "winners": {"3": 6000}}], {"3": 3000, "1": -3000})
    _written_from_source(path, anchors, sid, 4, [HandStartRow(4, seats), forged])
    failing = Store(path, anchors=anchors).failing()
    assert (sid, 4) in failing and "does not replay" in failing[(sid, 4)], failing
    assert (sid, 3) not in failing  # (the hands before it are whole)
    assert main(["verify", str(path), "--anchors", str(anchors)]) == 1
    out = capsys.readouterr().out
    assert f"table session {sid}, hand 4: log row" in out and "(hand_end) does not replay" in out, out
    assert "call the floor" in _resume_refused(path, anchors, sid)
    marked = {(h.session, h.hand): bool(h.failing) for h in list_hands(Store.read_only(path))}
    assert marked[(sid, 4)] and not marked[(sid, 3)]


def test_a_result_other_than_the_engines_for_a_hand_played_out_is_named(table, capsys):
    """A hand played to its awards and ended with the nets of another seat."""
    from dealer_app.cli import main

    path, anchors, sid = table
    c = _resumed(path, anchors, sid)
    c.start_hand()
    for card in ("kd", "2c", "9h"):
        c.enter_card(card)
    c.act("bring_in")
    c.act("fold")
    c.act("fold")
    assert c.hand.phase == "done"
    true_end = c.hand.net()
    c.store.close()  # (the window gone before it confirmed the awards)
    winner = max(true_end, key=lambda s: true_end[s])
    other = next(s for s in true_end if s != winner)
    forged = HandEndRow([], {str(other): true_end[winner], str(winner): -true_end[winner]})
    _written_from_source(path, anchors, sid, 4, [forged])
    assert main(["verify", str(path), "--anchors", str(anchors)]) == 1
    out = capsys.readouterr().out
    assert "(hand_end) does not replay: the hand's end states the nets" in out, out
    assert "call the floor" in _resume_refused(path, anchors, sid)


@pytest.mark.parametrize(
    ("row", "names"),
    [
        (LeaveRow(3, "Cy", 1_000_000), "the leave cashes out 1000000 cents, but seat 3 holds"),
        (LeaveRow(3, "Ann", 2815), "the leave names Ann, but Cy sits in seat 3"),
        (ResumeRow(99), "the resume row names table session 99, not its own"),
    ],
)
def test_seat_rows_replay_cannot_bear_out_are_named(table, capsys, row, names):
    from dealer_app.cli import main

    path, anchors, sid = table
    _written_from_source(path, anchors, sid, 3, [row])
    assert main(["verify", str(path), "--anchors", str(anchors)]) == 1
    out = capsys.readouterr().out
    assert names in out and "does not replay" in out, out
    assert "call the floor" in _resume_refused(path, anchors, sid)


def _stacks_now(path, sid) -> list[tuple[int, str, int]]:
    from dealer_app.live.resume import replay_state

    store = Store.read_only(path)
    try:
        state = replay_state(store, sid)
    finally:
        store.close()
    return [(seat, p.name, p.stack) for seat, p in sorted(state.session.seats.items())]


# --- the eighth attack pass (written from source, the record's own code) -------------------------
def _verify(path, anchors, capsys) -> tuple[int, str]:
    from dealer_app.cli import main

    code = main(["verify", str(path), "--anchors", str(anchors)])
    return code, capsys.readouterr().out


def test_a_hand_dealt_again_under_its_own_number_is_named(table, capsys):
    """The pass set the live table's hand number back and played hand 3 again: the app signed a
    second hand 3 after the real one; `hands` listed only the re-deal."""
    path, anchors, sid = table
    c = _resumed(path, anchors, sid)
    c.input_log.fold.hand_no = 2  # (the attack: one assignment, then the table deals as usual)
    _fold_out_hand(c)
    c.store.close()
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and f"table session {sid}, hand 3: log row" in out, out
    assert "(hand_start) does not replay: hand 3 is dealt after hand 3" in out and "the next hand is 4" in out, out
    marked = [bool(h.failing) for h in list_hands(Store.read_only(path)) if (h.session, h.hand) == (sid, 3)]
    assert marked and all(marked), marked


def test_a_hand_skipped_to_is_named(table, capsys):
    path, anchors, sid = table
    seats = [[seat, name, stack] for seat, name, stack in _stacks_now(path, sid)]
    _written_from_source(path, anchors, sid, 9, [HandStartRow(9, seats)])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "hand 9 is dealt after hand 3" in out and "the next hand is 4" in out, out


def test_rows_after_the_table_closed_are_named(table, capsys):
    """The pass closed the table, then added a made-up end of hand 3, a cash-out of $999,999 and
    a hand 4 of two players with a cent each: every reader but export said whole."""
    path, anchors, sid = table
    c = _resumed(path, anchors, sid)
    c.close_table()
    c.store.close()
    assert _verify(path, anchors, capsys)[0] == 0
    rows = [
        HandEndRow([], {"1": 50000, "3": -50000}),
        LeaveRow(3, "Cy", 99_999_900),
        HandStartRow(4, [[1, "Ann", 1], [2, "Bob", 1]]),
    ]
    _written_from_source(path, anchors, sid, 3, rows)
    code, out = _verify(path, anchors, capsys)
    assert code == 1, out
    for kind in ("hand_end", "leave", "hand_start"):
        assert f"({kind}) does not replay: a {kind} row after the table was closed" in out, out


def test_a_floor_ruling_after_the_table_closed_is_whole(table, capsys):
    """What a closed table does receive: the floor's ruling on one of its hands."""
    from dealer_app.record.rows import RulingRow

    path, anchors, sid = table
    c = _resumed(path, anchors, sid)
    c.close_table()
    c.store.close()
    _written_from_source(path, anchors, sid, 2, [RulingRow({"hand": 2, "text": "note", "by": {"role": "dealer"}})])
    _code, out = _verify(path, anchors, capsys)
    assert "after the table was closed" not in out and "does not replay" not in out, out


def test_a_top_up_past_any_stack_and_a_resume_of_true_are_named(table, capsys):
    from dealer_app.record.rows import TopUpRow

    path, anchors, sid = table
    _written_from_source(path, anchors, sid, 3, [TopUpRow(1, 10**30)])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "(top_up) does not replay: a stack after a top-up (in cents) is at most" in out, out


def test_a_resume_naming_session_true_is_named(table, capsys):
    path, anchors, sid = table
    assert sid == 1
    _written_from_source(path, anchors, sid, 3, [("resume", {"session": True})])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "the resume row names table session True, not its own (1)" in out, out


def test_the_hands_after_a_row_that_does_not_replay_are_still_replayed(table, capsys):
    """A made-up cash-out in hand 3's wake, then hand 4 dealt from the stacks the rows name and
    ended with a made-up result: both named, each with its hand (the table is taken up again at
    hand 4's start)."""
    path, anchors, sid = table
    seats = [[seat, name, stack] for seat, name, stack in _stacks_now(path, sid)]
    forged = HandEndRow([], {"1": 1})
    _written_from_source(path, anchors, sid, 3, [LeaveRow(3, "Cy", 1_000_000)])
    _written_from_source(path, anchors, sid, 4, [HandStartRow(4, seats), forged])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "hand 3: log row" in out and "(leave) does not replay" in out, out
    assert "hand 4: log row" in out and "(hand_end) does not replay: the hand has not ended" in out, out


# --- attack pass 8b ---------------------------------------------------------------------------
def test_a_row_whose_content_is_no_record_row_does_not_switch_the_replay_off(table, capsys):
    """A signed ("input", []) then a made-up end of the hand: the replay waited for the next hand
    and said nothing. Both are named now."""
    path, anchors, sid = table
    seats = [[seat, name, stack] for seat, name, stack in _stacks_now(path, sid)]
    _written_from_source(path, anchors, sid, 4, [HandStartRow(4, seats), ("input", []), HandEndRow([], {"2": 4000})])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "(input) does not replay: the input row's content is not a record row" in out, out


def test_a_table_of_unreadable_rules_or_with_no_open_table_row_is_named(table, capsys):
    """A second table session whose open_table names rules nobody can read, where Mal sat with
    $50,000 and cashed out $9,000,000: never replayed, every reader said whole."""
    from dealer_app.record.rows import OpenTableRow, SitRow

    path, anchors, _sid = table
    store = Store(path, anchors=anchors)
    other = store.open_session(
        "stud-5-10", "standard", [OpenTableRow("stud-5-10", "standard", {"name": "stud-5-10"}, {})]
    )
    store.append(other, 0, [SitRow(1, "Mal", 5_000_000), LeaveRow(1, "Mal", 900_000_000)])
    store.close()
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and f"table session {other}, hand 0: log row" in out, out
    assert "(open_table) does not replay: the table's limit table or profile cannot be read" in out, out


def test_a_ruling_whose_chips_do_not_add_up_is_named(table, capsys):
    from dealer_app.record.rows import RulingRow

    path, anchors, sid = table
    ruling = RulingRow({"hand": 3, "chips": {"1": 1_000_000}, "by": {"role": "dealer"}})
    _written_from_source(path, anchors, sid, 3, [ruling])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and 'the ruling\'s chips {"1": 1000000} do not add up to nothing' in out, out


def test_a_row_of_no_known_kind_is_named(table, capsys):
    path, anchors, sid = table
    _written_from_source(path, anchors, sid, 3, [("top_upp", {"seat": 1, "amount": 5})])
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "(top_upp) does not replay: a row of kind top_upp, which the record never writes" in out, out


def test_a_card_dealt_early_is_reported_at_most_25_times_in_a_hand(table):
    """The pass reported I-2 four thousand times and undid each: every reader's replay of the hand
    took 23 s (quadratic). Past 25 reported irregularities the floor decides (I-3)."""
    path, anchors, sid = table
    c = _resumed(path, anchors, sid)
    c.start_hand()
    for card in ("kd", "2c", "9h"):
        c.enter_card(card)
    c.act("bring_in")
    for _ in range(25):
        c.report_irregularity("I-2")
    with pytest.raises(InputError) as refused:
        c.report_irregularity("I-2")
    assert "25 irregularities have been reported in this hand: the floor decides the next" in refused.value.message
    c.store.close()


def test_a_table_played_with_rules_of_its_own_under_the_houses_name_is_said(table, capsys):
    """Run from source, the eighth pass opened "stud-5-10" with bets of $500/$1000 (the installed
    record service refuses it): `verify` says the rules are not the house's, the record whole."""
    import dataclasses

    from dealer_app.engine.limits import load_profile, load_table
    from dealer_app.live.seating import seated_table

    path, anchors, sid = table
    code, out = _verify(path, anchors, capsys)
    assert code == 0 and "other than the house's" not in out, out  # (an honest record: nothing said)
    house = load_table("stud-5-10")
    doctored = dataclasses.replace(house, small_bet=50000, big_bet=100000)
    players = [(seat, name, 100_000) for seat, name, _stack in PLAYERS]
    _session, rows = seated_table(doctored, load_profile(house.profile), players, None)
    store = Store(path, anchors=anchors)
    other = store.open_session("stud-5-10", house.profile, rows)
    store.close()
    code, out = _verify(path, anchors, capsys)
    assert code == 0, out
    assert (
        f"table session {other} was played with the limit table stud-5-10 other than the house's of that name "
        "here now (big_bet differs)" in out
    ), out
    assert f"table session {sid} was played" not in out, out


# --- the review of pass 8 -----------------------------------------------------------------------
def _copied_with(tmp_path, source_path, sid, change) -> tuple:
    """A record holding the table of ``source_path`` row for row (by the record's own code), each
    row given to ``change(hand, kind, payload)`` first: the rows a key holder would write."""
    source = Store.read_only(source_path)
    rows = [(h, k, p) for h, k, p, _at in source.session_log(sid)]
    source.close()
    path, anchors = tmp_path / "copy.sqlite3", tmp_path / "copy-anchors.txt"
    store = Store(path, anchors=anchors)
    opening = [(k, p) for h, k, p in rows if h == 0 and k in ("open_table", "sit")]
    new = store.open_session(opening[0][1]["table"], opening[0][1]["profile"], opening)
    for hand, kind, payload in rows[len(opening) :]:
        store.append(new, hand, [change(hand, kind, payload)])
    store.close()
    return path, anchors


def test_the_hands_after_a_made_up_result_at_a_mixed_table_replay_as_their_games(tmp_path, monkeypatch, capsys):
    """Taken up after a hand that does not replay, a mixed table's rotation was a hand behind:
    every honest hand after it was named as not replaying. Now only the made-up hand is; each
    hand after it is said to start from stacks that only the record's word stands for."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    honest = tmp_path / "h.sqlite3"
    c = TableController(Store(honest, anchors=tmp_path / "a.txt"))
    c.open_table("triple-stud-10-20", None, [(1, "Ann", 100000), (2, "Bob", 100000), (3, "Cy", 100000)])
    play_hands(c, 20, seed=5)
    sid = c.session_id
    c.store.close()

    def made_up(hand, kind, payload):
        if (hand, kind) == (8, "hand_end"):
            return kind, {**payload, "net": {"1": 1, "2": -1}}
        return kind, payload

    path, anchors = _copied_with(tmp_path, honest, sid, made_up)
    code, out = _verify(path, anchors, capsys)
    replays = [line for line in out.splitlines() if "does not replay" in line and "comes after" not in line]
    assert code == 1 and len(replays) == 1 and "hand 8: log row" in replays[0], out
    after = [line for line in out.splitlines() if "comes after the hand_end row of hand 8" in line]
    assert len(after) == 12, out  # (hands 9-20: each said, none of them named for a false reason)


def test_a_player_sitting_out_when_the_table_is_taken_up_sits_in_later(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    honest = tmp_path / "h.sqlite3"
    c = TableController(Store(honest, anchors=tmp_path / "a.txt"))
    c.open_table("stud-5-10", None, [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000), (4, "Di", 10000)])
    play_hands(c, 2)
    c.set_sitting_out(4, True)
    play_hands(c, 2, seed=2)
    c.set_sitting_out(4, False)
    play_hands(c, 2, seed=3)
    sid = c.session_id
    c.store.close()

    def made_up(hand, kind, payload):
        return (kind, {**payload, "net": {"1": 1, "2": -1}}) if (hand, kind) == (3, "hand_end") else (kind, payload)

    path, anchors = _copied_with(tmp_path, honest, sid, made_up)
    code, out = _verify(path, anchors, capsys)
    replays = [line for line in out.splitlines() if "does not replay" in line and "comes after" not in line]
    assert code == 1 and len(replays) == 1 and "hand 3: log row" in replays[0], out


def test_rules_of_a_0_cent_chip_and_chips_by_no_seat_are_named_without_a_traceback(table, capsys):
    from dealer_app.live.resume import open_tables
    from dealer_app.record.rows import OpenTableRow, RulingRow

    path, anchors, sid = table
    _written_from_source(path, anchors, sid, 3, [RulingRow({"hand": 3, "chips": {"x": 5, "y": -5}})])
    store = Store(path, anchors=anchors)
    (listed,) = open_tables(store, None)
    assert listed.problem, listed  # (not resumed, in words)
    zero = load_zero_chip_table()
    other = store.open_session("stud-5-10", "standard", [OpenTableRow("stud-5-10", "standard", zero, {})])
    store.close()
    code, out = _verify(path, anchors, capsys)
    assert code == 1 and "Traceback" not in out, out
    assert 'the ruling\'s chips {"x": 5, "y": -5} do not add up' in out, out
    assert f"table session {other}, hand 0" in out and "cannot be read" in out, out


def load_zero_chip_table() -> dict:
    from dealer_app.engine.limits import as_played, load_table

    return {**as_played(load_table("stud-5-10")), "chip": 0}


def test_a_hand_holds_at_most_so_many_inputs(table, monkeypatch):
    """Each undo replays the hand from its start: a hand of thousands of inputs made every reader
    quadratic. The live table refuses the input past the bound, in words (I-3)."""
    import dealer_app.record.replay as replay

    path, anchors, sid = table
    c = TableController(Store(path, anchors=anchors))
    c.resume(sid)
    monkeypatch.setattr(replay, "MAX_HAND_INPUTS", 4)  # (after the resume's check: its hands hold six)
    c.start_hand()
    for card in ("kd", "2c", "9h"):
        c.enter_card(card)
    c.act("bring_in")
    with pytest.raises(InputError) as refused:
        c.act("fold")
    assert "a hand holds at most 4 inputs: the floor decides how it goes on" in refused.value.message
    c.store.close()


# --- the ninth attack pass: one cheap bad row, then what the take-up let through -------------------
CHEAP = ("sit_out", {"seat": 9})  # (an empty seat sits out: does not replay)


def test_the_hands_after_a_cheap_bad_row_are_each_said_and_marked(table, capsys):
    """After one cheap bad row: hands with no seats and a made-up $10M end, a hand 1 dealt again,
    a cash-out of $999,999 between hands — each later hand is marked failing in the hand list."""
    path, anchors, sid = table
    seats = [[seat, name, stack] for seat, name, stack in _stacks_now(path, sid)]
    _written_from_source(path, anchors, sid, 3, [CHEAP, LeaveRow(3, "Cy", 99_999_900)])
    _written_from_source(path, anchors, sid, 4, [("hand_start", {"hand": 4}), HandEndRow([], {"1": 1_000_000_000})])
    _written_from_source(path, anchors, sid, 1, [HandStartRow(1, seats[:2])])
    code, out = _verify(path, anchors, capsys)
    assert code == 1, out
    assert "hand 4 comes after the sit_out row of hand 3, which does not replay" in out, out
    assert "hand 1 comes after the sit_out row of hand 3" in out or "hand 1 is dealt after hand" in out, out
    marked = {(h.session, h.hand): bool(h.failing) for h in list_hands(Store.read_only(path))}
    assert marked[(sid, 4)] and marked[(sid, 3)], marked
    assert not marked[(sid, 2)], marked  # (the hands before the bad row stand)

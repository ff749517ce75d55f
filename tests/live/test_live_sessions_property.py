"""Random sessions through the live table's controller (hypothesis).

Random tables and 2-8 seats, random legal actions and cards, bursts of undo and redo
anywhere (the award prompt included), seat changes between hands. After every hand:

- the stacks equal those of the same session played without the undone inputs (a second
  controller, with no record, fed only the inputs that stood);
- chips are conserved across hands (buy-ins + top-ups - what leaving players took);
- a new controller resumed from the record stands exactly where this one stands.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store
from tests.support.live_random import random_input

TABLES = [
    "stud-1-2",
    "stud-5-10",
    "stud-1-5-spread",
    "stud-1-3-spread",
    "casinos-austria-5-10-20",
    "stud8-10-20",
    "stud-20-40",
]


def snapshot(c):
    return ([vars(s) for s in c.seats()], c.prompt(), c.inputs, c.redo_stack, c.hand_no)


def seat_changes(c, rng, ledger):
    """Between hands: joins, top-ups, sitting out and leaving, some of them refused."""
    s = c.session
    for _ in range(rng.randint(0, 3)):
        what = rng.choice(["top_up", "leave", "join", "sit_out", "sit_in"])
        seats = sorted(s.seats)
        try:
            if what == "top_up" and seats:
                seat = rng.choice(seats)
                amount = rng.choice([s.table.buy_in, s.rules.chip, 7 * s.rules.chip])
                c.top_up(seat, amount)
                ledger["in"] += amount
            elif what == "leave" and len(seats) > 2:
                seat = rng.choice(seats)
                stack = s.seats[seat].stack
                c.leave(seat)
                ledger["out"] += stack
            elif what == "join":
                free = [x for x in range(1, s.rules.max_players + 1) if x not in s.seats]
                if free:
                    c.seat_player(rng.choice(free), f"J{rng.randint(1, 99)}", s.table.buy_in)
                    ledger["in"] += s.table.buy_in
            elif what in ("sit_out", "sit_in") and seats:
                c.set_sitting_out(rng.choice(seats), what == "sit_out")
        except InputError:
            pass  # refused (a top-up below the buy-in, …): must change nothing, checked below


def as_public_call(inp):
    """A recorded input as the controller call a dealer's key makes."""
    kind = inp[0]
    if kind in ("deal", "common"):
        return ("enter_card", (inp[2][0] if kind == "deal" else inp[1],))
    if kind == "river":
        return ("deal_river", ())
    if kind == "act":
        return ("act", (inp[2], inp[3]))
    if kind == "show":
        return ("show", (inp[1], inp[2]))
    return ("muck", (inp[1],))


def replay_without_undos(c, history):
    """The same session with only the inputs that stood, on a controller with no record."""
    ref = TableController(None)
    ref.open_table(c.session.table.name, c.session.profile.name, history["players"])
    for kind, args in history["log"]:
        getattr(ref, kind)(*args)
    return ref


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), table=st.sampled_from(TABLES), n=st.integers(2, 8), hands=st.integers(1, 3))
def test_random_sessions_keep_every_chip(tmp_path, seed, table, n, hands):
    rng = random.Random(seed)
    c = TableController(Store(tmp_path / f"{seed}-{table}.sqlite3"))
    from dealer_app.engine.limits import load_table

    t = load_table(table)
    n = min(n, t.seats)
    players = [(i, f"P{i}", t.buy_in * rng.choice([1, 2, 3])) for i in range(1, n + 1)]
    c.open_table(table, None, players)
    ledger = {"in": sum(b for _s, _n, b in players), "out": 0}
    history = {"players": players, "log": []}  # what the reference replays
    for _ in range(hands):
        if len(c.session.dealt_in()) < 2:
            break
        before = snapshot(c)
        seat_log_start = len(c.store.session_log(c.session_id))
        seat_changes(c, rng, ledger)
        for _hand_no, kind, payload, _at in c.store.session_log(c.session_id)[seat_log_start:]:
            args = {
                "sit": (payload.get("seat"), payload.get("name"), payload.get("buy_in")),
                "top_up": (payload.get("seat"), payload.get("amount")),
                "leave": (payload.get("seat"),),
                "sit_out": (payload.get("seat"), True),
                "sit_in": (payload.get("seat"), False),
            }[kind]
            history["log"].append(
                (
                    {
                        "sit": "seat_player",
                        "top_up": "top_up",
                        "leave": "leave",
                        "sit_out": "set_sitting_out",
                        "sit_in": "set_sitting_out",
                    }[kind],
                    args,
                )
            )
        assert before[4] == c.hand_no
        if len(c.session.dealt_in()) < 2:
            break
        c.start_hand()
        history["log"].append(("start_hand", ()))
        steps = 0
        while c.prompt().kind != "award":
            steps += 1
            assert steps < 3000, "the hand did not end"
            if c.inputs and rng.random() < 0.08:  # an undo burst, then maybe some redos
                for _ in range(rng.randint(1, 4)):
                    c.undo()
                for _ in range(rng.randint(0, 4)):
                    c.redo()
                continue
            random_input(c, rng)
        if rng.random() < 0.5:  # second thoughts at the award prompt
            undone = sum(c.undo() for _ in range(rng.randint(1, 3)))
            for _ in range(undone):
                assert c.redo()
        assert c.prompt().kind == "award"
        history["log"].extend(as_public_call(inp) for inp in c.inputs)
        on_screen = [s.stack for s in c.seats()]
        c.finish_hand()
        history["log"].append(("finish_hand", ()))
        assert [s.stack for s in c.seats()] == on_screen  # what was shown is what is carried
        # 1. the stacks are those of the session without the undone inputs
        ref = replay_without_undos(c, history)
        assert [(s.seat, s.stack, s.sitting_out) for s in ref.seats()] == [
            (s.seat, s.stack, s.sitting_out) for s in c.seats()
        ]
        # 2. chips are conserved across hands
        assert sum(s.stack for s in c.seats()) == ledger["in"] - ledger["out"]
        # 3. the record resumes to the same table
        again = TableController(Store(c.store.path))
        again.resume(c.session_id)
        assert snapshot(again) == snapshot(c)
    assert c.store.verify() == []

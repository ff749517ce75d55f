"""A kill at any moment loses nothing, and two processes share one record safely."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import dealer_app
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store
from tests.support.live_random import PLAYERS, fingerprint, play

ROOT = Path(__file__).resolve().parents[2]  # the checkout: its tests package
# the child imports the same dealer_app as this test
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(dealer_app.__file__).resolve().parents[1]), str(ROOT)])}

CHILD = """
import sys
from tests.support.live_random import fingerprint, play
from dealer_app.record.store import Store
from dealer_app.live.controller import TableController
def ack(c):
    print(fingerprint(c), flush=True)  # printed only once the input is recorded and applied
play(TableController(Store(sys.argv[1])), int(sys.argv[2]), 10**6, ack)
"""


def reference(seed: int, calls: int) -> list[str]:
    seen: list[str] = []
    play(TableController(None), seed, calls, lambda c: seen.append(fingerprint(c)))
    return seen


def test_sigkill_at_random_moments_loses_no_acknowledged_input(tmp_path):
    rng = random.Random(20261201)
    lost = trials = 0
    for trial in range(32):
        db = tmp_path / f"kill{trial}.sqlite3"
        seed = rng.randrange(10**9)
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(db), str(seed)], stdout=subprocess.PIPE, text=True, env=ENV
        )
        acked = [child.stdout.readline().strip() for _ in range(rng.randint(1, 120))]
        time.sleep(rng.random() * 0.004)  # somewhere inside the next input's write, or not
        child.send_signal(signal.SIGKILL)
        child.wait()
        acked += [line.strip() for line in child.stdout]  # printed before the kill landed
        child.stdout.close()
        expected = reference(seed, len(acked) + 1)
        assert expected[: len(acked)] == acked
        store = Store(db)
        assert store.verify() == []  # no half-written row, chain intact
        c = TableController(store)
        (table,) = c.open_tables()
        c.resume(table.session_id)
        now = fingerprint(c)
        # the resumed table is the last acknowledged one, or one further (recorded, then killed)
        assert now in expected[len(acked) - 1 : len(acked) + 1], (trial, now, acked[-1])
        lost += now != expected[len(acked) - 1] and now != expected[len(acked)]
        trials += 1
        store.close()
    assert trials == 32 and lost == 0


HOLDER = """
import sys, time
from dealer_app.record.store import Store
from dealer_app.live.controller import TableController
c = TableController(Store(sys.argv[1]))
c.resume(int(sys.argv[2]))
c.enter_card("Ah")
print("HOLDING", flush=True)
time.sleep(60)
"""


def test_two_processes_on_one_record(tmp_path):
    db = tmp_path / "hands.sqlite3"
    first = TableController(Store(db))
    first.open_table("stud-5-10", None, PLAYERS)
    first.start_hand()
    sid = first.session_id
    first.store.close()  # this window closes (crash or quit)
    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db), str(sid)], stdout=subprocess.PIPE, text=True, env=ENV
    )
    try:
        assert other.stdout.readline().strip() == "HOLDING"
        here = TableController(Store(db))
        (listed,) = here.open_tables()
        assert listed.in_use and "another dealer-app window" in listed.problem
        assert here.resumable() == []
        try:
            here.resume(sid)
            raise AssertionError("resumed a table another process holds")
        except InputError as exc:
            assert "open in another dealer-app window" in exc.message
        # a second table in the same record, written while the other process writes
        here.open_table("stud-1-2", None, PLAYERS)
        here.start_hand()
        for card in ("Kd", "2c", "Th", "9s"):
            here.enter_card(card)
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait()
        other.stdout.close()
    # the holder is gone (killed): its table is free again, with its last input
    later = TableController(Store(db))
    tables = {t.session_id: t for t in later.open_tables()}
    assert tables[sid].problem is None and tables[sid].stage == "third street"
    later.resume(sid)
    assert later.inputs == [["deal", 1, ["Ah"]]]
    assert later.store.verify() == []

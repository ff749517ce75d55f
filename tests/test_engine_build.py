"""Which engine build runs, and that a finished hand is freed without the garbage collector.

The same tests run against the source (README's test command) and against the mypyc-compiled
wheel (.ci/run, with DEALER_APP_EXPECT_BUILD=mypyc), so each run proves it tested what it meant to.
"""

import gc
import os
import random

import dealer_app.engine as engine
from dealer_app.simulate import play_random_hand
from helpers import rules


def test_the_engine_build_is_the_one_this_run_expects():
    assert engine.ENGINE_BUILD == os.environ.get("DEALER_APP_EXPECT_BUILD", "python")


def test_finished_hands_leave_no_reference_cycles():
    # A cycle keeps a whole hand (events, players) alive until the collector runs; at a table
    # that plays for hours, and in the benchmark, that is memory and time. A closure kept in
    # a local did exactly this once in the compiled build.
    rng = random.Random(3)
    tables = [rules(t) for t in ("stud-10-20", "stud8-10-20", "stud-1-5-spread", "casinos-austria-5-10-20")]
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for r in tables:
            for n in (2, 5, 8 if r.max_players >= 8 else 7):
                for _ in range(5):
                    h = play_random_hand(r, [r.big_bet * 20] * n, rng, aggression=0.3, fold_rate=0.1)
                    assert h.phase == "done"
                    del h
        gc.collect()
        kinds = sorted({type(o).__name__ for o in gc.garbage})
        assert gc.garbage == [], f"cyclic garbage after finished hands: {kinds}"
    finally:
        gc.set_debug(0)
        gc.garbage.clear()

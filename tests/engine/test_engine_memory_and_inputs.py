"""A finished hand is freed without the garbage collector, and odd argument types get the
engine's own refusal."""

import gc
import random

from dealer_app.engine.simulate import play_random_hand
from tests.support.helpers import rules


def test_finished_hands_leave_no_reference_cycles():
    # A cycle keeps a whole hand (events, players) alive until the collector runs; at a table
    # that plays for hours, and in the benchmark, that is memory and time. A closure kept in
    # a local did exactly this once.
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


def test_inputs_of_the_wrong_type_get_the_engines_own_refusal():
    # a float, a bool or a string for an amount gets the engine's answer, with a reason and a
    # rule ID, and changes nothing
    import pytest

    from dealer_app.engine.cards import parse_cards
    from dealer_app.engine.errors import IllegalAction
    from tests.support.helpers import new_hand

    h = new_hand(rules("stud-1-5-spread"), [3000] * 3, "2c Kd Ah")
    h2 = new_hand(rules("stud-1-5-spread"), [3000] * 3, "2c Kd Ah")
    assert h.to_act.seat == 1 and h.legal_actions()[0].min_to is not None  # a range: any whole amount
    before = len(h.events)
    for bad in (150.0, 1.5, True, "150"):
        with pytest.raises(IllegalAction, match="not a whole number of cents") as err:
            h.act(1, "bring_in", bad)
        assert err.value.rules == ("T-2",)
        with pytest.raises(IllegalAction, match="not a whole number of cents"):
            h.act(1, "bring_in", bad, ruling=True)
    assert len(h.events) == before and all(type(p.stack) is int for p in h.players)
    h.act(1, "bring_in", 100)
    # any sequence of cards: a tuple, a generator
    h2.act(1, "bring_in", 100)
    for hand in (h, h2):
        for seat in (2, 3):
            hand.act(seat, "call")
    h.deal(1, tuple(parse_cards("3c")))
    h2.deal(1, (c for c in parse_cards("3c")))
    assert [e.as_dict() for e in h.events] == [e.as_dict() for e in h2.events]

"""How ``hands.sqlite3`` here was made: today's code (main at 0718150, before the record moved
to ``dealer_app/record/``) dealing one table as a dealer would. Run from tests/ with
``python data/record-2026-12/make_record.py OUT_FOLDER``; the folder gets ``hands.sqlite3``,
``config/record.key``, ``config/anchors.txt`` (and the floor PIN file) and ``facts.json``,
what the record holds as today's code read it back. Seeded: the same seed deals the same
inputs (the record's times, identity and key differ each run)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: live_random, session_record

out = Path(sys.argv[1]).resolve()
os.environ["DEALER_APP_CONFIG"] = str(out / "config")
os.environ.pop("DEALER_APP_ANCHORS", None)

from dealer_app.history.store import Store  # noqa: E402
from live_random import random_input  # noqa: E402
from session_record import _report, _ruling_with_chips  # noqa: E402

from dealer_app.live.controller import InputError, TableController  # noqa: E402

PLAYERS = [(1, "Ann", 2000), (2, "Bob", 2500), (3, "Cy", 2000), (5, "Dee", 3000), (6, "Eve", 2000)]


def play_to_awards(c: TableController, rng: random.Random, wanted: str | None = None) -> None:
    guard = 0
    while c.hand.phase != "done":
        guard += 1
        assert guard < 2000
        if wanted is not None and wanted in c.irregularities_now() and _report(c, wanted, rng):
            wanted = None
            continue
        with contextlib.suppress(InputError):
            random_input(c, rng)


def main() -> None:
    rng = random.Random(2612)
    store = Store(out / "hands.sqlite3")
    c = TableController(store)
    c.open_table("stud-1-2", None, PLAYERS)
    made = {"rulings": 0}
    for n in range(1, 7):
        s = c.session
        if n == 3:
            c.top_up(3, s.table.buy_in)  # Cy tops up between hands
        if n == 5:
            c.leave(6)  # Eve leaves with her chips
        c.start_hand()
        if n == 2:  # an undo (and no redo): the input is taken back for good
            for _ in range(4):
                random_input(c, rng)
            assert c.undo()
        play_to_awards(c, rng, wanted="I-5" if n == 4 else None)
        dealt = [p.seat for p in c.hand.players]
        c.finish_hand()
        if n == 3:
            _ruling_with_chips(c, made, dealt)
    # hand 7 is left open, mid third street
    c.start_hand()
    for _ in range(7):
        random_input(c, rng)
    facts = {
        "session": c.session_id,
        "hand_no": c.hand_no,
        "open_inputs": [list(i) for i in c.inputs],
        "stacks_at_start_of_open_hand": {str(p.seat): p.start for p in c.hand.players},
        "seals": [a.seal for a in store.seals(c.session_id)],
        "rulings": made["rulings"],
        "prompt": [c.prompt().kind, c.prompt().seat],
        "kinds": sorted({k for _h, k, _p, _a in store.iter_session_log(c.session_id)}),
    }
    store.close()  # no close_table: the hand stays open, as a crash leaves it
    (out / "facts.json").write_text(json.dumps(facts, indent=1, sort_keys=True) + "\n")
    print(json.dumps(facts, indent=1, sort_keys=True))


main()

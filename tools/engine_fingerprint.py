"""A fingerprint of the engine's behaviour: one hash over thousands of random hands.

    python tools/engine_fingerprint.py [--hands-per-pair 300]

Plays the same random hands on six tables under all three house profiles and hashes every
decision (seat to act, legal actions with amounts, rule IDs) and every event with its words.
Run it before and after a change that must not change behaviour (a speed-up, a refactoring):
the two hashes must be equal. Each event is hashed as ``to_dict()``, whose ``text`` is
the event's sentence filled in English. It measures nothing and proves no rule
right; the tests do that.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import zlib
from pathlib import Path

try:  # the installed package, else this checkout
    import dealer_app  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.simulate import play_random_hand

TABLES = ["stud-1-2", "stud-10-20", "stud-1-5-spread", "stud-1-3-spread", "casinos-austria-5-10-20", "stud8-10-20"]
PROFILES = ["us-cardroom", "casinos-austria", "tda-tournament"]


def fingerprint(hands_per_pair: int) -> tuple[int, str]:
    digest = hashlib.sha256()
    played = 0
    for table in TABLES:
        for profile in PROFILES:
            r = BettingRules.build(load_table(table), load_profile(profile))
            rng = random.Random(zlib.crc32(f"{table}/{profile}".encode()))
            for _ in range(hands_per_pair):
                n = rng.randint(2, r.max_players)
                stacks = [
                    rng.choice([r.ante + r.chip, r.bring_in * 3, r.big_bet * 4, r.big_bet * 40]) for _ in range(n)
                ]

                def decision(h):
                    if h.phase == "bet":
                        legal = [a.as_dict() for a in h.legal_actions()]
                        digest.update(repr((h.to_act.seat, h.decision_rules, legal)).encode())

                h = play_random_hand(r, stacks, rng, 0.4, 0.1, check=decision)
                digest.update(json.dumps([e.to_dict() for e in h.events], sort_keys=True).encode())
                played += 1
    return played, digest.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands-per-pair", type=int, default=300)
    args = ap.parse_args()
    import dealer_app.engine as engine

    played, digest = fingerprint(args.hands_per_pair)
    build = getattr(engine, "ENGINE_BUILD", "python")
    print(json.dumps({"engine_build": build, "hands": played, "fingerprint": digest}))


if __name__ == "__main__":
    main()

"""What a floor person's seal on a room ruling costs (issue 30 §4, record/floor_keys.py): sealing
one ruling (the console, once per ruling), checking one (every reader, once per ruling it
reads), and deciding which key is each login's from a room's enrollments (every reader, once per
look) — then a room's whole ruling check as the readers run it, per ruling, at a size.

    python benchmarks/bench_floor_seal.py [--rulings 2000] [--logins 50] [--repeat 3]

Pure Python and ``cryptography``'s Ed25519; no server. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from dealer_app.record.floor_keys import FloorKeyRow, floor_keys_from, seal_problem, seal_ruling
    from dealer_app.record.signing import FileSigner

    parser = argparse.ArgumentParser()
    parser.add_argument("--rulings", type=int, default=2000)
    parser.add_argument("--logins", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    signers = {f"floor_{i}": FileSigner.from_seed(secrets.token_bytes(32)) for i in range(args.logins)}
    rows = [FloorKeyRow(i, login, s.public_key, login) for i, (login, s) in enumerate(signers.items())]
    payload = {
        "case": "R-T1-7",
        "hand": 12,
        "moment": 3,
        "facts": "Seat 2 says seat 1 string-raised; the dealer confirms",
        "rules": ["I-3", "A-6"],
        "decision": "Seat 1 pays seat 2 one dollar",
        "remedy": "adjust",
        "chips": {"1": -100, "2": 100},
        "by": {"role": "floor", "name": "floor_0"},
    }
    logins = list(signers)
    for _ in range(args.repeat):
        started = time.perf_counter()
        sealed = [
            seal_ruling(signers[logins[i % len(logins)]], "T-ABCD1234", 3, 12, logins[i % len(logins)], payload)
            for i in range(args.rulings)
        ]
        seal_s = (time.perf_counter() - started) / args.rulings
        started = time.perf_counter()
        keys = floor_keys_from(rows)
        keys_s = time.perf_counter() - started
        started = time.perf_counter()
        problems = [seal_problem(p, "T-ABCD1234", 3, 12, logins[i % len(logins)], keys) for i, p in enumerate(sealed)]
        check_s = (time.perf_counter() - started) / args.rulings
        assert not any(problems)
        times = {"seal": seal_s, "check": check_s, "keys": keys_s}
        print(
            f"seal one ruling {times['seal'] * 1e6:.0f} µs, check one {times['check'] * 1e6:.0f} µs, "
            f"which key is whose ({args.logins} logins) {times['keys'] * 1e3:.2f} ms; "
            f"{args.rulings} rulings checked in {check_s * args.rulings:.2f} s"
        )


if __name__ == "__main__":
    main()

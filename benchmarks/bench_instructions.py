"""Instructions per hand of ``replay --check``'s and ``export``'s work, counted by valgrind's
callgrind: a figure that repeats to about 0.1% on a machine whose speed drifts (this VM's
pace changes by a third within minutes, so hands/s alone cannot show a 5% change).

    python benchmarks/bench_instructions.py [--hands 300]

Makes random hands with the engine (as bench_history.py does), writes them as one ``.phhs``,
and runs each workload twice under callgrind, once with the hands and once without, in the
same process setup; the difference divided by the hands is the work per hand (reading,
replay, and the verdict or the PHH text), without Python's start and the imports. Needs
valgrind (Debian's ``valgrind`` package). Figures, not assertions: the closing notes quote them.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_history import make_hands, write_phhs

# the child: imports what the work needs in both runs, then does the work on the hands or not
WORKLOADS = {
    "replay --check": """
from dealer_app.history.batch import work_units
from dealer_app.history.sources import unit_items
from dealer_app.history.reading import reports_of
import dealer_app.history.replay, dealer_app.history.verdict
if with_hands:
    for report in reports_of((it for u in work_units([path]) for it in unit_items(u)), verdict_only=True):
        pass
""",
    "export": """
from dealer_app.history.batch import work_units
from dealer_app.history.sources import unit_items
from dealer_app.history.export import hand_to_phh
from dealer_app.history.reading import engine_hands_of
import dealer_app.history.replay
if with_hands:
    for item in engine_hands_of(it for u in work_units([path]) for it in unit_items(u)):
        hand_to_phh(item[3])
""",
}
_COLLECTED = re.compile(r"Collected : (\d+)")


def instructions(code: str, path: Path, with_hands: bool) -> int:
    child = (
        f"import gc, sys\ngc.set_threshold(100_000, 20, 20)\npath = {str(path)!r}\nwith_hands = {with_hands}\n{code}"
    )
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", child],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"callgrind failed ({done.returncode}): {done.stderr.strip().splitlines()[-3:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        raise SystemExit(2)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_phhs(Path(tmp) / "hands.phhs", make_hands(args.hands))
        for name, code in WORKLOADS.items():
            per_hand = (instructions(code, path, True) - instructions(code, path, False)) / args.hands
            print(f"{name:15} {per_hand / 1e6:6.2f} M instructions per hand ({args.hands} hands)")


if __name__ == "__main__":
    main()

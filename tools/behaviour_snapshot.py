"""Everything a behaviour-preserving change must leave byte-identical, written to one folder.

    python tools/behaviour_snapshot.py OUT_DIR [--hands 3000]
    diff -r BEFORE_DIR AFTER_DIR        # empty: behaviour unchanged

Writes: the engine fingerprint (tools/engine_fingerprint.py); for every hand-history file of
the corpus (../shared/corpus/hand-histories, tests/data) ``replay --json --events``,
``replay --check``, ``export`` (PHH) and ``export --format text``; the same four for one
``.phhs`` of random engine hands; and each command's exit code. Issue 28 (the structure step)
runs it before and after each step. It checks nothing itself: the diff is the check.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_history import make_hands, write_phhs  # noqa: E402  (a sibling script, not a package)

from dealer_app.cli import main  # noqa: E402

CORPORA = [ROOT.parent / "shared" / "corpus" / "hand-histories", ROOT / "tests" / "data"]
SUFFIXES = {".phh", ".phhs", ".txt", ".xml"}
COMMANDS = {
    "replay-json": ["replay", "--json", "--events", "--jobs", "1"],
    "replay-check": ["replay", "--check", "--jobs", "1"],
    "export-phh": ["export", "--jobs", "1"],
    "export-text": ["export", "--format", "text", "--jobs", "1"],
}


def run(args: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as stop:
            code = stop.code
    return f"exit {code}\n--- stdout\n{out.getvalue()}--- stderr\n{err.getvalue()}"


def main_snapshot() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=3000)
    args = parser.parse_args()
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    fingerprint = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "engine_fingerprint.py")], capture_output=True, text=True, check=True
    )
    (args.out / "fingerprint.txt").write_text(fingerprint.stdout)
    phhs = write_phhs(args.out / "random.phhs", make_hands(args.hands))
    files = sorted(p for corpus in CORPORA if corpus.is_dir() for p in corpus.rglob("*") if p.suffix in SUFFIXES)
    # each input is named relative to the folder it is run from, so the paths the output
    # quotes are the same whichever OUT_DIR is given
    inputs = [(phhs.parent, phhs.name)] + [(ROOT.parent, str(p.relative_to(ROOT.parent))) for p in files]
    for folder, name in inputs:
        os.chdir(folder)
        for label, command in COMMANDS.items():
            (args.out / f"{name.replace('/', '__')}.{label}.out").write_text(run([*command, name]))
    print(f"{len(files) + 1} inputs x {len(COMMANDS)} commands written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main_snapshot())

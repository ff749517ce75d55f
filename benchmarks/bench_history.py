"""How fast, and in how much memory, the floor's file tools read hands; and how big the live
table's record grows per hand.

    python benchmarks/bench_history.py [--hands 10000] [--small 1000]

Makes random hands with the engine (stud-10-20, 5-7 players, every card known), writes them
as one PHH file per hand and as one ``.phhs`` file, then runs ``dealer-app replay --check`` and
``dealer-app export`` on them in a child process each (``export`` writes a file a hand with
``--out``; ``export>`` one stream, as ``export > day.phhs`` does), with one worker and with one per core,
reporting hands/s and the peak memory (max RSS) of the largest of its processes (each worker
reads only its own unit of hands), with the CPU a hand cost (all its processes), how many cores
were busy on average, and the share of the time the VM's host took (steal). Then plays hands
through the live table's controller into a fresh record and reports its bytes per hand.
Figures, not assertions: the closing notes compare them.
"""

from __future__ import annotations

import argparse
import atexit
import importlib.util
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.simulate import play_random_hand
from dealer_app.history.export import hand_to_phh

if TYPE_CHECKING:
    from types import ModuleType


def make_hands(count: int, seed: int = 7) -> list[str]:
    rules = BettingRules.build(load_table("stud-10-20"), load_profile("us-cardroom"))
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        stacks = [rng.choice((20000, 40000, 100000)) for _ in range(rng.randint(5, 7))]
        texts.append(hand_to_phh(play_random_hand(rules, stacks, rng)))
    return texts


def write_files(folder: Path, texts: list[str]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, text in enumerate(texts, 1):
        p = folder / f"hand{i:05d}.phh"
        p.write_text(text)
        paths.append(p)
    return paths


def write_phhs(path: Path, texts: list[str]) -> Path:
    with open(path, "w") as f:
        for i, text in enumerate(texts, 1):
            f.write(f"[{i}]\n{text}\n")
    return path


def run_child(args: list[str]) -> tuple[float, float, float, float]:
    """Seconds, peak MB, CPU seconds and the VM's steal share of ``dealer-app ARGS`` in a child
    process (output discarded). The CPU seconds are the child's and its workers' (user and
    system): this VM's pace drifts, and the CPU a hand costs shows whether a slow run was
    slower code or a busier machine; the steal share is the time the host gave to others."""
    code = (
        "import resource, sys\nfrom dealer_app.cli import main\n"
        "rc = main(sys.argv[1:])\n"
        "sys.stderr.write('PEAK %d\\n' % max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,\n"
        "                                   resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
        "sys.exit(rc)\n"
    )
    before, ticks_before = resource.getrusage(resource.RUSAGE_CHILDREN), _cpu_ticks()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=_child_env(),
    )
    seconds = time.perf_counter() - start
    after, ticks_after = resource.getrusage(resource.RUSAGE_CHILDREN), _cpu_ticks()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = next((int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK")), 0)
    if done.returncode != 0:
        print(f"  (exit {done.returncode}: {done.stderr.strip().splitlines()[-1:]})")
    return seconds, peak / 1024, cpu, _steal_share(ticks_before, ticks_after)


def _cpu_ticks() -> list[int]:
    """The machine's CPU time so far by kind (Linux's /proc/stat; empty elsewhere)."""
    try:
        with open("/proc/stat") as f:
            return [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return []


def _steal_share(before: list[int], after: list[int]) -> float:
    """The share of the machine's time between two readings that the host took for others."""
    if len(before) < 8 or len(after) < 8:
        return float("nan")
    spent = [b - a for a, b in zip(before, after, strict=False)]  # (a kernel may add columns)
    return spent[7] / max(1, sum(spent))  # (the eighth column is steal)


def _child_env() -> dict:
    """The children's environment, with Python's compiled bytecode kept between runs (in a
    folder of this run's, not in the source tree): an installed app has it, while a machine
    with PYTHONDONTWRITEBYTECODE set would compile every module at every start, a cost that
    is no part of reading hands."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = _PYCACHE
    return env


_PYCACHE = tempfile.mkdtemp(prefix="bench-pycache-")
atexit.register(shutil.rmtree, _PYCACHE, True)


def _tests_helper(name: str) -> ModuleType:
    """A helper module of the tests (tests/support), loaded from its file, so that this script
    needs no checkout on sys.path."""
    path = Path(__file__).resolve().parent.parent / "tests" / "support" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path  # a .py file always has a loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def record_bytes_per_hand(hands: int) -> tuple[float, float]:
    """Play ``hands`` random hands at the live table into a new record: bytes and rows per hand."""
    import sqlite3

    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store

    random_input = _tests_helper("live_random").random_input  # the live-table tests' random dealer
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "hands.sqlite3"
        c = TableController(Store(db))
        c.open_table("stud-5-10", None, [(s, f"P{s}", 100000) for s in range(1, 7)])
        rng = random.Random(3)
        played = 0
        c.start_hand()
        while played < hands:
            kind = c.prompt().kind
            if kind == "award":
                c.finish_hand()
                played += 1
                c.start_hand()
            else:
                random_input(c, rng)
        c.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = c.store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        c.store.close()
        sqlite3.connect(db).execute("VACUUM").connection.close()
        return db.stat().st_size / hands, rows / hands


def machine_pace() -> float:
    """Milliseconds a fixed pure-Python loop takes, best of five: this VM's speed drifts by a
    third within minutes, so the figures are printed beside it at the start and the end."""
    import timeit

    return min(timeit.repeat("sum(range(10 ** 6))", number=5, repeat=5)) / 5 * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--record-hands", type=int, default=200)
    args = parser.parse_args()
    print(f"machine pace at the start: {machine_pace():.1f} ms (a fixed loop; lower is faster)")
    print(f"making {args.hands} hands ...")
    texts = make_hands(args.hands)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        small_files = write_files(tmp / "small", texts[: args.small])
        big_files = write_files(tmp / "big", texts)
        small_phhs = write_phhs(tmp / "small.phhs", texts[: args.small])
        big_phhs = write_phhs(tmp / "big.phhs", texts)
        run_child(["replay", "--check", str(small_files[0])])  # (compiles the bytecode once)
        print(
            f"{'input':20} {'command':8} {'jobs':>4} {'hands':>6} {'seconds':>8} {'hands/s':>8} {'peak MB':>8}"
            f" {'CPU ms/hand':>11} {'cores busy':>10} {'steal':>6}"
        )
        results = {}
        for label, paths, n in (
            ("one file per hand", small_files, args.small),
            ("one file per hand", big_files, args.hands),
            (".phhs", [small_phhs], args.small),
            (".phhs", [big_phhs], args.hands),
        ):
            for command in ("replay", "export", "export>"):
                for jobs in ("1", "all"):
                    out = tmp / f"out-{label[0]}-{n}-{command}-{jobs}"
                    argv = (
                        ["replay", "--check"]
                        if command == "replay"
                        else ["export", "--out", str(out)]
                        if command == "export"
                        else ["export"]
                    )  # export>: one stream, not a file a hand
                    argv += ["--jobs", "1" if jobs == "1" else str(os.cpu_count())]
                    seconds, peak, cpu, steal = run_child(argv + [str(p) for p in paths])
                    results[(label, command, jobs, n)] = seconds
                    print(
                        f"{label:20} {command:8} {jobs:>4} {n:6} {seconds:8.2f} {n / seconds:8.0f} {peak:8.0f}"
                        f" {1000 * cpu / n:11.3f} {cpu / seconds:10.2f} {steal:6.1%}"
                    )
        for label in ("one file per hand", ".phhs"):
            for command in ("replay", "export"):
                ratio = results[(label, command, "1", args.hands)] / results[(label, command, "1", args.small)]
                print(
                    f"linearity ({label}, {command}, one job): {args.hands} hands take {ratio:.1f}x "
                    f"the time of {args.small}"
                )
    print(f"machine pace at the end: {machine_pace():.1f} ms")
    per_hand, rows = record_bytes_per_hand(args.record_hands)
    print(f"live record: {per_hand / 1024:.1f} KB and {rows:.0f} rows per hand ({args.record_hands} hands, 6-handed)")


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_NOFILE, resource.getrlimit(resource.RLIMIT_NOFILE))
    main()

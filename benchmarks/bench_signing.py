"""What the table's signed heads cost (issue 30): signing one head, checking one, and a commit of
one row (one dealer input) with signing on and off; then ``check`` (the start and the gates: the
latest head's signature) and ``verify`` (every head's signature) per row of a record.

    python benchmarks/bench_signing.py [--rows 3000] [--repeat 3]

Rows are written one commit each (as the live table writes an input), through ``Store.append``;
"signing off" is the same store given no signer (``_signer = None``), so the figure is what the
head (its Ed25519 signature, its row in ``heads`` and its line in the anchors file, fsynced) adds
to a commit. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def per_commit(folder: Path, rows: int, signing: bool) -> float:
    from dealer_app.record.rows import InputRow, OpenTableRow
    from dealer_app.record.store import Store

    store = Store(folder / f"h-{signing}.sqlite3", anchors=folder / f"a-{signing}.txt")
    if not signing:
        store._signer = None
    sid = store.open_session("stud-1-2", "house", [OpenTableRow("stud-1-2", "house")])
    start = time.perf_counter()
    for i in range(rows):
        store.append(sid, 1, [InputRow(["act", 1 + i % 7, "call"])])
    took = time.perf_counter() - start
    store.close()
    return took / rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["DEALER_APP_CONFIG"] = str(folder / "config")
        from dealer_app.record.signing import FileSigner, Head
        from dealer_app.record.store import Store

        signer = FileSigner.load_or_create(folder / "config" / "table-signing.key")
        head = Head("r" * 16, 123456, 123456, 7, 4242, "ab" * 32, "2027-01-01T00:00:00.000+00:00", "k" * 12)
        n = 5000
        t = time.perf_counter()
        for _ in range(n):
            signed = head.signed(signer)
        sign_us = (time.perf_counter() - t) / n * 1e6
        t = time.perf_counter()
        for _ in range(n):
            assert signed.holds(signer.public_key)
        check_us = (time.perf_counter() - t) / n * 1e6
        print(f"sign one head            {sign_us:8.1f} µs")
        print(f"check one head           {check_us:8.1f} µs")
        on, off = [], []
        for r in range(args.repeat):
            sub = folder / f"run{r}"
            sub.mkdir()
            off.append(per_commit(sub, args.rows, signing=False))
            on.append(per_commit(sub, args.rows, signing=True))
        print(f"commit of one row, signing off  {statistics.median(off) * 1e6:8.1f} µs (median of {args.repeat})")
        print(f"commit of one row, signing on   {statistics.median(on) * 1e6:8.1f} µs")
        store = Store.read_only(folder / "run0" / "h-True.sqlite3")
        anchors = folder / "run0" / "a-True.txt"
        rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        for label, every in (("check (latest head signed)", False), ("verify (every head signed)", True)):
            t = time.perf_counter()
            problems = store.check(anchors=anchors, every_signature=every)
            took = time.perf_counter() - t
            assert problems == [], problems
            print(f"{label:28} {took / rows * 1e6:8.1f} µs a row ({rows} rows, {took * 1000:.0f} ms)")
        unsigned = Store.read_only(folder / "run0" / "h-False.sqlite3")
        t = time.perf_counter()
        unsigned.check(anchors=folder / "run0" / "a-False.txt")
        took = time.perf_counter() - t
        print(f"{'check, record unsigned':28} {took / rows * 1e6:8.1f} µs a row")
        store.close()
        unsigned.close()


if __name__ == "__main__":
    main()

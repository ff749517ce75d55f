"""Where the tests' data lives (tests/data: hand-history corpora, committed records)."""

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
PHH_CORPUS = DATA / "pokerkit-phh-wsop-2023-43-5"
FPDB = DATA / "fpdb-regression-test-files"

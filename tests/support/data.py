"""Where the tests' data lives (tests/data: hand-history corpora, committed records)."""

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
PHH_CORPUS = DATA / "pokerkit-phh-wsop-2023-43-5"
FPDB = DATA / "fpdb-regression-test-files"


def other_game_phh(folder: Path) -> Path:
    """A PHH file of a game this app does not deal (2-7 triple draw, 'F2L3D'): a WSOP Razz
    hand with its variant changed, refused per hand by name."""
    path = folder / "triple-draw.phh"
    text = (PHH_CORPUS / "20.phh").read_text(encoding="utf-8")
    path.write_text(text.replace("variant = 'FR'", "variant = 'F2L3D'", 1), encoding="utf-8")
    return path

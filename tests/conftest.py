import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

DATA = Path(__file__).resolve().parent / "data"
PHH_CORPUS = DATA / "pokerkit-phh-wsop-2023-43-5"
FPDB = DATA / "fpdb-regression-test-files"

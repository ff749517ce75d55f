import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the record's key and anchors file live in the config folder: one of the run's own, so the
# tests never read or make the key of the machine's user (the tests' processes inherit it)
if "DEALER_APP_CONFIG" not in os.environ:
    import tempfile
    os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp(prefix="dealer-app-config-")

DATA = Path(__file__).resolve().parent / "data"
PHH_CORPUS = DATA / "pokerkit-phh-wsop-2023-43-5"
FPDB = DATA / "fpdb-regression-test-files"


import pytest  # noqa: E402


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_teardown(item):
    """A window closed by pytest-qt after the test must not stop to ask "the hand is not
    finished, quit anyway?" (a modal question nobody answers would hang the run)."""
    app_module = sys.modules.get("PySide6.QtWidgets")
    if app_module is not None and app_module.QApplication.instance() is not None:
        for w in app_module.QApplication.topLevelWidgets():
            if hasattr(w, "ask_before_closing"):
                w.ask_before_closing = False
    yield

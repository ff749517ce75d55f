import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the record's key and anchors file live in the config folder: one of the run's own, so the
# tests never read or make the key of the machine's user (the tests' processes inherit it)
if "DEALER_APP_CONFIG" not in os.environ:
    os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp(prefix="dealer-app-config-")
# the floor's own ruling keys (record/floor_keys.py): one folder for the run, as one floor machine's
# (each test room's floor logins have names of their own); the tests' processes inherit it
os.environ["DEALER_APP_FLOOR_KEYS"] = tempfile.mkdtemp(prefix="dealer-app-floor-keys-")
# nothing of the machine user's own settings (Qt's, and any XDG reader's) reaches a test
if "XDG_CONFIG_HOME" not in os.environ or not os.environ["XDG_CONFIG_HOME"].startswith(tempfile.gettempdir()):
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="dealer-app-xdg-config-")
# nor its data folder: a command's log (and any record opened by default) is the run's own, never
# the machine user's ~/.local/share (the fifth attack pass found the tests' log lines there)
if "XDG_DATA_HOME" not in os.environ or not os.environ["XDG_DATA_HOME"].startswith(tempfile.gettempdir()):
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="dealer-app-xdg-data-")

import pytest

from tests.support.floor_accounts import make_accounts
from tests.support.room import _ROOMS, Room


@pytest.fixture(scope="session", autouse=True)
def _floor_accounts_file(tmp_path_factory):
    """The run's floor accounts (Maria, Tom: tests/support/floor_accounts.py), before any
    module's fixture acts as the floor; the tests' processes inherit them."""
    path = make_accounts(tmp_path_factory.mktemp("floor") / "floor-accounts")
    os.environ["DEALER_APP_FLOOR_ACCOUNTS"] = str(path)
    return path


@pytest.fixture(autouse=True)
def floor_accounts(_floor_accounts_file, monkeypatch, tmp_path_factory):
    """Every test's floor accounts, and no wait left over from another test's refused tries."""
    from dealer_app.record.floor_accounts import BACKOFF

    monkeypatch.setenv("DEALER_APP_FLOOR_ACCOUNTS", str(_floor_accounts_file))
    # what a floor machine saw of a room (room/memory.py): each test's own, as each machine's is
    monkeypatch.setenv("DEALER_APP_ROOM_MEMORY", str(tmp_path_factory.mktemp("room-memory") / "room-memory.json"))
    BACKOFF.refusals.clear()
    BACKOFF.not_before.clear()
    return _floor_accounts_file


def pytest_sessionstart(session):
    """The German .qm is built from the .ts (it is not committed): before any test reads it,
    build it beside the .ts if it is missing or older, as the app does on first use."""
    from dealer_app.ui.translations import I18N, qm_file

    built = qm_file("de")
    assert built == I18N / "dealer_app_de.qm", f"the German translation could not be built: {built}"


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
    _delete_closed_windows()


def _delete_closed_windows() -> None:
    """The windows a test closed are deleted when it ends. pytest-qt closes them but keeps
    them, and every one left made each later language change (a German test installs and
    removes its translator: Qt tells every widget) slower: 1.2-1.8 s a German test by the end
    of the suite instead of 0.02 s, minutes in all."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None or widgets.QApplication.instance() is None:
        return
    from PySide6.QtCore import QCoreApplication, QEvent

    for w in widgets.QApplication.topLevelWidgets():
        if w.parentWidget() is None and not w.isVisible():
            w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


# --- the card room (issue 15): a real PostgreSQL server, one per run, a database per test -------
@pytest.fixture(scope="session")
def pg():
    """The run's PostgreSQL server (tests/support/pg_server.py), started on first use."""
    from tests.support.pg_server import PgServer

    server = PgServer()
    yield server
    server.destroy()


@pytest.fixture
def room(pg, request):
    import re

    name = f"r{next(_ROOMS)}_" + re.sub(r"[^a-z0-9]", "_", request.node.name.lower())[:30]
    return Room(pg, name)


# --- markers (issue 28): `pytest -m "not slow and not pg"` is the inner loop -------------------
PG_FIXTURES = {"pg", "room"}  # a real PostgreSQL server (started once a run)
QT_FIXTURES = {"qtbot", "qapp"}


def pytest_collection_modifyitems(config, items):
    """``pg``: needs the PostgreSQL server; ``qt``: drives Qt widgets; ``slow``: a module that
    runs whole sessions, batteries or child processes (SLOW_MODULES, measured)."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & PG_FIXTURES:
            item.add_marker(pytest.mark.pg)
        module = item.module.__name__.rpartition(".")[2]  # tests.ui.test_ui_fits -> test_ui_fits
        if names & QT_FIXTURES or module.startswith("test_ui_"):
            item.add_marker(pytest.mark.qt)
        if module in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


# the modules that took over ~2 s each in one run (pytest --durations=0 -m "not pg"): the
# batteries, the oracles over hundreds of drills, whole-session records, SIGKILLs, window fits
SLOW_MODULES = {
    "test_hostile_files",
    "test_hostile_records",
    "test_drills",
    "test_ui_fits",
    "test_ui_floor",
    "test_floor_every_hand",
    "test_floor_cases",
    "test_floor_report",
    "test_live_kill_and_share",
    "test_live_sessions_property",
    "test_pokerkit_phh_differential",
    "test_properties",
    "test_oracles",
    "test_trainer_reports",
    "test_trainer_facts_on_screen",
    "test_fuzz_files",
}

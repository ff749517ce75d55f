"""The engine imports no Qt (design card; napari-style import contract)."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "dealer_app" / "engine"
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "qtpy")


def test_no_qt_import_statement_in_engine():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_the_engine_and_replay_loads_no_qt():
    code = (
        "import sys, dealer_app.engine, dealer_app.history.replay; "
        f"print([m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_engine_holds_no_float_money():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "float(" not in text, path.name


# --- import contracts (napari style): each layer imports only what is below it ------------------
PACKAGE = ENGINE.parent
LAYERS_BELOW = {
    # layer: the dealer_app packages it may import (besides itself)
    "engine": set(),
    "history": {"engine"},
    "record": {"engine"},  # the app's own record: below the table that writes it
    "live": {"engine", "history", "record"},
    "room": {"engine", "history", "record"},  # the card room's server (issue 15): no Qt, no live table
    "floor": {"engine", "history", "record", "live"},
    "training": {"engine", "history", "record"},
    "ui": {"engine", "history", "record", "live", "floor", "training", "room"},
}


def _imports(path: Path) -> list[str]:
    """Every module an ``import`` statement in ``path`` names (at any depth: a lazy import counts)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_each_layer_imports_only_the_layers_below_it():
    offenders = []
    for layer, allowed in LAYERS_BELOW.items():
        for path in (PACKAGE / layer).rglob("*.py"):
            for name in _imports(path):
                parts = name.split(".")
                if (
                    parts[0] == "dealer_app"
                    and len(parts) > 1
                    and parts[1] in LAYERS_BELOW
                    and parts[1] != layer
                    and parts[1] not in allowed
                ):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


def test_no_qt_outside_the_ui():
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[0] != "ui"
        for name in _imports(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_replaying_one_hand_imports_nothing_that_reads_files():
    # the orchestrator (history/reading.py) and the file reader (history/sources.py) use replay
    # and verdict; an import the other way round is the cycle issue 11 removed
    for module in ("replay.py", "verdict.py", "replay_report.py"):
        names = _imports(PACKAGE / "history" / module)
        assert not [n for n in names if n in ("dealer_app.history.reading", "dealer_app.history.sources")], module


def test_nothing_below_the_command_line_imports_it():
    # the command line is the top: the UI and every package below take nothing from it (only
    # ``python -m dealer_app``, the package's own entry point, starts it)
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[0] not in ("cli", "__main__.py")
        for name in _imports(path)
        if name == "dealer_app.cli" or name.startswith("dealer_app.cli.")
    ]
    assert offenders == []


def test_settings_is_the_lowest_layer():
    # every package reads its folders from settings.py: it imports nothing of the app
    names = _imports(PACKAGE / "settings.py")
    assert [n for n in names if n.split(".")[0] in ("dealer_app", *FORBIDDEN)] == []

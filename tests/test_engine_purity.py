"""The engine imports no Qt (design card; napari-style import contract)."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "dealer_app" / "engine"
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
    code = ("import sys, dealer_app.engine, dealer_app.history.replay; "
            "print([m for m in sys.modules if m.split('.')[0] in %r])" % (FORBIDDEN,))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_engine_holds_no_float_money():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "float(" not in text, path.name

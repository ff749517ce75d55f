"""The architecture is configuration: import-linter's contracts in pyproject.toml (layers, Qt
only in the UI, replay reads no files, no import circle among siblings) hold, and the engine
stays Qt-free and float-free when it runs."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "dealer_app" / "engine"
QT = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "qtpy")


def test_the_import_contracts_in_pyproject_hold():
    done = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert f"Contracts: {len(contracts)} kept, 0 broken." in done.stdout


def test_the_contracts_name_every_package_and_its_layer():
    """A new package must be given its place: every package of dealer_app is in the layers."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    named = {m.split("#")[0].strip() for layer in layers for m in layer.split("|")}
    packages = {f"dealer_app.{p.name}" for p in (ROOT / "dealer_app").iterdir() if (p / "__init__.py").is_file()}
    assert packages <= named, packages - named
    assert {"acyclic_siblings", "forbidden"} <= {c["type"] for c in config["contracts"]}


def test_importing_the_engine_and_replay_loads_no_qt():
    code = (
        "import sys, dealer_app.engine, dealer_app.history.replay, dealer_app.cli; "
        f"print([m for m in sys.modules if m.split('.')[0] in {QT!r}])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_engine_holds_no_float_money():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "float(" not in text, path.name

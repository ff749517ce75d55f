"""The compiled translations: each ``.qm`` built from the ``.ts`` the translators edit, never committed.

The ``.ts`` beside this module (``i18n/dealer_app_de.ts``, edited with Qt Linguist) is the
source of every translation. The ``.qm`` Qt reads is built from it by ``pyside6-lrelease``:
by packaging/build.sh before bundling, and otherwise here, on first use, when it is missing or
older than its ``.ts`` (a fresh clone, an edited translation): next to the ``.ts`` when that
folder can be written, else in the user's cache folder (an installed, read-only package).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)

I18N = Path(__file__).resolve().parent / "i18n"


def cache_dir() -> Path:
    """Where a translation is compiled when the package's own folder is read-only."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dealer-app" / "i18n"


def lrelease() -> list[str]:
    """The command that compiles a .ts: PySide6's own lrelease (no Qt tools need be installed)."""
    import PySide6

    here = Path(PySide6.__file__).resolve().parent
    for name in ("lrelease", "lrelease.exe", "Qt/libexec/lrelease"):
        if (here / name).is_file():
            return [str(here / name)]
    return [sys.executable, "-c", "from PySide6.scripts.pyside_tool import lrelease; lrelease()"]


def compile_qm(ts: Path, qm: Path) -> bool:
    """Build ``qm`` from ``ts`` (written whole, then moved in place: a reader never sees half of
    it); False when it cannot be built there."""
    try:
        qm.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=".qm", dir=qm.parent)
        os.close(fd)
    except OSError:
        return False
    try:
        done = subprocess.run([*lrelease(), "-silent", str(ts), "-qm", tmp], capture_output=True, check=False)
        if done.returncode != 0 or not Path(tmp).stat().st_size:
            log.warning("lrelease could not build %s: %s", qm, done.stderr.decode(errors="replace"))
            return False
        os.chmod(tmp, 0o644)  # readable by every user, as the package's other files
        os.replace(tmp, qm)
        return True
    except OSError as exc:
        log.warning("lrelease could not build %s: %s", qm, exc)
        return False
    finally:
        Path(tmp).unlink(missing_ok=True)


def _fresh(qm: Path, ts: Path) -> bool:
    return qm.is_file() and qm.stat().st_mtime >= ts.stat().st_mtime


def qm_file(lang: str) -> Path | None:
    """The compiled translation for ``lang``, built first if missing or stale; None if there is
    none (no such language, or it cannot be built anywhere)."""
    ts, qm = I18N / f"dealer_app_{lang}.ts", I18N / f"dealer_app_{lang}.qm"
    if not ts.is_file():  # a bundle carries the .qm alone, built by packaging/build.sh
        return qm if qm.is_file() else None
    cached = cache_dir() / qm.name
    for target in (qm, cached):
        if _fresh(target, ts) or compile_qm(ts, target):
            return target
    return qm if qm.is_file() else None

"""Add the source texts of every tr()/translate()/QT_TRANSLATE_NOOP in dealer_app/ to the .ts files.

    .venv/bin/python tools/update_translations.py

The .ts is the source of the German: translators edit it with Qt Linguist
(``pyside6-linguist dealer_app/ui/i18n/dealer_app_de.ts``; the glossary is
dealer_app/ui/i18n/GLOSSARY.md). The .qm is built from it by the app on first use, by the
tests and by packaging/build.sh — never committed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "dealer_app").rglob("*.py"))
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    command = [str(lupdate) if lupdate.exists() else "pyside6-lupdate", *sources, "-no-obsolete"]
    for ts in sorted((ROOT / "dealer_app" / "ui" / "i18n").glob("*.ts")):
        if subprocess.run([*command, "-ts", str(ts.relative_to(ROOT))], cwd=ROOT, check=False).returncode:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

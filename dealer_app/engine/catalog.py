"""The rules catalog text, by rule ID, for the rulings panel and floor tools.

A copy of the team's catalog (../shared/rules/STUD_RULES.md) ships in dealer_app/data so an
installed app can show a rule's words when a dealer clicks its ID.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
CATALOG = DATA / "STUD_RULES.md"
# the same catalog in German (the rulings panel shows the reader's language); same IDs, same order
CATALOGS = {"en": CATALOG, "de": DATA / "STUD_RULES.de.md"}
_RULE = re.compile(r"^- \*\*([A-Z]-\d+)\*\* (.*)$")


@lru_cache(maxsize=4)
def rule_texts(language: str = "en") -> dict[str, str]:
    """{rule ID: its text} (continuation lines joined). A rule that §12 (house decisions where
    the sources are silent) takes up again keeps its own text, and §12's follows on a new line."""
    rules: dict[str, str] = {}
    current = None
    for line in CATALOGS.get(language, CATALOG).read_text(encoding="utf-8").splitlines():
        m = _RULE.match(line)
        if m:
            current = m.group(1)
            text = m.group(2).strip()
            rules[current] = f"{rules[current]}\n{text}" if current in rules else text
        elif current and line.startswith("  ") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None
    return rules


def rule_text(rule_id: str, language: str = "en") -> str:
    return rule_texts(language).get(rule_id, "")

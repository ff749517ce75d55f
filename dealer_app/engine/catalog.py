"""The rules catalog text, by rule ID, for the rulings panel and floor tools.

A copy of the team's catalog (../shared/rules/STUD_RULES.md) ships in dealer_app/data so an
installed app can show a rule's words when a dealer clicks its ID.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

CATALOG = Path(__file__).resolve().parents[1] / "data" / "STUD_RULES.md"
_RULE = re.compile(r"^- \*\*([A-Z]-\d+)\*\* (.*)$")


@lru_cache(maxsize=1)
def rule_texts() -> dict[str, str]:
    """{rule ID: its text} (continuation lines joined)."""
    rules: dict[str, str] = {}
    current = None
    for line in CATALOG.read_text(encoding="utf-8").splitlines():
        m = _RULE.match(line)
        if m:
            current = m.group(1)
            rules[current] = m.group(2).strip()
        elif current and line.startswith("  ") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None
    return rules


def rule_text(rule_id: str) -> str:
    return rule_texts().get(rule_id, "")

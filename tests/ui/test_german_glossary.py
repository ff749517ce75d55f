"""German: one word per thing, the words German card rooms and the German sources use (the
glossary in dealer_app/ui/i18n/GLOSSARY.md; issue 25). Every German text a person reads — the
translations in the .ts file and the catalog's German
copy — is checked for the variants the glossary rules out, and a German sentence never starts
lower-case where its English starts upper-case."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "dealer_app" / "ui" / "i18n" / "dealer_app_de.ts"
RULES_DE = ROOT / "dealer_app" / "data" / "STUD_RULES.de.md"

# (what is ruled out, the glossary's word for it); each pattern is case-sensitive where case matters
BANNED = [
    (re.compile(r"[Tt]ürkarte"), "Door Card"),
    (re.compile(r"\b(Dritte|Vierte|Fünfte|Sechste|Siebte|Siebente) Karte"), "3. Karte … 7. Karte"),
    (
        re.compile(r"\b(bei|in|auf|nach|vor|ab|seit) der (dritten|vierten|fünften|sechsten|siebten|siebenten) Karte"),
        "bei der 3. Karte … 7. Karte",
    ),
    (re.compile(r"[Nn]icht gehalten"), "nicht gecallter Einsatz"),
    (re.compile(r"\b[Ss]treets?\b"), "3. Karte … 7. Karte, Runde"),
    (re.compile(r"\b(Fixed|Spread|Split)-Limit|Spread- und"), "Fixed Limit, Spread Limit, Split Limit"),
    (re.compile(r"Kartensaal"), "Cardroom"),
]


def ts_pairs() -> list[tuple[str, str]]:
    pairs = []
    for message in ET.parse(TS).getroot().iter("message"):
        translation = message.find("translation")
        german = "".join(translation.itertext()) if translation is not None else ""
        pairs.append((message.findtext("source") or "", german))
    return pairs


def rules_lines() -> list[tuple[str, str]]:
    """The catalog's German copy, line by line (no English beside it: the source is empty)."""
    return [("", line) for line in RULES_DE.read_text(encoding="utf-8").splitlines()]


SOURCES = {"dealer_app_de.ts": ts_pairs, "STUD_RULES.de.md": rules_lines}


def _straße_is_a_street(english: str, german: str) -> bool:
    """ "Straße" is the straight (the hand); never a street. With the English beside it, the
    English says straight; in the catalog's copy it stands beside the flushes."""
    if "Straße" not in german:
        return False
    if english:
        return "straight" not in english.lower()
    return "Flush" not in german


@pytest.mark.parametrize("where", sorted(SOURCES))
def test_no_german_text_uses_a_variant_the_glossary_rules_out(where):
    offenders = []
    for english, german in SOURCES[where]():
        for pattern, word in BANNED:
            found = pattern.search(german)
            if found:
                offenders.append(f"{found.group(0)!r} (say {word}) in {german!r}")
        if _straße_is_a_street(english, german):
            offenders.append(f"'Straße' for a street (say 4. Karte, Runde) in {german!r}")
    assert not offenders, "\n".join(offenders)


def _first_letters(text: str) -> list[str]:
    """The first letter of each sentence: at the start (past an & mnemonic, quotes and
    brackets) and after a full stop, question or exclamation mark and a space; "%" for a
    sentence that starts with a placeholder (its word is the placeholder's)."""
    text = re.sub(r"<[^>]+>", "", text)  # rich text's tags
    starts = []
    for sentence in re.split(r"(?<=[.!?]) ", text):
        bare = re.sub(r"^[\s&\"'„“(\[—·–-]+", "", sentence)
        if bare[:1].isalpha() or bare[:1] == "%":
            starts.append(bare[:1])
    return starts


@pytest.mark.parametrize("where", ["dealer_app_de.ts"])
def test_a_german_sentence_starts_upper_case_where_the_english_does(where):
    """Sentence for sentence, where the German has as many sentences as the English (a
    refusal's template starts lower-case in both: it is also a part of other sentences)."""
    offenders = []
    for english, german in SOURCES[where]():
        if not german:
            continue
        ours, theirs = _first_letters(english), _first_letters(german)
        if len(ours) != len(theirs):
            continue
        if any(e.isupper() and g.islower() for e, g in zip(ours, theirs, strict=True)):
            offenders.append(f"{english!r} -> {german!r}")
    assert not offenders, "\n".join(offenders)


def test_the_checks_catch_what_they_are_for():
    """Each check fails on the variant the audit found (so a pattern that matches nothing is
    caught here, not trusted)."""
    found = [
        german
        for german in (
            "Die Türkarte",
            "Vierte Karte",
            "bei der vierten Karte",
            "Nicht gehaltener Einsatz",
            "Street %1",
            "Fixed-Limit",
            "Kartensaal",
        )
        if any(p.search(german) for p, _w in BANNED)
    ]
    assert len(found) == 7, found
    assert _straße_is_a_street("Next street", "Nächste Straße")
    assert not _straße_is_a_street("straight, %1 high", "Straße, %1 hoch")
    assert not _straße_is_a_street("", "Straßen und Flushes verderben kein Low")
    assert _first_letters("%1 is complete. Next: seat 2") == ["%", "N"]
    assert _first_letters("&Quit. „dies") == ["Q", "d"]

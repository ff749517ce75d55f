"""From files to replayed hands, one hand at a time: what ``replay`` and ``export`` read.

A file is detected by its content (PHH, or a site's text), read hand by hand, and each hand is
replayed and forgotten before the next is read, so memory does not grow with the number of
hands. Anything that is not a readable hand — a missing file, a folder, bytes in no known
encoding, a broken TOML part, a hand a site importer refuses — becomes a ``Problem`` naming
the file (and the hand and line where known); the rest goes on.

This module is the orchestrator: ``replay.py`` replays one hand, ``verdict.py`` compares one
replay with the server; neither imports this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from dealer_app.history.importers import ImportedHand, Refusal, UnreadableText, detect, iter_text, read_text
from dealer_app.history.phh import PHHError, PHHHand, iter_phh
from dealer_app.history.replay_report import ReplayReport


@dataclass(frozen=True)
class Problem:
    """A file, or a part of one, that holds no hand to replay; ``refused`` for a hand that
    was read but is of a kind not replayed (Razz, no-limit, …), as opposed to a broken one."""

    source: str
    message: str
    refused: bool = False

    def __str__(self) -> str:
        return self.message


Item = PHHHand | ImportedHand | Problem


def read_items(paths) -> Iterator[Item]:
    """Every hand of every file, in order: a PHH hand, a site's imported hand, or a Problem."""
    for path in paths:
        yield from _read_file(Path(path))


def _read_file(path: Path) -> Iterator[Item]:
    if path.is_dir():
        yield Problem(str(path), f"{path}: is a folder, not a hand history file")
        return
    try:
        text = read_text(path)
    except FileNotFoundError:
        yield Problem(str(path), f"{path}: no such file")
        return
    except (OSError, UnreadableText) as exc:
        yield Problem(str(path), f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
        return
    kind = detect(text)
    if kind == "phh" or (kind is None and path.suffix in (".phh", ".phhs")):
        for item in iter_phh(text, str(path)):
            yield Problem(str(path), str(item)) if isinstance(item, PHHError) else item
        return
    for item in iter_text(text, str(path), kind):
        if isinstance(item, Refusal):
            yield Problem(f"{item.source}#{item.hand_id}", str(item), refused=_is_refusal_of_kind(item))
        else:
            yield item


def _is_refusal_of_kind(r: Refusal) -> bool:
    """A hand of a game this app does not replay (as opposed to one it could not read)."""
    return "not supported" in r.reason or "is not a stud game" in r.reason or "not one this app reads" \
        in r.reason or "not a hand history this app reads" in r.reason


def iter_reports(paths, profile: str | None = None, table: str | None = None,
                 with_events: bool = False) -> Iterator[ReplayReport]:
    """The replay report of every hand of every file (see ``reports_of``)."""
    return reports_of(read_items(paths), profile, table, with_events)


def reports_of(items, profile: str | None = None, table: str | None = None,
               with_events: bool = False, verdict_only: bool = False) -> Iterator[ReplayReport]:
    """The replay report of every hand of every file (see ``replay.py``), each with its
    ``verdict`` ({"agrees", "problems"}): for PHH, legality, finishing stacks and show order;
    for a site's text, everything issue #3 compares with the server. ``with_events``: each
    report's raw ``events`` too (``--json --events``). ``verdict_only`` (``--check``): a PHH
    hand's report leaves out what its verdict does not read (each decision's legal list)."""
    from dealer_app.history.replay import RulesMemo, failed_report, replay_hand
    from dealer_app.history.verdict import phh_verdict, verdict
    memo = RulesMemo()
    for item in items:
        if isinstance(item, Problem):
            r = failed_report(item.source, item.message)
            r.verdict = {"agrees": False, "problems": [item.message]}
            if not item.refused:
                r.unreadable = True
            yield r
        elif isinstance(item, ImportedHand):
            yield verdict(item, profile, None, table, memo)["report"]
        else:
            r = replay_hand(item, profile, table, with_events=with_events, memo=memo,
                            with_decisions=not verdict_only)
            problems = phh_verdict(r, item) if r.supported else list(r.errors)
            r.verdict = {"agrees": not problems, "problems": problems}
            yield r


def replay_files(paths, profile: str | None = None, table: str | None = None) -> list[ReplayReport]:
    """``iter_reports`` as a list, events included (for a few files; the command line streams)."""
    return list(iter_reports(paths, profile, table, with_events=True))


def engine_hands_of(items, profile: str | None = None, table: str | None = None):
    """(file, hand id in it or "", hand number, the engine's Hand) for every hand that replays
    to its end, or a message (str) for each one that does not: what ``export`` writes."""
    from dealer_app.history.replay import RulesMemo, replay_with_engine
    from dealer_app.history.verdict import site_rules
    count, memo = 0, RulesMemo()
    for item in items:
        if isinstance(item, Problem):
            yield item.message
            continue
        if isinstance(item, ImportedHand):
            site_profile, options = site_rules(item.site)
            phh = item.phh
        else:
            site_profile, options, phh = None, {}, item
        report, hand = replay_with_engine(phh, profile or site_profile, table, options if not profile else {},
                                          with_events=False, memo=memo, with_decisions=False)
        if hand is None or report.errors:
            yield "\n".join(report.errors) or f"{phh.source}: not replayed"
            continue
        count += 1
        src, _, hand_id = phh.source.partition("#")
        number = hand_id if hand_id.isdigit() else str(phh.fields.get("hand", count))
        yield src, hand_id, number, hand

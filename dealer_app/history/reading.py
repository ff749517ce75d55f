"""From hands to replay reports and engine hands, one at a time: what ``replay`` and
``export`` print and write.

The hands come from ``sources.py`` (files to hands-or-problems); each is replayed and
forgotten before the next is read, so memory does not grow with the number of hands. This
module is the orchestrator: ``replay.py`` replays one hand, ``verdict.py`` compares one
replay with the server; neither imports this one, nor ``sources.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.history.importers import ImportedHand
from dealer_app.history.replay import RulesMemo, failed_report, replay_hand, replay_with_engine
from dealer_app.history.sources import Item, Problem, read_items
from dealer_app.history.verdict import phh_verdict, site_rules, verdict

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from dealer_app.history.replay_report import ReplayReport

__all__ = ["Item", "Problem", "engine_hands_of", "iter_reports", "read_items", "replay_files", "reports_of"]


def iter_reports(
    paths,
    profile: str | None = None,
    table: str | None = None,
    with_events: bool = False,
    limits_dir: Path | None = None,
) -> Iterator[ReplayReport]:
    """The replay report of every hand of every file (see ``reports_of``)."""
    return reports_of(read_items(paths), profile, table, with_events, limits_dir=limits_dir)


def reports_of(
    items,
    profile: str | None = None,
    table: str | None = None,
    with_events: bool = False,
    verdict_only: bool = False,
    limits_dir: Path | None = None,
) -> Iterator[ReplayReport]:
    """The replay report of every hand of every file (see ``replay.py``), each with its
    ``verdict`` ({"agrees", "problems"}): for PHH, legality, finishing stacks and show order;
    for a site's text, everything issue #3 compares with the server. ``with_events``: each
    report's raw ``events`` too (``--json --events``). ``verdict_only`` (``--check``): a PHH
    hand's report leaves out what its verdict does not read (each decision's legal list).
    ``limits_dir``: where tables and profiles named are loaded from (``--limits``; None:
    ``settings.limits_dir``), handed down, as a worker process is handed it."""

    memo = RulesMemo()
    for item in items:
        if isinstance(item, Problem):
            r = failed_report(item.source, item.message)
            r.verdict = {"agrees": False, "problems": [item.message]}
            if not item.refused:
                r.unreadable = True
            yield r
        elif isinstance(item, ImportedHand):
            yield verdict(item, profile, None, table, memo, limits_dir)["report"]
        else:
            r = replay_hand(
                item,
                profile,
                table,
                with_events=with_events,
                memo=memo,
                with_decisions=not verdict_only,
                limits_dir=limits_dir,
            )
            problems = phh_verdict(r, item) if r.supported else list(r.errors)
            r.verdict = {"agrees": not problems, "problems": problems}
            yield r


def replay_files(
    paths, profile: str | None = None, table: str | None = None, limits_dir: Path | None = None
) -> list[ReplayReport]:
    """``iter_reports`` as a list, events included (for a few files; the command line streams)."""
    return list(iter_reports(paths, profile, table, with_events=True, limits_dir=limits_dir))


def engine_hands_of(items, profile: str | None = None, table: str | None = None, limits_dir: Path | None = None):
    """(file, hand id in it or "", hand number, the engine's Hand) for every hand that replays
    to its end, or a message (str) for each one that does not: what ``export`` writes."""

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
        report, hand = replay_with_engine(
            phh,
            profile or site_profile,
            table,
            options if not profile else {},
            with_events=False,
            memo=memo,
            with_decisions=False,
            limits_dir=limits_dir,
        )
        if hand is None or report.errors:
            yield "\n".join(report.errors) or f"{phh.source}: not replayed"
            continue
        count += 1
        src, _, hand_id = phh.source.partition("#")
        number = hand_id if hand_id.isdigit() else str(phh.fields.get("hand", count))
        yield src, hand_id, number, hand

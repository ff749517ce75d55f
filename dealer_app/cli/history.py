"""``dealer-app replay`` and ``dealer-app export``: hand histories (PHH, PokerStars, Full Tilt)
replayed by the engine, and hands written out as PHH or text (from files or the live record).

Hands are read, replayed and written one at a time, so memory does not grow with the input;
a large input is shared among worker processes (``history/batch.py``), its order kept.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.cli.common import (
    ExitCode,
    UsageError,
    command,
    fewer_collections,
    limits_folder,
    open_record_file,
    say,
)

if TYPE_CHECKING:  # (the command line imports what a command needs when it runs: a quick start)
    from dealer_app.history.replay_report import ReplayReport


def _check_rules_given(args, limits_dir: Path) -> None:
    """A mistyped --profile or --table is a usage error, said once, not once per hand."""
    from dealer_app.engine.limits import LimitsError, load_profile, load_table
    from dealer_app.history.replay import DEFAULT_PROFILE

    try:
        load_profile(args.profile or DEFAULT_PROFILE, limits_dir)  # the default too: a broken one is said once
        if args.table:
            load_table(args.table, limits_dir)
    except LimitsError as exc:
        raise UsageError("; ".join(exc.problems)) from None


def cmd_replay(args: argparse.Namespace) -> ExitCode:
    import functools

    from dealer_app.history import batch

    folder = limits_folder(args)
    _check_rules_given(args, folder)
    fewer_collections()
    mode = "check" if args.check else "json" if args.json else "text"
    work = functools.partial(_replay_unit, mode, args.profile, args.table, bool(args.json and args.events), folder)
    results = (
        r
        for unit_results in batch.run(batch.work_units(args.files), work, batch.jobs_for(args.files, args.jobs))
        for r in unit_results
    )
    if mode == "check":
        return _print_checks(results)
    if mode == "json":
        return _print_json(results)
    bad = False
    for failed, text in results:
        print(text)
        bad = bad or failed
    return ExitCode.FAILED if bad else ExitCode.OK


def _replay_unit(mode: str, profile, table, with_events: bool, limits_dir: Path, unit: tuple) -> list:
    """One unit of hands replayed and rendered (in a worker process, or in this one, handed
    the folder of limit tables): for ``check`` (status, lines), for ``json`` (failed, JSON
    text), for ``text`` (failed, words)."""
    from dealer_app.engine.bounded import printable
    from dealer_app.history.reading import reports_of
    from dealer_app.history.report import report_text
    from dealer_app.history.sources import unit_items

    out: list[tuple] = []
    items = unit_items(unit)
    for r in reports_of(items, profile, table, with_events, verdict_only=mode == "check", limits_dir=limits_dir):
        if mode == "check":  # (a file's name printed as it is could drive the terminal: escaped)
            status, lines = _check_lines(r)
            out.append((status, [printable(line) for line in lines]))
        elif mode == "json":
            failed = _has_problem(r)
            r.unreadable = None  # (said by the exit code and the message, not a --json key)
            out.append((failed, r.to_json()))
        else:
            out.append((_has_problem(r), printable(report_text(r))))
    return out


def _has_problem(r: ReplayReport) -> bool:
    """Whether a hand's report is a problem found in the input (exit 1): an error or an
    illegal action, but not a game this app does not replay (as ``--check`` counts it)."""
    refused_game = r.supported is False and not r.unreadable
    return not refused_game and bool(r.errors or r.illegal)


def _check_lines(r: ReplayReport) -> tuple[str, list[str]]:
    """A hand's ``--check`` verdict: its status and the lines that say it."""
    v = r.verdict or {"agrees": False, "problems": []}
    if r.supported is False:
        reason = "; ".join(v["problems"]) or "not supported"
        if r.unreadable:
            return "unreadable", [f"{r.source}: cannot be read: {reason}"]
        return "not replayed", [f"{r.source}: not replayed: {reason}"]
    if v["agrees"]:
        return "agree", [f"{r.source}: agrees"]
    return "disagree", [f"{r.source}: {len(v['problems'])} disagreement(s)"] + [f"  {p}" for p in v["problems"]]


def _print_checks(results) -> ExitCode:
    """Per hand: agrees, each disagreement, or why it was not replayed; then the counts.
    The exit code reflects disagreements (and unreadable input) only."""
    counts = {"agree": 0, "disagree": 0, "not replayed": 0, "unreadable": 0}
    for status, lines in results:
        counts[status] += 1
        print("\n".join(lines))
    print(
        f"{counts['agree']} agree, {counts['disagree']} disagree, {counts['not replayed']} not replayed"
        + (f", {counts['unreadable']} unreadable" if counts["unreadable"] else "")
    )
    return ExitCode.FAILED if counts["disagree"] or counts["unreadable"] else ExitCode.OK


def _print_json(results) -> ExitCode:
    """``{"hands": [...]}``, written hand by hand."""
    bad = False
    out = sys.stdout
    out.write('{"hands": [')
    for i, (failed, text) in enumerate(results):
        out.write(("," if i else "") + "\n" + text)
        bad = bad or failed
    out.write("\n]}\n")
    return ExitCode.FAILED if bad else ExitCode.OK


def cmd_export(args: argparse.Namespace) -> ExitCode:
    """Hands the engine holds, as PHH or PokerStars-style text: from files or the live record.
    With ``--out`` each worker writes its own hands' files (creating 10,000 files is most of
    an export's time on some disks), under names fixed before the run so that they are the
    same for any number of workers."""
    import functools

    from dealer_app.history import batch

    if bool(args.db) == bool(args.files):
        raise UsageError("give hand history FILEs or --db RECORD (one of the two)")
    out_dir = _output_folder(args.out)
    folder = limits_folder(args)
    _check_rules_given(args, folder)
    fewer_collections()
    target = None
    if out_dir is not None:
        target = (
            str(out_dir),
            ".phh" if args.format == "phh" else ".txt",
            frozenset(os.listdir(out_dir)),
        )  # what was there before: never overwritten
    if args.db:
        results = _export_hands(args.format, target, {}, _record_hands(args.db, folder), folder)
    else:
        prefixes = _file_prefixes(args.files)
        jobs = batch.jobs_for(args.files, args.jobs)
        if target is not None and _names_may_clash(prefixes.values()):
            jobs = 1  # "big-250" the input and hand 250 of "big": who gets the name must not depend on timing
        work = functools.partial(_export_unit, args.format, args.profile, args.table, folder, target)
        units = ((unit, {p: prefixes[p] for p in _unit_paths(unit)}) for unit in batch.work_units(args.files))
        results = (r for unit_results in batch.run(units, work, jobs) for r in unit_results)
    written = failed = 0
    repeats: dict[tuple[str, str], list] = {}  # (input, hand id): [times again, the file it is in]
    from dealer_app.engine.bounded import printable

    for ok, text in results:
        if ok is None:
            src, hand_id, same = text
            repeats.setdefault((src, hand_id), [0, same])[0] += 1
            continue
        if not ok:
            say(printable(text))
            failed += 1
            continue
        if text is not None:
            print(text)
        written += 1
    _say_repeats(repeats)
    again = sum(times for times, _same in repeats.values())
    if failed or not written or again:
        say(
            f"export: {written} hand(s) written, {failed} refused"
            + (f", {again} repeat(s) of a hand already written not written again" if again else "")
            + ("" if failed or written else " (the input holds no hand)")
        )
    return ExitCode.FAILED if failed or again else ExitCode.OK


def _say_repeats(repeats: dict[tuple[str, str], list], shown: int = 20) -> None:
    """Each hand id its file holds more than once (the same hand again), named with the file
    it was written to; past ``shown`` of them, how many more."""
    from dealer_app.engine.bounded import printable

    for (src, hand_id), (times, same) in list(repeats.items())[:shown]:
        say(
            printable(
                f"{src}: hand {hand_id} is in the file {times + 1} times (the same hand): written once, as {same}"
            )
        )
    if len(repeats) > shown:
        say(f"… and {len(repeats) - shown} more hand id(s) in their file more than once, each written once")


def _unit_paths(unit: tuple) -> list[str]:
    return list(unit[1]) if unit[0] == "files" else [unit[1]]


def _file_prefixes(paths) -> dict[str, str]:
    """Each input's file name stem, made unique: two inputs called 5.phh give 5 and 5-2."""
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for path in map(str, paths):
        stem = Path(path).stem
        seen[stem] = seen.get(stem, 0) + 1
        out.setdefault(path, stem if seen[stem] == 1 else f"{stem}-{seen[stem]}")
    return out


def _names_may_clash(prefixes) -> bool:
    """Whether one input's name could be another's hand name ("big-250" and "big" + hand 250)."""
    names = set(prefixes)
    return any(name[:i] in names for name in names for i in range(len(name)) if name[i] == "-")


def safe_file_name(name: str) -> str:
    """A hand's file name from its input's name and its id in the file: letters, digits and
    ``-_.+`` only, never starting with a dot, so no id (``["a/../../x"]``) leaves the folder."""
    cleaned = "".join(c if c.isalnum() or c in "-_.+" else "_" for c in name).lstrip(".")
    return cleaned[:200] or "hand"


def _export_unit(fmt: str, profile, table, limits_dir: Path, target, job: tuple) -> list:
    """One unit of hands replayed and written out (in a worker process, or in this one,
    handed the folder of limit tables)."""
    from dealer_app.history.reading import engine_hands_of
    from dealer_app.history.sources import unit_items

    unit, prefixes = job
    hands = engine_hands_of(unit_items(unit), profile, table, limits_dir)
    return list(_export_hands(fmt, target, prefixes, hands, limits_dir))


def _export_hands(fmt: str, target, prefixes: dict, items, limits_dir: Path):
    """(True, text to print or None once written to its file) or (False, why not), per hand;
    (None, (input, hand id, the file it is in)) for a hand its file holds again, the same
    hand under the same id: written once. (A hand's house options are written as they differ
    from its profile's, in ``limits_dir``.)"""
    from dealer_app.history.export import hand_to_phh, hand_to_text

    for item in items:
        if isinstance(item, str):
            yield False, item
            continue
        src, hand_id, number, hand = item
        text = (
            hand_to_phh(hand, limits_dir=limits_dir)
            if fmt == "phh"
            else hand_to_text(hand, number, limits_dir=limits_dir)
        )
        if target is None:
            yield True, text
            continue
        name = safe_file_name(prefixes.get(src, Path(src).stem) + (f"-{hand_id}" if hand_id else ""))
        same = _write_new(target, name, text)
        yield (True, None) if same is None else (None, (src, hand_id, same))


# per output folder and hand name that more than one hand of this export has had: the next -n
# to try and each text's digest with its file (a file of one hand id a thousand times is written
# in linear time, its repeats known without reading them back); only such names are kept
_SAME_NAME: dict[tuple[str, str], tuple[int, dict[bytes, str]]] = {}


def _write_new(target: tuple, name: str, text: str) -> str | None:
    """One exported hand as ``name`` in the output folder: None once written, or the file
    name of the same text written before by this export (the same hand under the same id,
    again in its file: written once). A file that was there before the export is never
    overwritten (the export stops, exit 2); another hand under a name this run has already
    used (a hand id twice in one file) gets -2, -3 …"""
    import hashlib

    folder, suffix, before = target
    data = text.encode("utf-8")
    digest = hashlib.blake2b(data, digest_size=16).digest()
    n, digests = _SAME_NAME.get((folder, name), (1, {}))
    same = digests.get(digest)
    if same is not None and same not in before and (Path(folder) / same).is_file():
        return same
    while True:
        file_name = (name if n == 1 else f"{name}-{n}") + suffix
        path = Path(folder) / file_name
        try:
            with open(path, "xb") as f:
                f.write(data)
            if n > 1:
                _SAME_NAME[(folder, name)] = (n + 1, {**digests, digest: file_name})
            return None
        except FileExistsError:
            if file_name in before:
                raise UsageError(
                    f"{path}: already exists from before; nothing was overwritten (export into an empty folder)"
                ) from None
            # written by this export (this process or another worker): the same hand again?
            there = _written_text(path, data)
            digests = {**digests, hashlib.blake2b(there, digest_size=16).digest(): file_name}
            _SAME_NAME[(folder, name)] = (n + 1, digests)
            if there == data:
                return file_name
            n += 1
        except OSError as exc:
            with contextlib.suppress(OSError):
                path.unlink()  # no half-written hand is left behind
            raise UsageError(f"{path}: cannot be written ({exc.strerror or exc})") from None


def _written_text(path: Path, data: bytes) -> bytes:
    """What a hand's file this export wrote holds (at most ``data``'s size and a byte). A
    beginning of ``data`` only may be another worker's file still being written: read again
    a few times, a few milliseconds apart, before it counts as another hand."""
    import time

    there = b""
    for _ in range(20):
        try:
            with open(path, "rb") as f:
                there = f.read(len(data) + 1)
        except OSError:
            return b""
        if there == data or not data.startswith(there):
            break
        time.sleep(0.005)
    return there


def _output_folder(out: str | None) -> Path | None:
    if not out:
        return None
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder}: exists and is not a folder (--out wants a folder)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{folder}: the output folder cannot be made ({exc.strerror or exc})") from None
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{folder}: the output folder cannot be written (read-only)")
    return folder


def _record_hands(db: str, limits_dir: Path):
    """Every hand of every table of a live-table record, read only (the record is never
    created or changed by an export); a record old enough to name its tables only loads them
    from ``limits_dir``."""
    from dealer_app.live.controller import InputError, TableController
    from dealer_app.record.replay import REPLAY

    store = open_record_file(db)
    try:
        # a table whose rows were changed after they were written is not exported as if
        # nothing happened: each broken row is named, and the other tables go on. A row whole by
        # its hash that does not replay is named by the replay below, its hands before it exported
        tampered = set()
        for sid, message in store.broken_rows(but=REPLAY):
            tampered.add(sid)
            yield message
        for sid, _table, _profile, _opened in store.all_sessions():
            if sid in tampered:
                yield f"{store.path}: table session {sid} is not exported: its record does not match its hashes"
                continue
            try:
                for hand_no, hand in TableController(store, limits_dir).logged_hands(sid):
                    yield f"session{sid}", f"hand{hand_no}", f"{sid}{hand_no:06d}", hand
            except InputError as exc:  # a table with no rows, or one that no longer replays
                yield exc.message
    finally:
        store.close()


def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return n


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay PHH, PokerStars or Full Tilt hands and print every decision")
    p.add_argument("files", nargs="+")
    p.add_argument("--profile", help="house profile (default: the file's _profile, else us-cardroom)")
    p.add_argument(
        "--table",
        help="limit table name or YAML path (default: the file's _table, else fixed limit from the file's amounts)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object with every decision")
    p.add_argument("--events", action="store_true", help="with --json: include the raw event list")
    p.add_argument(
        "--check",
        action="store_true",
        help="per hand: 'agrees', or each disagreement with the recorded play and its line",
    )
    p.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes (default: every core for a large input, else 1)",
    )
    command(p, cmd_replay)
    p = sub.add_parser("export", help="write hands as PHH or PokerStars-style text")
    p.add_argument("files", nargs="*", help="PHH, PokerStars or Full Tilt files")
    p.add_argument("--db", help="export every hand of a live-table record (hands.sqlite3)")
    p.add_argument("--format", choices=("phh", "text"), default="phh")
    p.add_argument("--out", help="folder for one file per hand (default: standard output)")
    p.add_argument("--profile")
    p.add_argument("--table")
    p.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes (default: every core for a large input, else 1)",
    )
    command(p, cmd_export)

"""The floor's commands on a hand record: ``verify``, ``seals``, ``hands`` (and ``report``).

Each opens the record read-only: checking or listing a record never changes it, and works on
a copy, on a read-only disk, or while a table is writing to it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

# Each command imports what it needs when it runs (in its function): `dealer-app tables`
# does not load the record, the engine's replay, the room's psycopg or Qt.
from dealer_app.cli.common import ExitCode, InputProblem, UsageError, command, open_record_file
from dealer_app.record.chain import KeyProblem, read_key
from dealer_app.record.hand_index import (
    list_hands,
    utc_time,  # (the floor console's From/To read the same)
)
from dealer_app.settings import anchors_path as default_anchors_path
from dealer_app.settings import key_path as default_key_path

if TYPE_CHECKING:
    import argparse

_open = open_record_file


def _key(args) -> bytes | None:

    path = Path(args.key) if args.key else default_key_path()
    if not args.key and not path.exists():
        return None
    try:
        return read_key(path)
    except KeyProblem as exc:
        raise UsageError(str(exc)) from None


def cmd_verify(args: argparse.Namespace) -> ExitCode:

    from dealer_app.room.copy_check import WEAKER

    key = _key(args)
    if key is None:
        raise UsageError(
            f"no record key on this machine ({args.key or 'the config folder'}): give the key the "
            f"record was written with, --key FILE"
        )
    if args.anchors:
        from dealer_app.engine.bounded import check_regular, printable

        try:
            check_regular(args.anchors)  # (a FIFO, /dev/zero or a folder is refused by name, never read)
        except FileNotFoundError:
            raise UsageError(f"{printable(args.anchors)}: no such anchors file (--anchors)") from None
        except OSError as exc:
            raise InputProblem(
                printable(f"{args.anchors}: the anchors file cannot be read ({exc.strerror or exc})")
            ) from None
    anchors = Path(args.anchors) if args.anchors else default_anchors_path()
    store = _open(args.record, key)
    try:
        problems = store.check(key, anchors if anchors.is_file() else None, every_signature=True)
        if not anchors.is_file() and store.latest_head() is not None:
            # a signed record's heads went to an anchors file made with it: without one, rows
            # cut from its end (with their heads) cannot be found, and that is said
            from dealer_app.record.problem import Problem

            problems.append(
                Problem(
                    "anchors",
                    f"{store.path}: no anchors file ({anchors}): the record's signed heads were written to one; "
                    f"without it rows cut from the record's end (with their heads) cannot be found "
                    f"(give a copy with --anchors FILE)",
                )
            )
        rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        tables = store.db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
        seals = store.seals()
        summary = {
            "record": str(store.path),
            "whole": not problems,
            "format": store.format,
            "rows": rows,
            "tables": tables,
            "hands_sealed": len(seals),
            "last_seal": seals[-1].seal if seals else None,
            "anchors": str(anchors) if anchors.is_file() else None,
            "key_id": store.key_id,
            "problems": [p.to_dict() for p in problems],
        }
        said = _room_differences(store, args.database) if args.database else []
        if not args.database:  # (a row's room act is the room's to bear out: said, not a problem)
            summary["not_checked_against_room"] = _room_acts_unchecked(store)
        summary["rules_not_the_houses"] = _rules_not_the_houses(store)
        differences = [d for d in said if d.what != WEAKER]  # (a note, not a difference)
        if args.database:
            summary["room"] = [d.to_dict() for d in said]
    finally:
        store.close()
    if args.json:
        print(json.dumps(summary, indent=1, ensure_ascii=False))
    else:
        for p in problems:
            print(p.text)
        for d in said:
            print(d.text)
        for text in summary.get("not_checked_against_room", []):
            print(text)
        for text in summary["rules_not_the_houses"]:
            print(text)
        if args.database:
            from dealer_app.room.copy_check import DIFFERENT, EXTRA, MISSING
            from dealer_app.room.database import shown_url

            # (rows missing, extra or different between the two copies; the rest is what the room's
            # own check of its copy found, listed above: forged, not replaying, a row time, a floor act)
            apart = [d for d in differences if d.what in (MISSING, EXTRA, DIFFERENT)]
            found = len(differences) - len(apart)
            print(
                f"{summary['record']}: the room's copy ({shown_url(args.database)}) "
                + (f"differs: {len(apart)} difference(s)" if apart else "matches the record row for row")
                + (f"; {found} finding(s) of the room's own check (above)" if found else "")
            )
        checked = "against the anchors in " + summary["anchors"] if summary["anchors"] else "with no anchors file"
        if problems:
            print(f"{summary['record']}: NOT whole: {len(problems)} problem(s) in {rows} rows ({checked})")
        else:
            last = f"; last seal {summary['last_seal']}" if summary["last_seal"] else ""
            print(
                f"{summary['record']}: whole: {rows} rows, {tables} table(s), {len(seals)} hand(s) sealed{last} "
                f"({checked})"
            )
    return ExitCode.FAILED if problems or differences else ExitCode.OK


def _room_acts_unchecked(store) -> list[str]:
    """Each row that names a room's act (a room ruling it applied, a floor act the room recorded):
    without the room, this reader cannot say the room has it, and says so (an honest record stays
    whole; ``verify --database URL`` checks each against the room)."""
    from dealer_app.record.floor_signing import SIGNED_IN
    from dealer_app.record.hand_index import payload_dict

    out = []
    for row, sid, hand, kind, text in store.db.execute(
        "SELECT id, session_id, hand_no, kind, payload FROM log WHERE instr(payload, '\"room_') > 0 ORDER BY id"
    ):
        if kind not in SIGNED_IN:
            continue
        payload = payload_dict(text)
        by = payload.get(SIGNED_IN[kind][1])
        if "room_ruling" in payload:
            act = f"applies room ruling {payload.get('room_ruling')}"
        elif isinstance(by, dict) and "room_act" in by:
            act = f"names room act {by.get('room_act')}"
        else:
            continue
        out.append(
            f"{store.path}: table session {sid}, hand {hand}: row {row} {act}: not checked against the room "
            f"(no --database given)"
        )
    return out


def _rules_not_the_houses(store) -> list[str]:
    """Each table played with rules other than the house's of that name as this machine's limits
    folder has them now: said, not a problem — the record keeps the rules as played and a house
    may change a limits file; but run from source a dealer can open a table with rules of its own
    under the house's name (the eighth attack pass), which the installed record service refuses."""
    from dealer_app.engine.limits import LimitsError, load_profile, load_table, played_differently
    from dealer_app.record.payload import read_payload

    out = []
    for sid, *_rest in store.all_sessions():
        first = store.db.execute(
            "SELECT kind, payload FROM log WHERE session_id = ? ORDER BY id LIMIT 1", (sid,)
        ).fetchone()
        try:
            payload = read_payload(first[1]) if first is not None and first[0] == "open_table" else None
        except ValueError:
            payload = None
        if not isinstance(payload, dict) or "limit_table" not in payload:
            continue  # (not readable: the check names it; an old record names its rules only)
        for what, name, played, load in (
            ("limit table", payload.get("table"), payload.get("limit_table"), load_table),
            ("profile", payload.get("profile"), payload.get("house_profile"), load_profile),
        ):
            try:
                field = played_differently(played, load(str(name)))
            except (LimitsError, OSError, ValueError, TypeError):
                field = "(the house has none of that name now)"
            if field is not None:
                out.append(
                    f"{store.path}: table session {sid} was played with the {what} {str(name)[:60]} other than the "
                    f"house's of that name here now ({field} differs): the record keeps the rules as played — a "
                    f"changed limits file says why, else they were the table's own (run from source)"
                )
    return out


def _room_differences(store, url: str) -> list:
    """The room's copy of this record's table against the record (room/copy_check.py)."""
    from dealer_app.room.copy_check import compare_with_room
    from dealer_app.room.database import RoomError, connect, shown_url, words

    try:
        conn = connect(url)
    except RoomError as exc:
        raise InputProblem(str(exc)) from None
    import psycopg

    try:
        return compare_with_room(store, conn)
    except psycopg.Error as exc:
        raise InputProblem(f"{shown_url(url)}: the room's copy cannot be read ({words(exc)})") from None
    finally:
        conn.close()


def cmd_seals(args: argparse.Namespace) -> ExitCode:
    store = _open(args.record)
    try:
        seals = store.seals()
    finally:
        store.close()
    if args.json:
        print(
            json.dumps(
                {
                    "seals": [
                        {"session": a.session, "hand": a.hand, "row": a.row, "at": a.at, "seal": a.seal, "hash": a.hash}
                        for a in seals
                    ]
                },
                indent=1,
            )
        )
    else:
        for a in seals:
            print(f"{a.at}  session {a.session}  hand {a.hand}  {a.seal}")
    return ExitCode.OK


SAID_PROBLEMS = 50  # a room's problems said one by one by 'hands --database'; past them, how many more


def cmd_hands(args: argparse.Namespace) -> ExitCode:

    args.since, args.until = _utc_time(args.since, "--since"), _utc_time(args.until, "--until")
    if args.db and args.database:
        raise UsageError("--db RECORD or --database URL, not both")
    failing: dict = {}
    if not args.db:  # the card room's hands, every table's (issue 15), checked here (issue 30 §2)
        from dealer_app.cli.room import room_hands_checked

        every, problems, notes = room_hands_checked(args)
        hands = [h for h in every if _wanted(h, args)]
        for note in notes:
            print(f"dealer-app hands: {note}", file=sys.stderr)
        if problems:  # said first, before the list: each hand they cover is marked in it too
            print(
                f"dealer-app hands: the room's copy fails this reader's own check ({len(problems)} problem(s)):",
                file=sys.stderr,
            )
            for text in problems[:SAID_PROBLEMS]:
                print(f"  {text}", file=sys.stderr)
            if len(problems) > SAID_PROBLEMS:
                print(f"  and {len(problems) - SAID_PROBLEMS} more", file=sys.stderr)
            failing = {(0, None): problems[0]}
    else:
        store = _open(args.db)
        try:
            hands = [h for h in list_hands(store) if _wanted(h, args)]
            failing = store.failing()
        finally:
            store.close()
        if failing:  # said first, before the list: every hand it covers is marked in it too
            print(failing_words("hands", args.db, failing), file=sys.stderr)
    done = ExitCode.FAILED if failing else ExitCode.OK
    if args.json:
        print(json.dumps({"hands": [h.to_dict() for h in hands]}, indent=1, ensure_ascii=False))
        return done
    from dealer_app.engine.money import format_money

    if not hands:
        print(
            "no hands"
            + (
                " match"
                if any((args.table, args.player, args.since, args.until, args.min_pot, args.undone, args.irregular))
                else " yet"
            ),
            file=sys.stderr,
        )
    for h in hands:
        pot = format_money(h.pot, h.currency) if h.pot is not None else "open"
        marks = "".join(
            (
                f"  undos {h.undos}" if h.undos else "",
                f"  irregularities {h.irregularities}" if h.irregularities else "",
                f"  rulings {h.rulings}" if h.rulings else "",
                "  FAILS THE RECORD'S CHECK" if h.failing else "",
            )
        )
        where = f"{h.room_label} ({h.table_id})  " if h.table_id else ""
        print(
            f"{h.id:>8}  {h.started[:19]} UTC  {where}{h.table}  pot {pot}  {', '.join(h.players)}  "
            f"seal {h.seal or '-'}{marks}"
        )
    return done


def failing_words(command: str, record: str, failing: dict) -> str:
    """A record that fails its check, in one line: which hands, and the first problem's words
    (``Store.failing``: session 0 is the record as a whole, hand None every hand of a table)."""
    if any(sid == 0 for sid, _hand in failing):
        where = ["every hand"]
    else:
        tables = sorted({sid for sid, hand in failing if hand is None})
        where = [f"every hand of table session {sid}" for sid in tables] + [
            f"hand {sid}-{hand}" for sid, hand in sorted(k for k in failing if k[1] is not None and k[0] not in tables)
        ]
    shown = ", ".join(where[:10]) + (f" and {len(where) - 10} more" if len(where) > 10 else "")
    return (
        f"dealer-app {command}: the record {record} fails its check ({shown}): {next(iter(failing.values()))}"
        f" — 'dealer-app verify {record}' names every problem"
    )


def _fails(failing: dict, session: int, hand: int) -> bool:
    """Whether a hand's rows fail the record's check (as ``list_hands`` marks it)."""
    return (session, hand) in failing or (session, None) in failing or any(sid == 0 for sid, _hand in failing)


def cmd_rulings(args: argparse.Namespace) -> ExitCode:
    """The floor's cases for a shift report: every ruling, by case, newest case last."""
    from dealer_app.floor.cases import CaseFilter, as_csv, as_json, cases_of, record_entries, room_entries

    wanted = CaseFilter(
        _utc_time(args.since, "--since"),
        _utc_time(args.until, "--until"),
        args.floor or "",
        args.status,
        args.case or "",
        args.text or "",
    )
    if args.db and args.database:
        raise UsageError("--db RECORD or --database URL, not both")
    failing: dict = {}
    if args.db:
        store = _open(args.db)
        try:
            entries = record_entries(store)
            failing = store.failing()
        finally:
            store.close()
        if failing:  # (as ``hands``: said first, and exit 1 — the rulings of a record that fails are not proven)
            print(failing_words("rulings", args.db, failing), file=sys.stderr)
    else:
        from dealer_app.cli.room import read_room, room_floor_act_problems

        entries, flagged = read_room(args, lambda reader: (room_entries(reader), room_floor_act_problems(reader)))
        for text in flagged:  # (a ruling filed by no floor login, or naming another: its entry is not the floor's)
            print(f"dealer-app rulings: {text}", file=sys.stderr)
        if flagged:
            failing = {(0, None): flagged[0]}
    done = ExitCode.FAILED if failing else ExitCode.OK
    cases = [c for c in cases_of(entries) if wanted.wants(c)]
    if args.json:
        print(as_json(cases))
        return done
    if args.csv:
        sys.stdout.write(as_csv(cases))
        return done
    if not cases:
        print("no cases" + (" match" if wanted != CaseFilter() else " yet"), file=sys.stderr)

    def where(e) -> str:
        return f"{e.table} ({e.table_id})" if e.table_id else e.table

    # each column as wide as its widest (case C-…-9 and C-…-10, hand 1-9 and 1-10 line up)
    wide = {
        "case": max((len(c.number) for c in cases), default=0),
        "hand": max((len(c.entries[0].hand_id) for c in cases), default=0),
        "where": max((len(where(c.entries[0])) for c in cases), default=0),
        "category": max((len(c.category) for c in cases), default=0),
    }
    for c in cases:
        first, last = c.entries[0], c.entries[-1]
        floors = ", ".join(dict.fromkeys(e.floor for e in c.entries))
        said = _one_line(last.decision or last.facts)
        mark = "  FAILS THE RECORD'S CHECK" if _fails(failing, first.session, first.hand) else ""
        print(
            f"{c.number:<{wide['case']}}  {c.status:<8}  {c.category:<{wide['category']}}  hand "
            f"{first.hand_id:<{wide['hand']}}  {where(first):<{wide['where']}}  opened {first.at[:19]} UTC"
            f"  last {last.at[:19]} UTC  floor {floors}  rulings {len(c.entries)}: {said}{mark}"
        )
    return done


def _one_line(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _at_terminal() -> bool:
    return sys.stdin.isatty() and sys.stderr.isatty()


def _may_replace(out: Path) -> bool | None:
    """At a terminal, the floor is asked (True: replace it; False: keep it); a script is not
    (None: it gives --force)."""
    if not _at_terminal():
        return None
    print(f"{out} exists. Replace it? [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        return sys.stdin.readline().strip().lower() in ("y", "yes", "j", "ja")
    except (OSError, KeyboardInterrupt):
        return False


def parse_hand_id(text: str) -> tuple[int, int]:
    """``SESSION-HAND`` (as ``dealer-app hands`` lists them: ``3-12``)."""
    session, sep, hand = text.partition("-")
    if not sep or not (session + hand).isascii() or not session.isdigit() or not hand.isdigit():
        raise UsageError(f"{text!r} is not a hand id: SESSION-HAND, as 'dealer-app hands' lists them (3-12)")
    return int(session), int(hand)


def cmd_report(args: argparse.Namespace) -> ExitCode:
    from dealer_app.floor.timeline import TimelineError, load_hand
    from dealer_app.record.store import StoreError

    session, hand = parse_hand_id(args.hand)
    out = Path(args.out)
    if out.suffix.lower() != ".pdf":
        raise UsageError(f"{out}: the report is a PDF file (--out FILE.pdf)")
    if out.is_dir():
        raise UsageError(f"{out}: is a folder (--out wants a file)")
    if not out.parent.is_dir():
        raise UsageError(f"{out.parent}: no such folder (--out)")
    if args.db and args.database:
        raise UsageError("--db RECORD or --database URL, not both")
    if not args.db and not args.database and not args.table_id:
        raise UsageError(
            f"which record holds hand {args.hand}? Give --db RECORD (the table's hands.sqlite3), or "
            f"--database URL with --table-id T-… for a card room's hand"
        )
    replacing = out.exists() and not args.force
    if replacing and not _at_terminal():  # (a script is told before anything is read)
        raise UsageError(
            f"{out}: a file of that name exists (a report filed earlier?): give --force to replace it, or another --out"
        )
    if args.db:
        store = _open(args.db)
    else:  # a card room's hand (issue 15): --table-id names its table
        from dealer_app.cli.room import room_table

        if not args.table_id:
            raise UsageError(
                "a room's hand needs --table-id T-… (as 'dealer-app hands --database' lists them), or give --db RECORD"
            )
        store = room_table(args, args.table_id)
    try:
        try:
            timeline = load_hand(store, session, hand)
        except (TimelineError, StoreError) as exc:
            print(f"dealer-app report: {exc}", file=sys.stderr)
            return ExitCode.FAILED
        last = len(timeline.steps) - 1
        if args.moment is not None and not 0 <= args.moment <= last:
            raise UsageError(f"--moment {args.moment}: hand {args.hand} has the steps 0–{last}")
        if replacing and not _may_replace(out):
            # (asked at the terminal, the floor said no: nothing is wrong, and nothing is written)
            print(
                f"Nothing was written: {out} is kept as it was (another --out writes the report beside it).",
                file=sys.stderr,
            )
            return ExitCode.OK
        from dealer_app.ui.app import report_application
        from dealer_app.ui.report_pdf import write_report

        report_application()
        try:
            write_report(store, timeline, out, args.moment)
        except OSError as exc:
            raise UsageError(f"{out}: the report cannot be written ({exc.strerror or exc})") from None
        except StoreError as exc:  # (the room's server went away meanwhile)
            raise UsageError(str(exc)) from None
        failing = store.failing()
        why = next(
            (text for (sid, h), text in failing.items() if sid == 0 or (sid == session and h in (hand, None))), None
        )
        floor_acts = _room_floor_acts(store, session, hand) if args.database else []
        remembered = _room_memory(store) if args.database else []
    finally:
        store.close()
    print(out)
    for check in floor_acts:  # each floor act on the hand: its login, and whether the room has it
        print(f"floor act: {check.words()}", file=sys.stderr if check.flagged else sys.stdout)
    if why is not None:  # written, and said on its first page: but it is no whole record's report
        print(f"dealer-app report: the record of hand {args.hand} fails its check: {why}", file=sys.stderr)
    for flag in remembered:  # the room against what this machine saw of it (room/memory.py)
        print(f"dealer-app report: {flag.text}", file=sys.stderr)
    if why is not None or remembered or any(check.flagged for check in floor_acts):
        return ExitCode.FAILED
    return ExitCode.OK


def _room_floor_acts(store, session: int, hand: int) -> list:
    """A room hand's floor acts, each matched with the room's own record of it
    (room/floor_act_check.py); UsageError if the room cannot be read."""
    from dealer_app.room.database import RoomError
    from dealer_app.room.floor_act_check import check_floor_acts

    try:
        return check_floor_acts(store.reader._query, store.table_id, (session, hand))
    except RoomError as exc:
        raise UsageError(str(exc)) from None


def _room_memory(store) -> list:
    """What contradicts this machine's memory of the room, for the hand's table and the rulings
    (room/memory.py); UsageError if the room cannot be read."""
    from dealer_app.room.database import RoomError

    try:
        return [f for f in store.reader.memory_look() if f.table_id in (store.table_id, "")]
    except RoomError as exc:
        raise UsageError(str(exc)) from None


def _utc_time(text: str | None, flag: str) -> str | None:
    """A ``--since``/``--until`` time as the record writes it (UTC, ISO 8601), or UsageError."""
    if text is None:
        return None
    try:
        return utc_time(text)
    except ValueError as exc:  # not the shape of a time, or one that does not exist (2026-02-30)
        raise UsageError(
            f"{flag} {text!r}: {exc}: give a UTC date and time as the record keeps them, "
            f"2026-12-01, 2026-12-01T21:00 or 2026-12-01T21:00:05.250 (a trailing Z is taken)"
        ) from None


def _wanted(h, args) -> bool:
    """The filters of ``hands`` (the floor console offers the same)."""
    if args.table and args.table.lower() not in f"{h.table} {h.room_label} {h.table_id or ''}".lower():
        return False
    player = (args.player or "").strip().lower()
    seat = int(player) if player.isascii() and player.isdigit() else None  # ("²" is a digit to isdigit, not to int)
    if player and not (any(player in p.lower() for p in h.players) or seat in h.seats):
        return False
    if args.since and h.started < args.since:
        return False
    if args.until and h.started[: len(args.until)] > args.until:
        return False
    if args.min_pot is not None and (h.pot or 0) < args.min_pot:
        return False
    if args.undone and not h.undos:
        return False
    return not (args.irregular and not (h.irregularities or h.rulings))


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="check that a hand record is whole (exit 1 naming each problem)")
    p.add_argument("record")
    p.add_argument("--key", help="the record's key file (default: this machine's, in the config folder)")
    p.add_argument("--anchors", help="the anchors file of its seals (default: the config folder's)")
    p.add_argument(
        "--database",
        help="also compare the record with the card room's copy of its table, row by row and head by head, "
        "and check the room's copy's signatures and chain (a floor's login)",
    )
    p.add_argument("--json", action="store_true")
    command(p, cmd_verify)
    p = sub.add_parser("seals", help="every hand's seal in a record")
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    command(p, cmd_seals)
    p = sub.add_parser("hands", help="the hands of a record, or of a card room's every table, newest first")
    p.add_argument("--db", help="the hand record (hands.sqlite3)")
    p.add_argument(
        "--database",
        help="the card room's server, postgresql://login:password@host/db (default, "
        "without --db: DEALER_APP_DATABASE); each hand has its table_id",
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--table", help="only tables whose name contains this")
    p.add_argument("--player", help="only hands with a player whose name contains this, or in this seat")
    p.add_argument("--since", help="only hands started at or after this UTC time (2026-12-01T21:00)")
    p.add_argument("--until", help="only hands started at or before this UTC time (2026-12-01 takes the whole day)")
    p.add_argument("--min-pot", type=int, help="only hands whose pot is at least this many cents")
    p.add_argument("--undone", action="store_true", help="only hands with an undo")
    p.add_argument("--irregular", action="store_true", help="only hands with an irregularity or a ruling")
    command(p, cmd_hands)
    p = sub.add_parser("rulings", help="the floor's cases and their rulings, for a shift report")
    p.add_argument("--db", help="the hand record (hands.sqlite3)")
    p.add_argument("--database", help="or the card room's server (default, without --db: DEALER_APP_DATABASE)")
    p.add_argument("--since", help="only cases with a ruling at or after this UTC time (2026-12-01T21:00)")
    p.add_argument("--until", help="only cases opened at or before this UTC time (2026-12-01 takes the whole day)")
    p.add_argument("--floor", help="only cases in which a floor whose name contains this ruled")
    from dealer_app.floor.cases import STATUSES

    p.add_argument("--status", choices=STATUSES, help="only cases whose status is now this")
    p.add_argument("--case", help="only cases whose number contains this")
    p.add_argument("--text", help="only cases whose facts, decision, witnesses, camera or rules contain this")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true")
    shown.add_argument("--csv", action="store_true", help="one line per ruling, for a spreadsheet")
    command(p, cmd_rulings)
    p = sub.add_parser("report", help="the ruling report of one hand, as a PDF")
    p.add_argument("--db", help="the hand record (hands.sqlite3)")
    p.add_argument("--database", help="or the card room's server (default, without --db: DEALER_APP_DATABASE)")
    p.add_argument("--table-id", help="with --database: the hand's table (T-…, as 'hands --database' lists it)")
    p.add_argument("--hand", required=True, help="the hand: SESSION-HAND, as 'dealer-app hands' lists it")
    p.add_argument("--out", required=True, help="the PDF to write (an existing file is kept unless --force)")
    p.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    p.add_argument("--moment", type=int, help="the step of the hand to show (default: the last ruling's, else the end)")
    command(p, cmd_report)

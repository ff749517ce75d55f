"""The trainer's commands: ``drill`` (training drills from the engine, for the trainer's tools
and for checking the engine against independent oracles; the contract is ``--json``),
``trainees`` (the group's summary), ``certificate verify`` and ``train`` (the trainer's window)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

# Each command imports what it needs when it runs (in its function): `dealer-app tables`
# does not load the record, the engine's replay, the room's psycopg or Qt.
from dealer_app.cli.common import ExitCode, InputProblem, UsageError, command, limits_folder, window
from dealer_app.record.chain import KeyProblem, read_key
from dealer_app.settings import key_path as default_key_path

if TYPE_CHECKING:
    from dealer_app.training.exam import ExamListing


def cmd_drill(args: argparse.Namespace) -> ExitCode:
    from dealer_app.training.drills import SKILLS, DrillError, make_drills

    if args.list:
        for skill, question in SKILLS.items():
            print(f"{skill:<14} {question}")
        return ExitCode.OK
    if not args.skill:
        raise UsageError("--skill SKILL is needed (dealer-app drill --list names them)")
    try:
        drills = make_drills(
            args.skill, args.count, args.seed, args.profile, args.table, limits_folder(args), game=args.game
        )
    except DrillError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps({"drills": [d.to_dict() for d in drills]}, indent=1, ensure_ascii=False))
        return ExitCode.OK
    for i, d in enumerate(drills, 1):
        print(f"--- drill {i}: {d.question} ({d.table}, {d.profile})")
        print(d.phh.rstrip())
        print(f"answer: {json.dumps(d.answer, ensure_ascii=False)}  rules: {', '.join(d.rules)}")
    return ExitCode.OK


def cmd_trainees(args: argparse.Namespace) -> ExitCode:
    """The trainer's summary of the group (from the record's database): printed, or --csv/--pdf."""
    import sqlite3
    import sys

    from dealer_app.record.store import Store, StoreError
    from dealer_app.training.progress import Progress, write_csv

    try:
        store = Store.read_only(args.db)
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    exams: list[ExamListing] = []
    record_problems: list[str] = []  # (a result deleted from the record: named, and the exit is 1)
    try:
        if "training_trainees" not in {
            r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }:
            rows: list[dict] = []
            weekly: list[dict] = []
        else:
            progress = Progress(store.db, create=False)  # read only: nothing is made
            rows, weekly = progress.group_summary(), progress.group_weekly()
        key = store.key  # (this machine's record key, if it has one: each exam's result is checked with it)
        book = _exam_book(store, key)
        if book is not None:
            exams = book.listing()
            record_problems = [str(p) for p in book.record_problems()]
    except sqlite3.Error as exc:
        raise UsageError(f"{args.db}: the training tables cannot be read ({exc})") from None
    finally:
        store.close()
    exam_rows = [e.to_dict() for e in exams]
    if args.csv:
        try:
            write_csv(rows, args.csv, exams, weekly)
        except OSError as exc:  # (a folder, a path under a file, no permission: the file named, exit 1)
            raise InputProblem(f"{args.csv}: the CSV cannot be written ({exc.strerror or exc})") from None
    if args.pdf:
        from dealer_app.ui.app import report_application
        from dealer_app.ui.training_pdf import write_group_summary

        report_application()
        try:
            write_group_summary(rows, args.pdf, exams, weekly)
        except OSError as exc:
            raise InputProblem(f"{args.pdf}: the PDF cannot be written ({exc.strerror or exc})") from None
    if args.json:
        print(
            json.dumps(
                {"trainees": rows, "exams": exam_rows, "weekly": weekly, "record_problems": record_problems},
                indent=1,
                ensure_ascii=False,
            )
        )
    elif not (args.csv or args.pdf):
        for r in rows:
            print(
                f"{r['trainee']:<20} {r['skill']:<14} {r['answers']:>4} answers  {r['accuracy'] * 100:3.0f}% right  "
                f"{r['mean_seconds']:5.1f} s  due {r['due']}{_weak_words(r)}"
            )
        for e in exam_rows:
            verdict = "PASSED" if e["passed"] else "NOT PASSED" if e["finished"] else "NOT FINISHED"
            check = {True: "", False: "  NOT GENUINE (dealer-app certificate verify)", None: ""}[e["genuine"]]
            print(
                f"{e['trainee']:<20} exam {e['blueprint']} ({e['blueprint_id']}, set by {e['instructor']})  "
                f"{e['right']}/{e['asked']} {e['score_percent']}%, pass mark {e['pass_mark']}%: {verdict}  "
                f"{e['verification_id']}  {e['finished'] or e['started']} UTC{check}"
            )
        if weekly:
            print("weekly (ISO week):")
        for w in weekly:
            print(
                f"{w['trainee']:<20} {w['week']}  {w['skill']:<14} {w['answers']:>4} answers  "
                f"{w['accuracy'] * 100:3.0f}% right  {w['mean_seconds']:5.1f} s"
            )
    for p in record_problems:
        print(f"NOT GENUINE: the record's exam results: {p}", file=sys.stderr)
    return ExitCode.FAILED if record_problems else ExitCode.OK


def _weak_words(row: dict) -> str:
    """ "  WEAK (…)" after a weak skill's line: its recent accuracy under the pass mark, its
    FSRS card overdue."""
    reasons = row.get("weak_reasons") or []
    words = []
    if "accuracy" in reasons:
        words.append(f"last answers {row['recent_accuracy'] * 100:.0f}% right")
    if "overdue" in reasons:
        words.append("overdue")
    return f"  WEAK ({', '.join(words)})" if words else ""


def _exam_book(store, key: bytes | None):
    """The record's exam tables, read only (None: the record has none)."""
    from dealer_app.training.exam import ExamBook, has_exam_tables

    if not has_exam_tables(store.db):
        return None
    return ExamBook(store.db, key or b"", create=False)


def _record_key(args) -> bytes:
    from pathlib import Path

    path = Path(args.key) if args.key else default_key_path()
    if not args.key and not path.exists():
        raise UsageError(
            "no record key on this machine (the config folder): give the key the record was written with, --key FILE"
        )
    try:
        return read_key(path)
    except KeyProblem as exc:
        raise UsageError(str(exc)) from None


def cmd_certificate_verify(args: argparse.Namespace) -> ExitCode:
    """Whether a certificate is genuine: its result row in the record, unchanged, on a blueprint
    unchanged since it was locked, no result of the record deleted (exit 0), or not found or
    changed (exit 1, what does not match)."""
    import sqlite3

    from dealer_app.record.store import Store, StoreError
    from dealer_app.training.exam import Verdict

    key = _record_key(args)
    try:
        store = Store.read_only(args.db, key)
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    try:
        book = _exam_book(store, key)
        if book is None:
            from dealer_app.engine.says import says

            verdict = Verdict(
                args.id.strip().upper(), None, (says("no exam result %1 in this record", args.id.strip().upper()),)
            )
        else:
            verdict = book.verify(args.id)
    except sqlite3.Error as exc:
        raise UsageError(f"{args.db}: the training tables cannot be read ({exc})") from None
    finally:
        store.close()
    problems = [str(p) for p in verdict.problems]
    r = verdict.result
    if r is not None and args.trainee is not None and args.trainee.strip().casefold() != r.trainee.casefold():
        problems.append(f"the result is {r.trainee}'s, not {args.trainee.strip()}'s")
    if r is not None and args.seal and args.seal.strip().upper() != r.seal_code:
        problems.append(
            f"the seal on the certificate ({args.seal.strip().upper()}) is not the record's ({r.seal_code})"
        )
    genuine = r is not None and not problems
    if args.json:
        print(
            json.dumps(
                {
                    "verification_id": verdict.verification_id,
                    "genuine": genuine,
                    "found": r is not None,
                    "problems": problems,
                    "result": r.to_dict() if r is not None else None,
                },
                indent=1,
                ensure_ascii=False,
            )
        )
        return ExitCode.OK if genuine else ExitCode.FAILED
    if r is not None:
        skills = ", ".join(f"{s.skill} {s.right}/{s.asked}" for s in r.skills)
        print(
            f"{r.id}: {r.trainee}, exam {r.blueprint_name} ({r.blueprint_id}) set by {r.instructor}; "
            f"{r.finished_at or 'not finished'} UTC"
        )
        print(
            f"  score {r.right}/{r.asked} ({r.score_percent}%), pass mark {r.pass_mark}%: "
            f"{'PASSED' if r.passed else 'NOT PASSED'}; {skills}; tables {', '.join(r.tables)}; seal {r.seal_code}"
        )
    for p in problems:
        print(f"  {p}")
    if genuine:
        print(f"{verdict.verification_id}: GENUINE: the record's result row matches its seal")
    elif r is None:
        print(f"{verdict.verification_id}: NOT FOUND in {args.db}")
    else:
        print(f"{verdict.verification_id}: NOT GENUINE")
    return ExitCode.OK if genuine else ExitCode.FAILED


def run_trainer(args: argparse.Namespace) -> ExitCode:
    """``dealer-app train``: the dealer trainer's window."""
    from dealer_app.ui.app import run_trainer

    return run_trainer()


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 10000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of drills (1 to 10000)")
    return n


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole-number seed") from None


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("drill", help="training drills made by the engine, with their answers and rules")
    p.add_argument("--skill", help="the skill (dealer-app drill --list)")
    p.add_argument("--count", type=_count, default=1)
    p.add_argument("--seed", type=_seed, default=0, help="the same seed gives the same drills")
    p.add_argument("--profile", help="house profile (default: each table's)")
    p.add_argument("--table", help="limit table (default: several, every kind of limit)")
    p.add_argument(
        "--game",
        choices=("stud", "razz"),
        help="razz: the drills at the Razz tables (catalog §13); stud, or none: the stud and Hi-Lo tables",
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--list", action="store_true", help="name the skills")
    command(p, cmd_drill)
    p = sub.add_parser("trainees", help="the trainer's summary of the group: every trainee's skills")
    p.add_argument("--db", required=True, help="the app's record database, where the trainer keeps its answers")
    p.add_argument("--csv", help="write the summary as CSV")
    p.add_argument("--pdf", help="write the summary as PDF")
    p.add_argument("--json", action="store_true")
    command(p, cmd_trainees)
    p = sub.add_parser("certificate", help="an exam's certificate: is it genuine?")
    actions = p.add_subparsers(dest="action", required=True)
    v = actions.add_parser("verify", help="whether a certificate is genuine (exit 0), or not found or changed (1)")
    v.add_argument("id", help="the certificate's verification ID (EX-…)")
    v.add_argument("--db", required=True, help="the app's record database the exam was taken on")
    v.add_argument("--key", help="the record's key file (default: this machine's, in the config folder)")
    v.add_argument("--seal", help="the seal printed on the certificate, to compare with the record's")
    v.add_argument("--trainee", help="the trainee named on the certificate, to compare with the record's")
    v.add_argument("--json", action="store_true")
    command(v, cmd_certificate_verify)
    p = sub.add_parser("train", help="the dealer trainer (drills, modes, progress)")
    window(p, run_trainer)

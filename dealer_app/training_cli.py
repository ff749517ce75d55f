"""``dealer-app drill``: training drills from the engine, for the trainer's tools and for
checking the engine against independent oracles (the contract is ``--json``)."""

from __future__ import annotations

import argparse
import json

from dealer_app.cli import OK, UsageError


def cmd_drill(args) -> int:
    from dealer_app.training.drills import SKILLS, DrillError, make_drills
    if args.list:
        for skill, question in SKILLS.items():
            print(f"{skill:<14} {question}")
        return OK
    if not args.skill:
        raise UsageError("--skill SKILL is needed (dealer-app drill --list names them)")
    try:
        drills = make_drills(args.skill, args.count, args.seed, args.profile, args.table, args.limits)
    except DrillError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps({"drills": [d.to_dict() for d in drills]}, indent=1, ensure_ascii=False))
        return OK
    for i, d in enumerate(drills, 1):
        print(f"--- drill {i}: {d.question} ({d.table}, {d.profile})")
        print(d.phh.rstrip())
        print(f"answer: {json.dumps(d.answer, ensure_ascii=False)}  rules: {', '.join(d.rules)}")
    return OK


def cmd_trainees(args) -> int:
    """The trainer's summary of the group (from the record's database): printed, or --csv/--pdf."""
    import sqlite3

    from dealer_app.history.store import Store, StoreError
    from dealer_app.training.progress import Progress, write_csv
    try:
        store = Store.read_only(args.db)
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    try:
        if "training_trainees" not in {r[0] for r in store.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}:
            rows: list[dict] = []
        else:
            rows = Progress(store.db, create=False).group_summary()  # read only: nothing is made
    except sqlite3.Error as exc:
        raise UsageError(f"{args.db}: the training tables cannot be read ({exc})") from None
    finally:
        store.close()
    if args.csv:
        try:
            write_csv(rows, args.csv)
        except OSError as exc:
            raise UsageError(f"{args.csv}: cannot be written ({exc.strerror or exc})") from None
    if args.pdf:
        from dealer_app.ui.app import report_application
        from dealer_app.ui.training_pdf import write_group_summary
        report_application()
        try:
            write_group_summary(rows, args.pdf)
        except OSError as exc:
            raise UsageError(f"{args.pdf}: cannot be written ({exc})") from None
    if args.json:
        print(json.dumps({"trainees": rows}, indent=1, ensure_ascii=False))
    elif not (args.csv or args.pdf):
        for r in rows:
            print(f"{r['trainee']:<20} {r['skill']:<14} {r['answers']:>4} answers  {r['accuracy'] * 100:3.0f}% right  "
                  f"{r['mean_seconds']:5.1f} s  due {r['due']}")
    return OK


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


def add_commands(sub) -> None:
    p = sub.add_parser("drill", help="training drills made by the engine, with their answers and rules")
    p.add_argument("--skill", help="the skill (dealer-app drill --list)")
    p.add_argument("--count", type=_count, default=1)
    p.add_argument("--seed", type=_seed, default=0, help="the same seed gives the same drills")
    p.add_argument("--profile", help="house profile (default: each table's)")
    p.add_argument("--table", help="limit table (default: several, every kind of limit)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--list", action="store_true", help="name the skills")
    p.set_defaults(func=cmd_drill)
    p = sub.add_parser("trainees", help="the trainer's summary of the group: every trainee's skills")
    p.add_argument("--db", required=True, help="the app's record database, where the trainer keeps its answers")
    p.add_argument("--csv", help="write the summary as CSV")
    p.add_argument("--pdf", help="write the summary as PDF")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_trainees)


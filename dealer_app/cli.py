"""``dealer-app``: the live table (no arguments) and the command-line tools.

    dealer-app tables                      list the limit tables
    dealer-app check-limits [PATH]         validate a table file or folder (exit 1 on errors)
    dealer-app replay FILE... [--profile NAME] [--table NAME_OR_PATH] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _cmd_tables(args) -> int:
    from dealer_app.engine.limits import load_folder
    from dealer_app.engine.money import format_money
    cat = load_folder(args.limits)
    rows = [("name", "game", "structure", "stakes", "ante", "bring-in", "buy-in", "seats", "profile")]
    for t in cat.tables.values():
        rows.append((t.name, t.game, t.structure, t.stakes, format_money(t.ante, t.currency),
                     format_money(t.bring_in, t.currency), format_money(t.buy_in, t.currency), str(t.seats), t.profile))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    print(f"\nhouse profiles: {', '.join(cat.profiles)}")
    for problem in cat.problems:
        print(problem, file=sys.stderr)
    return 1 if cat.problems else 0


def _cmd_check_limits(args) -> int:
    from dealer_app.engine.limits import LimitsError, default_limits_dir, load_folder, parse_profile, parse_table
    path = Path(args.path) if args.path else default_limits_dir()
    if path.is_dir():
        cat = load_folder(path)
        problems = cat.problems
        count = len(cat.tables) + len(cat.profiles)
    elif path.exists():
        problems, count = [], 1
        try:
            if path.parent.name == "house":
                parse_profile(path)
            else:
                profiles_dir = path.parent / "house"
                known = {p.stem: None for p in profiles_dir.glob("*.yaml")} if profiles_dir.is_dir() else None
                parse_table(path, known)
        except LimitsError as exc:
            problems = exc.problems
    else:
        print(f"{path}: no such file or folder", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    print(f"{count - len({p.split(':')[0] for p in problems})} of {count} file(s) valid"
          + (f"; {len(problems)} problem(s)" if problems else ""))
    return 1 if problems else 0


def _cmd_replay(args) -> int:
    from dealer_app.history.replay import replay_files
    from dealer_app.history.report import report_text
    reports = replay_files(args.files, args.profile, args.table)
    if args.json:
        for r in reports:
            if not args.events:
                r.pop("events", None)
        json.dump({"hands": reports}, sys.stdout, indent=1)
        print()
    else:
        for r in reports:
            print(report_text(r))
    bad = any(r.get("errors") for r in reports)
    return 1 if bad else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dealer-app", description="Seven Card Stud dealer assistant")
    parser.add_argument("--limits", type=Path, default=None, help="folder of limit tables (default: limits/)")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("tables", help="list the limit tables")
    p.set_defaults(func=_cmd_tables)
    p = sub.add_parser("check-limits", help="validate a limit table file or folder")
    p.add_argument("path", nargs="?")
    p.set_defaults(func=_cmd_check_limits)
    p = sub.add_parser("replay", help="replay PHH hands and print every decision")
    p.add_argument("files", nargs="+")
    p.add_argument("--profile", help="house profile (default: the file's _profile, else us-cardroom)")
    p.add_argument("--table", help="limit table name or YAML path (default: the file's _table, else "
                                   "fixed limit from the file's amounts)")
    p.add_argument("--json", action="store_true", help="one JSON object with every decision")
    p.add_argument("--events", action="store_true", help="with --json: include the raw event list")
    p.set_defaults(func=_cmd_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.limits:
        import os
        os.environ["DEALER_APP_LIMITS"] = str(args.limits)
    if args.command is None:
        from dealer_app.ui.app import run_app
        return run_app()
    try:
        return args.func(args)
    except BrokenPipeError:
        return 0

"""``dealer-app``: the live table (no arguments) and the command-line tools.

    dealer-app tables                      list the limit tables
    dealer-app check-limits [PATH]         validate a table file or folder (exit 1 on errors)
    dealer-app replay FILE... [--profile NAME] [--table NAME_OR_PATH] [--json] [--check]
    dealer-app export FILE... | --db RECORD  [--format phh|text] [--out DIR]
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
    if args.check:
        for r in reports:
            v = r.get("verdict", {"agrees": not r.get("errors"), "problems": r.get("errors", [])})
            if v["agrees"]:
                print(f"{r['source']}: agrees")
            else:
                print(f"{r['source']}: {len(v['problems'])} disagreement(s)")
                for problem in v["problems"]:
                    print(f"  {problem}")
        return 0 if all(r.get("verdict", {}).get("agrees") for r in reports if r.get("supported", True)) else 1
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


def _cmd_export(args) -> int:
    """Hands the engine holds, as PHH or PokerStars-style text: from files or the live record."""
    from dealer_app.history.export import hand_to_phh, hand_to_text
    out_dir = Path(args.out) if args.out else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    hands = []  # (file name, Hand, player names, hand number)
    failed = False
    if args.db:
        from dealer_app.history.store import Store
        from dealer_app.live.controller import TableController
        store = Store(args.db)
        from dealer_app.live.controller import InputError
        for sid, table, _profile, _opened in store.all_sessions():
            try:
                for hand_no, hand in TableController(store).logged_hands(sid):
                    hands.append((f"session{sid}-hand{hand_no}", hand, None, f"{sid}{hand_no:06d}"))
            except InputError as exc:  # a table with no rows, or one that no longer replays
                print(exc.message, file=sys.stderr)
                failed = True
    else:
        from dealer_app.history.importers import Refusal, detect, import_text, read_text
        from dealer_app.history.phh import read_phh
        from dealer_app.history.replay import replay_with_engine
        from dealer_app.history.verdict import site_rules
        for path in args.files:
            text = read_text(Path(path))
            if detect(text) == "phh" or str(path).endswith((".phh", ".phhs")):
                items = [(h, None, {}) for h in read_phh(Path(path))]
            else:
                items = []
                for imp in import_text(text, str(path)):
                    if isinstance(imp, Refusal):
                        print(str(imp), file=sys.stderr)
                        continue
                    items.append((imp.phh,) + site_rules(imp.site))
            for phh, profile, options in items:
                report, hand = replay_with_engine(phh, args.profile or profile, args.table, options)
                if hand is None or report["errors"]:
                    print("\n".join(report["errors"]), file=sys.stderr)
                    failed = True
                    continue
                src, _, hand_id = phh.source.partition("#")
                number = hand_id if hand_id.isdigit() else str(phh.fields.get("hand", len(hands) + 1))
                hands.append((Path(src).stem + (f"-{hand_id}" if hand_id else ""), hand, None, number))
    for name, hand, names, number in hands:
        text = hand_to_phh(hand, names) if args.format == "phh" else hand_to_text(hand, number, names=names)
        if out_dir:
            suffix = ".phh" if args.format == "phh" else ".txt"
            (out_dir / (name + suffix)).write_text(text, encoding="utf-8")
        else:
            print(text)
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dealer-app", description="Seven Card Stud dealer assistant")
    parser.add_argument("--limits", type=Path, default=None, help="folder of limit tables (default: limits/)")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("tables", help="list the limit tables")
    p.set_defaults(func=_cmd_tables)
    p = sub.add_parser("check-limits", help="validate a limit table file or folder")
    p.add_argument("path", nargs="?")
    p.set_defaults(func=_cmd_check_limits)
    p = sub.add_parser("replay", help="replay PHH, PokerStars or Full Tilt hands and print every decision")
    p.add_argument("files", nargs="+")
    p.add_argument("--profile", help="house profile (default: the file's _profile, else us-cardroom)")
    p.add_argument("--table", help="limit table name or YAML path (default: the file's _table, else "
                                   "fixed limit from the file's amounts)")
    p.add_argument("--json", action="store_true", help="one JSON object with every decision")
    p.add_argument("--events", action="store_true", help="with --json: include the raw event list")
    p.add_argument("--check", action="store_true",
                   help="per hand: 'agrees', or each disagreement with the recorded play and its line")
    p.set_defaults(func=_cmd_replay)
    p = sub.add_parser("export", help="write hands as PHH or PokerStars-style text")
    p.add_argument("files", nargs="*", help="PHH, PokerStars or Full Tilt files")
    p.add_argument("--db", help="export every hand of a live-table record (hands.sqlite3)")
    p.add_argument("--format", choices=("phh", "text"), default="phh")
    p.add_argument("--out", help="folder for one file per hand (default: standard output)")
    p.add_argument("--profile")
    p.add_argument("--table")
    p.set_defaults(func=_cmd_export)
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

"""``dealer-app tables`` and ``dealer-app check-limits``: the limit tables and house profiles."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

# Each command imports what it needs when it runs (in its function): `dealer-app tables`
# does not load the record, the engine's replay, the room's psycopg or Qt.
from dealer_app.cli.common import ExitCode, UsageError, command, limits_dir_given, say
from dealer_app.settings import limits_dir as default_limits_dir

if TYPE_CHECKING:
    import argparse


def cmd_tables(args: argparse.Namespace) -> ExitCode:
    from dealer_app.engine.limits import load_folder
    from dealer_app.engine.money import format_money

    cat = load_folder(limits_dir_given(args))
    rows = [("name", "game", "structure", "stakes", "ante", "bring-in", "buy-in", "seats", "profile")]
    for t in cat.tables.values():
        rows.append(
            (
                t.name,
                "/".join(t.games) + f" ({t.mix_rotation})" if t.mixed else t.game,  # M-1, M-2
                t.structure,
                t.stakes,
                format_money(t.ante, t.currency),
                format_money(t.bring_in, t.currency),
                format_money(t.buy_in, t.currency),
                str(t.seats),
                t.profile,
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    print(f"\nhouse profiles: {', '.join(cat.profiles)}")
    for problem in cat.problems:
        say(problem)
    return ExitCode.FAILED if cat.problems else ExitCode.OK


def cmd_check_limits(args: argparse.Namespace) -> ExitCode:
    from dealer_app.engine.limits import LimitsError, load_folder, parse_profile, parse_table

    path = Path(args.path) if args.path else (limits_dir_given(args) or default_limits_dir())
    if path.is_dir():
        cat = load_folder(path)
        problems = cat.problems
        count = len(cat.tables) + len(cat.profiles) + len({p.split(":")[0] for p in problems})
    elif path.exists():
        problems, count = [], 1
        try:
            if path.parent.name == "house":
                parse_profile(path)
            else:
                profiles_dir = path.parent / "house"
                known: dict | None = (
                    {p.stem: None for p in profiles_dir.glob("*.yaml")} if profiles_dir.is_dir() else None
                )
                parse_table(path, known)
        except LimitsError as exc:
            problems = exc.problems
    else:
        raise UsageError(f"{path}: no such file or folder")
    for problem in problems:
        print(problem)
    print(
        f"{count - len({p.split(':')[0] for p in problems})} of {count} file(s) valid"
        + (f"; {len(problems)} problem(s)" if problems else "")
    )
    return ExitCode.FAILED if problems else ExitCode.OK


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tables", help="list the limit tables")
    command(p, cmd_tables)
    p = sub.add_parser("check-limits", help="validate a limit table file or folder")
    p.add_argument("path", nargs="?")
    command(p, cmd_check_limits)

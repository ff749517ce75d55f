"""The exam's certificate as a PDF (QPdfWriter + QTextDocument): trainee, date, skills, scores,
pass or fail, the pass mark."""

from __future__ import annotations

import html
import os
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QMarginsF, QSizeF, QUrl
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from dealer_app.engine.bounded import FileRefused
from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.training.speed import speed_target
from dealer_app.ui.drill_view import skill_name
from dealer_app.ui.trend_chart import paint_trend
from dealer_app.ui.words import fill

if TYPE_CHECKING:
    from dealer_app.training.exam import ExamListing, ExamResult

translate = QCoreApplication.translate


def certificate_html(session, trainee: str, result: ExamResult | None = None) -> str:
    if result is not None:
        return exam_certificate_html(session, result)
    e = html.escape
    passed = session.passed()

    rows = "".join(
        f"<tr><td>{e(skill_name(skill))}</td><td>{right} / {asked}</td><td>{right / asked * 100:.0f}%</td>"
        f"<td>{sec:.1f} s</td></tr>"
        for skill, (right, asked, sec) in sorted(session.by_skill().items())
    )
    verdict = translate("Training", "PASSED") if passed else translate("Training", "NOT PASSED")
    # a failed exam gets a result, never a paper called a certificate
    w = {
        "title": translate("Training", "Dealer training certificate")
        if passed
        else translate("Training", "Dealer training exam result"),
        "trainee": translate("Training", "Trainee"),
        "date": translate("Training", "Date"),
        "exam": translate("Training", "Exam"),
        "what": translate("Training", "drills, Seven Card Stud procedure"),
        "skill": translate("Training", "Skill"),
        "right": translate("Training", "Right"),
        "time": translate("Training", "Mean time"),
        "score": translate("Training", "Score"),
        "mark": translate("Training", "Pass mark"),
    }
    return (
        f"<h1>{e(w['title'])}</h1>"
        f"<p><b>{e(w['trainee'])}:</b> {e(trainee or '—')}</p>"
        f"<p><b>{e(w['date'])}:</b> {date.today().isoformat()}</p>"
        f"<p><b>{e(w['exam'])}:</b> {len(session.results)} {e(w['what'])}</p>"
        f"<table border='1' cellpadding='4' cellspacing='0'><tr><th>{e(w['skill'])}</th>"
        f"<th>{e(w['right'])}</th><th>%</th><th>{e(w['time'])}</th></tr>{rows}</table>"
        f"<h2>{e(w['score'])}: {session.score() * 100:.0f}% — {e(verdict)}</h2>"
        f"<p>{e(w['mark'])}: {session.pass_mark * 100:.0f}%</p>"
    )


def exam_certificate_html(session, r: ExamResult) -> str:
    """A blueprint's exam: who took it, who set it, on what, the score per skill, and how a
    reader checks it (the verification ID and the record's seal)."""

    e = html.escape

    seconds = {skill: sec for skill, (_right, _asked, sec) in session.by_skill().items()} if session else {}
    pace = session.pace_by_skill() if session else {}  # the speed beside the accuracy
    rows = "".join(
        f"<tr><td>{e(skill_name(s.skill))}</td><td>{s.right} / {s.asked}</td>"
        f"<td>{(s.right * 100 // s.asked) if s.asked else 0}%</td>"
        f"<td>{seconds.get(s.skill, 0.0):.1f} s</td>"
        f"<td>{pace.get(s.skill, (0, 0))[0]} / {s.asked} (≤ {speed_target(s.skill):g} s)</td></tr>"
        for s in r.skills
    )
    w = {
        "title": translate("Training", "Dealer training certificate")
        if r.passed
        else translate("Training", "Dealer training exam result"),
        "trainee": translate("Training", "Trainee"),
        "instructor": translate("Training", "Instructor"),
        "blueprint": translate("Training", "Exam blueprint"),
        "tables": translate("Training", "Limit tables"),
        "date": translate("Training", "Date (UTC)"),
        "what": translate("Training", "drills, Seven Card Stud procedure"),
        "skill": translate("Training", "Skill"),
        "right": translate("Training", "Right"),
        "time": translate("Training", "Mean time"),
        "score": translate("Training", "Score"),
        "mark": translate("Training", "Pass mark"),
        "taken": translate("Training", "Time taken"),
        "limit": translate("Training", "time limit"),
        "vid": translate("Training", "Verification ID"),
        "seal": translate("Training", "Seal"),
        "check": translate("Training", "Check this certificate with"),
        "late": translate("Training", "the time ran out: the drills not answered count as wrong"),
        "pace": translate("Training", "On pace"),
    }
    when = r.finished_at[:16].replace("T", " ") if r.finished_at else "—"
    taken = f"{r.seconds // 60}:{r.seconds % 60:02d}"
    limit = f"{r.time_limit_s // 60}:{r.time_limit_s % 60:02d}"
    late = f"<p>{e(w['late'])}</p>" if r.timed_out else ""
    return (
        f"<h1>{e(w['title'])}</h1>"
        f"<p><b>{e(w['trainee'])}:</b> {e(r.trainee or '—')}</p>"
        f"<p><b>{e(w['blueprint'])}:</b> {e(r.blueprint_name)} ({e(r.blueprint_id)}), {r.asked} {e(w['what'])}</p>"
        f"<p><b>{e(w['instructor'])}:</b> {e(r.instructor)}</p>"
        f"<p><b>{e(w['tables'])}:</b> {e(', '.join(r.tables))}</p>"
        f"<p><b>{e(w['date'])}:</b> {e(when)}</p>"
        f"<p><b>{e(w['taken'])}:</b> {taken} ({e(w['limit'])} {limit})</p>{late}"
        f"<table border='1' cellpadding='4' cellspacing='0'><tr><th>{e(w['skill'])}</th>"
        f"<th>{e(w['right'])}</th><th>%</th><th>{e(w['time'])}</th><th>{e(w['pace'])}</th></tr>{rows}</table>"
        f"<h2>{e(w['score'])}: {r.score_percent}% — {e(_verdict_words(r))}</h2>"
        f"<p>{e(w['mark'])}: {r.pass_mark}%</p>"
        f"<p><b>{e(w['vid'])}:</b> {e(r.id)}<br><b>{e(w['seal'])}:</b> {e(r.seal_code)}</p>"
        f"<p>{e(w['check'])}:</p><pre>dealer-app certificate verify {e(r.id)} \\\n"
        f"    --db RECORD --seal {e(r.seal_code)}</pre>"
    )


def check_pdf_target(out: Path) -> os.stat_result | None:
    """Refuse, by name, a PDF's path that cannot be written (as the floor's report does): a
    folder, a path whose folder is missing or is a file, a file or folder without write
    permission. The file's stat if it is there (``printed`` compares it), else None."""

    if out.is_dir():
        raise FileRefused(out, says(QT_TRANSLATE_NOOP("Errors", "is a folder, not a file")))
    if out.exists() and not out.is_file():
        raise FileRefused(out, says(QT_TRANSLATE_NOOP("Errors", "is not a regular file; not written")))
    if not out.parent.is_dir():
        raise FileRefused(
            out, says(QT_TRANSLATE_NOOP("Errors", "its folder %1 is missing or is a file"), str(out.parent))
        )
    if not os.access(out if out.exists() else out.parent, os.W_OK):
        raise FileRefused(out, says(QT_TRANSLATE_NOOP("Errors", "no permission to write it")))
    return out.stat() if out.exists() else None


def check_printed(out: Path, before: os.stat_result | None) -> None:
    """The PDF checked once its writer is gone: Qt only warns ("QPainter::begin(): Returned
    false") when it cannot write, so a PDF not written (or an old one left as it was) is
    refused by name."""

    after = out.stat() if out.is_file() else None
    if (
        after is None
        or after.st_size == 0
        or (
            before is not None
            and (after.st_mtime_ns, after.st_size, after.st_ino) == (before.st_mtime_ns, before.st_size, before.st_ino)
        )
    ):
        raise FileRefused(
            out, says(QT_TRANSLATE_NOOP("Errors", "could not be opened for writing; nothing was written"))
        )


def write_certificate(session, trainee: str, out: Path, result: ExamResult | None = None) -> Path:
    out = Path(out)
    before = check_pdf_target(out)
    doc = QTextDocument()
    doc.setHtml(certificate_html(session, trainee, result))
    writer = QPdfWriter(str(out))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(20, 20, 20, 20),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(translate("Training", "Dealer training certificate"))
    _page_size(doc, writer)
    doc.print_(writer)
    del writer  # the file is complete once the writer is gone
    check_printed(out, before)
    return out


def exams_html(exams: list[ExamListing]) -> str:
    """The exams taken, as a table (nothing when there are none)."""
    if not exams:
        return ""
    e = html.escape
    head = [
        translate("Training", "Trainee"),
        translate("Training", "Exam blueprint"),
        translate("Training", "Instructor"),
        translate("Training", "Score"),
        translate("Training", "Passed?"),
        translate("Training", "Verification ID"),
        translate("Training", "Date (UTC)"),
    ]
    body = ""
    for listed in exams:
        r = listed.result
        verdict = _verdict_words(r)
        if listed.genuine is False:
            verdict += " — " + translate("Training", "NOT GENUINE: changed after it was written")
        body += (
            f"<tr><td>{e(r.trainee)}</td><td>{e(r.blueprint_name)} ({e(r.blueprint_id)})</td>"
            f"<td>{e(r.instructor)}</td><td>{r.right}/{r.asked} ({r.score_percent}%)</td><td>{e(verdict)}</td>"
            # (the ID whole on one line: it is read out and typed again)
            f"<td nowrap><span style='white-space:nowrap'>{e(r.id)}</span></td>"
            f"<td nowrap>{e((r.finished_at or r.started_at)[:16].replace('T', ' '))}"
            f"</td></tr>"
        )
    title = translate("Training", "Exams")
    return (
        f"<h2>{e(title)}</h2><table border='1' cellpadding='3' cellspacing='0' width='100%'><tr>"
        f"{''.join(f'<th>{e(h)}</th>' for h in head)}</tr>{body}</table>"
    )


def _verdict_words(r: ExamResult) -> str:
    if not r.finished:
        return translate("Training", "not finished")
    return translate("Training", "PASSED") if r.passed else translate("Training", "NOT PASSED")


def _page_size(doc: QTextDocument, writer: QPdfWriter) -> None:
    """The document laid out on the page's body at the screen's 96 dots an inch (as its fonts
    are), then printed scaled to the writer's: a table of width 100% spans the page."""
    body = writer.pageLayout().paintRect(QPageLayout.Unit.Point)
    doc.setPageSize(QSizeF(body.width() * 96 / 72, body.height() * 96 / 72))


def trend_image(
    series: dict[str, list[tuple[str, float]]], weak: set[str], width: int = 1400, height: int = 420
) -> QImage:
    """A trainee's weekly accuracy per skill painted as an image (``trend_chart.paint_trend``, at
    twice the screen's size, sharp on paper)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    p = QPainter(image)
    paint_trend(p, QRectF(0, 0, width, height), series, weak, unit=2.0)
    p.end()
    return image


def trends_html(doc: QTextDocument, rows: list[dict], weekly: list[dict]) -> str:
    """Each trainee's chart of the weekly accuracy per skill (added to ``doc`` as an image), its
    weak skills named under it."""

    e = html.escape
    title, weak_title = translate("Training", "Right answers per week"), translate("Training", "Weak skills")
    none_weak = translate("Training", "No weak skill.")
    out = f"<h2>{e(title)}</h2>"
    for name in dict.fromkeys(r["trainee"] for r in rows):
        series: dict[str, list[tuple[str, float]]] = {}
        for w in weekly:
            if w["trainee"] == name:
                series.setdefault(w["skill"], []).append((w["week"], w["accuracy"]))
        weak_rows = [r for r in rows if r["trainee"] == name and r.get("weak")]
        url = QUrl(f"trend://{len(out)}")
        doc.addResource(
            QTextDocument.ResourceType.ImageResource,
            url,
            trend_image({k: sorted(v) for k, v in sorted(series.items())}, {r["skill"] for r in weak_rows}),
        )
        weeks = sorted({week for points in series.values() for week, _a in points})
        span = f" ({weeks[0]} – {weeks[-1]})" if weeks else ""
        out += f"<h3>{e(name)}{e(span)}</h3><p><img src='{url.toString()}' width='680'></p>"
        if weak_rows:
            flags = "; ".join(f"{skill_name(r['skill'])}: {_weak_reasons(r)}" for r in weak_rows)
            out += f"<p><b>{e(weak_title)}:</b> {e(flags)}</p>"
        else:
            out += f"<p>{e(none_weak)}</p>"
    return out


def _weak_reasons(row: dict) -> str:
    words = []
    if "accuracy" in row.get("weak_reasons", []):
        words.append(
            fill(translate("Training", "%1% of the last answers right"), f"{row.get('recent_accuracy', 0) * 100:.0f}")
        )
    if "overdue" in row.get("weak_reasons", []):
        words.append(fill(translate("Training", "overdue since %1"), str(row.get("due", ""))[:10]))
    return ", ".join(words)


def write_group_summary(
    rows: list[dict], out: Path, exams: list[ExamListing] | None = None, weekly: list[dict] | None = None
) -> Path:
    """The trainer's summary of a group as a PDF: every trainee's skills, accuracy and speed
    (a weak skill marked), every exam taken (blueprint, instructor, score, verification ID), then
    each trainee's chart of the weekly accuracy per skill with the weak skills named
    (``weekly``: ``Progress.group_weekly``)."""

    out = Path(out)
    before = check_pdf_target(out)
    e = html.escape
    head = [
        translate("Training", "Trainee"),
        translate("Training", "Skill"),
        translate("Training", "Answers"),
        translate("Training", "Right"),
        translate("Training", "Mean time"),
        translate("Training", "Next due"),
        translate("Training", "Weak"),
    ]
    weak_word = translate("Training", "weak")
    body = "".join(
        f"<tr><td>{e(r['trainee'])}</td><td>{e(skill_name(r['skill']))}</td><td>{r['answers']}</td>"
        f"<td>{r['accuracy'] * 100:.0f}%</td><td>{r['mean_seconds']:.1f} s</td><td>{e(r['due'])}</td>"
        f"<td>{e(weak_word) if r.get('weak') else ''}</td></tr>"
        for r in rows
    )
    title = translate("Training", "Dealer training: the group")
    doc = QTextDocument()
    charts = trends_html(doc, rows, weekly) if weekly else ""
    doc.setHtml(
        f"<h1>{e(title)}</h1><p>{date.today().isoformat()}</p><table border='1' cellpadding='3' "
        f"cellspacing='0'><tr>{''.join(f'<th>{e(h)}</th>' for h in head)}</tr>{body}</table>"
        + exams_html(exams or [])
        + charts
    )
    writer = QPdfWriter(str(out))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(title)
    _page_size(doc, writer)
    doc.print_(writer)
    del writer  # the file is complete once the writer is gone
    check_printed(out, before)
    return out

"""The exam's certificate as a PDF (QPdfWriter + QTextDocument): trainee, date, skills, scores,
pass or fail, the pass mark."""

from __future__ import annotations

import html
import os
from datetime import date
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

translate = QCoreApplication.translate


def certificate_html(session, trainee: str) -> str:
    e = html.escape
    passed = session.passed()
    from dealer_app.ui.trainer_window import skill_name
    rows = "".join(f"<tr><td>{e(skill_name(skill))}</td><td>{right} / {asked}</td><td>{right / asked * 100:.0f}%</td>"
                   f"<td>{sec:.1f} s</td></tr>" for skill, (right, asked, sec) in sorted(session.by_skill().items()))
    verdict = translate("Training", "PASSED") if passed else translate("Training", "NOT PASSED")
    w = {"title": translate("Training", "Dealer training certificate"), "trainee": translate("Training", "Trainee"),
         "date": translate("Training", "Date"), "exam": translate("Training", "Exam"),
         "what": translate("Training", "drills, Seven Card Stud procedure"), "skill": translate("Training", "Skill"),
         "right": translate("Training", "Right"), "time": translate("Training", "Mean time"),
         "score": translate("Training", "Score"), "mark": translate("Training", "Pass mark")}
    return (f"<h1>{e(w['title'])}</h1>"
            f"<p><b>{e(w['trainee'])}:</b> {e(trainee or '—')}</p>"
            f"<p><b>{e(w['date'])}:</b> {date.today().isoformat()}</p>"
            f"<p><b>{e(w['exam'])}:</b> {len(session.results)} {e(w['what'])}</p>"
            f"<table border='1' cellpadding='4' cellspacing='0'><tr><th>{e(w['skill'])}</th>"
            f"<th>{e(w['right'])}</th><th>%</th><th>{e(w['time'])}</th></tr>{rows}</table>"
            f"<h2>{e(w['score'])}: {session.score() * 100:.0f}% — {e(verdict)}</h2>"
            f"<p>{e(w['mark'])}: {session.pass_mark * 100:.0f}%</p>")


def write_certificate(session, trainee: str, out: Path) -> Path:
    out = Path(out)
    if not out.parent.is_dir():
        raise OSError(f"{out.parent}: no such folder")
    if not os.access(out if out.exists() else out.parent, os.W_OK):
        raise OSError(f"{out}: cannot be written")
    doc = QTextDocument()
    doc.setHtml(certificate_html(session, trainee))
    writer = QPdfWriter(str(out))
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(20, 20, 20, 20), QPageLayout.Unit.Millimeter))
    writer.setTitle(translate("Training", "Dealer training certificate"))
    doc.print_(writer)
    del writer
    return out


def write_group_summary(rows: list[dict], out: Path) -> Path:
    """The trainer's summary of a group as a PDF: every trainee's skills, accuracy and speed."""
    from dealer_app.ui.trainer_window import skill_name
    out = Path(out)
    if not out.parent.is_dir():
        raise OSError(f"{out.parent}: no such folder")
    e = html.escape
    head = [translate("Training", "Trainee"), translate("Training", "Skill"), translate("Training", "Answers"),
            translate("Training", "Right"), translate("Training", "Mean time"), translate("Training", "Next due")]
    body = "".join(f"<tr><td>{e(r['trainee'])}</td><td>{e(skill_name(r['skill']))}</td><td>{r['answers']}</td>"
                   f"<td>{r['accuracy'] * 100:.0f}%</td><td>{r['mean_seconds']:.1f} s</td><td>{e(r['due'])}</td></tr>"
                   for r in rows)
    title = translate("Training", "Dealer training: the group")
    doc = QTextDocument()
    doc.setHtml(f"<h1>{e(title)}</h1><p>{date.today().isoformat()}</p><table border='1' cellpadding='3' "
                f"cellspacing='0'><tr>{''.join(f'<th>{e(h)}</th>' for h in head)}</tr>{body}</table>")
    writer = QPdfWriter(str(out))
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
    writer.setTitle(title)
    doc.print_(writer)
    del writer
    return out


"""Guard against a broken Qt binding: PySide6 6.12.0 under Python 3.11 drops a reference to
None on every void call, and the live table crashes ("deallocating None") after a few
thousand paints. pyproject.toml pins below it; this test fails if such a build comes back."""

import gc
import sys

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter


def test_void_calls_do_not_leak_references_to_none(qapp):
    image = QImage(64, 64, QImage.Format_ARGB32)
    painter = QPainter(image)
    font, rect = QFont(), QRectF(0, 0, 30, 30)
    # garbage of earlier tests, collected in the middle, would drop None's count by itself
    gc.collect()
    gc.disable()
    try:
        before = sys.getrefcount(None)
        for _ in range(300):
            painter.setFont(font)
            painter.setPen(QColor("red"))
            painter.drawRoundedRect(rect, 4, 4)
            painter.drawText(rect, Qt.AlignCenter, "A")
        after = sys.getrefcount(None)
    finally:
        gc.enable()
        painter.end()
    assert after - before > -50, f"None lost {before - after} references in 1200 calls"

"""The keyless digest in every signed head (issue 30 §2): the chain, old heads, the anchors line."""

import hashlib

from dealer_app.live.controller import TableController
from dealer_app.record.chain import row_digest
from dealer_app.record.heads import iter_heads
from dealer_app.record.signing import FileSigner, Head
from dealer_app.record.store import Store
from tests.support.live_random import play


def test_every_head_carries_the_digest_of_the_rows_up_to_it_and_verify_catches_an_edit(tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    play(TableController(store), 3, 60, lambda c: None)
    digest, at_row = "", {}
    for rid, sid, seq, hand, kind, payload, at in store.db.execute(
        "SELECT id, session_id, seq, hand_no, kind, payload, at FROM log ORDER BY id"
    ):
        message = f"{store.record_id}|{digest}|{rid}|{sid}|{seq}|{hand}|{kind}|{payload}|{at}".encode()
        digest = row_digest(store.record_id, digest, rid, sid, seq, hand, kind, payload, at)
        assert digest == hashlib.sha256(message).hexdigest()  # (no key: anyone recomputes it)
        at_row[rid] = digest
    heads = [h for _i, h in iter_heads(store.db, store.record_id)]
    assert len(heads) > 5 and all(h.digest == at_row[h.row] for h in heads)
    assert all(h.holds(store.public_key) for h in heads)
    assert store.check(anchors=store.anchors_path, every_signature=True) == []
    store.db.execute("UPDATE log SET payload = replace(payload, '\"', '\"') || ' ' WHERE id = 5")
    store.db.commit()
    said = [p.text for p in store.check(every_signature=True)]
    assert any("no longer give the digest the table signed" in t for t in said)


def test_an_old_head_without_a_digest_keeps_verifying_and_a_stripped_digest_does_not(tmp_path):
    signer = FileSigner.load_or_create(tmp_path / "k")
    old = Head("r1", 3, 3, 1, 1, "ab" * 32, "2026-01-01", "kid").signed(signer)
    assert old.holds(signer.public_key) and b"digest" not in old.message()
    new = Head("r1", 3, 3, 1, 1, "ab" * 32, "2026-01-01", "kid", digest="cd" * 32).signed(signer)
    assert new.holds(signer.public_key)
    stripped = Head(
        *[getattr(new, f) for f in ("record_id", "rows", "row", "session", "hand", "hash", "at", "key_id", "signature")]
    )
    assert not stripped.holds(signer.public_key)


def test_the_anchors_line_carries_the_digest_both_ways(tmp_path):
    signer = FileSigner.load_or_create(tmp_path / "k")
    for head in (
        Head("r1", 3, 3, 1, 1, "ab" * 32, "2026-01-01", "kid", digest="cd" * 32).signed(signer),
        Head("r1", 3, 3, 1, 1, "ab" * 32, "2026-01-01", "kid").signed(signer),
    ):
        line = head.line()
        assert (" digest=" in line) == bool(head.digest)
        at, _, rest = line.strip().partition(" ")
        back = Head.from_fields(at, dict(w.partition("=")[::2] for w in rest.split()[1:]))
        assert back == head and back.holds(signer.public_key)

"""The stub shown while third street's door cards are entered is the stub on the table: every
live seat's two downcards are dealt before the first door card (D-3), so they are counted — and
drawn — from the start, at the table and at every step the floor reads (issue 26's walkthrough:
step 1 showed a stub of 49 and no downcards for the seats still to get their door card)."""

from dealer_app.floor.timeline import load_hand
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store


def test_the_downcards_are_out_before_the_first_door_card(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    c.open_table("stud-5-10", None, [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (5, "Dee", 20000)])
    c.start_hand()
    shown = [c.status()["stub"]]
    downs = [[v.down_count for v in c.seats()]]
    for card in ("Kc", "2c", "9h", "Qd"):
        c.enter_card(card)
        shown.append(c.status()["stub"])
        downs.append([v.down_count for v in c.seats()])
    assert shown == [52 - 8, 52 - 9, 52 - 10, 52 - 11, 52 - 12]
    assert all(d == [2, 2, 2, 2] for d in downs)
    assert c.hand.stub == 52 - 12  # (the engine's count, once the street is dealt, is the same)
    timeline = load_hand(store, c.session_id, c.hand_no)
    for step in range(len(timeline.steps)):  # the floor's moments say what the table said
        moment = timeline.moment(step)
        assert moment.status()["stub"] == shown[min(step, 4)]
        assert [v.down_count for v in moment.seats()] == [2, 2, 2, 2]

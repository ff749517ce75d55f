"""The floor supervisor's side: the step-through of a recorded hand, rulings and the ruling
report's content (the floor PIN that floor-only acts need is ``record/floor_pin.py``, below
the live table, which asks for it too). Qt-free, like the engine and the live table."""

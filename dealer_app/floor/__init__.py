"""The floor supervisor's side: the step-through of a recorded hand, rulings and the ruling
report's content (the floor's own accounts that floor-only acts need are
``record/floor_accounts.py``, below the live table, which asks for them too). Qt-free, like the engine and the live table."""

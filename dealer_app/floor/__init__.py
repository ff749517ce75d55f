"""The floor supervisor's side: the PIN for floor-only acts, the step-through of a recorded
hand, rulings and the ruling report's content. Qt-free, like the engine and the live table."""

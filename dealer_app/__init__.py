"""Seven Card Stud dealer assistant."""

__version__ = "0.1.0"

"""Test set-up: NLTK data from ../shared, and the tests folder importable for helpers."""
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("NLTK_DATA", str(HERE.parent.parent / "shared" / "nltk_data"))

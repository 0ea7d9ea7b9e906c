"""Test set-up: NLTK data from ../shared, the tests folder importable for helpers, and bench/ too."""
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# bench/ is not an installed package: its modules are imported from the checkout.
sys.path.insert(1, str(HERE.parent))
os.environ.setdefault("NLTK_DATA", str(HERE.parent.parent / "shared" / "nltk_data"))

"""NLTK is imported without the packages it loads only for features topicminer never calls."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ["running", "generalization", "classification", "relational", "databases", "happiness", "sky"]


def _run(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_stemming_stopwords_and_wordnet_leave_scipy_and_sklearn_unloaded_with_the_same_answers():
    ours = _run(
        "import json, sys\n"
        "from pipeline.text import stem, stopwords\n"
        "from pipeline.wordnet import wordnet_zip\n"
        f"stems = [stem(w) for w in {WORDS!r}]\n"
        "print(json.dumps({'stems': stems, 'stop': sorted(stopwords()), 'wn': wordnet_zip().name,\n"
        "  'heavy': sorted(m for m in ('scipy', 'sklearn') if m in sys.modules)}))\n")
    plain = _run(
        "import json, nltk\n"
        "from pipeline.nltkdata import configure\n"
        "configure()\n"
        "from nltk.stem.porter import PorterStemmer\n"
        "from nltk.corpus import stopwords\n"
        f"print(json.dumps({{'stems': [PorterStemmer().stem(w) for w in {WORDS!r}],\n"
        "  'stop': sorted(stopwords.words('english'))}))\n")
    assert ours["heavy"] == []
    assert ours["stems"] == plain["stems"] == ["run", "gener", "classif", "relat", "databas", "happi", "sky"]
    assert ours["stop"] == plain["stop"] and len(ours["stop"]) == 179
    assert ours["wn"] == "wordnet.zip"


def test_a_package_imported_later_loads_normally():
    out = _run(
        "import json, sys\n"
        "from pipeline import nltkdata\n"
        "nltkdata.import_nltk()\n"
        "from scipy.stats import hypergeom\n"
        "print(json.dumps({'sf': round(float(hypergeom.sf(0, 10, 3, 5)), 6),\n"
        "  'finder_left': any(isinstance(f, nltkdata._Hidden) for f in sys.meta_path)}))\n")
    assert out == {"sf": 0.916667, "finder_left": False}


def test_a_hidden_package_nltk_cannot_do_without_is_imported_plainly_after_all():
    # Should a release of NLTK need a hidden package outright, import_nltk imports it plainly:
    # here "regex", which NLTK's tokenizers import unconditionally, stands for such a package.
    out = _run(
        "import json, sys\n"
        "from pipeline import nltkdata\n"
        "nltkdata.OPTIONAL_HEAVY = ('scipy', 'sklearn', 'regex')\n"
        "nltk = nltkdata.import_nltk()\n"
        "from nltk.stem.porter import PorterStemmer\n"
        "print(json.dumps({'stem': PorterStemmer().stem('running'), 'regex': 'regex' in sys.modules,\n"
        "  'finder_left': any(isinstance(f, nltkdata._Hidden) for f in sys.meta_path)}))\n")
    assert out == {"stem": "run", "regex": True, "finder_left": False}

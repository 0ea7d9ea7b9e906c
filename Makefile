# Two commands for a fresh machine: `make demo` and `make test` (both set everything up).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SHARED ?= ../shared
export NLTK_DATA ?= $(abspath $(SHARED)/nltk_data)
KEYWORD ?= artificial intelligence

.PHONY: setup demo crawl-demo lint test test-fast bench bench-quality bench-manual bench-sklearn bench-python-docs bench-octave bench-maxima bench-mitscheme bench-django bench-pandas bench-sqlite bench-rustbook bench-drf bench-crawl bench-crawl-speed clean

setup: $(VENV)/.installed

$(VENV)/.installed: setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

demo: setup
	$(BIN)/luigi --module tasks TopicConcepts --keyword "$(KEYWORD)" --local-scheduler

crawl-demo: setup
	$(BIN)/luigi --module tasks Crawl --strategy bestfirst --keywords "$(KEYWORD)" \
		--seeds Artificial_intelligence,Machine_learning --site $(SHARED)/corpora/wikipedia-cs-2020.tar.xz \
		--max-pages 300 --local-scheduler

lint: setup
	$(BIN)/ruff check --quiet --select F,E9 .

test: setup lint
	$(BIN)/pytest -q

test-fast: setup
	$(BIN)/pytest -q -m "not slow"

bench: setup
	$(BIN)/python bench/bench_topic.py

bench-quality: setup
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python -m bench.quality.evaluate

# Another kind of site: the PostgreSQL 15 manual (Debian's postgresql-doc-15, fetched into
# output/sites), its keywords' top 10s against bench/quality/judgements-postgresql.json.
bench-manual: setup
	sh bench/quality/fetch_debian_docs.sh postgresql-doc-15 usr/share/doc/postgresql-doc-15/html output/sites/postgresql-15
	$(BIN)/python -m bench.quality.handjudged --judgements bench/quality/judgements-postgresql.json \
		--corpus output/sites/postgresql-15 --url-prefix https://www.postgresql.org/docs/15/ \
		--output-root output/sites/runs --out bench/results/quality/handjudged-postgresql.md

bench-sklearn: setup
	sh bench/quality/fetch_debian_docs.sh python-sklearn-doc usr/share/doc/python-sklearn-doc/html output/sites/sklearn-1.2
	$(BIN)/python -m bench.quality.handjudged --judgements bench/quality/judgements-sklearn.json \
		--corpus output/sites/sklearn-1.2 --url-prefix https://scikit-learn.org/1.2/ \
		--output-root output/sites/runs-sklearn --out bench/results/quality/handjudged-sklearn.md

bench-python-docs: setup
	sh bench/quality/fetch_debian_docs.sh python3.11-doc usr/share/doc/python3.11/html output/sites/python-3.11-doc
	$(BIN)/python -m bench.quality.handjudged --judgements bench/quality/judgements-python.json \
		--corpus output/sites/python-3.11-doc --url-prefix https://docs.python.org/3.11/ \
		--output-root output/sites/runs-python --out bench/results/quality/handjudged-python.md

bench-octave: setup
	sh bench/quality/fetch_debian_docs.sh octave-doc usr/share/doc/octave/octave.html output/sites/octave-7
	$(BIN)/python -m bench.quality.tocjudge --keywords bench/quality/keywords-octave.tsv \
		--corpus output/sites/octave-7 --url-prefix https://docs.octave.org/v7.3.0/ \
		--output-root output/sites/runs-octave --out bench/results/quality/tocjudge-octave.md

bench-maxima: setup
	sh bench/quality/fetch_debian_docs.sh maxima-doc usr/share/doc/maxima-doc/html output/sites/maxima-5.46
	$(BIN)/python -m bench.quality.tocjudge --keywords bench/quality/keywords-maxima.tsv --toc maxima_toc.html \
		--corpus output/sites/maxima-5.46 --url-prefix https://maxima.sourceforge.io/docs/manual/ \
		--output-root output/sites/runs-maxima --out bench/results/quality/tocjudge-maxima.md

bench-mitscheme: setup
	sh bench/quality/fetch_debian_docs.sh mit-scheme-doc usr/share/doc/mit-scheme-doc/html/mit-scheme-ref output/sites/mit-scheme-12
	$(BIN)/python -m bench.quality.tocjudge --keywords bench/quality/keywords-mitscheme.tsv \
		--corpus output/sites/mit-scheme-12 --url-prefix https://www.gnu.org/software/mit-scheme/documentation/stable/mit-scheme-ref/ \
		--output-root output/sites/runs-mitscheme --out bench/results/quality/tocjudge-mitscheme.md

bench-django: setup
	sh bench/quality/fetch_debian_docs.sh python-django-doc usr/share/doc/python-django-doc/html output/sites/django-3.2
	$(BIN)/python -m bench.quality.tocjudge --keywords bench/quality/keywords-django.tsv --toc contents.html \
		--corpus output/sites/django-3.2 --url-prefix https://docs.djangoproject.com/en/3.2/ \
		--output-root output/sites/runs-django --out bench/results/quality/tocjudge-django.md

bench-pandas: setup
	sh bench/quality/fetch_debian_docs.sh python-pandas-doc usr/share/doc/python-pandas-doc/html output/sites/pandas-1.5
	$(BIN)/python -m bench.quality.tocjudge --keywords bench/quality/keywords-pandas.tsv --toc user_guide/index.html \
		--corpus output/sites/pandas-1.5 --url-prefix https://pandas.pydata.org/pandas-docs/version/1.5/ \
		--output-root output/sites/runs-pandas --out bench/results/quality/tocjudge-pandas.md

bench-sqlite: setup
	sh bench/quality/fetch_debian_docs.sh sqlite3-doc usr/share/doc/sqlite3 output/sites/sqlite-3.40
	$(BIN)/python -m bench.quality.handjudged --judgements bench/quality/judgements-sqlite.json \
		--corpus output/sites/sqlite-3.40 --url-prefix https://www.sqlite.org/ \
		--output-root output/sites/runs-sqlite --out bench/results/quality/handjudged-sqlite.md

# A tenth kind of site: the Rust book (mdBook's HTML, Debian's rust-doc 1.63: its book folder,
# the current edition and the old editions' redirect stubs), judged by hand (judgements-rustbook.json).
bench-rustbook: setup
	sh bench/quality/fetch_debian_docs.sh rust-doc usr/share/doc/rust-doc/html/book output/sites/rustbook-1.63
	$(BIN)/python -m bench.quality.handjudged --judgements bench/quality/judgements-rustbook.json \
		--corpus output/sites/rustbook-1.63 --url-prefix https://doc.rust-lang.org/1.63.0/book/ \
		--output-root output/sites/runs-rustbook --out bench/results/quality/handjudged-rustbook.md

# An eleventh: Django REST framework's documentation (MkDocs, the project's own Bootstrap theme), judged
# by its pages' headings (tocjudge's MkDocs rule), keywords written down before any run (keywords-drf.tsv).
bench-drf: setup
	sh bench/quality/fetch_debian_docs.sh python-djangorestframework-doc usr/share/doc/python3-djangorestframework/html output/sites/drf-3.14
	$(BIN)/python -m bench.quality.tocjudge --keywords bench/quality/keywords-drf.tsv --toc index.html \
		--corpus output/sites/drf-3.14 --url-prefix https://www.django-rest-framework.org/ \
		--output-root output/sites/runs-drf --out bench/results/quality/tocjudge-drf.md

bench-crawl-speed: setup
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python bench/bench_crawl.py

bench-crawl: setup
	$(BIN)/luigi --module tasks CrawlBenchmark --corpus $(SHARED)/corpora/wikipedia-cs-2020.tar.xz \
		--topics 30 --max-pages 1000 --local-scheduler

clean:
	rm -rf output/index output/cache output/*-*/

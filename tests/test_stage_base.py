"""tasks.base.Stage: the heap freeze at each stage's start keeps no garbage alive."""
from __future__ import annotations

import gc
import weakref

import luigi

from tasks.base import Stage

_REFS: list[weakref.ref] = []
_SEEN: list[bool] = []


class _Node:
    pass


class _Cyclic(Stage):
    """Leaves a reference cycle behind: only the collector can free it."""

    path = luigi.Parameter()

    def output(self):
        return luigi.LocalTarget(self.path)

    def run(self):
        node = _Node()
        node.me = node
        _REFS.append(weakref.ref(node))
        with self.output().open("w") as f:
            f.write("made\n")


class _After(Stage):
    """Runs after _Cyclic and records whether its cycle is gone."""

    path = luigi.Parameter()

    def requires(self):
        return _Cyclic(path=self.path + ".first")

    def output(self):
        return luigi.LocalTarget(self.path)

    def run(self):
        _SEEN.append(_REFS[-1]() is None)
        with self.output().open("w") as f:
            f.write("done\n")


def test_a_stage_start_frees_the_garbage_of_the_stages_before_it(tmp_path):
    # With automatic collections off, only the START handler can free the cycle; frozen
    # instead (as before session 78), it stayed for the life of the process, ~14 MB a
    # topic run in a batch of thousands.
    _REFS.clear()
    _SEEN.clear()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        assert luigi.build([_After(path=str(tmp_path / "after"))], local_scheduler=True, log_level="WARNING")
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()
    assert _SEEN == [True]
    assert (tmp_path / "after").read_text() == "done\n"

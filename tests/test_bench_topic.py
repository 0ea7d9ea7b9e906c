"""bench/bench_topic.py's reading of Luigi's execution summary (the `luigi` command row)."""
from __future__ import annotations

import luigi

from bench.bench_topic import ran_tasks


class _Written(luigi.Task):
    path = luigi.Parameter()

    def output(self):
        return luigi.LocalTarget(self.path)

    def run(self):
        with self.output().open("w") as f:
            f.write("done\n")


class _Top(luigi.Task):
    path = luigi.Parameter()

    def requires(self):
        return _Written(path=self.path + ".dep")

    def output(self):
        return luigi.LocalTarget(self.path)

    def run(self):
        with self.output().open("w") as f:
            f.write("top\n")


def test_ran_tasks_reads_what_luigi_ran_and_not_what_was_complete(tmp_path):
    first = luigi.build([_Top(path=str(tmp_path / "top"))], local_scheduler=True, detailed_summary=True,
                        log_level="WARNING")
    assert ran_tasks(first.summary_text) == {"_Top", "_Written"}
    (tmp_path / "top").unlink()  # the dependency stays complete: only the top task runs again
    second = luigi.build([_Top(path=str(tmp_path / "top"))], local_scheduler=True, detailed_summary=True,
                         log_level="WARNING")
    assert ran_tasks(second.summary_text) == {"_Top"}
    assert "_Written" in second.summary_text  # listed, but among the complete ones


def test_the_index_aim_scales_with_lxml_speed():
    from bench.bench_topic import index_aim_here

    assert index_aim_here(80) == 20  # the issue's own premise
    assert index_aim_here(40) == 40  # lxml at half the speed: twice the time for the same work
    assert index_aim_here(None) is None

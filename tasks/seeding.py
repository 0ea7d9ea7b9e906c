"""Does seeding with hubs help? The crawl benchmark with and without augmented seeds, compared."""
from __future__ import annotations

import json
from pathlib import Path

import luigi

from scoring import crawl_metrics as cm

from .artifacts import atomic_path, read_csv, short_digest, write_csv, write_json, write_text
from .base import Stage
from .benchmark import BenchmarkParameters, CrawlBenchmark
from .params import IntParam


class SeedingComparison(BenchmarkParameters, Stage):
    """Target recall of every strategy with the drawn seeds and with hubs added (Pant &
    Menczer's augmentation), paired by topic, along the crawl; both benchmarks are run
    (or reused) as its requirements."""

    augmented_port = IntParam(default=0, description="the augmented benchmark's port (0: --port); the "
                              "port is part of each crawl's identity (its stored URLs)")

    def benchmark(self, augmented: bool) -> CrawlBenchmark:
        """The plain or the augmented benchmark this comparison reads."""
        return self.clone(CrawlBenchmark, port=(self.augmented_port or self.port) if augmented else self.port,
                          augment_seeds=augmented)

    def requires(self):
        return {"plain": self.benchmark(False), "augmented": self.benchmark(True)}

    def folder(self) -> Path:
        key = json.dumps(self.to_str_params(only_significant=True), sort_keys=True)
        return Path(self.output_root) / "benchmark" / f"seeding-{short_digest(key)}"

    def output(self):
        return luigi.LocalTarget(str(self.folder() / "summary.json"))

    def run(self):
        plain, augmented = (self.benchmark(a) for a in (False, True))
        rows = {}
        for name, task in (("plain", plain), ("augmented", augmented)):
            rows[name] = [(r["strategy"], r["topic"], int(r["N"]), float(r["precision"]), float(r["target_recall"]))
                          for r in read_csv(luigi.LocalTarget(str(task.folder() / "metrics.csv")))]
        names = plain.strategy_names(plain.crawl_tasks())
        ns = sorted({r[2] for r in rows["plain"]})
        effect = cm.seeding_effect(rows["plain"], rows["augmented"], names, ns)
        folder = self.folder()
        folder.mkdir(parents=True, exist_ok=True)
        write_csv(luigi.LocalTarget(str(folder / "comparison.csv")),
                  ["strategy", "N", "topics", "plain", "augmented", "diff", "p"],
                  [[e["strategy"], e["N"], e["topics"], round(e["plain"], 6), round(e["augmented"], 6),
                    round(e["diff"], 6), "" if e["p"] is None else round(e["p"], 6)] for e in effect])
        with open(augmented.output().path, encoding="utf-8") as f:
            seeds = json.load(f).get("seeds", {})
        points = cm.milestones(ns)
        summary = {"plain": str(plain.folder()), "augmented": str(augmented.folder()),
                   "hubs_added_mean": seeds.get("hubs_added_mean"), "points": points,
                   "effect": [e for e in effect if e["N"] in points]}
        plot_seeding(effect, names, folder)
        write_text(luigi.LocalTarget(str(folder / "summary.md")), seeding_markdown(summary, self))
        write_json(self.output(), summary)
        print(seeding_markdown(summary, self))


def seeding_markdown(summary: dict, task: SeedingComparison) -> str:
    """The comparison a person reads: recall with drawn and with augmented seeds, per strategy and N."""
    points = summary["points"]
    cell = {(e["strategy"], e["N"]): e for e in summary["effect"]}
    names = list(dict.fromkeys(e["strategy"] for e in summary["effect"]))
    lines = [f"Seeding with hubs: {task.topics} topics, {task.max_pages} pages per crawl; "
             f"{summary['hubs_added_mean']} hubs added per topic on average.",
             "Target recall with the drawn seeds -> with hubs added (p: one-tailed paired t-test that "
             "the hubs raise it).", "",
             "| strategy | " + " | ".join(f"recall@{n}" for n in points) + " |", "|---|" + "---|" * len(points)]
    for name in names:
        cells = []
        for n in points:
            e = cell.get((name, n))
            p = "" if e is None or e["p"] is None else f" (p {e['p']:.3f})"
            cells.append("" if e is None else f"{e['plain']:.3f} -> {e['augmented']:.3f}{p}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def plot_seeding(effect: list[dict], names: list[str], folder: Path) -> None:
    """Average target recall@N per strategy: drawn seeds solid, hubs added dashed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    colours = plt.get_cmap("tab20").colors
    for k, name in enumerate(names):
        mine = [e for e in effect if e["strategy"] == name]
        if not mine:
            continue
        ns = [e["N"] for e in mine]
        ax.plot(ns, [e["plain"] for e in mine], color=colours[(2 * k) % 20], label=f"{name}")
        ax.plot(ns, [e["augmented"] for e in mine], color=colours[(2 * k) % 20], linestyle="--",
                label=f"{name} + hubs")
    ax.set_xlabel("pages crawled (N)")
    ax.set_ylabel("average target recall@N")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    target = luigi.LocalTarget(str(folder / "recall.png"))
    with atomic_path(target) as tmp:
        fig.savefig(tmp, format="png", dpi=110)
    plt.close(fig)

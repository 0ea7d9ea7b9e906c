"""Render the final report as Markdown and as a console summary."""
from __future__ import annotations

TOP = 10


def _fmt(x: float) -> str:
    return f"{x:.4f}" if x >= 0.0001 or x == 0 else f"{x:.2e}"


def render_markdown(report: dict) -> str:
    """The published-style table: candidate, n(CP), n(b), S1..S6, type, star."""
    cands = report["candidates"]
    main = [c for c in cands if c["type"] != "III"]
    general = [c for c in cands if c["type"] == "III"]
    p = report["parameters"]
    lines = [
        f"# Topic concepts for \"{report['keyword']}\"",
        "",
        f"n(k) = {report['n_k']} documents contain the keyword. Parameters: "
        + ", ".join(f"{k}={v}" for k, v in p.items() if k != "keyword") + ".",
        "",
        f"{sum(c['type'] == 'I' for c in cands)} Type I, {sum(c['type'] == 'II' for c in cands)} Type II, "
        f"{len(general)} Type III (more general than the keyword) candidates; "
        f"* = a parent node of the candidate's list mentions the keyword.",
        "",
    ]
    if not cands:
        lines += ["**No candidates.** Either no page contains the keyword, or no list item was "
                  "frequent enough: try more `--pages` or a lower `--min-support`.", ""]
    for title, rows in (("Candidates", main), ("Type III: more general than the keyword", general)):
        if not rows:
            continue
        lines += [f"## {title}", "", "| # | candidate | n(CP) | n(b) | S1 | S2 | S3 | S4 | S5 | S6 | type | * |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for i, c in enumerate(rows, 1):
            lines.append(f"| {i} | {c['phrase']} | {c['n_cp']} | {c['n_b']} | "
                         + " | ".join(_fmt(c[f's{j}']) for j in range(1, 7))
                         + f" | {c['type']} | {'*' if c['starred'] else ''} |")
        lines.append("")
    return "\n".join(lines)


def summary_lines(report: dict, path: str) -> list[str]:
    """A short human summary for the console."""
    cands = report["candidates"]
    type1 = [c for c in cands if c["type"] == "I"]
    out = [f"TopicConcepts \"{report['keyword']}\": n(k)={report['n_k']}, {len(cands)} candidates, "
           f"{len(type1)} Type I, {sum(c['type'] == 'III' for c in cands)} Type III"]
    for i, c in enumerate([c for c in cands if c["type"] != "III"][:TOP], 1):
        out.append(f"  {i:2d}. {c['phrase']}{' *' if c['starred'] else ''}  "
                   f"(S1={c['s1']:.3f}, n(CP)={c['n_cp']}, n(b)={c['n_b']}, type {c['type']})")
    out.append(f"Report: {path}")
    return out

"""Draw docs/strength/ismcts_vs_heuristic.png from the measured tournament rows.

    python bench/plot_strength.py [docs/strength/rows.json] [--out docs/strength/ismcts_vs_heuristic.png]

Each row of the JSON file is one `tapete tournament` of `ismcts` (normal)
against the game's heuristic: a label, matches, the ismcts share of the win,
its 95% interval, the fair share and the command that played it. A row may
name the tournament's own JSON output (`from`), whose first result then
gives matches, share and interval. Prints the rows as a table as it draws.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "docs" / "strength"


def load_rows(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    for row in rows:
        source = row.get("from")
        if source:
            report = json.loads((path.parent / source).read_text(encoding="utf-8"))
            first = report["results"][0]
            row.update(matches=report["completed"], share=first["share"], interval=first["interval_95"])
    return rows


def draw(rows: list[dict[str, Any]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8.2, 3.8))
    xs = range(len(rows))
    shares = [r["share"] for r in rows]
    below = [r["share"] - r["interval"][0] for r in rows]
    above = [r["interval"][1] - r["share"] for r in rows]
    clear = ["#2e7d32" if r["interval"][0] > r["fair"] else "#9e9e9e" for r in rows]
    ax.bar(xs, shares, color=clear, width=0.62, yerr=[below, above], capsize=5)
    for x, r in zip(xs, rows, strict=True):
        ax.hlines(r["fair"], x - 0.38, x + 0.38, colors="black", linestyles="dashed", linewidth=1)
    ax.set_xticks(list(xs), [f"{r['label']}\n{r['matches']} matches" for r in rows], fontsize=8)
    ax.set_ylabel("ismcts share of the win (95% CI)")
    ax.set_title("ismcts (normal) against the heuristic (dashes: fair share; green: clear of it)")
    ax.set_ylim(0, 1)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rows", nargs="?", type=Path, default=HERE / "rows.json")
    parser.add_argument("--out", type=Path, default=HERE / "ismcts_vs_heuristic.png")
    args = parser.parse_args()
    rows = load_rows(args.rows)
    for r in rows:
        lo, hi = r["interval"]
        verdict = "clear" if lo > r["fair"] else "not clear"
        share = f"{r['share']:.3f} ({lo:.3f}-{hi:.3f})"
        print(f"{r['label']:<28} {r['matches']:>5} {share} fair {r['fair']:.2f}  {verdict}")
    draw(rows, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

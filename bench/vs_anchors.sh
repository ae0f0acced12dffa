#!/usr/bin/env bash
# tapete beside its anchors, in one pass: the anchors named in the issues
# (RLCard UNO and gin rummy at game level, OpenSpiel hearts, skat, gin_rummy)
# and every tapete game, each with the same harness and machine-speed probe.
# Then prints each tapete rate as a ratio to the anchors of the same pass.
#   bash bench/vs_anchors.sh            # ~6 min (anchors venv made on first use)
#   ANCHORS_SCALE=0.2 bash bench/vs_anchors.sh
# From a git worktree without a venv of its own: TAPETE_PYTHON names the
# interpreter, TAPETE_ANCHORS the anchors' folder; the tapete measured is
# always this checkout's (PYTHONPATH), not the one the venv installed.
set -u -o pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
ANCHORS="${TAPETE_ANCHORS:-$ROOT/../shared/anchors}"
OUT="${VS_ANCHORS_OUT:-/tmp/tapete-vs-anchors.txt}"
PY="${TAPETE_PYTHON:-$ROOT/.venv/bin/python}"
export TAPETE_ANCHORS="$ANCHORS" PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONHASHSEED=0 OMP_NUM_THREADS=1
: > "$OUT"
ANCHORS_SKIP_MCTS=1 ANCHORS_ONLY='rlcard-game uno|rlcard-game gin-rummy|openspiel hearts|openspiel skat|openspiel gin_rummy' \
  bash "$ANCHORS/run_anchors.sh" | tee -a "$OUT"
for spec in "bacan 4" "buracco 4" "nacho-loco 4" "boon 4" "wanted 2"; do
  set -- $spec
  "$PY" -c "import tapete.games as g, sys; sys.exit(0 if '$1' in g.game_ids() else 1)" 2>/dev/null || continue
  "$PY" "$HERE/bench_tapete.py" "$1" --players "$2" 2>>/tmp/tapete-vs-anchors.log | tee -a "$OUT"
done
"$PY" - "$OUT" <<'PYEOF'
import sys
rows = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) == 5 and not line.startswith("#"):
        try:
            rows[(parts[0], parts[1])] = float(parts[3])
        except ValueError:
            pass
anchors = {k: v for k, v in rows.items() if k[0] != "tapete"}
print("\n# steps/s as a ratio to each anchor of this pass")
for (tk, game), sps in rows.items():
    if tk != "tapete":
        continue
    ratios = "  ".join(f"{a[0]} {a[1]}: {sps / v:.2f}x" for a, v in anchors.items())
    print(f"tapete {game} {sps:,.0f} steps/s  |  {ratios}")
PYEOF

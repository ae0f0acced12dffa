"""Learn from your match: every decision one seat made in a finished match,
judged from what that seat knew at the time.

    labels.py      the four labels (good, inaccuracy, mistake, blunder), their words,
                   and where a loss falls among the game's thresholds
    evaluators.py  how a decision is judged, behind one interface: the search's
                   paired rollouts, or the learned network where the game ships a model
    match.py       analyze(record, seat, budget): the walk through a record
    words.py       an analysis in words (the game's catalogue, es/en)
    report.py      many analyses summed up: the loss per bot and decision type

    from tapete.analysis import analyze
    analysis = analyze(record_json, seat=0, budget="normal", progress=..., cancelled=...)
    analysis.to_json()   # JSON-able: every judged decision, a summary
    judge(game, state, seat, action)   # one decision at a position (a hand-built one, a hint)

Method, thresholds and their calibration: docs/analysis.md.
"""

from .evaluators import (
    BUDGETS,
    DEFAULT_BUDGET,
    PASS,
    AnalysisError,
    Budget,
    Evaluator,
    NetworkEvaluator,
    Position,
    SearchEvaluator,
    Verdict,
    budget_named,
    make_evaluator,
)
from .labels import BLUNDER, GOOD, INACCURACY, LABELS, MISTAKE, label, thresholds_for
from .match import Analysis, AnalysisCancelled, CanonicalRandom, Judgement, analyze, judge, known_world, margin_scale
from .report import Report
from .words import analysis_lines, summary_line

__all__ = [
    "BLUNDER",
    "BUDGETS",
    "DEFAULT_BUDGET",
    "GOOD",
    "INACCURACY",
    "LABELS",
    "MISTAKE",
    "PASS",
    "Analysis",
    "AnalysisCancelled",
    "AnalysisError",
    "Budget",
    "CanonicalRandom",
    "Evaluator",
    "Judgement",
    "NetworkEvaluator",
    "Position",
    "Report",
    "SearchEvaluator",
    "Verdict",
    "analysis_lines",
    "analyze",
    "budget_named",
    "judge",
    "known_world",
    "label",
    "make_evaluator",
    "margin_scale",
    "summary_line",
    "thresholds_for",
]

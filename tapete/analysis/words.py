"""An analysis in words: each decision as the seat reads it, with the game's own
sentences for the move played and the better one (its catalogue, es/en), and a
summary. No engine value reaches the reader: no ids, seat numbers or rule ids."""

from __future__ import annotations

from .labels import GOOD, LABELS, PLURALS, WORDS
from .match import Analysis, Judgement


def number(value: float, lang: str, digits: int = 2) -> str:
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "es" else text


def _quoted(text: str, lang: str) -> str:
    return f"«{text}»" if lang == "es" else f"“{text}”"


def decision_line(d: Judgement, lang: str) -> str:
    """ "Acción 58 · ronda 2 · «¡Cantar Bacan!»: error grave (−0,31). Mejor: «Robar del mazo»." """
    es = lang == "es"
    words = d.words["es" if es else "en"]
    where = f"{'Acción' if es else 'Action'} {d.step + 1}"
    if d.round is not None:
        where += f" · {'ronda' if es else 'round'} {d.round}"
    verdict = WORDS[d.label]["es" if es else "en"]
    line = f"{where} · {_quoted(words['played'], lang)}: {verdict}"
    if d.label == GOOD or d.best == d.played:
        return line + "."
    better = "Mejor" if es else "Better"
    return f"{line} (−{number(d.loss, lang)}). {better}: {_quoted(words['best'], lang)}."


def summary_line(analysis: Analysis, lang: str) -> str:
    """How many decisions of each label, the average loss, and what was not judged."""
    es = lang == "es"
    summary = analysis.summary()
    counts = summary["counts"]
    judged = summary["judged"]
    parts = []
    for name in LABELS:
        count = counts[name]
        if count:
            table = WORDS if count == 1 else PLURALS
            parts.append(f"{count} {table[name]['es' if es else 'en']}")
    listed = ", ".join(parts) if parts else ("ninguna" if es else "none")
    average = number(summary["average_loss"], lang, 3)
    if es:
        decisions = "decisión juzgada" if judged == 1 else "decisiones juzgadas"
        text = f"{judged} {decisions}: {listed}; pérdida media {average}."
    else:
        text = f"{judged} {'decision' if judged == 1 else 'decisions'} judged: {listed}; average loss {average}."
    skipped = []
    if summary["forced"]:
        n = summary["forced"]
        skipped.append(
            (f"{n} {'jugada obligada' if n == 1 else 'jugadas obligadas'}")
            if es
            else f"{n} forced {'move' if n == 1 else 'moves'}"
        )
    if summary["unjudged"]:
        n = summary["unjudged"]
        skipped.append(
            f"{n} {'paso' if n == 1 else 'pasos'} de una jugada ya elegida"
            if es
            else f"{n} {'step' if n == 1 else 'steps'} of a move already chosen"
        )
    if skipped:
        joined = " y ".join(skipped) if es else " and ".join(skipped)
        text += f" Sin juzgar: {joined}." if es else f" Not judged: {joined}."
    return text


def analysis_lines(analysis: Analysis, lang: str, *, every: bool = False) -> list[str]:
    """A heading, a line per decision (the good ones only with `every`) and the summary."""
    es = lang == "es"
    name = analysis.names[analysis.seat] if analysis.seat < len(analysis.names) else ""
    heading = f"Las decisiones de {name}" if es else f"{name}'s decisions"
    lines = [heading]
    lines += [decision_line(d, lang) for d in analysis.decisions if every or d.label != GOOD]
    lines.append(summary_line(analysis, lang))
    return lines


def step_sentence(d: Judgement, analysis: Analysis, lang: str) -> str:
    """A decision as a replay screen says it at its step, in words only: "Ana juega «X»: error.
    Mejor: «Y»." (no loss figure, no step number)."""
    es = lang == "es"
    words = d.words["es" if es else "en"]
    name = analysis.names[analysis.seat] if analysis.seat < len(analysis.names) else ""
    verdict = WORDS[d.label]["es" if es else "en"]
    text = f"{name} {'juega' if es else 'plays'} {_quoted(words['played'], lang)}: {verdict}."
    if d.label != GOOD and d.best != d.played:
        text += f" {'Mejor' if es else 'Better'}: {_quoted(words['best'], lang)}."
    return text

"""WANTED's phases: the `phase` of a state and of every view."""

COMMIT, LEADER, DISCARD, DEAL, OVER = "commit", "leader", "discard", "deal", "over"
PHASES = (COMMIT, LEADER, DISCARD, DEAL, OVER)

"""Buracco's phases: the `phase` of a state and of every view."""

DRAW, PRIVILEGE, MELD, DISCARD, HAND_OVER, OVER = "draw", "privilege", "meld", "discard", "hand_over", "over"
PHASES = (DRAW, PRIVILEGE, MELD, DISCARD, HAND_OVER, OVER)

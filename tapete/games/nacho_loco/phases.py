"""Nacho Loco's phases: the `phase` of a state and of every view."""

PLAY, DRAWN, AGAIN, CHOOSE, ROUND_OVER, OVER = "play", "drawn", "again", "choose", "round_over", "over"
PHASES = (PLAY, DRAWN, AGAIN, CHOOSE, ROUND_OVER, OVER)

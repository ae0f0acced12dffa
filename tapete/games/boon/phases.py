"""Boon's phases: the `phase` of a state and of every view."""

BID, BURY, PLAY, ROUND_OVER, OVER = "bid", "bury", "play", "round_over", "over"
PHASES = (BID, BURY, PLAY, ROUND_OVER, OVER)

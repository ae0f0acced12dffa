"""Bacan's phases: the `phase` of a state and of every view."""

DEAL, PEEK, TURN, DRAWN, EXCHANGE, GIVE, OVER = "deal", "peek", "turn", "drawn", "exchange", "give", "over"
PHASES = (DEAL, PEEK, TURN, DRAWN, EXCHANGE, GIVE, OVER)

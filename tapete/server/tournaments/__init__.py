"""Tournaments for people: Swiss (rounds paired by score, no rematch while one can be avoided,
Buchholz, byes) and arenas (a set time, whoever finishes is seated again at once, lichess's points
with streaks), over tables of the table registry.

`pairing` is the arithmetic alone (nothing stored, nothing sent), `records` what the store keeps,
`service` the tournaments a process runs; the HTTP routes are `http/tournament_api.py`.
"""

"""WANTED's information state as numbers (engine/encoding.py; docs/encodings.md).

Observation (the view alone): the options (mode, players, deals, replays),
the phase and the stage's progress, the seat's hand and its commit, who is
in the stage, who acts and who committed, the scores, each seat's piles
(counts and bounty), the latest battle (the seat's cards, the rivals', the
tie discards; each seat's dice, modifier, total, leader and the winner),
the face-up winners, the cards out of play, the seat's own face-down pile
and, in a Duelo or Tiroteo replay, the rivals' known hands.

Memory (what the view no longer shows): every card each seat revealed in a
battle this deal (Pandillas) or stage (Duelo, Tiroteo) - the view shows
only the latest battle, and a rival's face-down pile only to the rival -
with their union; the battles each seat won this stage and in the match,
the battles nobody won, and each seat's habit (strong outlaws early or
late), as the heuristic bot reads it.

Actions: a commit, leader or discard names a card; its row holds the card
(suit, skill level, reward, its increment and decrement) and its strength
against the cards the rivals may still hold (the pool: every card the seat
has not seen this deal or stage, or the rivals' known hands in a replay):
the chance to win a duel, the modifiers it gains and inflicts, its expected
modifier as a gang's leader. A Pandillas gang is three commits summed
(`SearchHints.plans`); each commit row is divided by 3 so the gang's row is
their mean, and per-level slots (skill levels, and the leader's expected
modifier at its card's skill level) make the sum show the gang's skill
histogram and its likely leader's modifier. Seats are relative to the
encoder's (0 = itself), padded to 10.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tapete.engine import Event
from tapete.engine.encoding import FLOAT, InfoEncoder, Layout, cells

from .actions import DEAL
from .cards import DEC_SUIT, DEC_VALUE, FACE_TO_ID, INC_SUIT, INC_VALUE, REWARD, SKILL, SUIT
from .encoding_layout import (
    ACTIONS,
    GANG,
    HAND,
    MAX_REWARD,
    MAX_SKILL,
    MEMORY,
    MIN_PLAYERS,
    OBSERVATION,
    PILE_SCALE,
    SCORE_SCALE,
    SEATS,
    SKILL_LEVELS,
    STAGE_SCALE,
    STATUSES,
    C,
)
from .matchups import GAIN, HARM, HIGHER, LIMIT, LOWER, MOD_SCALE, SKILL_A, TIE, TOTAL_SCALE, WIN, GangOnTable, clip
from .options import MODES, PANDILLAS
from .phases import DISCARD, LEADER, PHASES

# -- per-card tables, computed once -------------------------------------------------
REWARD_A = np.array(REWARD, dtype=FLOAT)
LEVEL_OF = np.array([SKILL_LEVELS.index(s) for s in SKILL], dtype=np.int64)
STRONG = (SKILL_A >= 6).astype(FLOAT)


def _static_rows() -> np.ndarray:
    """The fixed part of each card's row (no kind, nothing about the pool)."""
    a = ACTIONS.offsets
    rows = np.zeros((C, ACTIONS.size), dtype=FLOAT)
    for c in range(C):
        rows[c, a["card"] + c] = 1.0
        rows[c, a["suit"] + (SUIT[c] if SUIT[c] >= 0 else 4)] = 1.0
        rows[c, a["level"] + LEVEL_OF[c]] = 1.0
        rows[c, a["figures"]] = SKILL[c] / MAX_SKILL
        rows[c, a["figures"] + 1] = REWARD[c] / MAX_REWARD
        if INC_SUIT[c] >= 0:
            rows[c, a["increment"] + INC_SUIT[c]] = INC_VALUE[c] / 2.0
        if DEC_SUIT[c] >= 0:
            rows[c, a["decrement"] + DEC_SUIT[c]] = DEC_VALUE[c]
    return rows


STATIC = _static_rows()
_PRODUCTS = (WIN, TIE, GAIN, HARM, LOWER, HIGHER)
# One product of (pool, strong pool, hand) with them all gives `_table` every figure it needs.
PRODUCTS_T = np.ascontiguousarray(np.concatenate(_PRODUCTS).T)
# (column, table) of the products that make vs_pool and hand_rank, in order: win, tie, (win against
# every rival), gain, harm, harm on strong cards, lower skill; in hand: lower, higher skill.
_PICK_COLUMN = np.array([0, 0, 0, 0, 0, 1, 0, 2, 2])
_PICK_TABLE = np.array([0, 1, 0, 2, 3, 3, 4, 4, 5])
_GAIN = 2


def _commit_rows(scale: float) -> np.ndarray:
    rows = STATIC.copy()
    rows[:, ACTIONS["kind"]] = 1.0
    rows *= scale
    return rows


_CARDS = np.arange(C)
_PHASE_AT = OBSERVATION["phase"]
_PLAYERS = range(MIN_PLAYERS, SEATS + 1)


def _shown(record: Mapping[str, Any] | None) -> frozenset[int]:
    """The cards the latest battle shows (views.py lists them there only)."""
    if record is None:
        return frozenset()
    if "seats" in record:
        return frozenset(FACE_TO_ID[e["card"]] for e in record["seats"])
    return frozenset(FACE_TO_ID[f] for g in record["gangs"] for f in (*g["cards"], *g["discarded"]))


def _mark(out: np.ndarray, base: int, faces: Sequence[str] | None) -> None:
    for face in faces or ():
        out[base + FACE_TO_ID[face]] = 1.0


class WantedEncoder(InfoEncoder):
    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        return OBSERVATION, MEMORY, ACTIONS

    def __init__(self, seat: int, num_players: int, options: Any) -> None:
        super().__init__(seat, num_players, options)
        n = num_players
        self._order = [(seat + r) % n for r in range(n)]  # absolute seat of each relative seat
        self._pandillas = options.mode == PANDILLAS
        self._version = 0  # bumped by every remembered event (the action table's cache key)
        self._cache: tuple[Mapping[str, Any], int, np.ndarray] | None = None
        # A commit's row is scaled so that a Pandillas gang's three rows sum to their mean.
        self._scale = 1.0 / GANG if self._pandillas else 1.0
        self._static = _commit_rows(self._scale)
        # the observation's numbers fixed for the match: mode, players, deals and replays
        o = OBSERVATION.offsets
        self._static_ones = (o["mode"] + MODES.index(options.mode), o["players"] + _PLAYERS.index(n))
        self._static_options = (options.deals / 10.0, options.replays / 10.0)

    # -- memory ------------------------------------------------------------------
    def remember(self, event: Event) -> None:
        kind = event.kind
        if kind == "battle":
            self._battle(event.data)
        elif kind == "gangs":
            self._gangs(event.data)
        elif kind in ("deal", "replay"):
            self._new_stage(kind == "replay")
        else:
            return
        self._version += 1

    def _new_stage(self, replay: bool) -> None:
        """A Pandillas deal gathers every card again; a replay starts a stage (WAN-11, WAN-12)."""
        m = MEMORY
        mem = self.memory
        mem[m["shown"] : m["shown"] + SEATS * C + C] = 0.0  # shown and shown_any
        if replay or not self._pandillas:
            mem[m.span("stage_wins")] = 0.0
            mem[m.span("habit")] = 0.0
            mem[m.span("battles")] = 0.0

    def _won(self, winner: int | None) -> None:
        m, mem = MEMORY.offsets, self.memory
        mem[m["battles"]] += 1.0 / STAGE_SCALE
        if winner is None:
            mem[m["battles"] + 1] += 1.0 / STAGE_SCALE
            return
        rel = self.rel(winner)
        mem[m["stage_wins"] + rel] += 1.0 / STAGE_SCALE
        mem[m["match_wins"] + rel] = min(LIMIT, float(mem[m["match_wins"] + rel]) + 1.0 / STAGE_SCALE)

    def _show(self, seat: int, face: str) -> int:
        m, mem = MEMORY.offsets, self.memory
        card = FACE_TO_ID[face]
        mem[m["shown"] + self.rel(seat) * C + card] = 1.0
        mem[m["shown_any"] + card] = 1.0
        return card

    def _battle(self, record: Mapping[str, Any]) -> None:
        """WAN-5, WAN-7: one card per seat, revealed; strong-early habit by battle number."""
        m, mem = MEMORY.offsets, self.memory
        early = 0.5 - (record["number"] - 0.5) / HAND  # +0.4 first battle .. -0.4 fifth
        for entry in record["seats"]:
            card = self._show(entry["seat"], entry["card"])
            at = m["habit"] + self.rel(entry["seat"])
            mem[at] = clip(float(mem[at]) + (SKILL[card] / MAX_SKILL - 0.5) * early)
        self._won(record["winner"])

    def _gangs(self, record: Mapping[str, Any]) -> None:
        """WAN-9, WAN-10: every gang revealed (each step of a tie repeats the record)."""
        for gang in record["gangs"]:
            seat = gang["seat"]
            for face in gang["cards"]:
                self._show(seat, face)
            for face in gang["discarded"]:
                self._show(seat, face)
        if record["status"] == "resolved":
            self._won(record["winner"])

    # -- the view ----------------------------------------------------------------
    def _rel_values(self, out: np.ndarray, base: int, values: Sequence[float], scale: float) -> None:
        """Non-negative numbers by relative seat, / scale, at most LIMIT."""
        for r, s in enumerate(self._order):
            out[base + r] = min(values[s] / scale, LIMIT)

    def _rel_marks(self, out: np.ndarray, base: int, seats: Sequence[int]) -> None:
        n = self.num_players
        for s in seats:
            out[base + (s - self.seat) % n] = 1.0

    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        o = OBSERVATION.offsets
        opts = self.options
        out[o["mode"] + MODES.index(opts.mode)] = 1.0
        out[o["players"] + _PLAYERS.index(self.num_players)] = 1.0
        out[o["options"]] = opts.deals / 10.0
        out[o["options"] + 1] = opts.replays / 10.0
        out[o["phase"] + PHASES.index(view["phase"])] = 1.0
        p = o["progress"]
        out[p] = view["deal"] / 10.0
        out[p + 1] = view["battle_number"] / HAND
        out[p + 2] = view["battles"] / HAND
        out[p + 3] = view["replay"] / 10.0
        out[p + 4] = min(view["round"], 40) / 20.0
        _mark(out, o["hand"], view["hand"])
        _mark(out, o["my_commit"], view["my_commit"])
        self._rel_marks(out, o["in_stage"], view["players"])
        self._rel_marks(out, o["actors"], view["actors"])
        self._rel_marks(out, o["committed"], [s for s, done in enumerate(view["committed"]) if done])
        dealer = view["dealer"]
        if dealer is not None:
            self._rel_marks(out, o["dealer"], (dealer,))
        self._rel_values(out, o["scores"], view["scores"], SCORE_SCALE)
        self._rel_values(out, o["stage_scores"], view["stage_scores"], SCORE_SCALE)
        self._rel_values(out, o["held"], view["held"], HAND)  # at most 5
        piles = view["piles"]
        win_at, down_at = o["winners_count"], o["face_down"]
        for r, s in enumerate(self._order):
            pile = piles[s]
            out[win_at + r] = pile["winners_count"] / HAND  # at most 5 (WAN-5, WAN-7) or 3 (WAN-9)
            out[down_at + 2 * r] = min(pile["face_down_count"] / PILE_SCALE, LIMIT)
            out[down_at + 2 * r + 1] = min(pile["face_down_reward"] / SCORE_SCALE, LIMIT)
            _mark(out, o["winners"], pile["winners"])
        _mark(out, o["my_face_down"], piles[self.seat]["face_down"])
        self._write_battle(view["battle"], out)
        self._rel_marks(out, o["tied"], view["tied"])
        self._rel_marks(out, o["discard_ready"], view["discard_ready"])
        _mark(out, o["out"], view["out"])
        for hand in view.get("public_hands") or ():
            _mark(out, o["public_hands"], hand)
        out[o["counts"]] = view["deck_count"] / C
        out[o["counts"] + 1] = view["out_count"] / C

    def write_state(self, state: Any, out: np.ndarray) -> None:
        """`write_observation` of this seat's view (views.py), read from the state."""
        o = OBSERVATION.offsets
        me, n = self.seat, self.num_players
        phase = state.phase
        over = phase == "over"
        cell = cells(out)
        at, p = o["options"], o["progress"]
        ones = [*self._static_ones, _PHASE_AT + PHASES.index(phase)]
        cell[at], cell[at + 1] = self._static_options
        cell[p] = state.deal_no / 10.0
        cell[p + 1] = (state.battle + (0 if over else 1)) / HAND
        cell[p + 2] = state.battles / HAND
        cell[p + 3] = state.stage / 10.0
        cell[p + 4] = min(state.rounds, 40) / 20.0
        base = o["hand"]
        ones += [base + c for c in state.hands[me]]
        base = o["my_commit"]
        ones += [base + c for c in state.pending[me]]
        marked = ((o["in_stage"], state.participants), (o["actors"], state.actors()), (o["tied"], state.tied))
        for base, seats in marked:
            ones += [base + (s - me) % n for s in seats]
        pending, per, hands = state.pending, state.per, state.hands
        base = o["committed"]
        ones += [base + (s - me) % n for s in range(n) if len(pending[s]) == per]
        if phase == "deal":
            ones.append(o["dealer"] + (state.dealer - me) % n)
        discard = state.discard
        base = o["discard_ready"]
        ones += [base + (s - me) % n for s in state.tied if discard[s] >= 0]
        order = self._order
        scores, stage_scores = state.scores(), state.stage_scores()
        score_at, stage_at, held_at = o["scores"], o["stage_scores"], o["held"]
        record = state.last
        shown = _shown(record)
        win_at, down_at, winners_at = o["winners_count"], o["face_down"], o["winners"]
        for r, s in enumerate(order):
            cell[score_at + r] = min(scores[s] / SCORE_SCALE, LIMIT)
            cell[stage_at + r] = min(stage_scores[s] / SCORE_SCALE, LIMIT)
            cell[held_at + r] = min((len(hands[s]) + len(pending[s])) / HAND, LIMIT)
            won, down = state.winners[s], state.face_down[s]
            cell[win_at + r] = len(won) / HAND
            cell[down_at + 2 * r] = min(len(down) / PILE_SCALE, LIMIT)
            cell[down_at + 2 * r + 1] = min(sum(REWARD[c] for c in down) / SCORE_SCALE, LIMIT)
            ones += [winners_at + c for c in won if c not in shown]
        base = o["my_face_down"]
        ones += [base + c for c in state.face_down[me] if c not in shown]
        base = o["out"]
        ones += [base + c for c in state.out if c not in shown]
        if state.hands_public():
            base = o["public_hands"]
            for s in range(n):
                if s != me:
                    ones += [base + c for c in hands[s] + pending[s]]
        for at in ones:
            cell[at] = 1.0
        if record is None:
            cell[o["battle_status"]] = 1.0
        else:
            self._write_record(record, cell)
        cell[o["counts"]] = len(state.deck) / C
        cell[o["counts"] + 1] = len(state.out) / C

    def _write_record(self, record: Mapping[str, Any], cell: memoryview[float]) -> None:
        """`_write_battle` of the latest battle's record (views.py `_battle` shows it whole)."""
        o = OBSERVATION.offsets
        me, n = self.seat, self.num_players
        mine, rivals, seats = o["battle_mine"], o["battle_rivals"], o["battle_seats"]
        winner = record["winner"]
        if winner is not None:
            cell[o["battle_winner"] + (winner - me) % n] = 1.0
        if "seats" in record:
            cell[o["battle_status"] + 1] = 1.0
            for e in record["seats"]:
                s = e["seat"]
                at = seats + 6 * ((s - me) % n)
                card = FACE_TO_ID[e["card"]]
                cell[(mine if s == me else rivals) + card] = 1.0
                cell[at] = e["die"] / 18.0
                cell[at + 1] = e["modifier"] / MOD_SCALE
                cell[at + 2] = e["total"] / TOTAL_SCALE
                cell[at + 3] = 1.0
                cell[at + 4] = SKILL[card] / MAX_SKILL
                cell[at + 5] = 1.0 / GANG
            return
        cell[o["battle_status"] + STATUSES.index(record["status"])] = 1.0
        gone = o["battle_gone"]
        for g in record["gangs"]:
            s = g["seat"]
            at = seats + 6 * ((s - me) % n)
            base = mine if s == me else rivals
            faces, leader = g["cards"], g["leader"]
            for i, face in enumerate(faces):
                cell[base + FACE_TO_ID[face]] = 1.0
                if i == leader:
                    cell[at + 4] = SKILL[FACE_TO_ID[face]] / MAX_SKILL
            for face in g["discarded"]:
                cell[gone + FACE_TO_ID[face]] = 1.0
            cell[at] = sum(g["dice"]) / 18.0
            if g["modifier"] is not None:
                cell[at + 1] = clip(g["modifier"] / MOD_SCALE)
            if g["total"] is not None:
                cell[at + 2] = clip(g["total"] / TOTAL_SCALE)
            cell[at + 3] = 1.0 if g["contending"] else 0.0
            cell[at + 5] = len(faces) / GANG

    def _write_battle(self, battle: Mapping[str, Any] | None, out: np.ndarray) -> None:
        o = OBSERVATION.offsets
        if battle is None:
            out[o["battle_status"]] = 1.0
            return
        me, n = self.seat, self.num_players
        mine, rivals, seats = o["battle_mine"], o["battle_rivals"], o["battle_seats"]
        winner = battle["winner"]
        if winner is not None:
            out[o["battle_winner"] + (winner - me) % n] = 1.0
        if battle["kind"] == "single":
            out[o["battle_status"] + 1] = 1.0
            for e in battle["seats"]:
                s = e["seat"]
                at = seats + 6 * ((s - me) % n)
                out[(mine if s == me else rivals) + FACE_TO_ID[e["card"]]] = 1.0
                out[at] = e["die"] / 18.0
                out[at + 1] = e["modifier"] / MOD_SCALE  # -9 .. 18 (nine rivals at most)
                out[at + 2] = e["total"] / TOTAL_SCALE  # at most 8 + 6 + 18
                out[at + 3] = 1.0
                out[at + 4] = e["skill"] / MAX_SKILL
                out[at + 5] = 1.0 / GANG
            return
        out[o["battle_status"] + STATUSES.index(battle["status"])] = 1.0
        for g in battle["gangs"]:
            s = g["seat"]
            at = seats + 6 * ((s - me) % n)
            base = mine if s == me else rivals
            dice = 0
            for entry in g["cards"]:
                out[base + FACE_TO_ID[entry["card"]]] = 1.0
                dice += entry["die"]
                if entry["leader"]:
                    out[at + 4] = entry["skill"] / MAX_SKILL
            _mark(out, o["battle_gone"], g["discarded"])
            out[at] = dice / 18.0
            if g["modifier"] is not None:
                out[at + 1] = clip(g["modifier"] / MOD_SCALE)
            if g["total"] is not None:
                out[at + 2] = clip(g["total"] / TOTAL_SCALE)
            out[at + 3] = 1.0 if g["contending"] else 0.0
            out[at + 5] = len(g["cards"]) / GANG

    # -- actions -------------------------------------------------------------------
    def _pool(self, view: Mapping[str, Any]) -> np.ndarray:
        """1 for each card a rival may hold: the seat's unseen cards, or the
        rivals' known hands in a Duelo / Tiroteo replay (WAN-12)."""
        public = view.get("public_hands")
        if public:
            pool = np.zeros(C, dtype=FLOAT)
            for hand in public:
                for face in hand or ():
                    pool[FACE_TO_ID[face]] = 1.0
            return pool
        m = MEMORY["shown_any"]
        pool = 1.0 - self.memory[m : m + C]
        for faces in (view["hand"], view["my_commit"], view["out"]):
            for face in faces or ():
                pool[FACE_TO_ID[face]] = 0.0
        for pile in view["piles"]:
            for face in pile["winners"]:
                pool[FACE_TO_ID[face]] = 0.0
        return pool

    def _table(self, view: Mapping[str, Any]) -> np.ndarray:
        """Each card's row as a commit (kind and Pandillas' 1/3 included), for this view and memory."""
        cache = self._cache
        if cache is not None and cache[0] is view and cache[1] == self._version:
            return cache[2]
        a = ACTIONS.offsets
        table = self._static.copy()
        hand = view["hand"] or ()
        columns = np.zeros((3, C), dtype=FLOAT)  # the pool, its strong cards, the hand
        pool = columns[0]
        pool[:] = self._pool(view)
        np.multiply(pool, STRONG, out=columns[1])
        for face in hand:
            columns[2, FACE_TO_ID[face]] = 1.0
        count, strong = float(pool.sum()), float(columns[1].sum())
        # Every card table times every column: products[column, table, card].
        products = (columns @ PRODUCTS_T).reshape(3, len(_PRODUCTS), C)
        s = self._scale
        mean = s / count if count else 0.0
        half = 0.5 * mean
        others = s / (len(hand) - 1) if len(hand) > 1 else 0.0
        factors = np.array([mean, mean, 0.0, half, half, 0.5 * s / max(1.0, strong), mean, others, others], FLOAT)
        dynamic = products[_PICK_COLUMN, _PICK_TABLE] * factors[:, None]
        rivals = max(1, len(view["players"]) - 1)
        win = products[0, 0] * (mean / s)
        dynamic[2] = (win**rivals if rivals > 1 else win) * s  # win against every rival
        table[:, a["vs_pool"] : a["vs_pool"] + 9] = dynamic.T  # vs_pool, hand_rank
        per = GANG if self._pandillas else 1
        lead = products[0, _GAIN] * (mean / s * per * rivals / MOD_SCALE)
        np.minimum(lead, LIMIT, out=lead)
        np.maximum(lead, -LIMIT, out=lead)
        table[_CARDS, a["lead_mod"] + LEVEL_OF] = lead * s
        self._cache = (view, self._version, table)
        return table

    def _rows(self, view: Mapping[str, Any], actions: np.ndarray) -> np.ndarray:
        """The rows of `actions` (an int array)."""
        table = self._table(view)
        if int(actions.max()) < C:  # commits only: the common case
            return table[actions]
        a = ACTIONS.offsets
        kinds = actions // C
        rows = table[actions % C]
        commit = kinds == 0
        rows[~commit] /= self._scale  # the table's rows are a commit's
        rows[~commit, a["kind"]] = 0.0
        rows[~commit, a["hand_rank"] : a["hand_rank"] + 2] = 0.0  # a commit's alone
        rows[kinds == DEAL // C] = 0.0
        rows[~commit, a["kind"] + kinds[~commit]] = 1.0
        if view["phase"] in (LEADER, DISCARD):
            now = GangOnTable(view, self.seat)
            for i, (kind, card) in enumerate(zip(kinds.tolist(), (actions % C).tolist(), strict=True)):
                if kind in (1, 2):
                    now.write(card, kind == 2, rows[i], a["now"])
        return rows

    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        out += self._rows(view, np.array([action]))[0]

    def action_features(self, view: Mapping[str, Any], arms: Sequence[int | Sequence[int]]) -> np.ndarray:
        """As the base class (a plan's row is the sum of its actions'), vectorised."""
        if not arms:
            return np.zeros((0, ACTIONS.size), dtype=FLOAT)
        try:
            index = np.array(arms, dtype=np.int64)
        except ValueError:  # plans of several sizes, or actions and plans mixed
            return super().action_features(view, arms)
        if index.ndim == 1:
            return self._rows(view, index)
        return self._rows(view, index.reshape(-1)).reshape(*index.shape, ACTIONS.size).sum(axis=1)

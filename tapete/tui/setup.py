"""The first screen: game, players, who sits where, options, language."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tapete.bots import kinds_for
from tapete.engine import Game
from tapete.engine.bot_names import bot_level

from .config import PACES, SPEEDS, ConfigError, MatchConfig, default_kinds, validate
from .i18n import LANGS, other_lang, t

HUMAN = "human"  # the Select value of the person's seat (None cannot be a Select value)


def _row(label: str, control: Any, help_text: str = "") -> Horizontal:
    if help_text:
        control.tooltip = help_text
    return Horizontal(Label(label, classes="label"), control, classes="row")


class SetupScreen(Screen[MatchConfig]):
    """Pick a match; dismisses with the MatchConfig to play."""

    DEFAULT_CSS = """
    SetupScreen { align: center top; }
    SetupScreen > * { width: 80; max-width: 100%; }
    #setup-title { text-style: bold; color: $accent; padding: 0 1; height: 1; }
    #setup { height: 1fr; padding: 0 1; border-top: hkey $primary; border-bottom: hkey $primary; }
    .section { text-style: bold; color: $secondary; padding: 1 0 0 0; }
    .row { height: auto; }
    .row .label { width: 34; color: $text-muted; padding: 0 1 0 0; }
    .row Select { width: 1fr; }
    .row Input { width: 1fr; }
    #setup-error { color: $error; height: auto; padding: 0 1; }
    #setup-buttons { height: 1; padding: 0 1; }
    #setup-buttons Button { margin: 0 2 0 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "play", "Jugar / Play", show=False),
        Binding("f2", "lang", "idioma / language"),
        Binding("f1", "rules", "reglas / rules"),
        Binding("escape", "app.quit", "salir / quit"),
    ]

    def __init__(self, games: dict[str, Game], config: MatchConfig) -> None:
        super().__init__()
        self.games = games
        self.config = config
        self.rebuilds = 0  # how many times the form was recomposed (game, players, language)

    @property
    def lang(self) -> str:
        return self.config.lang

    @property
    def game(self) -> Game:
        return self.games[self.config.game_id]

    # -- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Static(f"tapete — {t('setup.title', lang)}", id="setup-title")
        with VerticalScroll(id="setup"):
            yield from self._general_rows()
            yield Static(t("setup.seats", lang), classes="section")
            yield from self._seat_rows()
            yield Static(t("setup.options", lang), classes="section")
            yield from self._option_rows()
        yield Static("", id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button(t("setup.play", lang), id="play", variant="success", compact=True)
            yield Button(t("setup.rules", lang), id="rules", compact=True)
            yield Button(t("setup.quit", lang), id="quit", variant="error", compact=True)
        yield Footer()

    def _general_rows(self) -> ComposeResult:
        lang, cfg = self.lang, self.config
        games = [(f"{g.name[lang]}", gid) for gid, g in self.games.items()]
        yield _row(t("setup.game", lang), Select(games, value=cfg.game_id, allow_blank=False, id="game", compact=True))
        counts = [(str(n), n) for n in self._allowed_players()]
        yield _row(
            t("setup.players", lang),
            Select(counts, value=cfg.players, allow_blank=False, id="players", compact=True),
        )
        langs = [("español", "es"), ("English", "en")]
        yield _row(t("setup.lang", lang), Select(langs, value=lang, allow_blank=False, id="lang", compact=True))
        speeds = [(t(f"speed.{k}", lang), k) for k in SPEEDS]
        yield _row(t("setup.speed", lang), Select(speeds, value=cfg.speed, allow_blank=False, id="speed", compact=True))
        paces = [(t(f"pace.{k}", lang), k) for k in PACES]
        yield _row(t("setup.pace", lang), Select(paces, value=cfg.pace, allow_blank=False, id="pace", compact=True))
        seed = "" if cfg.seed is None else str(cfg.seed)
        yield _row(
            t("setup.seed", lang),
            Input(seed, placeholder=t("setup.seed_hint", lang), id="seed", type="integer", compact=True),
        )

    def _seat_rows(self) -> ComposeResult:
        lang = self.lang
        # a bot level by its one name, as the browser and the seat labels say it
        kinds = [(t("seat.human", lang), HUMAN), *[(bot_level(k, lang), k) for k in kinds_for(self.game)]]
        for seat, kind in enumerate(self.config.kinds):
            value = HUMAN if kind is None else kind
            yield _row(
                t("seat.name", lang, seat=seat),
                Select(kinds, value=value, allow_blank=False, id=f"seat-{seat}", compact=True),
            )

    def _option_rows(self) -> ComposeResult:
        lang = self.lang
        schema = self.game.options_schema()
        if not schema:
            yield Static(t("setup.no_options", lang))
        for spec in self._shown_options():
            key = spec["key"]
            value = self.config.options.get(key, spec["default"])
            yield _row(spec["label"][lang], self._option_control(spec, value), spec["help"][lang])

    def _shown_options(self) -> list[dict[str, Any]]:
        """The game's options the form shows: one that matters only with other options' values (its
        `only_when`: WANTED's deals, in Pandillas only) while they hold, as the browser's form."""
        schema = self.game.options_schema()
        values = {spec["key"]: self.config.options.get(spec["key"], spec["default"]) for spec in schema}
        return [
            spec for spec in schema if all(values.get(k) in held for k, held in (spec.get("only_when") or {}).items())
        ]

    def _option_control(self, spec: dict[str, Any], value: Any) -> Any:
        wid = f"opt-{spec['key']}"
        if spec["type"] == "bool":
            pairs = [(t("yes", self.lang), True), (t("no", self.lang), False)]
            return Select(pairs, value=bool(value), allow_blank=False, id=wid, compact=True)
        if spec["choices"]:
            pairs = [(c[self.lang], c["value"]) for c in spec["choice_labels"]]
            return Select(pairs, value=value, allow_blank=False, id=wid, compact=True)
        if spec["type"] == "int":
            return Input(str(value), id=wid, type="integer", compact=True)
        return Input(str(value), id=wid, compact=True)

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    # -- reading the form -------------------------------------------------------
    def _allowed_players(self) -> tuple[int, ...]:
        try:
            return self.game.allowed_players(self.game.parse_options(self.config.options))
        except Exception:
            return tuple(range(self.game.min_players, self.game.max_players + 1))

    def _read_form(self) -> None:
        """Copy seats, options and seed from the widgets into the config."""
        cfg = self.config
        kinds: list[str | None] = []
        for seat in range(cfg.players):
            value = self.query_one(f"#seat-{seat}", Select).value
            kinds.append(None if value == HUMAN else str(value))
        cfg.kinds = kinds
        options: dict[str, Any] = {}
        for spec in self._shown_options():  # the widgets composed (a hidden option keeps its default)
            widget = self.query_one(f"#opt-{spec['key']}")
            value = widget.value if isinstance(widget, Select | Input) else None
            if value != spec["default"] and value != str(spec["default"]):
                options[spec["key"]] = value
        cfg.options = options
        seed = self.query_one("#seed", Input).value.strip()
        cfg.seed = int(seed) if seed.lstrip("-").isdigit() else None
        if seed and cfg.seed is None:
            raise ConfigError(t("setup.bad_seed", "es"), t("setup.bad_seed", "en"))

    async def _rebuild(self) -> None:
        await self.recompose()
        self.query_one("#play", Button).focus()
        self.rebuilds += 1

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value == self.config.game_id or event.value is Select.NULL:
            return
        game = self.games[str(event.value)]
        self.config.game_id = game.id
        self.config.options = {}
        self.config.players = game.default_players
        self.config.kinds = default_kinds(game.default_players)
        await self._rebuild()

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if event.value == self.config.players or event.value is Select.NULL:
            return
        self._read_form_quietly()
        n = int(str(event.value))
        kinds = self.config.kinds[:n]
        kinds += ["heuristic"] * (n - len(kinds))
        self.config.players, self.config.kinds = n, kinds
        await self._rebuild()

    @on(Select.Changed)
    async def _option_changed(self, event: Select.Changed) -> None:
        """An option other options depend on (WANTED's mode) shows or hides them."""
        key = (event.select.id or "").removeprefix("opt-")
        schema = self.game.options_schema()
        if not any(key in (spec.get("only_when") or {}) for spec in schema):
            return
        default = next(spec["default"] for spec in schema if spec["key"] == key)
        if event.value is Select.NULL or event.value == self.config.options.get(key, default):
            return
        self._read_form_quietly()
        await self._rebuild()

    @on(Select.Changed, "#lang")
    async def _lang_changed(self, event: Select.Changed) -> None:
        if event.value in LANGS and event.value != self.lang:
            self._read_form_quietly()
            self.config.lang = str(event.value)
            await self._rebuild()

    @on(Select.Changed, "#speed")
    def _speed_changed(self, event: Select.Changed) -> None:
        if event.value in SPEEDS:
            self.config.speed = str(event.value)

    @on(Select.Changed, "#pace")
    def _pace_changed(self, event: Select.Changed) -> None:
        if event.value in PACES:
            self.config.pace = str(event.value)

    def _read_form_quietly(self) -> None:
        try:
            self._read_form()
        except ConfigError:
            self.config.seed = None

    # -- actions ------------------------------------------------------------------
    def _error(self, text: str) -> None:
        self.query_one("#setup-error", Static).update(text)

    def action_play(self) -> None:
        try:
            self._read_form()
            validate(self.game, self.config)
        except ConfigError as err:
            self._error(err.text(self.lang))
            return
        self._error("")
        self.dismiss(self.config)

    async def action_lang(self) -> None:
        self._read_form_quietly()
        self.config.lang = other_lang(self.lang)
        await self._rebuild()

    def action_rules(self) -> None:
        from .dialogs import RulesScreen

        self.app.push_screen(RulesScreen(self.game, self.lang))

    @on(Button.Pressed, "#play")
    def _play_pressed(self) -> None:
        self.action_play()

    @on(Button.Pressed, "#rules")
    def _rules_pressed(self) -> None:
        self.action_rules()

    @on(Button.Pressed, "#quit")
    def _quit_pressed(self) -> None:
        self.app.exit()

"""One learning seat against bots, as a Gymnasium environment (``pip install dsim[learn]``;
ids ``dsim/<Game>-v0``, registered by importing simulator.envs).

An observation is a dict: "observation", the seat's view (float32, the game's documented
blocks: ``env.unwrapped.obs_blocks``), and "action_mask" (int8, 1 for each legal action;
also ``info["action_mask"]``). An action is an index into the game's actions
(``env.unwrapped.action_names``). One step is one decision of the learning seat; the
other seats' turns are played in between. An episode is one game; ``reset(seed=s)``
starts the run with seed s at its first game, and each ``reset()`` after it takes the
run's next game: the same seed gives the same games and, with the same actions, the same
trajectory."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..errors import one_error, short
from ..kernels.stepping import IO_GAME
from .core import OBS_BOUND, Batch, learning_table
from .rewards import Rewards

ILLEGAL = ("terminate", "raise")


class DsimEnv(gym.Env):
    """``game`` (None: the default game), ``opponents`` (bot files), ``setup`` (a setup file),
    ``seat`` (0-based; None: the seats rotate from game to game), ``rules`` (as
    ``dsim run --rules``): the table (``learning_table``). ``reward``: "win" or "lead"
    (simulator/envs/rewards.py). ``illegal``: what an action the mask does not allow does:
    "terminate" ends the episode with ``info["illegal_action"]`` and reward 0, a loss's
    (as PettingZoo's TerminateIllegalWrapper ends it, with its own illegal reward), "raise"
    raises an error."""
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str | None = None, opponents=None, setup=None, seat: int | None = None,
                 rules: dict | None = None, reward: str = "win", illegal: str = "terminate",
                 render_mode: str | None = None):
        if illegal not in ILLEGAL:
            raise one_error(f"illegal must be one of {', '.join(ILLEGAL)}, not {short(illegal)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise one_error(f"render_mode must be None or ansi, not {short(render_mode)}")
        g, match, learners, seats = learning_table(game, opponents, setup, 1, seat, rules)
        self.batch = Batch(g, match, 1, learners, 0, seats)
        self.learner = learners[0]
        self.rewards = Rewards(reward, self.learner)
        spec = self.batch.spec
        self.obs_blocks, self.action_names = spec.obs_blocks, spec.action_names
        self.illegal, self.render_mode = illegal, render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (spec.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (spec.n_actions,), np.int8)})
        self.action_space = spaces.Discrete(spec.n_actions)
        self._game = -1
        self._over = True
        self._seat = None

    def _obs(self) -> dict:
        b = self.batch
        if self._over:
            return {"observation": b.observe(0, self._seat), "action_mask": np.zeros_like(b.mask[0])}
        return {"observation": b.obs[0].copy(), "action_mask": b.mask[0].copy()}

    def _info(self, **more) -> dict:
        b = self.batch
        info = {"action_mask": self._obs_mask(), "seat": self._seat, "game": int(b.io[0, IO_GAME])}
        info.update(more)
        return info

    def _obs_mask(self) -> np.ndarray:
        return np.zeros_like(self.batch.mask[0]) if self._over else self.batch.mask[0].copy()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        b = self.batch
        if seed is not None:
            b.seed, self._game = int(seed) % (1 << 63), 0
        elif self._game < 0:  # never seeded: a run of Gymnasium's seeding
            b.seed, self._game = int(self.np_random.integers(1 << 62)), 0
        else:
            self._game += 1
        b.reset([0], [self._game])
        self._seat = b.seat_bots(0).index(self.learner)
        self._over = bool(b.done[0])
        self.rewards.start(b)
        return self._obs(), self._info()

    def step(self, action):
        b = self.batch
        if self._over:
            raise one_error("the game is over: call reset() for the next one")
        a = int(action)
        if not (0 <= a < b.spec.n_actions and b.mask[0, a]):
            if self.illegal == "raise":
                legal = [int(x) for x in np.flatnonzero(b.mask[0])]
                more = " ..." if len(legal) > 12 else ""
                raise one_error(f"action {a} is not legal here (legal: {legal[:12]}{more})",
                                hint="take an action whose action_mask entry is 1")
            self._over = True
            return self._obs(), 0.0, True, False, self._info(illegal_action=True)
        b.step([a])
        ended = b.done.copy()
        reward = float(self.rewards.step(b, ended)[0])
        self._over = bool(ended[0])
        more = {}
        if self._over:
            more = {"win": float(b.wins()[0, self.learner]), "scores": b.final()[0].tolist()}
        return self._obs(), reward, self._over, False, self._info(**more)

    def render(self):
        """(ansi) The question as ``dsim play`` would show it is not kept here: the seat,
        the game and the legal actions by name."""
        if self.render_mode != "ansi":
            return None
        if self._seat is None:
            return "no game yet: call reset()"
        b = self.batch
        legal = [self.action_names[i] for i in np.flatnonzero(self._obs_mask())]
        return f"game {int(b.io[0, IO_GAME])}, seat {self._seat + 1}: " + (
            "over" if self._over else "legal: " + ", ".join(legal))

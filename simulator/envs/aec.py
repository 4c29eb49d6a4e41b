"""Several learning seats at one table (self-play), as a PettingZoo AEC environment
(``pip install dsim[learn]``): agents "player_0" ... take turns as the game asks them,
each observing a dict of "observation" (its view: a question only its own) and
"action_mask" (all 0 but for the agent asked); the other seats, if any, are bots. The
seats rotate from game to game. At the end every agent is rewarded its win share (1, 1/k
for a k-way tie, 0)."""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..errors import one_error
from ..kernels.stepping import IO_GAME
from .core import OBS_BOUND, Batch, learning_table


class DsimAEC(AECEnv):
    metadata = {"name": "dsim_v0", "is_parallelizable": False, "render_modes": []}

    def __init__(self, game: str | None = None, players: int = 2, opponents=None, setup=None,
                 rules: dict | None = None):
        """``players`` learning seats, and a seat for each bot file of ``opponents``."""
        super().__init__()
        g, match, learners, seats = learning_table(game, opponents, setup, players, None, rules)
        self.batch = Batch(g, match, 1, learners, 0, seats)
        spec = self.batch.spec
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._bot = dict(zip(self.possible_agents, learners))
        self.obs_blocks, self.action_names = spec.obs_blocks, spec.action_names
        space = spaces.Dict({"observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (spec.obs_size,), np.float32),
                             "action_mask": spaces.Box(0, 1, (spec.n_actions,), np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(spec.n_actions) for a in self.possible_agents}
        self._game = -1
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent) -> int:
        return self.batch.seat_bots(0).index(self._bot[agent])

    def _asked(self) -> str:
        seat = int(self.batch.player[0])
        bot = self.batch.seat_bots(0)[seat]
        return next(a for a, b in self._bot.items() if b == bot)

    def observe(self, agent):
        b = self.batch
        mine = not b.done[0] and agent == self.agent_selection
        return {"observation": b.observe(0, self._seat(agent)),
                "action_mask": b.mask[0].copy() if mine else np.zeros_like(b.mask[0])}

    def reset(self, seed: int | None = None, options: dict | None = None):
        b = self.batch
        if seed is not None:
            b.seed, self._game = int(seed) % (1 << 63), 0
        elif self._game < 0:
            b.seed, self._game = int(self._rng.integers(1 << 62)), 0
        else:
            self._game += 1
        b.reset([0], [self._game])
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"game": self._game} for a in self.agents}
        if b.done[0]:  # a game that asked no learning seat anything: over as dealt
            self._end()
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._asked()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        b = self.batch
        a = int(action)
        if not (0 <= a < b.spec.n_actions and b.mask[0, a]):
            raise one_error(f"action {a} is not legal for {agent} here",
                            hint="take an action whose action_mask entry is 1")
        self._cumulative_rewards[agent] = 0.0
        b.step([a])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if b.done[0]:
            self._end()
        else:
            self.agent_selection = self._asked()
        self._accumulate_rewards()

    def _end(self) -> None:
        """The game is over: each agent's win share as its reward, every agent terminated."""
        wins = self.batch.wins()[0]
        for ag in self.agents:
            self.rewards[ag] = float(wins[self._bot[ag]])
            self.terminations[ag] = True
            self.infos[ag] = {"game": int(self.batch.io[0, IO_GAME]), "win": float(wins[self._bot[ag]])}

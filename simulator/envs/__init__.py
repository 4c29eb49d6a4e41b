"""The games as learning environments (docs/learn.md): games stepped decision by decision
in compiled code (simulator/kernels/stepping.py), with observations of what a
seat may see and masks of its legal actions.

    Batch         rows of games stepped in one call (numpy arrays in and out; core.py)
    VectorEnv     a learning seat in n games at once, reset as they end (vector.py)
    DsimEnv       Gymnasium: one learning seat against bots (gym.py; ``pip install dsim[learn]``)
    DsimAEC       PettingZoo AEC: several learning seats, self-play (aec.py; dsim[learn])

Importing this package registers a Gymnasium id ``dsim/<Game>-v0`` for each installed game
that offers "learn" (simulator/games.py), when Gymnasium is installed; nothing here needs
it otherwise. No environment names a game: a game gives its stepping
(simulator/engine_base.py's ``Stepping``)."""
from .core import Batch, learning_table  # noqa: F401
from .vector import VectorEnv  # noqa: F401

from ..games import game_names, get_game, offers

#: the Gymnasium ids, {id: the game's name}
IDS = {f"dsim/{get_game(name).LABELS['game']}-v0": name for name in game_names() if "learn" in offers(get_game(name))}

try:
    import gymnasium
except ImportError:  # the learning libraries are an extra (dsim[learn])
    gymnasium = None
if gymnasium is not None:
    for _id, _game in IDS.items():
        if _id not in gymnasium.registry:
            gymnasium.register(_id, entry_point="simulator.envs.gym:DsimEnv", kwargs={"game": _game})

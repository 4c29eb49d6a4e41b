"""The learning environments' example (docs/learn.md): a small masked policy learned in a
few CPU-minutes of games against a bot, then played greedily on fresh seeds: its win rate
with a 95% interval, and its learning curve (a PNG).

    .venv/bin/python bench/learn.py [--minutes 3] [--eval 4000] [--out docs/learn_curve.png]

The policy is one preference per action, the environment's action mask choosing among
them: it takes the legal action it prefers (a priority list it finds for itself, by the
cross-entropy method: each generation plays a population of preference vectors drawn
around the current one, and the current one moves to the mean of the best). It knows
nothing of the cards; what it learns it learns from the games' results. The default
table is Dominion's Big Money kingdom against Big Money; ``--game splendor`` learns
against Greedy."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.envs import VectorEnv  # noqa: E402
from simulator.run.stats import wilson  # noqa: E402

TABLES = {"dominion": ("strategies/big_money.yaml", "kingdoms/big_money.yaml"),
          "splendor": ("strategies/splendor/greedy.yaml", None)}


def table(game: str, rows: int, seed: int) -> VectorEnv:
    bot, setup = TABLES[game]
    return VectorEnv(game, n=rows, opponents=[str(ROOT / bot)], setup=setup and str(ROOT / setup), seed=seed,
                     copy=False)


#: the game's stages: a row of preferences for each, by how many decisions the seat has taken
STAGE = 12
STAGES = 4


def choose(prefs: np.ndarray, mask: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """Each row's legal action it prefers at its stage (prefs: per game row, STAGES rows of
    preferences; steps: the decisions each row's seat has taken in its game)."""
    stage = np.minimum(steps // STAGE, STAGES - 1)
    p = prefs[np.arange(len(stage)), stage]
    return np.where(mask.astype(bool), p, -np.inf).argmax(axis=1)


def train(game: str, minutes: float, population: int = 64, per: int = 4, games: int = 24, elite: int = 8,
          seed: int = 1) -> tuple:
    """The preferences learned in ``minutes`` of CPU time, and the learning curve: (games
    played, the population's mean win share in that generation). A candidate's fitness in
    a generation is its mean win share plus a tenth of its mean final lead in points (so
    that a population that loses every game still tells better from worse)."""
    rows = population * per
    env = table(game, rows, seed)
    rng = np.random.default_rng(seed)
    mu = np.zeros((STAGES, env.n_actions))
    sigma = np.ones((STAGES, env.n_actions))
    played, curve, gen = 0, [], 0
    t0 = time.process_time()
    while time.process_time() - t0 < minutes * 60:
        cand = mu + sigma * rng.standard_normal((population, STAGES, env.n_actions))
        owner = np.repeat(np.arange(population), per)        # the candidate each row plays
        obs, mask = env.reset(seed=seed * 1_000_003 + gen)
        steps = np.zeros(rows, int)
        score = np.zeros(population)
        wins = np.zeros(population)
        done = np.zeros(population, int)
        while done.min() < games:
            obs, mask, reward, ended, info = env.step(choose(cand[owner], mask, steps))
            steps = np.where(ended, 0, steps + 1)
            for k, r in enumerate(np.flatnonzero(ended)):
                c = owner[r]
                if done[c] < games:
                    fin = env.batch.final()[r]
                    lead = fin[env.learner] - np.delete(fin, env.learner).max()
                    score[c] += info["wins"][k] + 0.1 * lead
                    wins[c] += info["wins"][k]
                    done[c] += 1
        best = np.argsort(score)[-elite:]
        mu = cand[best].mean(axis=0)
        sigma = cand[best].std(axis=0) + 0.05
        played += population * games
        curve.append((played, float(wins.sum() / (population * games))))
        gen += 1
    return mu, curve


def evaluate(prefs: np.ndarray, game: str, games: int, seed: int) -> tuple:
    """The learned preferences in ``games`` games of the run with ``seed``: the mean win
    share, Wilson's 95% interval, and which actions were ever legal."""
    env = table(game, 256, seed)
    obs, mask = env.reset()
    steps = np.zeros(256, int)
    legal = mask.any(axis=0)
    wins = []
    while len(wins) < games:
        obs, mask, reward, ended, info = env.step(choose(np.broadcast_to(prefs, (256, *prefs.shape)), mask, steps))
        steps = np.where(ended, 0, steps + 1)
        legal |= mask.any(axis=0)
        wins += list(info["wins"])
    w = np.array(wins[:games])
    lo, hi = wilson(float(w.sum()), games)
    return float(w.mean()), lo, hi, legal


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(TABLES), default="dominion")
    ap.add_argument("--minutes", type=float, default=3.0, help="CPU minutes of training")
    ap.add_argument("--eval", type=int, default=4000, help="fresh games the trained policy plays")
    ap.add_argument("--out", default=None, help="the learning curve's PNG")
    args = ap.parse_args(argv)
    t0 = time.process_time()
    prefs, curve = train(args.game, args.minutes)
    print(f"trained {time.process_time() - t0:.0f} CPU-s, {curve[-1][0] if curve else 0:,} games")
    for g, w in curve[:: max(1, len(curve) // 12)]:
        print(f"  after {g:>7,} games: the population won {w:.1%}")
    names = table(args.game, 1, 0).spec.action_names
    mean, lo, hi, legal = evaluate(prefs, args.game, args.eval, seed=7_777_777)
    for st in range(STAGES):
        top = [names[a] for a in np.argsort(-prefs[st]) if legal[a]][:8]
        span = f"{STAGE * st + 1}-{STAGE * st + STAGE}" if st < STAGES - 1 else f"{STAGE * st + 1}+"
        print(f"  stage {st + 1} (decisions {span}) prefers, of what was ever legal: {', '.join(top)}")
    print(f"greedy policy on {args.eval:,} fresh games: {mean:.1%} [{lo:.1%}, {hi:.1%}] (95%)")
    if args.out:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7.5, 3.8), dpi=110)
        ax.plot([g / 1000 for g, _ in curve], [100 * w for _, w in curve], color="#1f5fbf", lw=1,
                label="the population's win share, each generation")
        ax.axhline(50, color="#888", lw=0.8, ls="--")
        ax.axhline(100 * mean, color="#c0392b", lw=1,
                   label=f"the learned policy on {args.eval:,} fresh games: {mean:.1%} [{lo:.1%}, {hi:.1%}]")
        opp = Path(TABLES[args.game][0]).stem.replace("_", " ").title()
        ax.set(xlabel="games played (thousands)", ylabel="win share, %", ylim=(0, 100),
               title=f"Preferences by stage learned against {opp} ({args.game})")
        ax.legend(loc="lower right", fontsize=8)
        fig.tight_layout()
        fig.savefig(args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

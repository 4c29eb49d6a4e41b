"""The learning environments (simulator/envs): a stepped game is the game dsim play plays with
the same answers, state for state; an observation holds nothing its seat may not see; the
mask is exactly what the engine takes; the same seed gives the same trajectory; the
Gymnasium and PettingZoo API checkers pass."""
import random

import numpy as np
import pytest

from ..helpers import ROOT, scaled
from simulator import api
from simulator.envs import Batch, VectorEnv, learning_table
from simulator.envs.rewards import Rewards
from simulator.errors import InputErrors
from simulator.games import GameFailure
from simulator.kernels import ask_layout as Q
from simulator.person import PersonTable

CASES = {
    "dominion": ("dominion", ["strategies/militia.yaml", "strategies/chapel_witch.yaml"], "kingdoms/interaction.yaml"),
    "intrigue": ("dominion", ["strategies/intrigue/masquerade.yaml", "strategies/intrigue/torturer.yaml"],
                 "kingdoms/intrigue/deconstruction.yaml"),
    "splendor": ("splendor", ["strategies/splendor/greedy.yaml", "strategies/splendor/noble_chaser.yaml"], None),
}


def table(case, seat=1, n=1, autoreset=False, seed=5, bots=None):
    game, files, setup = CASES[case]
    bots = bots or [str(ROOT / b) for b in files]
    g, match, learners, seats = learning_table(game, bots, setup and str(ROOT / setup), seat=seat)
    return Batch(g, match, n, learners, seed, seats, autoreset=autoreset)


def snapshot(b, r=0):
    """Row r's state as it stood at its question (the stepping kernels' copy, or the state
    itself where the game stopped at once: Q_LIVE), as a whole state array."""
    E = b.spec.layout
    X = np.zeros(E.S_EV, np.int32)
    b.spec.kernels.state_copy(b.S2[r], Q.asked_state(b.S2[r], int(b.S2[r, E.G_ASK])), X, 0)
    return X


def filled(b, S):
    """A state as the engine reads it (every zone as far as it is filled)."""
    E = b.spec.layout
    X = np.zeros(E.S_EV, np.int32)
    b.spec.kernels.state_copy(S, 0, X, 0)
    return X


def game_part(b, X):
    """A state without what says where it is logged and asked (a stepped game has no log),
    and (Dominion) without what its zones hold past their sizes, which no kernel reads."""
    E = b.spec.layout
    X = X.copy()
    X[[E.G_LOG, E.G_NEV, E.G_EVCAP, E.G_ASK]] = 0
    if hasattr(E, "MAXC"):
        for z in range(E.MAXP * E.NZ):
            X[E.S_Z + z * E.MAXC + int(X[E.S_ZN + z]):E.S_Z + (z + 1) * E.MAXC] = 0
    return X


def action_of(b, kind, value):
    return b.spec.n_actions - 1 if value == Q.ANSWER_NONE else int(b.spec.koff[kind]) + value


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("seed", [5, 9])
def test_a_stepped_game_is_dsim_plays_game_with_the_same_answers(case, seed):
    b = table(case, seed=seed)
    person = PersonTable(b.game.GAME, b.match, 1, seed, 7)
    b.reset([0], [7])
    rng = random.Random(seed)
    answers = []
    for _ in range(2000):  # a game's decisions, to its end
        st = person.replay(answers)
        q = st.asked()
        if q is None:
            assert b.done[0] and st.over
            final = [st.ENGINE.kernels().vp_of(st.S, st.T, s) if case != "splendor" else
                     int(st.S[st.ENGINE.layout.S_PS + s * st.ENGINE.layout.NPS + st.ENGINE.layout.PS_POINTS])
                     for s in range(b.match.players)]
            assert list(b.final()[0]) == final  # fixed seats: bot s sits at seat s
            break
        assert not b.done[0] and int(b.player[0]) == q.player
        legal = sorted(action_of(b, q.kind, v) for v in q.options + ([Q.ANSWER_NONE] if q.optional else []))
        assert list(np.flatnonzero(b.mask[0])) == legal
        assert np.array_equal(game_part(b, snapshot(b)), game_part(b, filled(b, q.view.S)))
        want = np.zeros(b.spec.obs_size, np.float32)
        b.spec.kernels.observe(filled(b, q.view.S), b.T, q.player, q.view.S, int(q.view.S[b.spec.layout.G_ASK]), want)
        assert np.array_equal(b.obs[0], want)
        a = rng.choice(legal)
        kind = q.kind
        answers.append(Q.ANSWER_NONE if a == b.spec.n_actions - 1 else a - int(b.spec.koff[kind]))
        b.step([a])
    else:
        pytest.fail("the game did not end")
    assert len(answers) > 10


@pytest.mark.parametrize("case", ["dominion", "splendor"])
def test_every_action_the_mask_allows_the_engine_takes_and_no_other(case):
    b = table(case)
    person = PersonTable(b.game.GAME, b.match, 1, 5, 3)
    b.reset([0], [3])
    rng = random.Random(1)
    answers, checked = [], 0
    while not b.done[0] and checked < scaled(12, 4):
        legal = list(np.flatnonzero(b.mask[0]))
        if len(legal) > 1 and rng.random() < 0.5:
            kind = int(person.replay(answers).asked().kind)
            for a in range(b.spec.n_actions):
                v = Q.ANSWER_NONE if a == b.spec.n_actions - 1 else a - int(b.spec.koff[kind])
                try:
                    person.replay(answers + [v])
                    took = True
                except GameFailure as e:  # the engine refuses an answer that is not an option (ERR_ANSWER)
                    assert "not one of the question's options" in str(e)
                    took = False
                assert took == bool(b.mask[0, a]), (a, b.spec.action_names[a])
            checked += 1
        a = rng.choice(legal)
        answers.append(Q.ANSWER_NONE if a == b.spec.n_actions - 1 else
                       a - int(b.spec.koff[person.replay(answers).asked().kind]))
        b.step([a])
    assert checked >= scaled(12, 4) or b.done[0]


def hidden_changes(case, b, X, p):
    """Copies of the state X with only what seat p cannot see changed, and one with what it
    sees changed (the control)."""
    E = b.spec.layout
    S0 = X.copy()
    out = []
    if case == "splendor":
        S = X.copy()
        for lv in range(E.NLEVEL):  # every deck's order
            n = int(S[E.S_DECKN + lv])
            o = E.S_DECK + lv * E.MAXDECK
            S[o:o + n] = S[o:o + n][::-1].copy()
        out.append(S)
        for q in (q for q in range(b.match.players) if q != p):
            nres = int(X[E.S_PS + q * E.NPS + E.PS_NRES])
            for i in range(nres):
                if X[E.S_PS + q * E.NPS + E.PS_HIDDEN] >> i & 1:  # a face-down reserve: another card of its level
                    c = int(X[E.S_PS + q * E.NPS + E.PS_RES + i])
                    lv = int(b.T[E.T_CARDS + c * E.CW + E.C_LEVEL]) - 1
                    o = E.S_DECK + lv * E.MAXDECK
                    for j in range(int(X[E.S_DECKN + lv])):
                        if X[o + j] != c:
                            S = X.copy()
                            S[E.S_PS + q * E.NPS + E.PS_RES + i], S[o + j] = S[o + j], c
                            out.append(S)
                            break
        S = X.copy()  # control: the bank's tokens differ
        S[E.S_BANK] += 1
        return out, S
    def zone(S, q, z):
        o = E.S_Z + (q * E.NZ + z) * E.MAXC
        return o, int(S[E.S_ZN + q * E.NZ + z])
    S = X.copy()
    o, n = zone(S, p, E.Z_DRAW)  # my draw pile's order
    S[o:o + n] = S[o:o + n][::-1].copy()
    out.append(S)
    for q in (q for q in range(b.match.players) if q != p):
        oh, nh = zone(X, q, E.Z_HAND)
        od, nd = zone(X, q, E.Z_DRAW)
        ox, nx = zone(X, q, E.Z_DISC)
        for i in range(nh):  # a card of another's hand swapped with one of its draw pile, of its discard pile
            for oo, nn in ((od, nd), (ox, nx)):
                for j in range(nn):
                    if X[oh + i] != X[oo + j]:
                        S = X.copy()
                        S[oh + i], S[oo + j] = S[oo + j], S[oh + i]
                        out.append(S)
                        break
    S = X.copy()  # control: a card of my hand swapped with a different one of my draw pile
    oh, nh = zone(X, p, E.Z_HAND)
    od, nd = zone(X, p, E.Z_DRAW)
    for i in range(nh):
        for j in range(nd):
            if S[oh + i] != S[od + j]:
                S[oh + i], S[od + j] = S[od + j], S[oh + i]
                return out, S
    return out, None if np.array_equal(S, S0) else S


#: a bot that reserves the top card of level 1's deck, unseen by the others
BLIND = "game: splendor\nname: Blind\nbuy:\n  - 'any cheapest'\nreserve:\n  - 'deck level 1: reserved < 2'\n"


@pytest.mark.parametrize("case", ["dominion", "intrigue", "splendor"])
def test_an_observation_holds_nothing_its_seat_cannot_see(case, tmp_path):
    bots = None
    if case == "splendor":
        (tmp_path / "blind.yaml").write_text(BLIND)
        bots = [str(tmp_path / "blind.yaml"), str(ROOT / CASES[case][1][0])]
    b = table(case, bots=bots)
    b.reset([0], [2])
    rng = np.random.default_rng(2)
    seen = controls = 0
    while not b.done[0]:
        p = int(b.player[0])
        X = snapshot(b)
        o = int(b.S2[0, b.spec.layout.G_ASK])
        base = np.zeros(b.spec.obs_size, np.float32)
        b.spec.kernels.observe(X, b.T, p, b.S2[0], o, base)
        assert np.array_equal(base, b.obs[0])
        changed, control = hidden_changes(case, b, X, p)
        for S in changed:
            v = np.zeros_like(base)
            b.spec.kernels.observe(S, b.T, p, b.S2[0], o, v)
            assert np.array_equal(v, base)
            seen += 1
        if control is not None:
            v = np.zeros_like(base)
            b.spec.kernels.observe(control, b.T, p, b.S2[0], o, v)
            assert not np.array_equal(v, base)  # the check sees a change where there is one
            controls += 1
        u = rng.random(b.spec.n_actions) * b.mask[0]
        b.step([int(u.argmax())])
    assert seen > 20 and controls > 5


@pytest.mark.parametrize("case", ["dominion", "splendor"])
def test_the_same_seed_gives_the_same_trajectory(case):
    def run(seed):
        b = table(case, n=3, autoreset=True, seed=seed)
        b.reset([0, 1, 2], [0, 1, 2])
        rng = np.random.default_rng(0)
        out = []
        for _ in range(scaled(150, 40)):
            u = rng.random(b.mask.shape) * b.mask
            b.step(u.argmax(1))
            out.append((b.obs.copy(), b.mask.copy(), b.io[:, :12].copy()))
        return out
    a, b2, c = run(4), run(4), run(5)
    assert all(np.array_equal(x, y) for s, t in zip(a, b2) for x, y in zip(s, t))
    assert not all(np.array_equal(s[0], t[0]) for s, t in zip(a, c))


RANDOM = {"dominion": "name: Random\nbuy: []\nrandom: true\n",
          "splendor": "game: splendor\nname: Random\nrandom: true\n"}


@pytest.mark.slow
@pytest.mark.parametrize("game,others,setup,players", [
    ("dominion", [], "kingdoms/interaction.yaml", 2),
    ("dominion", ["strategies/militia.yaml", "strategies/witch.yaml"], "kingdoms/sleight_of_hand.yaml", 4),
    ("dominion", [], "kingdoms/intrigue/deconstruction.yaml", 3),
    ("splendor", [], None, 2),
    ("splendor", ["strategies/splendor/greedy.yaml"], None, 3),
])
def test_random_masked_steps_every_one_legal_and_every_game_conserved(game, others, setup, players, tmp_path):
    """Fuzz: random actions among the masked ones in many games, against random bots and
    others, the engine checking every answer against the question's options and every
    card and token at each game's end."""
    rnd = tmp_path / "random.yaml"
    rnd.write_text(RANDOM[game])
    bots = [str(ROOT / b) for b in others] + [str(rnd)] * players
    match = api.prepare([str(rnd)] + bots[:players - 1], setup and str(ROOT / setup), check=True)
    g = api.game_of_bots(match.bots)
    b = Batch(g, match, 64, [0], 17, autoreset=True)
    b.reset(np.arange(64), np.arange(64))
    rng = np.random.default_rng(3)
    steps = games = 0
    while steps < scaled(400_000, 6_400):
        u = rng.random(b.mask.shape, dtype=np.float32) * b.mask
        b.step(u.argmax(1))    # an answer the engine refused, or a conservation error, raises
        steps += 64
        games += int(b.ended.sum())
    assert games > scaled(400_000, 6_400) // 400


def test_rewards_add_up_to_the_result_and_the_lead():
    v = VectorEnv("dominion", n=8, opponents=[str(ROOT / "strategies/big_money_ultimate.yaml")],
                  setup=str(ROOT / "kingdoms/first_game.yaml"), reward="lead", seed=3)
    obs, mask = v.reset()
    assert obs.shape == (8, v.obs_size) and mask.shape == (8, v.n_actions) and mask.any(axis=1).all()
    total = np.zeros(8)
    seen = 0
    rng = np.random.default_rng(0)
    games = np.arange(8)
    while seen < 12:
        u = rng.random(mask.shape) * mask
        obs, mask, r, ended, info = v.step(u.argmax(1))
        games[ended] += 8  # a row whose game ended plays its next one at once: r, r + n, r + 2n ...
        assert np.array_equal(info["games"], games)
        total += r
        for k, row in enumerate(np.flatnonzero(ended)):
            fin = v.batch.final()[row]
            lead = fin[v.learner] - np.delete(fin, v.learner).max()
            assert total[row] == pytest.approx(lead + info["wins"][k])
            total[row] = 0
            seen += 1


def test_a_wrong_action_and_wrong_arguments_are_clear_errors():
    b = table("dominion", n=2)
    b.reset([0, 1], [0, 1])
    bad = int(np.flatnonzero(b.mask[1] == 0)[0])
    good = int(np.flatnonzero(b.mask[0])[0])
    before = b.S2.copy(), b.obs.copy()
    with pytest.raises(InputErrors, match="not legal in game row 1"):
        b.step([good, bad])
    assert np.array_equal(b.S2, before[0]) and np.array_equal(b.obs, before[1])  # no row was stepped
    with pytest.raises(InputErrors, match="one whole-number action per row"):
        b.step([good])
    b.step([good, int(np.flatnonzero(b.mask[1])[0])])  # and the rows go on
    with pytest.raises(InputErrors, match="reward must be one of win, lead"):
        Rewards("points", 0)
    g, match, learners, seats = learning_table("dominion", [str(ROOT / "strategies/search/big_money_search.yaml")])
    with pytest.raises(InputErrors, match="search bot"):
        Batch(g, match, 1, learners)
    with pytest.raises(InputErrors, match="Dominion bots, not 'splendor'"):
        learning_table("splendor", [str(ROOT / "strategies/big_money_ultimate.yaml")])


def test_the_api_checkers_pass():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test
    import simulator.envs as envs
    from simulator.envs.aec import DsimAEC
    for gid in envs.IDS:
        env = gymnasium.make(gid)
        check_env(env.unwrapped, skip_render_check=True)
    for game in ("dominion", "splendor"):
        api_test(DsimAEC(game, players=2), num_cycles=scaled(300, 30))


def test_self_play_asks_every_learning_seat_and_rewards_each_its_result():
    pytest.importorskip("pettingzoo")
    from simulator.envs.aec import DsimAEC
    for game, players in (("dominion", 3), ("splendor", 2)):
        env = DsimAEC(game, players=players)
        kind = next(slice(s, s + k) for n, s, k, _ in env.obs_blocks if n == "kind")
        env.reset(seed=1)
        asked = set()
        rng = np.random.default_rng(0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            asked.add(agent)
            mask = obs["action_mask"]
            assert mask.any() and all(not env.observe(a)["action_mask"].any() for a in env.agents if a != agent)
            # another seat does not see what the question is (its kind, what it is about)
            assert obs["observation"][kind].any()
            assert all(not env.observe(a)["observation"][kind].any() for a in env.agents if a != agent)
            env.step(int(rng.choice(np.flatnonzero(mask))))
        assert asked == set(env.possible_agents)
        wins = [env.batch.wins()[0, env._bot[a]] for a in env.possible_agents]
        assert sum(wins) == pytest.approx(1.0)


def test_the_documented_observation_is_the_observation():
    """docs/learn.md's tables of each game's observation blocks are the blocks (name, start,
    size), and they tile the observation."""
    text = (ROOT / "docs" / "learn.md").read_text()
    for case in ("dominion", "splendor"):
        spec = table(case).spec
        rows = [(n, s, k) for n, s, k, _ in spec.obs_blocks]
        assert all(f"| `{n}` | {s} | {k} |" in text for n, s, k in rows), case
        assert [s for _, s, _ in rows] == list(np.cumsum([0] + [k for _, _, k in rows])[:-1])
        assert sum(k for _, _, k in rows) == spec.obs_size and f"({spec.obs_size:,} numbers" in text
        assert len(spec.action_names) == spec.n_actions and f"({spec.n_actions})" in text


@pytest.mark.parametrize("case", ["dominion", "splendor"])
def test_results_are_each_bots_wherever_it_sits(case):
    """The seats rotate (game gi: bot b at seat (b - gi) mod players): the scores and wins
    read are the learner's own, as the engine scores its seat."""
    game, files, setup = CASES[case]
    g, match, learners, seats = learning_table(game, [str(ROOT / f) for f in files], setup and str(ROOT / setup))
    assert seats == "rotate"
    b = Batch(g, match, 3, learners, 11, seats)
    b.reset([0, 1, 2], [0, 1, 2])
    rng = np.random.default_rng(1)
    while not b.done.all():
        u = rng.random(b.mask.shape) * b.mask
        b.step(np.where(b.done, 0, u.argmax(1)))
    E = b.spec.layout
    st = b.spec.state(0, 8)
    sits = set()
    for r in range(3):
        seat = b.seat_bots(r).index(learners[0])
        sits.add(seat)
        st.S[:E.S_EV] = b.S2[r, :E.S_EV]
        score = (st.ENGINE.kernels().vp_of(st.S, b.T, seat) if case != "splendor" else
                 int(st.S[E.S_PS + seat * E.NPS + E.PS_POINTS]))
        assert b.final()[r, learners[0]] == score
        assert b.wins()[r, learners[0]] == b.grec[r, E.GR_SEAT + 4 * seat + 3] / E.SHARE
        assert b.wins()[r].sum() == pytest.approx(1.0)
    assert len(sits) == 3  # the learner sat in every seat


def test_a_vector_reset_goes_on_with_each_rows_next_game_and_a_seed_starts_again():
    v = VectorEnv("splendor", n=4, opponents=[str(ROOT / "strategies/splendor/greedy.yaml")], seed=2)
    first, mask = v.reset()
    assert list(v.batch.io[:, 3]) == [0, 1, 2, 3]
    v.reset()
    assert list(v.batch.io[:, 3]) == [4, 5, 6, 7]
    again, _ = v.reset(seed=2)
    assert list(v.batch.io[:, 3]) == [0, 1, 2, 3] and np.array_equal(again, first)
    obs, mask, *_ = v.step(np.array([int(np.flatnonzero(m)[0]) for m in v.batch.mask]))
    assert not np.shares_memory(obs, v.batch.obs)  # copies, unless copy=False
    with pytest.raises(InputErrors, match="a seed is a whole number"):
        v.reset(seed=-1)


def two_nobles_a_card_away():
    """A stepped Splendor game (the learner at seat 0) and the board of its turn's start
    (to stack, then put in SN): two nobles a green card away, the one face-up card
    card 18 (green, two blue and two red). Returns (batch, board, noble 1, noble 2)."""
    from simulator.splendor import layout as E
    from simulator.splendor.cards import CARDS
    from simulator.splendor.game import State
    from ..splendor.helpers import G, R, U, noble, one_level_board
    b = table("splendor", seat=0)
    b.reset([0], [7])
    assert int(b.player[0]) == 0
    st = State(b.match)
    st.S[:E.S_EV] = b.SN[0, :E.S_EV]  # the learner's turn as it starts
    n1, n2 = noble([0, 4, 4, 0, 0]), noble([0, 0, 4, 4, 0])
    st.set_nobles([n1, n2])
    for colour, n in ((U, 4), (G, 3), (R, 4)):
        for c in [x.id for x in CARDS if x.level == 1 and x.bonus == colour and x.id != 18][:n]:
            st.give_card(0, c)
    one_level_board(st, [18])
    return b, st, n1, n2


def test_a_stepped_answer_is_the_question_s_when_the_move_before_it_had_no_choice():
    """A stepped Splendor game takes its tape's answer for the turn's action without listing
    the legal actions again, but only when there are two or more of them: here the one
    legal action (the only card it can buy) is no question, and the answer on the tape is
    for the question after it (which of two nobles visits)."""
    from simulator.splendor import layout as E
    from simulator.splendor.game import State
    b, st, n1, n2 = two_nobles_a_card_away()
    st.set_reserved(0, [71, 72, 73])  # three it cannot buy: no reserve either
    st.set_bank([0, 0, 0, 0, 0, 5])  # no gem to take
    st.set_tokens(0, [0] * 6)
    b.SN[0, :E.S_EV] = st.S[:E.S_EV]
    o = int(b.S2[0, E.G_ASK])
    b.S2[0, o + Q.Q_TAPE_N] = 0
    b.S2[0, o + Q.Q_KIND] = E.ASK_NOBLE  # the question the answer is for
    a = action_of(b, E.ASK_NOBLE, n2)
    b.mask[0, a] = 1
    b.step([a])
    after = State(b.match)
    after.S[:E.S_EV] = b.S2[0, :E.S_EV] if b.done[0] else snapshot(b)  # (no one can move on: over)
    assert after.S[E.S_OWNER + 18] == 0  # the one legal action taken
    assert after.noble_owner(n2) == 0  # and the answer the noble's (the other one comes a turn later)
    assert (after.S[E.S_BANK:E.S_BANK + 6] >= 0).all()


@pytest.mark.parametrize("case", ["dominion", "splendor"])
def test_a_seats_view_of_a_row_is_the_rows_observation_for_the_seat_asked(case):
    """``Batch.observe`` (a PettingZoo seat's view) reads the state as it stood at the
    question, a snapshot or the live state (Q_LIVE), as the step's observation does."""
    b = table(case, n=4, autoreset=True)
    b.reset(np.arange(4), np.arange(4))
    rng = np.random.default_rng(1)
    for _ in range(scaled(60, 12)):
        for r in range(4):
            assert np.array_equal(b.observe(r, int(b.player[r])), b.obs[r]), r
        b.step((rng.random(b.mask.shape) * b.mask).argmax(1))


def test_a_stepped_splendor_game_stops_at_its_question():
    """Nothing after a stepped game's question is played (it would be thrown away: no bot
    answers in the seat's place), so no snapshot is kept (Q_LIVE): the state itself is as
    it stood, dsim play's at the same question, at every question of random play (the
    turn's action, tokens to give back, gold to pay)."""
    from simulator.splendor import layout as E
    b = table("splendor", seed=3)
    person = PersonTable(b.game.GAME, b.match, 1, 3, 0)
    b.reset([0], [0])
    rng = random.Random(3)
    kinds, answers = set(), []
    while (q := person.replay(answers).asked()) is not None:
        o = int(b.S2[0, E.G_ASK])
        assert b.S2[0, o + Q.Q_LIVE] == 1 and int(b.S2[0, o + Q.Q_KIND]) == q.kind
        assert b.S2[0, o + Q.Q_STATE] == 1  # open, and no bot answered it in the seat's place
        assert np.array_equal(game_part(b, filled(b, b.S2[0])), game_part(b, filled(b, q.view.S)))
        kinds.add(q.kind)
        a = rng.choice(list(np.flatnonzero(b.mask[0])))
        answers.append(Q.ANSWER_NONE if a == b.spec.n_actions - 1 else a - int(b.spec.koff[q.kind]))
        b.step([a])
    assert b.done[0] and {E.ASK_ACT, E.ASK_RETURN, E.ASK_GOLD} <= kinds


def test_a_stepped_splendor_game_stops_at_a_noble_question():
    from simulator.splendor import layout as E
    from simulator.splendor.game import State
    b, st, n1, n2 = two_nobles_a_card_away()
    st.set_bank([1, 0, 0, 0, 0, 5])  # a white gem to take: the action is a question
    st.set_tokens(0, [0] * 6)
    b.SN[0, :E.S_EV] = st.S[:E.S_EV]
    buy = action_of(b, E.ASK_ACT, E.AC_BUY + int(np.flatnonzero(st.S[E.S_BOARD:E.S_BOARD + 12] == 18)[0]))
    b.S2[0, int(b.S2[0, E.G_ASK]) + Q.Q_KIND] = E.ASK_ACT  # the stacked turn's question
    b.mask[0, buy] = 1
    b.step([buy])
    o = int(b.S2[0, E.G_ASK])
    assert int(b.player[0]) == 0 and int(b.S2[0, o + Q.Q_KIND]) == E.ASK_NOBLE
    assert sorted(b.S2[0, o + Q.Q_OPTS:o + Q.Q_OPTS + 2]) == sorted([n1, n2])
    after = State(b.match)
    after.S[:E.S_EV] = b.S2[0, :E.S_EV]  # the state as it stood at the question (Q_LIVE)
    assert b.S2[0, o + Q.Q_LIVE] == 1 and after.S[E.S_OWNER + 18] == 0  # bought
    assert after.noble_owner(n1) == after.noble_owner(n2) == -1  # and no noble has come yet
    assert after.S[E.S_PS + E.PS_TURNS] == st.S[E.S_PS + E.PS_TURNS]  # nor has the turn ended


@pytest.mark.parametrize("kingdom", ["underlings", "victory_dance"])
def test_a_card_masquerade_passes_between_two_others_is_not_seen(kingdom):
    """At 3 or more players a seat does not see what two others pass each other: the other
    seats' cards by card (and money, VP, score) are as it knows them, a pass between two
    others undone, the passes it takes part in as they are; never below zero (a card it sees
    a seat trash or pass to it, which it did not know that seat had, it then knows of).
    Checked against dsim play's log of the same game, read from its start."""
    from simulator.dominion import layout as E
    from simulator.dominion.cards import BY_NAME, CARDS
    from simulator.dominion.engine import env as DE
    bots = [str(ROOT / "strategies/intrigue/masquerade.yaml")] * 2
    g, match, learners, seats = learning_table("dominion", bots, str(ROOT / f"kingdoms/intrigue/{kingdom}.yaml"),
                                               seat=0)
    b = Batch(g, match, 1, learners, 5, seats)
    person = PersonTable(b.game.GAME, b.match, 0, 5, 7)
    b.reset([0], [7])
    rng = random.Random(1)
    answers, unseen_seen, exact = [], 0, 0  # (a game's first 120 decisions: dsim play replays each from its turn)
    vp_of_card = np.array([c.vp for c in CARDS[:E.NCS]] + [0] * (E.NCS - len(CARDS[:E.NCS])))
    money_of_card = np.array([c.treasure + c.coins for c in CARDS[:E.NCS]] + [0] * (E.NCS - len(CARDS[:E.NCS])))
    while not b.done[0] and len(answers) < 120:
        st = person.replay(answers)
        q = st.asked()
        X = filled(b, q.view.S)
        ev = st.events()[:int(q.view.S[int(q.view.S[E.G_ASK]) + Q.Q_NEV])]  # the log as it stood when asked
        # the learner's view from the log: what each seat owns, but a card two others passed
        # each other counted as the passer's until the learner sees the receiver lose a card
        # it did not know it had (a trash, a pass to the learner): then it knows of it
        true = np.zeros((3, E.NCS), np.int64)
        true[:, BY_NAME["Copper"].id], true[:, BY_NAME["Estate"].id] = 7, 3
        h = np.zeros((3, E.NCS), np.int64)
        for code, who, card, to in ev:
            if code == E.EV_GAIN:
                true[who, card] += 1
            elif code in (E.EV_TRASH, E.EV_PASS):
                true[who, card] -= 1
                if code == E.EV_PASS:
                    true[to, card] += 1
                if code == E.EV_PASS and 0 not in (who, to):
                    h[who, card] += 1
                    h[to, card] -= 1
                    unseen_seen += 1
                elif who != 0 and true[who, card] + h[who, card] < 0:
                    h[who, card] += 1
                    h[np.flatnonzero(h[:, card] > 0)[0], card] -= 1
        for s in (1, 2):
            o = DE.OB_OPP + (s - 1) * DE.OPP_SIZE
            got = b.obs[0, o + DE.OPP_OWN:o + DE.OPP_OWN + E.NCS].astype(np.int64)
            assert np.array_equal(true[s], X[E.S_OWN + s * E.NCS:E.S_OWN + (s + 1) * E.NCS])  # (the log read whole)
            assert np.array_equal(got, true[s] + h[s]) and (got >= 0).all(), (s, len(answers))
            exact += bool(h[s].any())
            cards = X[E.S_PS + s * E.NPS + E.PS_CARDS]
            vp = int(got @ vp_of_card)
            score = vp + got[E.DUKE] * got[E.DUCHY] + got[E.GARDENS] * (cards // 10)
            assert list(b.obs[0, o + DE.OPP_PS + 1:o + DE.OPP_PS + 5]) == [vp, int(got @ money_of_card), cards,
                                                                          score], (s, len(answers))
        legal = list(np.flatnonzero(b.mask[0]))
        a = rng.choice(legal)
        answers.append(Q.ANSWER_NONE if a == b.spec.n_actions - 1 else a - int(b.spec.koff[q.kind]))
        b.step([a])
    assert unseen_seen > 0 and exact > 0

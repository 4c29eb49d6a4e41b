"""Search bots (docs/search.md): the ``search:`` block, rollouts that cannot see hidden
cards, the same games for any chunking, and a search that does better than its list."""
import re

import numpy as np
import pytest

from simulator import api
from simulator.errors import InputError, InputErrors
from simulator.dominion import engine as DE
from simulator.dominion import game as DG
from simulator.dominion.strategy import strategy_from_text
from simulator.splendor import layout as SE
from simulator.splendor import game as SG
from simulator.splendor.bots import bot_from_text
from tests.dominion.helpers import Table, ids
from tests.helpers import JIT, ROOT
from tests.splendor.helpers import state

pytestmark = pytest.mark.timeout(600)

GREEDY = "buy: [points, any]\n"


def splendor_bot(search="", name="s"):
    return bot_from_text(f"game: splendor\nname: {name}\n" + (f"search: {search}\n" if search else "") + GREEDY,
                         f"{name}.yaml")


# ---------------------------------------------------------------- the block
@pytest.mark.parametrize("block, says", [
    ("{rollouts: 0}", "'rollouts' must be a whole number from 1 to 10,000"),
    ("{rollouts: 10001}", "'rollouts' must be a whole number from 1 to 10,000"),
    ("{rollouts: yes}", "'rollouts' must be a whole number"),
    ("{options: some}", "'options' is one of list, all"),
    ("{decisions: [play]}", "'decisions' lists what is searched, of: buy"),
    ("{margin: -1}", "'margin' is a number of standard errors"),
    ("{rolouts: 5}", "unknown key 'rolouts' in 'search'"),
    ("200", "'search' is a mapping"),
])
def test_a_bad_search_block_says_what_and_where(block, says):
    with pytest.raises(InputErrors) as e:
        strategy_from_text(f"name: x\nbuy: [Gold]\nsearch: {block}\n", "x.yaml")
    assert says in str(e.value) and "x.yaml:3" in str(e.value)


def test_the_block_read_and_its_defaults():
    b = strategy_from_text("name: x\nbuy: [Gold]\nsearch: {rollouts: 50, options: all, margin: 0.5}\n", "x.yaml")
    assert (b.search.rollouts, b.search.options, b.search.margin, b.search.policy, b.search.decisions) == \
        (50, "all", 0.5, None, ("buy",))
    s = splendor_bot("{}").search
    assert (s.rollouts, s.options, s.margin, s.decisions) == (200, "list", 0.0, ("move",))


def test_a_policy_is_another_bot_file_and_may_not_search(tmp_path):
    (tmp_path / "pol.yaml").write_text("name: pol\nbuy: [Silver]\n")
    (tmp_path / "deep.yaml").write_text("name: deep\nbuy: [Silver]\nsearch: {rollouts: 2}\n")
    me = strategy_from_text("name: me\nbuy: [Gold]\nsearch: {policy: pol.yaml}\n", str(tmp_path / "me.yaml"))
    m = DG.make_match([me, me])
    assert [p.name for p in m.policies] == ["pol"]
    o = int(m.compiled.bopt.shape[1])
    assert m.compiled.bopt.shape[0] == 3 and m.compiled.bopt[0, DE.O_POLICY] == 2 and o == DE.NO
    deep = strategy_from_text("name: me\nbuy: [Gold]\nsearch: {policy: deep.yaml}\n", str(tmp_path / "me.yaml"))
    with pytest.raises(Exception, match="searches itself"):
        DG.make_match([deep, deep])
    # a policy is compiled as one more bot: a match holds 4 in all (the engine's MAXB)
    plain = strategy_from_text("name: p\nbuy: [Silver]\n", "p.yaml")
    assert len(DG.make_match([me, plain, plain]).policies) == 1
    with pytest.raises(InputError, match=r"4 bots and 1 rollout policy are more than the 4 bots a match holds"):
        DG.make_match([me, plain, plain, plain])
    gone = strategy_from_text("name: me\nbuy: [Gold]\nsearch: {policy: gone.yaml}\n", str(tmp_path / "me.yaml"))
    with pytest.raises(Exception, match="the search's policy of me"):
        DG.make_match([gone, gone])


# ---------------------------------------------------------------- what a search may see
def searched(events, ev_search, ev_n, ev_why, why_card) -> list:
    """The search's table and choice in a run's events: (option, win twelfths, rollouts) ...,
    then the EV_WHY value."""
    out = []
    for code, p, c, v in (tuple(int(x) for x in e) for e in events):
        if code == ev_search:
            out.append([c, v])
        elif code == ev_n:
            out[-1].append(v)
        elif code == ev_why and c == why_card:
            out.append(v)
    return out


def _splendor_board(hidden_swap=False, reverse_decks=False, visible_change=False):
    """Seat 0 searches its move; seat 1 holds a level-2 card reserved face down."""
    st = state(bots=[splendor_bot("{rollouts: 6, options: all}", "s"), splendor_bot(name="g")], seed=5)
    deck2 = st.deck(2)
    hidden, other = deck2[-1], deck2[0]
    st.set_reserved(1, [hidden])
    st.S[st.o(1, SE.PS_HIDDEN)] = 1
    st.set_tokens(0, [1, 1, 1, 1, 0, 0])
    if hidden_swap:  # seat 1's face-down card is another of the deck's; seat 0 cannot tell
        st.set_reserved(1, [other])
        st.S[st.o(1, SE.PS_HIDDEN)] = 1
        st.set_deck_top(2, hidden)
    if reverse_decks:
        for lv in (1, 2, 3):
            o = SE.S_DECK + (lv - 1) * SE.MAXDECK
            n = int(st.S[SE.S_DECKN + lv - 1])
            st.S[o:o + n] = st.S[o:o + n][::-1].copy()
    if visible_change:
        st.set_tokens(0, [2, 1, 1, 0, 0, 0])
    assert st.conserved() == 0
    st.run(SE.MODE_RESUME, max_turns=1)
    return searched(st.events(), SE.EV_SEARCH, SE.EV_SEARCHN, SE.EV_WHY, SE.L_SEARCH)


def test_splendor_search_cannot_see_the_decks_order_or_a_face_down_reserve():
    seen = _splendor_board()
    assert len(seen) > 3 and all(len(r) == 3 for r in seen[:-1]) and sum(r[2] for r in seen[:-1]) >= 6
    assert _splendor_board(hidden_swap=True) == seen
    assert _splendor_board(reverse_decks=True) == seen
    assert _splendor_board(hidden_swap=True, reverse_decks=True) == seen
    # what seat 0 can see does change what the rollouts find (the comparison can fail)
    assert _splendor_board(visible_change=True) != seen


def _dominion_table(swap_hidden=False, reorder_own=False, visible_change=False):
    t = Table(["name: s\nbuy: [Province, Gold, Silver]\nsearch: {rollouts: 6, options: all}\n",
               "name: o\nbuy: [Province, Gold, Silver]\n"])
    hand1, draw1 = ["Gold", "Estate", "Copper", "Copper", "Silver"], ["Province", "Copper", "Gold", "Estate", "Copper"]
    if swap_hidden:  # seat 1's hand and draw pile exchange cards: seat 0 cannot tell
        hand1, draw1 = ["Province", "Copper", "Gold", "Estate", "Copper"], ["Copper", "Estate", "Gold", "Copper",
                                                                            "Silver"]
    draw0 = ["Gold", "Copper", "Silver", "Estate", "Copper", "Province", "Gold"]
    t.stack(0, hand=["Gold", "Gold", "Silver"], draw=draw0[::-1] if reorder_own else draw0,
            discard=["Copper", "Duchy"] if visible_change else ["Copper", "Copper"])
    t.stack(1, hand=hand1, draw=draw1, discard=["Copper"])
    t.set_supply("Province", 2)
    t.play(1, stop=DE.STOP_BUYS)
    return searched(t.st.events(), DE.EV_SEARCH, DE.EV_SEARCHN, DE.EV_WHY, DE.WHY_SEARCH)


def test_dominion_search_cannot_see_its_draw_pile_order_or_an_opponents_hand():
    seen = _dominion_table()
    assert len(seen) > 3 and sum(r[2] for r in seen[:-1]) >= 6
    assert _dominion_table(swap_hidden=True) == seen
    assert _dominion_table(reorder_own=True) == seen
    assert _dominion_table(visible_change=True) != seen


def test_the_search_overrules_its_list_when_the_rollouts_say_so():
    """One Province left, 2 each: bought now it wins; the list's Gold leaves it to the
    opponent, whose hand and deck are all Gold (whatever the deal)."""
    t = Table(["name: s\nbuy: [Gold, Province]\nsearch: {rollouts: 40, options: all}\n",
               "name: o\nbuy: [Province, Gold]\n"])
    t.stack(0, hand=["Gold", "Gold", "Silver"], draw=["Copper"] * 5, discard=["Province"] * 2)
    t.stack(1, hand=["Gold"] * 5, draw=["Gold"] * 5, discard=["Province"] * 2)
    t.set_supply("Province", 1)
    t.play(1, stop=DE.STOP_BUYS)
    rows = searched(t.st.events(), DE.EV_SEARCH, DE.EV_SEARCHN, DE.EV_WHY, DE.WHY_SEARCH)
    assert rows[-1] == 1  # not the list's own Gold
    assert t.st.zone(0, DE.Z_DISC).count(ids(["Province"])[0]) == 3
    won = {c: (w, n) for c, w, n in rows[:-1]}
    assert won[ids(["Province"])[0]][0] == 12 * won[ids(["Province"])[0]][1]
    assert won[ids(["Gold"])[0]][0] == 0


def test_the_list_is_kept_when_no_option_does_better():
    """The same table with the opponent unable to buy a Province: every option wins, so
    the list's own Gold is kept (another must do better by the margin)."""
    t = Table(["name: s\nbuy: [Gold, Province]\nsearch: {rollouts: 40, options: all}\n",
               "name: o\nbuy: [Silver]\n"])
    t.stack(0, hand=["Gold", "Gold", "Silver"], draw=["Copper"] * 5, discard=["Province"] * 2)
    t.stack(1, hand=["Copper"] * 5, draw=["Copper"] * 5, discard=["Province"])
    t.set_supply("Province", 1)
    t.play(1, stop=DE.STOP_BUYS)
    rows = searched(t.st.events(), DE.EV_SEARCH, DE.EV_SEARCHN, DE.EV_WHY, DE.WHY_SEARCH)
    assert rows[-1] == 0 and all(w == 12 * n for c, w, n in rows[:-1] if c >= 0)
    assert t.st.zone(0, DE.Z_DISC).count(ids(["Gold"])[0]) == 1


def _workshop_table(decisions, gainer="Workshop"):
    """Two piles empty and one Estate left: gained by seat 0's Workshop (or Ironworks) it
    ends the game after this turn, seat 0 a point ahead; its list's Silver leaves the last
    Province to the opponent, whose hand and deck are all Gold (whatever the deal)."""
    t = Table([f"name: s\nbuy: [Silver]\ngain: [Silver, Estate]\nsearch: {{rollouts: 40, decisions: {decisions}}}\n",
               "name: o\nbuy: [Province, Gold]\n"], kingdom=[gainer, "Cellar", "Moat"])
    t.stack(0, hand=[gainer, "Copper", "Copper", "Copper", "Copper"], draw=["Copper"] * 5,
            discard=["Province"] * 2)
    t.stack(1, hand=["Gold"] * 5, draw=["Gold"] * 5, discard=["Province"] * 2)
    for card, n in (("Province", 1), ("Estate", 1), ("Cellar", 0), ("Moat", 0)):
        t.set_supply(card, n)
    t.play(1, stop=DE.STOP_BUYS)
    return t, searched(t.st.events(), DE.EV_SEARCH, DE.EV_SEARCHN, DE.EV_WHY, DE.WHY_SEARCH)


@pytest.mark.parametrize("gainer", ["Workshop", "Ironworks"])
def test_a_gain_is_searched_when_the_bot_searches_gains(gainer):
    """A rollout from a gain goes on from inside the play: the gain, the rest of the turn
    (here its end ends the game), then the game. Ironworks: an Intrigue card's, whose
    dispatch (``effect_intrigue``) has its own copy in the search's turn loop."""
    t, rows = _workshop_table("[buy, gain]", gainer)
    assert rows[-1] == 3  # a gain (2), not the list's own Silver (+1)
    estate, silver = ids(["Estate", "Silver"])
    won = {c: (w, n) for c, w, n in rows[:-1]}
    assert won[estate][0] == 12 * won[estate][1] and won[silver][0] == 0
    assert t.st.zone(0, DE.Z_DISC).count(estate) == 1
    # searching buys only, the gain is its list's
    t, rows = _workshop_table("[buy]", gainer)
    assert rows == [] and t.st.zone(0, DE.Z_DISC).count(estate) == 0


@pytest.mark.parametrize("searching", [True, False])
def test_a_gains_rollouts_play_the_rest_of_the_cards_text(searching):
    """Ironworks' gain: a Silver's +1 coin buys the last Province and wins (seat 0 two
    points ahead); the list's Estate (+1 Card, an Estate) does not, and the opponent,
    all Gold, takes it. Rollouts that left out Ironworks' bonus saw no difference and
    kept the list's Estate."""
    gain = "[Estate, Silver]" if searching else "[Silver]"
    t = Table([f"name: s\nbuy: [Province, Silver]\ngain: {gain}\n"
               + ("search: {rollouts: 40, decisions: [buy, gain]}\n" if searching else ""),
               "name: o\nbuy: [Province, Gold]\n"], kingdom=["Ironworks", "Cellar", "Moat"])
    t.stack(0, hand=["Ironworks", "Gold", "Gold", "Copper", "Estate"], draw=["Estate"] * 5, discard=["Province"] * 2)
    t.stack(1, hand=["Gold"] * 5, draw=["Gold"] * 5, discard=["Province"] * 3 + ["Duchy"])
    t.set_supply("Province", 1)
    t.play(1)
    assert t.discard(0).count("Province") == 3 and t.gs(DE.G_ENDED) != 0
    rows = searched(t.st.events(), DE.EV_SEARCH, DE.EV_SEARCHN, DE.EV_WHY, DE.WHY_SEARCH)
    if searching:
        first = rows[:next(i for i, r in enumerate(rows) if isinstance(r, int))]  # the gain's, before the buy's
        estate, silver = ids(["Estate", "Silver"])
        won = {c: (w, n) for c, w, n in first}
        assert set(won) == {estate, silver} and won[silver][0] == 12 * won[silver][1] and won[estate][0] == 0


def test_a_replace_gains_rollouts_give_its_curses():
    """Replace's Duchy empties a third pile and gives the opponent a Curse: 3 VP to 2, a
    win; without the Curse it is a tie the opponent wins on turns. The list's Silver
    leaves the game to the opponent's hand of Gold."""
    t = Table(["name: s\nbuy: []\ntrash: [Silver]\ngain: [Silver, Duchy]\n"
               "search: {rollouts: 40, decisions: [gain]}\n",
               "name: o\nbuy: [Province, Gold]\n"], kingdom=["Replace", "Cellar", "Moat"])
    t.stack(0, hand=["Replace", "Silver", "Copper", "Copper", "Copper"], draw=["Copper"] * 5)
    t.stack(1, hand=["Gold"] * 5, draw=["Gold"] * 5, discard=["Estate"] * 3)
    for card, n in (("Duchy", 1), ("Cellar", 0), ("Moat", 0)):
        t.set_supply(card, n)
    t.play(1)
    rows = searched(t.st.events(), DE.EV_SEARCH, DE.EV_SEARCHN, DE.EV_WHY, DE.WHY_SEARCH)
    duchy, silver = ids(["Duchy", "Silver"])
    won = {c: (w, n) for c, w, n in rows[:-1]}
    assert set(won) == {duchy, silver} and won[duchy][0] == 12 * won[duchy][1]
    assert t.discard(0).count("Duchy") == 1 and t.owned(1, "Curse") == 1 and t.gs(DE.G_ENDED) != 0


def test_the_margin_is_how_sure_the_rollouts_must_be_to_overrule_the_list():
    """The same game with margin 0 (any better mean on the same deals overrules the list)
    and margin 10 (ten standard errors: a few rollouts never are that sure)."""
    def overruled(margin):
        s = strategy_from_text(f"name: s\nbuy: [Province, Gold, Silver]\nsearch: {{rollouts: 8, options: all, "
                               f"margin: {margin}}}\n", "s.yaml")
        o = strategy_from_text("name: o\nbuy: [Province, Gold, Silver]\n", "o.yaml")
        st = DG.GAME.play_logged(DG.make_match([s, o]), 11, 1)
        whys = [int(v) for code, p, c, v in st.events() if code == DE.EV_WHY and c == DE.WHY_SEARCH]
        return len(whys), sum(whys)
    searched_0, over_0 = overruled(0)
    searched_10, over_10 = overruled(10)
    assert searched_0 > 10 and searched_10 > 10
    assert over_0 > 0 and over_10 == 0


# ---------------------------------------------------------------- the same games
def test_search_games_are_the_same_whatever_the_chunks():
    """The rollouts draw from streams of their own: games k.. of a run are the same played
    in one chunk or two, and the real game's streams are left as they were."""
    s = strategy_from_text("name: s\nbuy: [Province, Gold, Silver]\nsearch: {rollouts: 4, options: all, margin: 0}\n",
                           "s.yaml")
    o = strategy_from_text("name: o\nbuy: [Province, Gold, Silver]\n", "o.yaml")
    m = DG.make_match([s, o])
    n = 4 if JIT else 2
    whole, rec = DG.GAME.play(m, 11, 0, n, records=True)
    a, ra = DG.GAME.play(m, 11, 0, n // 2, records=True)
    b, rb = DG.GAME.play(m, 11, n // 2, n - n // 2, records=True)
    assert np.array_equal(rec, np.concatenate([ra, rb]))
    assert np.array_equal(whole.bot, a.bot + b.bot)


@pytest.mark.skipif(not JIT, reason="hundreds of games with rollouts: compiled only")
def test_search_over_greedy_beats_greedy_in_splendor():
    m = SG.make_match([splendor_bot("{rollouts: 20}", "s"), bot_from_text(
        (ROOT / "strategies/splendor/greedy.yaml").read_text(), "greedy.yaml")])
    t, _ = SG.GAME.play(m, 3, 0, 200)
    share = t.bot[0, SE.TB_W12] / (12 * t.bot[0, SE.TB_GAMES])
    assert share > 0.6
    # it reserves face-up cards (to deny them) where Greedy reserves only when nothing else is left
    assert t.stats[0, SE.X_RESERVE_BOARD] > 100 * max(1, t.stats[1, SE.X_RESERVE_BOARD])


def test_a_game_continued_from_a_snapshot_is_the_game_played_on():
    """A search game's state copied mid-game (its scratch space and rollout streams with
    it) and continued plays the same turns, the same searches, as the game itself."""
    st = state(bots=[splendor_bot("{rollouts: 3}", "s"), splendor_bot(name="g")], seed=9)
    streams = st.R[:SE.MAXP + 1].copy()
    st.run(SE.MODE_RESUME, max_turns=4)
    assert np.array_equal(st.R[:SE.MAXP + 1], streams)  # the rollouts drew from their own streams only
    snap = st.copy()
    st.run(SE.MODE_RESUME, max_turns=4)
    snap.run(SE.MODE_RESUME, max_turns=4)
    assert np.array_equal(st.S[:SE.S_EV], snap.S[:SE.S_EV])
    assert np.array_equal(st.events(), snap.events())
    assert len(searched(st.events(), SE.EV_SEARCH, SE.EV_SEARCHN, SE.EV_WHY, SE.L_SEARCH)) > 8


def hint_with_rollouts(bots, setup, hint, pick):
    """The first question of a person's game (answered by ``pick`` until then) whose hint
    comes from the search bot's rollouts: (the question, the rollouts' win shares in %)."""
    table, _ = api.person_table(bots, setup=setup, hint=hint, seed=3)
    answers = []
    for _ in range(80):
        q = table.question(table.replay(answers))
        assert q is not None, "the game ended before the hint bot searched"
        if "win share in rollouts" in q.hint:
            return q, [int(x) for x in re.findall(r" (\d+)% \[\d+, \d+\] of \d+", q.hint)]
        answers.append(pick(q).value)
    raise AssertionError("the hint bot never searched")


def test_a_search_bots_hint_is_its_search_with_each_options_share_and_interval():
    """In dsim play the hint of a search bot is what its rollouts found; they play while
    the person's question is open in the game (a question open in the rollouts' copy would
    end each at once: every share 0)."""
    q, shares = hint_with_rollouts([str(ROOT / "strategies/splendor/greedy.yaml")], None,
                                   str(ROOT / "strategies/search/greedy_search.yaml"), lambda q: q.choices[0])
    assert q.hint.startswith("Greedy search would ") and len(shares) >= 2 and max(shares) > 0
    assert re.search(r"— (the|better than the) list's own move$", q.hint.replace("\n", " "))
    q, shares = hint_with_rollouts([str(ROOT / "strategies/big_money.yaml")], str(ROOT / "kingdoms/first_game.yaml"),
                                   str(ROOT / "strategies/search/big_money_search.yaml"),
                                   lambda q: next((c for c in q.choices if "Silver" in c.label), q.choices[0]))
    assert "Gold" in q.hint and "Silver" in q.hint and len(shares) == 2 and max(shares) > 0

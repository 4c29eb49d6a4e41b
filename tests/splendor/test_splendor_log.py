"""`dsim log` for Splendor can be audited from its text alone: read back by a small parser
here, the log's board (each round's, changed only by the refills and empty slots it
prints), its bank (changed only by the takes, returns and payments it prints) and each
player's tokens agree with one another turn by turn, and at the end with the engine's own
state; the winner line agrees with the engine's tally and says what decided it."""
import re
from pathlib import Path

import pytest

from ..helpers import scaled
from simulator import api
from simulator.games import get_game
from simulator.splendor import layout as E
from simulator.splendor.cards import CARDS, TOKENS

ROOT = Path(__file__).resolve().parents[2]
S = ROOT / "strategies" / "splendor"
GAME = get_game("splendor")
NAMES = {c.name: c.id for c in CARDS}
LETTER = dict(zip("WUGRK", range(5)))


def tokens_of(text: str) -> list[int]:
    """'1 white, 2 gold' (or 'none') as six counts."""
    out = [0] * 6
    if text != "none":
        for part in text.split(", "):
            n, colour = part.split(" ")
            out[TOKENS.index(colour)] = int(n)
    return out


def bank_of(text: str) -> list[int]:
    """'4W 4U 3G 0R 4K 5 gold' as six counts."""
    words = text.split()
    return [int(w[:-1]) for w in words[:5]] + [int(words[5])]


def audit(text: str, players: int, names: list[str]) -> dict:
    """Read a log back; every disagreement inside it fails. The board, bank and tokens it
    ends with."""
    board, bank = None, [E.GEMS_BY_PLAYERS[players]] * 5 + [E.GOLD_TOKENS]
    tokens = {n: [0] * 6 for n in names}
    for line in text.splitlines():
        if line.startswith("Round "):
            shown = []
        elif re.match(r"    level \d: ", line):
            row = line.split(": ", 1)[1].split(" | ")
            shown.append([NAMES.get(x, -1) for x in row])
            if len(shown) == 3:
                shown = [c for lv in shown[::-1] for c in lv]  # printed level 3 first
                assert board is None or shown == board, f"the board of a new round is not the board left:\n{line}"
                board = shown
        elif line.startswith("  ") and "  -> tokens " in line and not line.startswith("      "):
            who, rest = line[2:].split(": ", 1)
            moves, after = rest.split("  -> tokens ")
            mine = list(tokens[who])
            for move in moves.split("; "):
                if move.startswith("takes "):
                    for part in move[6:].split(", "):
                        colour, _, n = part.partition(" x")
                        k = TOKENS.index(colour)
                        mine[k] += int(n or 1)
                        bank[k] -= int(n or 1)
                elif move.startswith("returns "):
                    k = TOKENS.index(move[8:])
                    mine[k] -= 1
                    bank[k] += 1
                elif move.startswith(("buys ", "reserves ")):
                    card = re.match(r"(?:buys|reserves) (L\d \w+(?: \dpt)? \([^)]*\))", move).group(1)
                    if " (reserved)" not in move and "from the top of its deck" not in move:
                        assert NAMES[card] in board, f"{card} is not on the board the log shows"
                    if ", paying " in move and "nothing" not in move:
                        for part in move.split(", paying ")[1].split(", "):
                            n, colour = part.split(" ")
                            mine[TOKENS.index(colour)] -= int(n)
                            bank[TOKENS.index(colour)] += int(n)
                m = re.match(r"level (\d) slot (\d) (?:refilled with (.*)|stays empty)", move)
                if m:
                    slot = (int(m.group(1)) - 1) * 4 + int(m.group(2)) - 1
                    board[slot] = NAMES[m.group(3)] if m.group(3) else -1
            held = tokens_of(after.split("; ")[0])
            assert held == mine, f"{who}'s tokens do not follow from the moves printed:\n{line}"
            tokens[who] = held
        elif line.startswith("      bank: "):
            assert bank_of(line[12:]) == bank, f"the bank does not follow from the moves printed:\n{line}"
    return {"board": board, "bank": bank, "tokens": tokens}


@pytest.mark.timeout(600)
@pytest.mark.parametrize("bots", [["greedy", "cheap_engine"], ["reserve_heavy", "noble_chaser", "level3_rush"],
                                  ["greedy", "cheap_engine", "reserve_heavy", "noble_chaser"]])
def test_the_log_alone_accounts_for_the_board_the_bank_and_the_tokens(bots):
    m = api.prepare([str(S / f"{b}.yaml") for b in bots])
    seen = set()
    for game in range(scaled(40, 4)):
        st = GAME.play_logged(m, 7, game)
        text = GAME.game_text(st, m, 7, game)
        names = [m.bot_names[int(st.S[E.S_SEAT + p])] for p in range(m.players)]
        end = audit(text, m.players, names)
        # and the log ends where the engine ended
        assert end["board"] == [c for lv in (1, 2, 3) for c in st.board(lv)], game
        assert end["bank"] == st.bank(), game
        assert [end["tokens"][n] for n in names] == [st.tokens(p) for p in range(m.players)], game
        seen |= {w for w in ("refilled with", "stays empty", "paying nothing", "gold", "reserves") if w in text}
        t = st.tally(1)
        won = [m.bot_names[b] for b in range(len(m.bots)) if t.bot[b, E.TB_WINS] or t.bot[b, E.TB_TIES]]
        last = text.splitlines()[-1]
        assert last.startswith(("Winner: ", "Shared win: ")) and last.split(": ", 1)[1].split(" (")[0] == \
            ", ".join(won), last
    assert "refilled with" in seen and ("stays empty" in seen or len(bots) < 4)  # every 4-player game empties a deck


def test_the_header_names_every_rule_and_the_winner_line_says_what_decided():
    m = api.prepare([str(S / "greedy.yaml"), str(S / "cheap_engine.yaml")], rules={"tiebreak": "shared"})
    text = api.log_game(None, match=m, seed=1)
    assert "rules: target=15 turn_cap=100 tiebreak=shared unfinished=shared" in text.splitlines()[1]
    # a tie on points: broken by fewer cards, shared on equal cards, or shared under tiebreak=shared
    patterns = {"broken": r"Winner: .* \(tied on \d+ points, fewer development cards: \d+ against \d+\)",
                "equal": r"Shared win: .*, .* \(tied on \d+ points and \d+ development cards; tiebreak: cards\)",
                "shared": r"Shared win: .*, .* \(tied on \d+ points; tiebreak: shared\)"}
    found = {}
    for tiebreak in ("cards", "shared"):
        m = api.prepare([str(S / "greedy.yaml"), str(S / "greedy.yaml")], rules={"tiebreak": tiebreak})
        for game in range(scaled(400, 40)):
            last = api.log_game(None, match=m, seed=3, game=game).splitlines()[-1]
            if "tied on" in last:
                kind = [k for k, pat in patterns.items() if re.fullmatch(pat, last)]
                assert len(kind) == 1, last
                found.setdefault(kind[0], last)
    assert set(found) == set(patterns) or scaled(1, 0) == 0, found
    # a capped game is shared by every player
    m = api.prepare([str(S / "greedy.yaml"), str(S / "cheap_engine.yaml")], rules={"turn_cap": 5})
    assert api.log_game(None, match=m, seed=1).splitlines()[-1] == \
        "Shared win: Greedy, Cheap Engine (the game stopped at the turn cap: shared by every player)"


def test_a_card_reserved_unseen_leaves_the_board_alone_and_a_board_buy_is_not_it():
    """In the view a person is shown, a card an opponent reserved from a deck is its level
    negated (-1 for level 1): it is no slot of the board (not the empty one, -1 too), and a
    face-up card that opponent buys later is bought from the board, not from its hand."""
    from simulator.splendor.gamelog import render
    from simulator.splendor.cards import CARDS
    lv1 = [c for c in range(len(CARDS)) if CARDS[c].level == 1][:5]
    events = [(E.EV_REVEAL, 0, lv1[0], 0), (E.EV_REVEAL, 0, -1, 1),  # slot 2 of level 1 empty
              (E.EV_TURN, 0, 0, 1), (E.EV_RESERVE, 0, -1, 1), (E.EV_TAKE, 0, E.GOLD, 1),
              (E.EV_TURN, 1, 0, 1), (E.EV_PASS, 1, 0, 0),
              (E.EV_REVEAL, 0, lv1[1], 0), (E.EV_TURN, 0, 0, 2), (E.EV_BUY, 0, lv1[0], 0)]
    text = render(events, ["Hoarder", "me"], 2)
    assert "Hoarder: reserves the top card of the level 1 deck; takes gold  -> " in text
    assert "slot 2 refilled" not in text and "stays empty" not in text
    assert f"buys {CARDS[lv1[0]].name}, paying" in text and "(reserved)" not in text
    assert text.count("; reserved 1\n") == 2  # the unseen card is still held after the buy
    assert f"level 1 slot 1 refilled with {CARDS[lv1[1]].name}" in text

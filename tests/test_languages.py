"""Wordfeud and Scrabble in other languages: the bags, word lists folded to a language's tiles,
and golden positions worked by hand from the tables (not from the code), through the CLI.

Every golden position is a first move on an empty board (the word must cover the centre), with a
small word list the test writes, so only the language's values and the premiums decide. Premium
squares on the centre row and column (shared RULES.md):
  Wordfeud: (7,0) DL, (7,3) DW, (7,7) start (no premium), (7,11) DW, (7,14) DL; column 7 alike.
  Scrabble: (7,0) TW, (7,3) DL, (7,7) DW, (7,11) DL, (7,14) TW; column 7 alike.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant import cli
from assistant.core import crossword as cw
from assistant.core.lexicon import Lexicon, parse_words
from assistant.core.rules import GAME_LANGUAGES, crossword_rules
from assistant.core.rules.languages import BAGS, LANGUAGES, spell, tiles
from assistant.core.types import BadInput

EMPTY = ("." * 15 + "\n") * 15

# tile totals as each source states them (Wordfeud: 104 tiles; the transcription's German and
# Spanish lists hold 102 and 103; Scrabble: Wikipedia's totals)
TOTALS = {("wordfeud", code): 104 for code in ("en", "sv", "nb", "da", "nl", "fr")} | {
    ("wordfeud", "de"): 102, ("wordfeud", "es"): 103, ("scrabble", "en"): 100,
    ("scrabble", "fr"): 102, ("scrabble", "de"): 102, ("scrabble", "es"): 100,
    ("scrabble", "nl"): 102}


def solve(tmp_path: Path, capsys, game: str, language: str, words: list[str], rack: str,
          board: str = EMPTY) -> dict:
    """Return the JSON of `solve` on a board with a word list written here."""
    (tmp_path / "board.txt").write_text(board, encoding="utf-8")
    (tmp_path / "words.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    status = cli.main(["solve", "--game", game, "--language", language, "--board-file",
                       str(tmp_path / "board.txt"), "--rack", rack, "--lexicon",
                       str(tmp_path / "words.txt"), "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def tops(result: dict) -> list[tuple[str, int, int, str, int]]:
    """Return (word, row, col, direction, score) of the moves with the best score."""
    best = result["moves"][0]["score"]
    return [(m["word"], m["row"], m["col"], m["direction"], m["score"])
            for m in result["moves"] if m["score"] == best]


# --- the bags -----------------------------------------------------------------------------------

@pytest.mark.parametrize("bag", BAGS, ids=[f"{b.game}-{b.language}" for b in BAGS])
def test_each_bag_adds_up_to_its_sources_total(bag):
    assert sum(count for _, count, _ in bag.entries()) == TOTALS[bag.game, bag.language]
    assert dict((t, n) for t, n, _ in bag.entries())["?"] == 2


@pytest.mark.parametrize("bag", BAGS, ids=[f"{b.game}-{b.language}" for b in BAGS])
def test_each_bag_holds_exactly_its_languages_tiles(bag):
    language = LANGUAGES[bag.language]
    assert {t for t, _, _ in bag.entries()} - {"?"} <= set(language.alphabet)
    holds = {t for b in BAGS if b.language == bag.language for t, _, _ in b.entries()}
    assert set(language.alphabet) <= holds


def test_english_bags_are_the_games_own_tables():
    for game in ("wordfeud", "scrabble"):
        rules = crossword_rules(game, "en")
        bag = next(b for b in BAGS if (b.game, b.language) == (game, "en"))
        assert {t: p for t, _, p in bag.entries() if t != "?"} == dict(rules.letter_values)
        assert {t: n for t, n, _ in bag.entries()} == dict(rules.tile_counts)


def test_a_few_values_from_the_sources():
    assert crossword_rules("wordfeud", "sv").letter_values["Ö"] == 4
    assert crossword_rules("wordfeud", "sv").letter_values["E"] == 1
    assert crossword_rules("wordfeud", "nb").letter_values["Æ"] == 8
    assert crossword_rules("scrabble", "es").letter_values[tiles("[RR]", "t")[0]] == 8
    assert crossword_rules("scrabble", "es").tile_counts[tiles("[CH]", "t")[0]] == 1


def test_games_and_their_languages():
    assert GAME_LANGUAGES["wordfeud"] == ("en", "sv", "nb", "da", "nl", "de", "es", "fr")
    assert GAME_LANGUAGES["scrabble"] == ("en", "fr", "de", "es", "nl")
    with pytest.raises(BadInput, match="scrabble is played in en, fr, de, es, nl"):
        crossword_rules("scrabble", "sv")


# --- word lists and tiles -----------------------------------------------------------------------

def test_word_lists_fold_to_the_languages_tiles():
    spanish = parse_words("churros\nLlorar\nkilo\ncanción\nniño\n".encode(), "es",
                          LANGUAGES["es"])
    assert sorted(spell(w) for w in spanish.words) == ["CANCION", "CHURROS", "LLORAR", "NIÑO"]
    assert len(next(w for w in spanish.words if spell(w) == "CHURROS")) == 5  # five tiles
    assert spanish.skipped == 1  # KILO: Spanish has no K tile
    german = parse_words("Grüße\nStraße\nfaçade\n".encode(), "de", LANGUAGES["de"])
    assert german.words == ["FACADE", "GRÜSSE", "STRASSE"]
    french = parse_words("cœur\nélève\n".encode(), "fr", LANGUAGES["fr"])
    assert french.words == ["COEUR", "ELEVE"]
    swedish = parse_words("åsna\nidé\nwebb\n".encode("latin-1"), "sv", LANGUAGES["sv"])
    assert swedish.words == ["IDE", "ÅSNA"] and swedish.skipped == 1  # Latin-1 file; no W


def test_digraph_tiles_are_written_in_brackets():
    rules = crossword_rules("scrabble", "es")
    assert spell(cw.parse_rack("[CH]a[rr]?", rules)) == "CHARR?"
    assert len(cw.parse_rack("[CH]a[rr]?", rules)) == 4
    with pytest.raises(BadInput, match="'\\[XY\\]' is not a tile"):
        cw.parse_rack("[XY]A", rules)
    with pytest.raises(BadInput, match="'K'"):
        cw.parse_rack("KA", rules)
    board = EMPTY.replace("." * 15, "......[CH]E[ll]......", 1)  # the last blank played as LL
    assert cw.parse_board(board, rules)[0] == "......" + "".join(tiles("[CH]E[ll]", "t")) + "." * 6


def test_english_boards_still_refuse_other_letters():
    with pytest.raises(BadInput, match="'Å' at line 1, column 1"):
        cw.parse_board(EMPTY.replace(".", "Å", 1))


# --- golden positions, worked by hand -----------------------------------------------------------

def test_swedish_wordfeud_first_move(tmp_path, capsys):
    # Wordfeud sv values: Ä 4, L 2, S 1, K 3, A 1, Å 4, Ö 4.
    # ÄLSKA = 4+2+1+3+1 = 11; five tiles over the centre reach a DW (7,3) or (7,11), or (3,7)
    # or (11,7) down: 22. ÅSKA = 4+1+3+1 = 9 (four tiles reach no premium); ÖL = 4+2 = 6.
    # (English values would give ÄLSKA no score at all: Ä is not an English tile.)
    result = solve(tmp_path, capsys, "wordfeud", "sv", ["älska", "åska", "öl"], "ÄLSKAÖÅ")
    assert tops(result) == [("ÄLSKA", 7, 3, "across", 22), ("ÄLSKA", 7, 7, "across", 22),
                            ("ÄLSKA", 3, 7, "down", 22), ("ÄLSKA", 7, 7, "down", 22)]
    scores = {(m["word"], m["score"]) for m in result["moves"]}
    assert ("ÅSKA", 9) in scores and ("ÖL", 6) in scores


def test_dutch_wordfeud_first_move(tmp_path, capsys):
    # Wordfeud nl values: Z 5, W 5, E 1, T 2. ZWEET = 5+5+1+1+2 = 14, on a DW: 28.
    # WEET = 5+1+1+2 = 9, ZEE = 5+1+1 = 7. (English Wordfeud values would make ZWEET 34.)
    result = solve(tmp_path, capsys, "wordfeud", "nl", ["zweet", "weet", "zee"], "ZWEETAI")
    assert {m[4] for m in tops(result)} == {28} and tops(result)[0][:4] == ("ZWEET", 7, 3,
                                                                            "across")
    assert len(tops(result)) == 4


def test_german_wordfeud_first_move_with_eszett(tmp_path, capsys):
    # Grüße becomes GRÜSSE (ß is played as SS). Wordfeud de values: G 2, R 1, Ü 6, S 1, E 1:
    # 2+1+6+1+1+1 = 12; six tiles over the centre can reach a DW (starts 2, 3, 6, 7): 24.
    result = solve(tmp_path, capsys, "wordfeud", "de", ["Grüße", "Straße"], "GRÜSSEÖ")
    assert tops(result)[0] == ("GRÜSSE", 7, 2, "across", 24)
    assert {(m[1], m[2], m[3]) for m in tops(result)} == {
        (7, 2, "across"), (7, 3, "across"), (7, 6, "across"), (7, 7, "across"),
        (2, 7, "down"), (3, 7, "down"), (6, 7, "down"), (7, 7, "down")}


def test_spanish_scrabble_digraph_tiles(tmp_path, capsys):
    # Scrabble es values: CH 5, U 1, RR 8, O 1, S 1. CHURROS is five tiles: CH U RR O S = 16.
    # Started at (7,3) the CH sits on a DL: 10+1+8+1+1 = 21, and the centre is a DW: 42.
    # Started at (7,7) the S sits on the DL at (7,11): 17 x 2 = 34; starts 4-6: 16 x 2 = 32.
    result = solve(tmp_path, capsys, "scrabble", "es", ["churros", "ocho"], "[CH]U[RR]OS")
    assert tops(result) == [("CHURROS", 7, 3, "across", 42), ("CHURROS", 3, 7, "down", 42)]
    best = result["moves"][0]
    assert [t["letter"] for t in best["placed"]] == ["CH", "U", "RR", "O", "S"]
    assert best["placed"][4]["col"] == 7  # five tiles on five squares
    assert sorted(m["score"] for m in result["moves"] if m["direction"] == "across") == [
        32, 32, 32, 34, 42]


def test_spanish_blank_played_as_a_digraph(tmp_path, capsys):
    # the blank stands for RR (0 points): CH 5 + U 1 + O 1 + S 1 = 8; from (7,3) the CH is
    # doubled: 13, and the centre doubles the word: 26
    result = solve(tmp_path, capsys, "scrabble", "es", ["churros"], "[CH]U?OS")
    best = result["moves"][0]
    assert (best["word"], best["spelled"], best["score"]) == ("CHURROS", "CHUrrOS", 26)
    assert [t["blank"] for t in best["placed"]] == [False, False, True, False, False]


def test_unknown_language_is_one_line_and_status_2(tmp_path, capsys):
    (tmp_path / "board.txt").write_text(EMPTY)
    status = cli.main(["solve", "--game", "wordfeud", "--language", "xx", "--board-file",
                       str(tmp_path / "board.txt"), "--rack", "A"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert "wordfeud is played in en, sv, nb, da, nl, de, es, fr" in err


def test_installed_swedish_list(tmp_path, capsys):
    # the Debian list wswedish (make system installs it), found by its language's name
    raw = Path("/usr/share/dict/swedish").read_bytes().decode("latin-1")
    known = {word.upper() for word in raw.split()}
    lines = ["." * 15] * 15
    lines[7] = "....SKÅL......."
    board = "\n".join(lines) + "\n"
    (tmp_path / "board.txt").write_text(board, encoding="utf-8")
    status = cli.main(["solve", "--game", "wordfeud", "--language", "sv", "--board-file",
                       str(tmp_path / "board.txt"), "--rack", "ÅÄÖ?EST", "--lexicon", "swedish",
                       "--json", "--top", "20"])
    out, err = capsys.readouterr()
    assert status == 0, err
    result = json.loads(out)
    assert result["count"] > 100 and result["rack"] == "ÅÄÖ?EST"
    for move in result["moves"]:
        assert all(word in known for word in move["words"]), move["words"]
    assert any(set(move["word"]) & set("ÅÄÖ") for move in result["moves"])
    lexicon = Lexicon.from_words(["SKÅL"], language=LANGUAGES["sv"])
    assert lexicon.is_word("SKÅL")


@pytest.mark.parametrize("game, extra, message", [
    ("wwf", ["--board-file", "B"], "--language 'sv': wwf is played in en"),
    ("wordament", ["--board", "EECA/ALEP/HNBO/QTTY"],
     "--language sv: only for wordfeud and scrabble, not wordament"),
])
def test_a_language_for_a_game_not_played_in_it_is_one_line(tmp_path, capsys, game, extra,
                                                             message):
    (tmp_path / "B").write_text(EMPTY)
    extra = [str(tmp_path / "B") if arg == "B" else arg for arg in extra]
    rack = [] if game == "wordament" else ["--rack", "A"]
    status = cli.main(["solve", "--game", game, "--language", "sv", *extra, *rack])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and message in err


def test_norwegian_wordfeud_first_move(tmp_path, capsys):
    # Wordfeud nb values: Æ 8, R 1, L 2, I 2, G 4, E 1. ÆRLIG = 8+1+2+2+4 = 17, five tiles
    # on a DW: 34. ÆRE = 8+1+1 = 10 (three tiles reach no premium).
    result = solve(tmp_path, capsys, "wordfeud", "nb", ["ærlig", "ære"], "ÆRLIGEA")
    assert tops(result)[0] == ("ÆRLIG", 7, 3, "across", 34) and len(tops(result)) == 4
    assert ("ÆRE", 10) in {(m["word"], m["score"]) for m in result["moves"]}


def test_french_wordfeud_accents_are_folded(tmp_path, capsys):
    # élève is played as ELEVE. Wordfeud fr values: E 1, L 2, V 5: 1+2+1+5+1 = 10, on a DW: 20.
    # lève: LEVE = 2+1+5+1 = 9.
    result = solve(tmp_path, capsys, "wordfeud", "fr", ["élève", "lève"], "ELEVEAS")
    assert tops(result)[0] == ("ELEVE", 7, 3, "across", 20)
    assert ("LEVE", 9) in {(m["word"], m["score"]) for m in result["moves"]}

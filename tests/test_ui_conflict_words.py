"""Conflicts read the right way round: the winner first with the winner's strength first, in the log and
on the banner, and each side in the panel as a sum of the board and the support committed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

import pygame  # noqa: E402

from game.session import LocalLink  # noqa: E402
from game.ui.headless import click, move  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from game.ui.table.table_scene import TableScene  # noqa: E402
from game.ui.table.table_words import describe  # noqa: E402
from tests.wiring import make_app  # noqa: E402

from .ui_positions import deciding, find_table  # noqa: E402

NAMES = ["Enheduanna", "Gilgamesh"]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def test_a_defender_who_wins_is_named_first_with_its_strength_first() -> None:
    event = {"kind": "conflict_resolved", "conflict": "revolt", "color": "black", "winner": 1, "loser": 0,
             "attacker_strength": 0, "defender_strength": 2}
    assert describe(event, NAMES) == "Gilgamesh wins the revolt, 2 to 0."
    event.update(winner=0, loser=1, attacker_strength=3, defender_strength=1, conflict="war")
    assert describe(event, NAMES) == "Enheduanna wins the war, 3 to 1."


def test_the_panel_sums_each_side_and_the_result_reads_winner_first() -> None:
    table, config = find_table(lambda t: deciding("support")(t) and t.state.conflict["kind"] == "revolt")
    app = make_app((1920, 1080), Settings(animation="normal"))
    scene = TableScene(app, config, LocalLink(table, frozenset({0, 1})))
    app.push(scene)
    app.run_frames(3)
    click(app, (960, 540), frames=3)
    move(app, (2, 2))
    conflict = scene.public()["conflict"]
    app.theme.record_text = []
    app.run_frames(1)
    drawn = [r.text.replace("\u00a0", " ") for r in app.theme.record_text]
    app.theme.record_text = None
    board = conflict["defender_strength"]
    assert any(f"temples on the board {board} + committed ? = ?" in " ".join(drawn[i:i + 2])
               for i in range(len(drawn))), drawn
    names = scene.public()["names"]
    for _ in range(2):  # both sides commit nothing more than the board
        seat = table.to_move()
        table.submit(seat, {"kind": "commit", "count": 0})
        app.run_frames(1)
    a, d = conflict["attacker_strength"], conflict["defender_strength"]
    winner = names[conflict["attacker"]] if a > d else names[conflict["defender"]]
    if a == d:  # a tie goes to the defender, and both say so
        banner_text = f"{winner} holds, {a} to {d}: a tie goes to the defender"
        log_line = f"{winner} wins the revolt as defender, {a} to {d}: a tie goes to the defender."
    else:
        banner_text = f"{winner} wins, {max(a, d)} to {min(a, d)}"
        log_line = f"{winner} wins the revolt, {max(a, d)} to {min(a, d)}."
    banner = next(a for a in scene.animator.anims if a.kind == "banner" and a.data["text"].startswith(winner))
    assert banner.data["text"] == banner_text
    assert log_line in scene.log.lines
    pygame.display.quit()


def test_a_tie_says_that_it_goes_to_the_defender_in_both_languages() -> None:
    from game.i18n import set_language

    event = {"kind": "conflict_resolved", "conflict": "revolt", "color": "red", "winner": 1, "loser": 0,
             "attacker_strength": 2, "defender_strength": 2}
    line = describe(event, NAMES)
    assert line.startswith("Gilgamesh") and "2 to 2" in line and "a tie goes to the defender" in line, line
    set_language("zh_tw")
    try:
        line = describe(event, NAMES)
        assert line.startswith("Gilgamesh") and "2 比 2" in line and "平手時防守方獲勝" in line, line
    finally:
        set_language("en")
    event.update(attacker_strength=1)
    assert describe(event, NAMES) == "Gilgamesh wins the revolt, 2 to 1.", "no tie, no tie-break words"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_a_long_outcome_stays_on_the_ribbon(language: str, size: tuple[int, int]) -> None:
    """Seen in a real window: 吉爾伽美什守住，2 比 2：平手時防守方獲勝 ran off both ends of the ribbon."""
    from game.i18n import set_language, t
    from game.ui.kit.theme import Theme
    from game.ui.table.table_anim import DRAW, Anim, AnimContext
    from game.ui.table.table_words import leaders_word

    set_language(language)
    try:
        name = "Nebuchadnezzar" if language == "en" else "吉爾伽美什"
        text = t("banner.wins_tie", name=name, a=2, b=2)
        sub = t("banner.revolt_of", leaders=leaders_word("red"))
        theme = Theme(size)
        surface = pygame.Surface(size)
        board = pygame.Rect(0, 0, round(size[0] * 0.55), round(size[1] * 0.7))
        board.center = (size[0] // 2, size[1] // 2)
        ctx = AnimContext(lambda anchor: board.center, 40, lambda *a: None, lambda *a: None, theme, board)
        theme.record_text = []
        DRAW["banner"](surface, ctx, Anim("banner", 0.0, 1.0, {"text": text, "sub": sub}), 0.5)
        records, theme.record_text = theme.record_text, None
    finally:
        set_language("en")
    ribbon = board.inflate(theme.s(40), 0)
    assert records
    for record in records:
        assert ribbon.left <= record.rect.left and record.rect.right <= ribbon.right, (record.text, record.rect, ribbon)

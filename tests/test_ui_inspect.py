"""Kingdom inspection: pointing at a leader lights its kingdom and tells each leader's revolt strength
(temples beside it) and its colour's war strength (tiles of its colour in the kingdom)."""

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
from tests.wiring import make_app  # noqa: E402

from .ui_positions import find_table  # noqa: E402

CHAR = {"red": "r", "blue": "b", "green": "g", "black": "k"}


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def kingdom_of(view: dict, start: tuple[int, int]) -> set[tuple[int, int]]:
    """Flood fill over tiles and leaders (a catastrophe or an empty square breaks it)."""
    leaders = {tuple(l["at"]) for l in view["leaders"]}
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= q[0] < 11 and 0 <= q[1] < 16 and q not in seen and (
                    q in leaders or view["board"][q[0]][q[1]] not in ".~x"):
                seen.add(q)
                todo.append(q)
    return seen


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_pointing_at_a_leader_tells_its_kingdom_strengths(size: tuple[int, int]) -> None:
    table, config = find_table(lambda t: t.state.turn >= 30 and t.state.decision["kind"] == "action")
    app = make_app(size, Settings(animation="off"))
    scene = TableScene(app, config, LocalLink(table, frozenset({0, 1})))
    app.push(scene)
    app.run_frames(3)
    click(app, (size[0] // 2, size[1] // 2), frames=2)
    view = scene.public()
    leader = max(view["leaders"], key=lambda l: len(kingdom_of(view, tuple(l["at"]))))
    at = tuple(leader["at"])
    app.theme.record_text = []
    move(app, scene.layout_.square_center(at), frames=2)
    drawn, app.theme.record_text = " ".join(r.text for r in app.theme.record_text), None
    kingdom = kingdom_of(view, at)
    squares, lines = scene._inspected(view, {})
    assert squares == kingdom, "the whole kingdom lights up"
    for l in view["leaders"]:
        if tuple(l["at"]) not in kingdom:
            continue
        r, c = l["at"]
        temples = sum(1 for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                      if 0 <= q[0] < 11 and 0 <= q[1] < 16 and view["board"][q[0]][q[1]] == "r")
        war = sum(1 for q in kingdom if view["board"][q[0]][q[1]] == CHAR[l["color"]])
        name = view["names"][l["seat"]]
        line = next(x for x in lines
                    if x.startswith(name) and f"revolt strength {temples} " in x and f"war strength {war} (" in x)
        assert line in drawn, "the strengths are shown beside the cursor"
    app.screenshot(Path("/tmp/shots-uitable") / f"inspect_{size[0]}x{size[1]}.png")
    pygame.display.quit()


def top_leader(table) -> bool:
    view = table.view(None)
    return table.state.decision is not None and table.state.decision["kind"] == "action" and any(
        l["at"][0] <= 1 for l in view["leaders"])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_bubble_counts_its_tiles_right_and_stays_below_the_top_bar(size: tuple[int, int]) -> None:
    from game.ui.table.table_words import tile_word

    table, config = find_table(top_leader)
    app = make_app(size, Settings(animation="off"))
    scene = TableScene(app, config, LocalLink(table, frozenset({0, 1})))
    app.push(scene)
    app.run_frames(3)
    click(app, (size[0] // 2, size[1] // 2), frames=2)
    view = scene.public()
    leader = min(view["leaders"], key=lambda l: l["at"][0])
    at = tuple(leader["at"])
    app.theme.record_text = []
    move(app, scene.layout_.square_center(at), frames=2)
    records, app.theme.record_text = app.theme.record_text, None
    found = scene._inspected(view, {})
    assert found is not None
    _, lines = found
    for line in lines[1:]:
        war = int(line.split("war strength ")[1].split(" ")[0])
        tail = line.split("war strength ")[1]
        color = next(c for c in CHAR if f"({tile_word(c, 2)})" in tail or f"({tile_word(c, 1)})" in tail)
        assert line.endswith(f"war strength {war} ({tile_word(color, war)})"), line   # "(1 temple)", "(0 temples)"
    bubble = [r for r in records if r.text in lines]
    assert bubble, "the bubble is drawn"
    top = scene.layout_.top.bottom
    assert all((r.ink or r.rect).top >= top for r in bubble), "the bubble covers the top bar"
    app.screenshot(Path("/tmp/shots-uifix") / f"inspect_top_{size[0]}x{size[1]}.png")
    pygame.display.quit()


def test_a_leader_with_one_tile_of_its_colour_says_one_tile() -> None:
    from game.ui.table.table_inspect import inspect
    from game.ui.table.table_words import tile_word

    def one_tile(table) -> bool:
        view = table.view(None)
        return any(f"war strength 1 ({tile_word(c, 2)})" in line or f"war strength 1 ({tile_word(c, 1)})" in line
                   for l in view["leaders"] for line in (inspect(view, tuple(l["at"])) or ((), []))[1]
                   for c in CHAR)

    table, _ = find_table(one_tile)
    view = table.view(None)
    lines = [line for l in view["leaders"] for line in (inspect(view, tuple(l["at"])) or ((), []))[1]]
    ones = [line for line in lines if "war strength 1 " in line]
    assert ones and all(any(line.endswith(f"war strength 1 ({tile_word(c, 1)})") for c in CHAR) for line in ones), ones


def test_at_a_war_choice_each_side_shows_its_own_war_strength_as_the_engine_counts_it() -> None:
    from game.i18n import name_of
    from game.rules.conflicts import pending_wars, war_side
    from game.rules.state import COLORS
    from game.ui.table.table_inspect import inspect

    from .ui_positions import deciding

    table, _ = find_table(deciding("choose_war"))
    s = table.state
    view = table.view(None)
    wars = pending_wars(s)
    assert wars
    color, keys = next(iter(wars.items()))
    strengths = {key: (war_side(s, key) & s.tiles[color]).bit_count() for key in keys}
    for seat, c in keys:
        at = next(tuple(l["at"]) for l in view["leaders"] if (l["seat"], l["color"]) == (seat, COLORS[c]))
        _, lines = inspect(view, at)
        who = f"{view['names'][seat]}'s {name_of('leader', COLORS[c])}:"
        mine = [x for x in lines[1:] if x.startswith(who)]
        assert mine and f"war strength {strengths[(seat, c)]} (" in mine[0], (mine, strengths)


def test_the_bubble_opens_where_it_covers_least_of_the_kingdom() -> None:
    """Above and right of the cursor by default; on another side when that side would hide the kingdom."""
    from game.ui.table.table_overlay import tooltip_rect

    app = make_app((1280, 720), Settings(animation="off"))
    window = pygame.Rect(0, 0, 1280, 720)
    lines = ["A kingdom of 4 tiles", "revolt strength 2"]
    pos = (300, 400)
    plain = tooltip_rect(app, window, pos, lines)
    assert plain.bottom <= pos[1] and plain.left > pos[0], "with nothing to avoid it opens above and to the right"
    # A kingdom stretching over the whole width above the cursor: the bubble goes below.
    kingdom = [pygame.Rect(40 * i, pos[1] - 200, 40, 200) for i in range(20)]
    placed = tooltip_rect(app, window, pos, lines, avoid=kingdom)
    assert not placed.collidepoint(pos)
    assert not any(placed.colliderect(r) for r in kingdom), "the bubble hides the kingdom it describes"
    assert placed.top > pos[1]
    pygame.display.quit()

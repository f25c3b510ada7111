"""End to end: a whole 2-player hot-seat game from the title screen to the results, by mouse only.

Every step is a mouse event posted to pygame's queue at a screen position. The test may ask the
layout where a square, a tray piece or a button is, and read the legal actions to choose what to
do; it never calls the engine to change anything. It checks that the results screen shows the
engine's final ranking.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

import pygame  # noqa: E402

from game.ui.headless import click, settle_still  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from tests.wiring import make_app  # noqa: E402

MAX_STEPS = 4000
SHOTS = Path(__file__).resolve().parent / "screenshots"


def top(app: Any) -> Any:
    return app.stack[-1]


def table_of(app: Any) -> Any:
    from game.ui.table.table_scene import TableScene

    return next(s for s in app.stack if isinstance(s, TableScene))


def click_side(app: Any, name: str) -> None:
    click(app, table_of(app).side.buttons[name].rect.center)


def click_square(app: Any, sq: Any) -> None:
    click(app, table_of(app).layout_.square_center(sq))


def click_tray(app: Any, kind: str, color: str = "", skip: set[int] | None = None) -> int:
    for item in table_of(app).tray_items():
        if item.kind == kind and (not color or item.color == color) and item.index not in (skip or set()):
            click(app, item.rect.center)
            return item.index
    raise AssertionError(f"no {kind} {color} in the tray")


def choose(legal: list[dict[str, Any]], rng: random.Random, bag: int) -> dict[str, Any]:
    """Random-ish legal choices that end a game quickly: many tiles, and 6-tile swaps to drain the bag."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_kind.setdefault(a["kind"], []).append(a)
    if "place_tile" in by_kind or "swap" in by_kind:
        roll = rng.random()
        swaps = sorted(by_kind.get("swap", []), key=lambda a: -len(a["tiles"]))
        if swaps and (roll < 0.2 or "place_tile" not in by_kind):
            return swaps[0]
        if roll < 0.45 and "place_leader" in by_kind:
            return rng.choice(by_kind["place_leader"])
        if roll < 0.5 and "catastrophe" in by_kind:
            return rng.choice(by_kind["catastrophe"])
        if roll < 0.53 and "withdraw_leader" in by_kind:
            return rng.choice(by_kind["withdraw_leader"])
        if roll < 0.56 and "move_leader" in by_kind:
            return rng.choice(by_kind["move_leader"])
        if "place_tile" in by_kind:
            return rng.choice(by_kind["place_tile"])
        return rng.choice(legal)
    if "commit" in by_kind:
        return rng.choice(by_kind["commit"])
    builds = [a for a in legal if a["kind"] != "decline"]
    if builds and rng.random() < 0.7:
        return rng.choice(builds)
    return rng.choice(legal)


def perform(app: Any, action: dict[str, Any]) -> None:
    """Do one action the way a player would: clicks on the tray, the board and the buttons."""
    scene = table_of(app)
    kind = action["kind"]
    if kind == "place_tile":
        click_tray(app, "tile", action["color"])
        click_square(app, action["to"])
    elif kind == "place_leader":
        click_tray(app, "leader", action["leader"])
        click_square(app, action["to"])
    elif kind == "catastrophe":
        click_tray(app, "cat")
        click_square(app, action["to"])
    elif kind in ("move_leader", "withdraw_leader"):
        view = scene.shown()
        at = next(l["at"] for l in view["leaders"] if l["seat"] == view["seat"] and l["color"] == action["leader"])
        click_square(app, at)
        if kind == "move_leader":
            click_square(app, action["to"])
        else:
            click_side(app, "withdraw")
    elif kind == "swap":
        click(app, scene.button_rect("swap").center)
        picked: set[int] = set()
        for color in action["tiles"]:
            picked.add(click_tray(app, "tile", color, picked))
        click_side(app, "confirm_swap")
    elif kind == "pass":
        click(app, scene.button_rect("pass").center)
        click(app, top(app).button_rect("pass").center)
    elif kind == "commit":
        for _ in range(action["count"]):
            click(app, scene.side.stepper.plus.rect.center)
        click_side(app, "commit")
    elif kind == "choose_war":
        click_side(app, f"war_{action['color']}")
    elif kind == "decline":
        click_side(app, "decline")
    elif kind == "end_turn":
        click_side(app, "end_turn")
    elif kind == "build_monument":
        options = [a for a in scene.legal() if a["kind"] == "build_monument"]
        click_side(app, f"monument_{options.index(action)}")
    else:  # build_building, build_ziggurat, take_treasure: click the glowing square
        click_square(app, action["at"])


def play_to_results(app: Any, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    """Play from the table to the results screen; return the results scene and the engine's ranking."""
    from game.ui.table.results import ResultsScene

    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if isinstance(top(app), ResultsScene):
            break
        scene = table_of(app)
        view = scene.public()
        if view["game_over"]:
            ranking = view["ranking"]
            app.screenshot(SHOTS / f"table_game_over_{app.size[0]}x{app.size[1]}.png")
            click_side(app, "results")
            continue
        if scene.curtain_up():
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        seat = scene.me()
        assert seat is not None, "a hot-seat table always has a local human deciding"
        legal = scene.link.legal_actions(seat)
        before = view["view_id"]
        if legal == [{"kind": "end_turn"}] and scene.shown()["can_undo"] and rng.random() < 0.15:
            # Sometimes take the second action back, by the panel's Undo, and decide again.
            click_side(app, "undo_turn")
            assert scene.public()["decision"]["kind"] != "end_turn", "undo reopened the turn"
            continue
        perform(app, choose(legal, rng, view["bag"]))
        assert scene.public()["view_id"] != before, "the clicks did not make a move"
    else:
        pytest.fail("the game did not end")
    return top(app), ranking


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_a_whole_hot_seat_game_by_mouse(language: str, tmp_path: Any, monkeypatch: Any) -> None:
    from game import i18n

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    app = make_app((1280, 720), Settings(animation="off", language=language))
    i18n.set_language(language)
    try:
        whole_game(app, language)
    finally:
        i18n.set_language("en")


def whole_game(app: Any, language: str) -> None:
    from game.i18n import t
    from game.ui.menus.title import TitleScene

    app.push(TitleScene(app))
    app.run_frames(5)
    click(app, top(app).button_rect("new_game").center, frames=5)
    click(app, top(app).button_rect("start").center, frames=5)
    results, ranking = play_to_results(app, seed=3)
    app.run_frames(5)
    assert [r["seat"] for r in results.ranking] == [r["seat"] for r in ranking]
    assert results.ranking == ranking
    names = table_names(results)
    # What the results screen draws: each player's name and final score.
    settle_still(app, 10.0)  # the whole reveal
    app.theme.record_text = []
    app.run_frames(1)
    drawn = " ".join(r.text for r in app.theme.record_text)
    app.theme.record_text = None
    assert t("results.heading") in drawn
    for r in ranking:
        assert names[r["seat"]] in drawn
        assert str(r["score"]) in drawn
    app.screenshot(SHOTS / f"results_after_e2e_{language}_1280x720.png")
    pygame.display.quit()


def table_names(results: Any) -> list[str]:
    return list(results.names)

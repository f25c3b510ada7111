"""A turn confirmed, not guessed: after the last decision of a turn its player sees the result and
chooses End turn or Undo; the new tiles stay in the bag until the turn is ended; Undo is impossible
once another player has answered; and the game that results is exactly the game without holding."""

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

from game.rules import IllegalAction  # noqa: E402
from game.session import LocalLink, Seat, Table  # noqa: E402
from game.ui.headless import click  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from game.ui.table.table_scene import TableScene  # noqa: E402
from main import local_game  # noqa: E402
from tests.wiring import make_app  # noqa: E402

from .ui_positions import config_for  # noqa: E402

SEATS = [Seat("Ana", "lion"), Seat("Bel", "bull"), Seat("Cyrus", "urn")]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("view_id", "can_undo")}


def hand(table: Table, seat: int) -> list[str]:
    return table.view(seat)["seats"][seat]["hand"]


@pytest.mark.parametrize("seed", [1, 2])
def test_holding_every_turn_gives_the_same_game_and_never_shows_the_bag_early(seed: int) -> None:
    plain, held = Table(SEATS, seed), Table(SEATS, seed)
    held.confirm_seats = frozenset({0, 1, 2})
    rng = random.Random(seed)
    holds = undos = conflicts = 0
    while plain.to_move() is not None:
        seat = plain.to_move()
        legal = plain.legal_actions(seat)
        action = rng.choice([a for a in legal if a["kind"] != "pass"] or legal)
        plain.submit(seat, action)
        assert held.to_move() == seat
        before_hand = hand(held, seat)
        events = held.submit(seat, action)
        active = held.held_seat
        if active is not None and active != seat:
            # A defender's answer ended the turn: its active player ends it, and cannot undo past the answer.
            assert held.legal_actions(active) == [{"kind": "end_turn"}] and not held.can_undo(active)
            held.submit(active, {"kind": "end_turn"})
        if held.to_move() == seat and held.legal_actions(seat) == [{"kind": "end_turn"}]:
            holds += 1
            assert not any(e["kind"] in ("turn_started", "turn_ended") for e in events), "the turn ended early"
            if action["kind"] != "swap":  # a swap draws at once (section 5); the turn's end draws later
                assert not any(e["kind"] == "tiles_drawn" for e in events), "new tiles shown early"
            view = held.view(seat)
            assert view["decision"]["kind"] == "end_turn" and view["to_move"] == seat
            if action["kind"] == "place_tile":
                assert len(hand(held, seat)) == len(before_hand) - 1, "the tiles drawn at the turn's end are hidden"
            answered = any(e["kind"] == "support" and e["seat"] != seat for e in events)
            conflicts += answered
            if held.can_undo(seat):
                undos += 1
                held.undo(seat)
                assert held.to_move() == seat and held.view(seat)["decision"]["kind"] != "end_turn"
                assert hand(held, seat) == before_hand, "undo gives back exactly the hand before"
                held.submit(seat, action)
            with pytest.raises(IllegalAction):
                held.submit(seat, {"kind": "place_tile", "color": "red", "to": [0, 0]})
            drawn = held.submit(seat, {"kind": "end_turn"})
            assert any(e["kind"] in ("turn_started", "game_over") for e in drawn)
            assert not held.can_undo(seat), "after the new tiles are seen, nothing can be undone"
        for s in (None, 0, 1, 2):
            assert public(plain.view(s)) == public(held.view(s)), "holding changed the game"
    assert holds > 40 and undos > 30
    assert held.records == plain.records, "the journal keeps the same actions"


def test_no_undo_once_another_player_has_answered() -> None:
    # A revolt started by the active player's last action: the defender's answer is a reveal.
    for seed in range(1, 60):
        table = Table(SEATS[:2], seed)
        table.confirm_seats = frozenset({0, 1})
        rng = random.Random(seed)
        for _ in range(400):
            seat = table.to_move()
            if seat is None:
                break
            if table.legal_actions(seat) == [{"kind": "end_turn"}]:
                table.submit(seat, {"kind": "end_turn"})
                continue
            decision = table.view(seat)["decision"]
            legal = table.legal_actions(seat)
            leaders = [a for a in legal if a["kind"] == "place_leader"]
            action = rng.choice(leaders if leaders and rng.random() < 0.5 else legal)
            table.submit(seat, action)
            defender_answered = decision["kind"] == "support" and table.state.active != seat
            if defender_answered and table.to_move() == table.state.active:
                assert not table.can_undo(table.state.active), "undo after the other player answered"
                return
    pytest.fail("no revolt answered by a defender in the seeds tried")


def test_the_table_asks_end_turn_or_undo_and_shows_no_new_tile() -> None:
    app = make_app((1280, 720), Settings(animation="off"))
    config = config_for(2, seed=4)
    game = local_game(config, save=False)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.run_frames(3)
    click(app, (640, 360), frames=2)  # the curtain
    table = scene.link.table
    seat = scene.me()
    for _ in range(2):
        tile = next(i for i in scene.tray_items() if i.kind == "tile" and scene.control.usable(i))
        click(app, tile.rect.center)
        click(app, scene.layout_.square_center(sorted(scene.control.pending())[0]), frames=2)
    assert scene.me() == seat, "the turn is held for its player"
    assert "end_turn" in scene.side.buttons and "undo_turn" in scene.side.buttons
    undos = [w for w in [*scene.widgets, *scene.side.buttons.values()] if w.visible and w.text == "Undo"]
    assert len(undos) == 1, "a held turn shows one Undo, beside End turn"
    assert len([i for i in scene.tray_items() if i.kind == "tile"]) == 4, "no new tile before the turn ends"
    app.screenshot(Path("/tmp/shots-uitable") / "end_turn_1280x720.png")
    click(app, scene.side.buttons["undo_turn"].rect.center, frames=2)
    assert len(table.records) == 1 and scene.public()["actions_left"] == 1, "Undo took back the second action"
    tile = next(i for i in scene.tray_items() if i.kind == "tile" and scene.control.usable(i))
    click(app, tile.rect.center)
    click(app, scene.layout_.square_center(sorted(scene.control.pending())[0]), frames=2)
    click(app, scene.side.buttons["end_turn"].rect.center, frames=2)
    assert scene.decider() != seat and scene.curtain_up(), "End turn passes the mouse"
    assert len(table.view(seat)["seats"][seat]["hand"]) == 6, "the tiles were drawn when the turn ended"
    pygame.display.quit()


def test_computer_and_lan_tables_keep_todays_flow() -> None:
    table = Table(SEATS[:2], 5)
    link = LocalLink(table, frozenset({0, 1}))
    for _ in range(2):
        seat = table.to_move()
        link.send(seat, next(a for a in table.legal_actions(seat) if a["kind"] == "place_tile"))
    assert table.to_move() == 1, "without confirmation the turn ends at once"


def test_turned_off_in_settings_the_turn_ends_at_once() -> None:
    app = make_app((1280, 720), Settings(animation="off", confirm_turn=False))
    config = config_for(2, seed=4)
    game = local_game(config, save=False)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.run_frames(2)
    table = game.link.table
    for _ in range(2):
        table.submit(0, next(a for a in table.legal_actions(0) if a["kind"] == "place_tile"))
    assert table.to_move() == 1, "without confirmation the turn ends with its second action"
    app.settings.confirm_turn = True  # the in-game Settings turn it on: the next turn is held
    app.run_frames(1)
    for _ in range(2):
        table.submit(1, next(a for a in table.legal_actions(1) if a["kind"] == "place_tile"))
    assert table.legal_actions(1) == [{"kind": "end_turn"}]
    pygame.display.quit()


def test_a_turn_ended_by_its_player_taking_a_treasure_is_held_and_the_pick_can_be_undone() -> None:
    # Section 14: the trader's owner picks treasures at the end of the turn; a mis-clicked pick by the
    # active player is taken back like any other last decision, and the new tiles stay hidden till End turn.
    held_picks = 0
    for seed in range(1, 40):
        table = Table(SEATS[:2], seed)
        table.confirm_seats = frozenset({0, 1})
        rng = random.Random(seed)
        while table.to_move() is not None and held_picks < 3:
            seat = table.to_move()
            legal = table.legal_actions(seat)
            if legal == [{"kind": "end_turn"}]:
                table.submit(seat, legal[0])
                continue
            leaders = [a for a in legal if a["kind"] == "place_leader"]
            green = [a for a in leaders if a.get("color") == "green"]
            action = rng.choice(green or (leaders if leaders and rng.random() < 0.4 else
                                          [a for a in legal if a["kind"] != "pass"] or legal))
            active_before = table.state.active
            hand_before = hand(table, seat)
            events = table.submit(seat, action)
            if action["kind"] != "take_treasure" or seat != active_before:
                continue
            kinds = [e["kind"] for e in events]
            if table.to_move() is None or table.view(seat)["decision"]["kind"] == "treasure":
                continue   # the game is over, or another pick is still to come
            assert "turn_started" not in kinds and "tiles_drawn" not in kinds, "the pick ended the turn unheld"
            assert table.legal_actions(seat) == [{"kind": "end_turn"}]
            assert table.view(seat)["decision"]["kind"] == "end_turn"
            assert hand(table, seat) == hand_before, "no new tile before End turn"
            assert table.can_undo(seat)
            table.undo(seat)
            assert table.view(seat)["decision"]["kind"] == "treasure", "undo goes back to the pick"
            table.submit(seat, action)
            drawn = table.submit(seat, {"kind": "end_turn"})
            assert any(e["kind"] in ("turn_started", "game_over") for e in drawn)
            held_picks += 1
    assert held_picks >= 3, "no turn ended on its player's treasure pick in the seeds tried"


def test_a_held_swap_says_why_it_cannot_be_undone() -> None:
    # A swap as the turn's last action draws its tiles at once (section 5): that, not another player's
    # answer, is why the held turn offers no Undo.
    app = make_app((1280, 720), Settings(animation="off"))
    config = config_for(2, seed=4)
    game = local_game(config, save=False)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.run_frames(3)
    click(app, (640, 360), frames=2)  # the curtain
    table = scene.link.table
    seat = scene.me()
    table.submit(seat, next(a for a in table.legal_actions(seat) if a["kind"] == "place_tile"))
    table.submit(seat, next(a for a in table.legal_actions(seat) if a["kind"] == "swap"))
    app.run_frames(2)
    assert table.held_seat == seat and not table.can_undo(seat)
    spec = scene.control.side_spec()
    words = " ".join(spec.lines)
    assert "swap" in words and "another player" not in words, words
    assert "undo_turn" not in [b.name for b in spec.buttons]
    pygame.display.quit()


def test_end_turn_clicked_while_the_last_tile_still_drops_ends_the_turn() -> None:
    app = make_app((1280, 720), Settings(animation="normal"))
    config = config_for(2, seed=4)
    game = local_game(config, save=False)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.run_frames(3)
    click(app, (640, 360), frames=2)  # the curtain (or the first turn's banner: a click skips it)
    if scene.curtain_up():
        click(app, (640, 360), frames=2)
    seat = scene.me()
    for _ in range(2):
        scene.animator.skip()
        tile = next(i for i in scene.tray_items() if i.kind == "tile" and scene.control.usable(i))
        click(app, tile.rect.center)
        click(app, scene.layout_.square_center(sorted(scene.control.pending())[0]), frames=2)
    assert "end_turn" in scene.side.buttons
    assert scene.animator.busy, "the second tile is still dropping in"
    click(app, scene.side.buttons["end_turn"].rect.center, frames=2)
    assert scene.decider() != seat, "one click skipped the animation and ended the turn"
    pygame.display.quit()

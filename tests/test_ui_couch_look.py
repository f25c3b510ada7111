"""A whole hot-seat game on a TV, looked at from the sofa: the log comes back to the newest line for the
next player, a conflict's result stays up (above the pieces flying) until clicked or 3 s, the recap's
numbers keep off monuments and off each other, no tooltip of the table shows through a dialog, the
replay shows a conflict's real numbers, the tray's pieces and the panels' icons say what they are, and
an idle table rests (no redrawing of unchanged frames, no GPU emulation for a software-drawn window)."""

from __future__ import annotations

import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

import pygame  # noqa: E402

from game.i18n import t  # noqa: E402
from game.journal import JournalWriter, read  # noqa: E402
from game.session import LocalLink, Seat, Table  # noqa: E402
from game.ui.headless import click, move  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from game.ui.table import table_anim  # noqa: E402
from game.ui.table.table_recap import Recap  # noqa: E402
from game.ui.table.table_scene import TableScene  # noqa: E402
from game.ui.table.table_words import tile_word  # noqa: E402
from tests.wiring import make_app  # noqa: E402

from .ui_positions import deciding, find_table  # noqa: E402


def open_scene(table: Table, config: dict[str, Any], size: tuple[int, int] = (1920, 1080),
               animation: str = "off") -> tuple[Any, TableScene]:
    """A hot-seat table screen on this table, the curtain lifted for the seat to move."""
    app = make_app(size, Settings(animation=animation))
    scene = TableScene(app, config, LocalLink(table, frozenset(range(table.players))))
    app.push(scene)
    app.run_frames(3)
    if scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=3)
    return app, scene


def drawn_text(app: Any, frames: int = 1) -> list[Any]:
    """The words drawn in the next frame(s), with where they went."""
    app.theme.record_text = []
    app.run_frames(frames)
    records, app.theme.record_text = app.theme.record_text, None
    return records


def wheel(app: Any, pos: tuple[int, int], y: int) -> None:
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    app.run_frames(1)


# -- 1. the log comes back to the newest line ---------------------------------------------------------
def test_the_log_returns_to_the_newest_line_for_the_next_player_and_after_a_while() -> None:
    table, config = find_table(lambda tb: tb.state.turn >= 12 and deciding("action")(tb))
    app, scene = open_scene(table, config)
    log = scene.log
    wheel(app, scene.layout_.log.center, 6)
    assert log.scroll > 0, "the wheel scrolls the log back"
    first = scene.decider()
    for _ in range(8):  # play on until the mouse passes to the other player
        seat = scene.decider()
        if seat != first:
            break
        scene.send(next(a for a in scene.legal() if a["kind"] in ("place_tile", "pass")))
        app.run_frames(2)
        if scene.public()["decision"]["kind"] == "end_turn":
            scene.send({"kind": "end_turn"})
            app.run_frames(2)
    assert scene.decider() != first
    assert log.scroll == 0, "the next player's log shows the newest lines (the recap's words)"
    # The same player reading back: new lines keep the place while the wheel was just used...
    click(app, (app.size[0] // 2, app.size[1] // 2), frames=3)  # the curtain
    wheel(app, scene.layout_.log.center, 6)
    kept = log.scroll
    assert kept > 0
    log.add("A line while reading", scene.animator.clock)
    assert log.scroll == kept, "a player reading back is not yanked to the bottom"
    # ...but a scroll left alone for a while gives way to the news.
    log.scrolled_at -= 60.0
    log.add("A line much later", scene.animator.clock)
    assert log.scroll == 0


# -- 2. a conflict's result stays up, above what flies ---------------------------------------------
def test_a_conflicts_result_stays_until_clicked_or_three_seconds_above_the_flying_pieces(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table, config = find_table(lambda tb: deciding("support")(tb) and tb.state.conflict["kind"] == "revolt")
    app, scene = open_scene(table, config, animation="normal")
    order: list[str] = []
    for kind, draw in list(table_anim.DRAW.items()):
        def traced(surface: Any, ctx: Any, a: Any, p: float, kind: str = kind, draw: Any = draw) -> None:
            order.append(kind)
            draw(surface, ctx, a, p)
        monkeypatch.setitem(table_anim.DRAW, kind, traced)
    for _ in range(2):  # both sides commit nothing more than the board
        table.submit(table.to_move(), {"kind": "commit", "count": 0})
        app.run_frames(1)
    result = next(a for a in scene.animator.anims if a.kind == "banner" and a.sound == "conflict_end")
    overlapped = False
    while scene.animator.clock < result.start + 2.6:
        order.clear()
        app.run_frames(1)
        if "banner" in order and len(set(order)) > 1:
            overlapped = True
            assert set(order[order.index("banner"):]) == {"banner"}, f"the ribbon is drawn under a piece: {order}"
    assert overlapped, "the pieces leave while the result is up"
    assert result in scene.animator.anims, "after 2.6 s the result is still readable"
    # A click takes it away (and is not lost: it lands whatever is moving).
    click(app, scene.layout_.board.center)
    assert not any(a.kind == "banner" for a in scene.animator.anims)


def test_the_result_leaves_by_itself_after_three_seconds() -> None:
    table, config = find_table(lambda tb: deciding("support")(tb) and tb.state.conflict["kind"] == "revolt")
    app, scene = open_scene(table, config, animation="normal")
    for _ in range(2):  # both sides commit nothing more than the board
        table.submit(table.to_move(), {"kind": "commit", "count": 0})
        app.run_frames(1)
    result = next(a for a in scene.animator.anims if a.kind == "banner" and a.sound == "conflict_end")
    assert 2.9 <= result.duration <= 3.1
    app.run_frames(round(3.2 * 60))
    assert result not in scene.animator.anims


# -- 3. recap numbers keep off monuments and off each other -------------------------------------------
def monument_in_recap(table: Table) -> bool:
    seat = table.to_move()
    if seat is None or table.state.decision["kind"] != "action":
        return False
    history = table.history(None)
    if not any(e["kind"] == "monument_built" for e in history):
        return False
    recap = Recap()
    for e in history:
        recap.begin()
        recap.feed(e)
    return any(m.kind == "monument_built" for m in recap.since(seat))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_recap_numbers_cover_no_monument_and_no_other_number(size: tuple[int, int]) -> None:
    table, config = find_table(monument_in_recap, seeds=range(1, 2000))
    app, scene = open_scene(table, config, size=size)
    assert scene.recap_moves()
    move(app, (2, 2))
    records = drawn_text(app)
    board = scene.layout_.board
    numbers = [r for r in records if r.text.isdigit() and board.collidepoint(r.rect.center)]
    assert numbers, "the recap numbers its moves on the board"
    lay = scene.layout_
    for m in scene.public()["monuments"]:
        at = tuple(m["at"])
        block = lay.square_rect(at).union(lay.square_rect((at[0] + 1, at[1] + 1))).inflate(-lay.square // 4,
                                                                                            -lay.square // 4)
        for r in numbers:
            assert not block.colliderect(r.ink), f"number {r.text} drawn over the monument at {at}"
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            assert not a.ink.colliderect(b.ink), f"numbers {a.text} and {b.text} overlap"


# -- 4. no tooltip of the table through a dialog ---------------------------------------------------------
def test_no_table_tooltip_shows_under_an_open_dialog() -> None:
    table, config = find_table(lambda tb: tb.state.turn >= 6 and deciding("action")(tb))
    app, scene = open_scene(table, config)
    view = scene.public()
    leader = view["leaders"][0]
    move(app, scene.layout_.square_center(tuple(leader["at"])), frames=2)
    tip = [r.text for r in drawn_text(app)]
    assert any("kingdom" in line.lower() or "strength" in line.lower() for line in tip), tip
    inspect_lines = [line for line in tip if "strength" in line.lower() or "kingdom" in line.lower()]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.run_frames(2)
    assert app.top is not scene, "ESC opened the game menu"
    under = [r.text for r in drawn_text(app)]
    assert not any(line in under for line in inspect_lines), "the table's tooltip shows under the menu"


# -- 5. the replay shows a conflict's real numbers --------------------------------------------------------
def test_the_replay_shows_each_sides_real_support(data: Path) -> None:
    from game.ui.table.replay_scene import ReplayScene

    seats = [Seat("Ana", "bull", "human"), Seat("Ben", "lion", "human")]
    table = Table(seats, 3)
    writer = JournalWriter(table, data / "games" / "g.journal")
    rng = random.Random(3)
    position = None
    while table.to_move() is not None and len(table.records) < 900:
        seat = table.to_move()
        if position is None and table.state.decision["kind"] == "support":
            position = len(table.records)
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    assert position is not None, "a conflict was fought"
    app = make_app((1920, 1080), Settings(animation="off"))
    scene = ReplayScene(app, read(writer.path))
    app.push(scene)
    app.run_frames(2)
    scene.seek(position)
    app.run_frames(2)
    conflict = scene.public()["conflict"]
    assert conflict is not None and conflict["attacker_commit"] is None
    support = [e for evs in scene.replay.events[position:position + 3] for e in evs if e["kind"] == "support"]
    counts = {e["side"]: e["count"] for e in support}
    text = " ".join(r.text.replace("\u00a0", " ") for r in drawn_text(app))
    assert "?" not in text.split(), text
    a = conflict["attacker_strength"] + counts["attacker"]
    d = conflict["defender_strength"] + counts["defender"]
    assert f"{counts['attacker']} = {a}" in text and f"{counts['defender']} = {d}" in text, text


# -- 6. hand pieces and panel icons say what they are -----------------------------------------------------
def tooltip_after_hover(app: Any, pos: tuple[int, int]) -> list[str]:
    move(app, pos, frames=2)
    return [r.text for r in drawn_text(app)]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_tray_pieces_and_panel_icons_have_tooltips(language: str) -> None:
    from game.i18n import set_language
    from game.ui.table.table_panels import score_badges

    set_language(language)
    try:
        table, config = find_table(lambda tb: tb.state.turn >= 4 and deciding("action")(tb))
        app, scene = open_scene(table, config)
        items = scene.tray_items()
        tile = next(i for i in items if i.kind == "tile")
        drawn = tooltip_after_hover(app, tile.rect.center)
        assert t("tip.tile", tile=t(f"tile.{tile.color}")) in drawn, drawn
        assert t("tip.tile.click") in drawn
        leader = next(i for i in items if i.kind == "leader")
        drawn = tooltip_after_hover(app, leader.rect.center)
        assert t("tip.leader", leader=t(f"leader.{leader.color}")) in drawn, drawn
        cat = next(i for i in items if i.kind == "cat")
        drawn = tooltip_after_hover(app, cat.rect.center)
        assert t("tip.catastrophe") in drawn and t("tip.catastrophe.click") in drawn, drawn
        lay = scene.layout_
        seat = scene.me()
        rect = lay.seats[seat]
        pad = app.theme.s(12)
        row_h = (rect.height - 2 * pad) // 3
        _, badge_tile, _ = score_badges(app.theme, rect, rect.top + pad + 2 * row_h + app.theme.s(6), row_h)[0]
        drawn = tooltip_after_hover(app, badge_tile.center)
        red = scene.shown()["seats"][seat]["scores"]["red"]
        line = t("tip.points", color=t("color.red"), tiles=tile_word("red", 2), n=red)
        assert line[:1].upper() + line[1:] in drawn, drawn
        emblem = (rect.left + pad + app.theme.s(10) + 5, rect.top + pad + 5)
        drawn = tooltip_after_hover(app, emblem)
        name = scene.public()["names"][seat]
        assert any(name in line for line in drawn[-3:]), drawn
    finally:
        set_language("en")


# -- 7. an idle table rests ---------------------------------------------------------------------------------
def test_an_idle_table_draws_about_one_frame_a_second_and_holds_still() -> None:
    table, config = find_table(lambda tb: tb.state.turn >= 4 and deciding("action")(tb))
    app, scene = open_scene(table, config, size=(1280, 720), animation="normal")
    app.run_frames(150)  # the intro and the first frames are over
    app._busy_until = 0.0
    assert app.resting()
    first = app.surface.copy()
    app.run_frames(30)  # half a second of animation time passes at rest: nothing may change
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(app.surface, "RGB"), \
        "a table at rest redraws the same picture (no outline breathing while nobody moves)"
    seconds = 2.0
    stop = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    drawn = app.drawn_frames
    stop.start()
    app.run()
    assert app.drawn_frames - drawn <= seconds * 1 + 3, app.drawn_frames - drawn


def test_the_window_is_presented_without_gpu_emulation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    make_app((1280, 720))
    assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == "0"

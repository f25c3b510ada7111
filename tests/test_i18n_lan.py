"""The LAN screens in 繁體中文: the table's notices and banner in Chinese, inside their boxes, at both sizes.

Hosts bind 127.0.0.1 on a free port and announce nothing; every wait has a deadline.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.kit import theme as th
from game.ui.lan import lan_screens as lan
from game.ui.lan.lan_table import countdown_line, draw_link_banner
from tests.test_lan_screens import assert_text_fits, run_until, texts
from tests.test_lan_table import two_seat_game
from tests.wiring import make_app


@pytest.fixture(autouse=True)
def chinese() -> Iterator[None]:
    i18n.set_language("zh-TW")
    yield
    i18n.set_language("en")


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_missing_player_is_waited_for_in_chinese_inside_the_right_column(size: tuple[int, int]) -> None:
    app = make_app(size)
    host = None
    try:
        table, host, ann = two_seat_game(app)
        # The host is offered names in Chinese; a LAN player's name stays as typed.
        assert [seat["name"] for seat in table.config["seats"]] == ["恩赫杜安娜", "Ann"]
        ann.close()
        run_until(app, lambda: table.lan.missing == frozenset({1}))
        (notice,) = lan.wait_notices(table.lan, table.views[None]["names"], time.monotonic())
        assert notice.text == "等待\u2009Ann"  # a thin space where a Latin name meets Chinese
        assert countdown_line(notice).startswith("電腦將在 1:1") and countdown_line(notice).endswith("後接手")
        drawn = texts(app)
        lines = [r for r in drawn if r.text in (notice.text, countdown_line(notice))]
        assert len(lines) == 2, [r.text for r in drawn]
        layout = table.layout_
        for record in lines:
            assert not record.rect.colliderect(layout.board), "the notice covers the board"
            assert layout.log.contains(record.rect), "the notice leaves the right column"
        assert not lines[0].rect.colliderect(lines[1].rect)
        body = app.theme.s(th.TEXT_SMALL)
        assert all(record.rect.height >= 0.9 * body for record in lines)  # Chinese as large as English
    finally:
        app.close()
        if host is not None:
            host.stop()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_connection_banner_reads_in_chinese_and_fits(size: tuple[int, int]) -> None:
    theme = th.Theme(size)
    theme.record_text = []
    surface = pygame.Surface(size)

    class Reconnecting:
        state, reason = "reconnecting", ""

    text = lan.link_status(Reconnecting())  # type: ignore[arg-type]
    assert text == "連線中斷：重新連線中…"
    draw_link_banner(surface, theme, text)
    (record,) = theme.record_text
    assert record.text == text and surface.get_rect().contains(record.rect)


def test_the_host_lobby_speaks_chinese() -> None:
    from game.ui.headless import settle
    from tests.test_lan_screens import local_config

    app = make_app((1280, 720))
    scene = lan.HostScene(app, local_config())
    try:
        app.push(scene)
        run_until(app, lambda: bool(scene.seats))
        settle(app, 1.0)  # the heading drops in
        drawn = [r.text for r in texts(app)]
        assert "建立區域網路遊戲" in drawn and "座位 1" in drawn and "開始" in drawn, drawn
        assert "返回" in drawn
        # Only the host's news (net's English lines, not converted yet) and names or numbers are not Chinese.
        news = " ".join(scene.news)
        english = [text for text in drawn if not has_cjk(text) and text not in news
                   and any(word.isalpha() and word.islower() for word in text.split())]
        assert not english, english
        assert_text_fits(app, "host lobby in Chinese")
    finally:
        app.close()


def test_the_keys_the_lan_screens_build_from_names_are_in_the_catalogue() -> None:
    from game.i18n import has
    from game.ui.lan.lan_host import PLANS, VARIANT_TOGGLES, player_names

    keys = [f"lan.host.plan.{plan}" for plan in PLANS] + [f"lan.host.{key}.hint" for key in VARIANT_TOGGLES]
    keys += [f"variant.{key}" for key in VARIANT_TOGGLES] + [f"dynasty.{d}" for d in th.DYNASTIES]
    assert [key for key in keys if not has(key)] == []
    names = player_names()
    assert len(names) == 8 and len(set(names)) == 8 and all(names)
    assert i18n.t_in("en", "lan.names").split("|")[0] == "Enheduanna"

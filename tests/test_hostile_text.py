"""Text from another machine never stops a frame or garbles a console line: a version string, a
parameter or a reason holding a NUL or an escape sequence is escaped, refused or drawn as U+FFFD."""

from __future__ import annotations

import pytest

from game.i18n import wire
from net import protocol as p


@pytest.mark.parametrize("game", ["0.1\x00", "0.1\n[09:00:00] Bob takes seat 1\x1b[2J"])
def test_a_clients_version_string_is_echoed_escaped(game: str) -> None:
    mismatch = p.version_mismatch(p.PROTOCOL_VERSION, game)
    assert mismatch is not None
    assert str(mismatch).isprintable() and "\x00" not in str(mismatch) and "\x1b" not in str(mismatch)
    assert all(not isinstance(v, str) or v.isprintable() for v in mismatch.params.values())


def test_a_hosts_words_with_control_characters_show_the_english_instead() -> None:
    hostile = {"key": "lan.console.stand_in", "params": {"name": "A\x00\x1b[2J"}}
    assert wire.shown({**hostile, "params": {"name": "Ann"}}) == "The computer plays for Ann until they come back."
    assert wire.shown(hostile, fallback="English") == "English"
    message = {"type": "error", "reason": "English", "view_id": 1, "message": hostile}
    assert "message" not in p.check_host_message(message)  # dropped as malformed before it reaches a screen


def test_a_line_with_a_nul_is_drawn_not_raised() -> None:
    import pygame

    from game.ui.kit.textfit import drawable
    from tests.wiring import make_app

    assert drawable("Eve\x00\x1b") == "Eve\ufffd\ufffd" and drawable("兩河 ok") == "兩河 ok"
    app = make_app((1280, 720))
    image = app.theme.render("Eve\x00 joined", 32, (255, 255, 255))
    assert isinstance(image, pygame.Surface) and image.get_width() > 0

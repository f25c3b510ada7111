"""The App: the one pygame window, the scene stack and the frame loop.

Owns: opening (and re-opening, for fullscreen) the window, the scene stack (push, pop, replace,
modal overlays), the ONE place that reads input, the 60 fps clock and the idle loop that rests
(when nothing moves the client waits for input and stops redrawing: ambient animation runs at a low
rate and links are still polled a few times a second — see `run()`), resize ->
every scene's layout, the back gesture (right click, or ESC — never required), scene cross-fades,
and lazy access to sprites and sounds (game.ui.kit.assets).

Nothing happens at import time: the window opens in `App.open()` (called by `run()` / `step()`).
Must not import: game.rules, net, or any concrete scene (the hooks import those lazily).

A little over 400 lines: the window, the scene stack, the resting frame loop and the media the scenes
reach through the App (sprites, sounds) are one object's job; splitting the media out would only add a hop.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.ui.kit import assets
from game.ui.kit.theme import LAPIS_DEEP, Theme
from game.ui.menus.settings import ANIMATION_SPEEDS, Settings

if TYPE_CHECKING:
    from game.ui.flow import Hooks
    from game.ui.kit.scene import Scene

log = logging.getLogger(__name__)
SceneT = TypeVar("SceneT", bound="Scene")  # push hands back the scene it was given, as its own kind

FPS = 60
MIN_SIZE = (1280, 720)
MAX_SIZE = (3840, 2160)
DEFAULT_SIZE = (1600, 900)
FADE_SECONDS = 0.28
# The idle loop: after input, full-rate frames for LINGER seconds (hover glows, presses); at rest the
# loop wakes every POLL_SECONDS to update (links and computers' moves arrive by polling) and draws
# only when a scene animates, at its ambient rate, or when input comes.
LINGER = 0.6
POLL_SECONDS = 0.1
SPRITES_DIR = Path(__file__).resolve().parents[2] / "sprites"


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """Keep a requested window size inside the supported 1280x720 .. 3840x2160."""
    w = min(MAX_SIZE[0], max(MIN_SIZE[0], int(size[0])))
    h = min(MAX_SIZE[1], max(MIN_SIZE[1], int(size[1])))
    return w, h


def fit_desktop(size: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The default window on the first desktop: as asked when it fits, else the largest 16:9 window that
    leaves room for the window's frame (a 1280x720 TV gets 1280x720, never a window hanging off screen)."""
    if not desktops:
        return size
    room_w, room_h = desktops[0][0] * 0.94, desktops[0][1] * 0.90
    scale = min(1.0, room_w / size[0], room_h / size[1])
    return clamp_size((round(size[0] * scale), round(size[1] * scale)))


class App:
    """The client: `App(settings).run(first_scene)`; tests use `open()`, `push()` and `run_frames()`."""

    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        caption: str = "Two Rivers",
        hooks: Hooks | None = None,
    ) -> None:
        self.settings = settings if settings is not None else Settings.load()
        self.windowed_size = clamp_size(size or DEFAULT_SIZE)
        self._size_asked = size is not None  # a size asked for is kept; the default fits the desktop
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.caption = caption
        self.theme = Theme(self.windowed_size)
        self.stack: list[Scene] = []
        self.surface: pygame.Surface | None = None
        self.clock: pygame.time.Clock | None = None
        self.running = False
        self.frame = 0
        self.mouse_pos: tuple[int, int] = (-1, -1)
        self.shared: dict[str, Any] = {}  # things scenes share across the stack (e.g. the backdrop)
        self._hooks: Hooks | None = hooks  # main.py hands in its wiring (main.hooks())
        self._sprites: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self._sounds: Any = None
        self._sounds_tried = False
        self._fade: tuple[pygame.Surface, float] | None = None
        self._busy_until = 0.0  # monotonic time until which the loop runs at full rate
        self._last_draw = 0.0
        self.drawn_frames = 0  # frames actually drawn (the idle benchmark counts them)

    # -- window ------------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size() if self.surface is not None else self.windowed_size

    def open(self) -> None:
        """Open the window (idempotent). Sound waits until the first frame is on screen."""
        if self.surface is not None:
            return
        # Every frame is drawn in software and only has to be copied to the window. Left to itself, SDL2 on X11
        # presents it through an OpenGL texture instead, which without a GPU (software GL) costs about
        # 16 ms of CPU a frame at 1080p — an idle table then used a fifth of a core. A player's own setting wins.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(self.caption)
        self._set_icon()
        if not self._size_asked:
            self.windowed_size = fit_desktop(DEFAULT_SIZE, pygame.display.get_desktop_sizes())
        self._set_mode()
        self.clock = pygame.time.Clock()
        from game.ui.kit.widgets import set_sound_hook

        set_sound_hook(self.play)

    def _set_icon(self) -> None:
        icon = SPRITES_DIR / "icon.png"
        if icon.exists():
            try:
                pygame.display.set_icon(pygame.image.load(str(icon)))
            except pygame.error as err:  # a broken icon must never stop the game
                log.warning("icon not loaded: %s", err)

    def _set_mode(self) -> None:
        if self.fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
        self._relayout()

    def _set_minimum_size(self) -> None:
        # pygame-ce offers no other way to reach the display window; the deprecation is about
        # rendering through it, which we do not do.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):  # older pygame-ce or a driver without windows
                pass

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and the last windowed size, keeping every scene."""
        if on == self.fullscreen and self.surface is not None:
            return
        self.fullscreen = on
        if self.surface is not None:
            self._set_mode()

    def _relayout(self) -> None:
        self._sprites.clear()  # sprites are scaled per size; old sizes are not needed again
        self.theme.resize(self.size)
        for scene in self.stack:
            scene.layout(self.size)

    # -- the scene stack ---------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: SceneT) -> SceneT:
        """Put a scene on top; overlays (dialogs) leave the one below visible."""
        self.open()
        if not scene.overlay:
            self._start_fade()
        self.stack.append(scene)
        scene.enter()
        scene.layout(self.size)
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below resumes."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        if not scene.overlay:
            self._start_fade()
        scene.exit()
        if self.top is not None:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another (title -> table, table -> results)."""
        if self.stack:
            old = self.stack.pop()
            old.exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack and start again from one scene (back to the title)."""
        while self.stack:
            self.stack.pop().exit()
        return self.push(scene)

    # -- the loop ----------------------------------------------------------------------------------
    def run(self, first: Scene | None = None) -> None:
        """Run until the last scene is gone or the window is closed: 60 fps while something moves,
        and at rest wait for input (pygame.event.wait with a timeout) instead of redrawing."""
        self.open()
        if first is not None:
            self.push(first)
        self.running = True
        last = time.perf_counter()
        while self.running and self.stack:
            events = self._next_events()
            now = time.perf_counter()
            dt, last = min(now - last, 0.1), now  # a long stall (dragging the window) must not make animations jump
            if events:
                self._busy_until = now + LINGER
            if events or not self.resting(now) or self._ambient_due(now):
                self.step(dt, events)
            else:
                self.update(dt)  # polls links and computers; nothing is drawn
                if not self.resting(now):  # something started moving: show it at once
                    self._render()
        self.close()

    def resting(self, now: float | None = None) -> bool:
        """Whether nothing moves: no recent input, no cross-fade, no visible scene animating."""
        now = time.perf_counter() if now is None else now
        if now < self._busy_until or self._fade is not None:
            return False
        return not any(scene.animating() for scene in self.visible())

    def _ambient_due(self, now: float) -> bool:
        fps = max((scene.ambient_fps for scene in self.visible()), default=0)
        return fps > 0 and now - self._last_draw >= 1.0 / fps

    def _next_events(self) -> list[pygame.event.Event]:
        """This frame's input: at full rate after the clock's tick; at rest, sleep in pygame.event.wait."""
        if not self.resting():
            if self.clock is not None:
                self.clock.tick(FPS)
            return pygame.event.get()
        fps = max((scene.ambient_fps for scene in self.visible()), default=0)
        wait = POLL_SECONDS
        if fps > 0:  # wake just when the next ambient frame is due
            wait = min(wait, self._last_draw + 1.0 / fps - time.perf_counter())
        first = pygame.event.wait(max(1, round(wait * 1000)))
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    def step(self, dt: float = 1 / FPS, events: Iterable[pygame.event.Event] | None = None) -> None:
        """One frame: read input (pygame.event.get unless given), update, draw, flip."""
        self.open()
        for event in pygame.event.get() if events is None else events:
            self.dispatch(event)
        self.update(dt)
        self._render()

    def _render(self) -> None:
        self.draw()
        pygame.display.flip()
        self._last_draw = time.perf_counter()
        self.drawn_frames += 1
        self.frame += 1
        if self.frame == 2:
            self.sounds  # noqa: B018 - open the mixer once the first frames are on screen

    def run_frames(self, n: int, dt: float = 1 / FPS) -> None:
        """Run n frames without waiting on the clock (headless tests)."""
        for _ in range(n):
            if not self.stack:
                return
            self.step(dt)

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        self.running = False

    def close(self) -> None:
        while self.stack:
            self.stack.pop().exit()
        pygame.display.quit()
        self.surface = None

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, input to the top scene, back gestures after."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._on_resize()
            return
        if event.type == pygame.MOUSEMOTION or hasattr(event, "pos"):
            self.mouse_pos = tuple(event.pos)
        top = self.top
        if top is None:
            return
        used = top.handle(event)
        if not used and self.is_back(event):
            top.back()

    @staticmethod
    def is_back(event: pygame.event.Event) -> bool:
        """Right click is "back"; ESC also works but is never needed."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            return True
        return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE

    def _on_resize(self) -> None:
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.surface = surface
        if not self.fullscreen:
            self.windowed_size = surface.get_size()
        self._relayout()

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame: the top one and every overlay's background below it."""
        i = len(self.stack) - 1
        while i > 0 and self.stack[i].overlay:
            i -= 1
        return self.stack[max(i, 0) :]

    def update(self, dt: float) -> None:
        for scene in self.visible():
            scene.update(dt)
        if self._fade is not None:
            shot, left = self._fade
            left -= self.anim_dt(dt) / FADE_SECONDS
            self._fade = (shot, left) if left > 0 else None

    def draw(self) -> None:
        if self.surface is None:
            return
        self.surface.fill(LAPIS_DEEP)
        for scene in self.visible():
            scene.draw(self.surface)
        if self._fade is not None:
            shot, left = self._fade
            shot.set_alpha(round(255 * left * left))
            self.surface.blit(shot, (0, 0))

    def _start_fade(self) -> None:
        # Cross-fade from the last frame; nothing to fade from before the first frame.
        if self.surface is not None and self.frame > 0 and self.motion > 0:
            self._fade = (self.surface.copy(), 1.0)

    # -- animation speed ---------------------------------------------------------------------------
    @property
    def motion(self) -> float:
        """The animation speed factor from settings: 0 (off), 0.5, 1 or 2."""
        return ANIMATION_SPEEDS.get(self.settings.animation, 1.0)

    def anim_dt(self, dt: float) -> float:
        """dt for transitions: scaled by the speed setting; "off" finishes every transition at once."""
        m = self.motion
        return 1000.0 if m <= 0 else dt * m

    # -- hooks, sprites, sounds --------------------------------------------------------------------
    @property
    def hooks(self) -> Hooks:
        """Where screens hand over to a game: main.py's wiring and the menus' hand-overs (game.ui.flow).

        An App made without hooks gets the hand-overs alone: a screen that asks it for a game is refused."""
        if self._hooks is None:
            from game.ui.flow import Hooks

            self._hooks = Hooks()
        return self._hooks

    def sprite(self, name: str, size: tuple[int, int]) -> pygame.Surface | None:
        """A sprite from game.ui.kit.assets at this size, or None (callers then draw a fallback)."""
        key = (name, (int(size[0]), int(size[1])))
        if key not in self._sprites:
            self._sprites[key] = self._load_sprite(name, key[1])
        return self._sprites[key]

    @staticmethod
    def _load_sprite(name: str, size: tuple[int, int]) -> pygame.Surface | None:
        if not assets.has_sprite(name):
            return None  # our callers draw a fallback; the loader's magenta checker is for the table
        try:
            surface = assets.sprite(name, size)
        except Exception as err:  # missing art must never stop the game
            log.debug("sprite %s unavailable: %s", name, err)
            return None
        return surface if isinstance(surface, pygame.Surface) else None

    @property
    def sounds(self) -> Any:
        """game.ui.kit.assets.Sounds at the settings volume, or None when there is no sound at all."""
        if not self._sounds_tried:
            self._sounds_tried = True
            self._sounds = self._open_sounds()
        return self._sounds

    def _open_sounds(self) -> Any:
        if os.environ.get("TWO_RIVERS_MUTE"):
            return None
        try:
            return assets.Sounds(self.settings.volume)
        except Exception as err:  # no sound device gives silence, not a crash
            log.info("no sound: %s", err)
            return None

    def set_volume(self, volume: float) -> None:
        """Apply a new volume now (the sound bank is rebuilt at the new level)."""
        self.settings.volume = volume
        sounds = self._sounds
        if sounds is not None:
            sounds.set_volume(self.settings.volume)
        else:
            self._sounds_tried, self._sounds = False, None

    def play(self, name: str) -> None:
        """Play a sound by name ("click", ...); silently nothing if sound is unavailable."""
        sounds = self.sounds
        if sounds is None:
            return
        try:
            sounds.play(name)
        except Exception as err:
            log.debug("sound %s failed: %s", name, err)

    def screenshot(self, path: str | os.PathLike[str]) -> None:
        """Save the current frame as a PNG (tests and the screenshot review)."""
        if self.surface is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.surface, str(path))

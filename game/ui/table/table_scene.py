"""The table: a whole game of Two Rivers on one screen, for a TV, a sofa and one mouse.

Owns: `TableScene` — the link to the table (a game.session.Link: local, replay or LAN, handed in
by whoever wires the game), which view is shown (the deciding local
player's, or the public one), the hot-seat curtain, the computers' turns, turning updates into
animations and log lines, and the frame: static board layer, pieces, panels, tray, side panel,
previews, banners. Clicks become actions through `send`; the scene never changes game state.
Drawing details live in board_draw / table_panels / table_tray / table_side, the meaning of
clicks in table_input, motion in table_anim / table_events, the log and the recap in table_story,
turn confirmation in game.session (the scene only turns it on for hot-seat play).

Longer than 400 lines because it is the one place where the link, the curtain, input, the frame's
dozen layers and the idle loop meet; each layer's own work lives in the modules above.

Must not import: net (a LAN link is handed in by whoever opens the scene).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.i18n import t as tr
from game.i18n.wire import shown
from game.rules import events_for
from game.rules.vocabulary import COLORS, LEVELS
from game.session import Link, LocalLink, Seat, Table
from game.ui.kit import theme as th
from game.ui.kit.assets import MONUMENTS
from game.ui.kit.dialog import confirm
from game.ui.kit.panels import draw_shadow
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.table.board_draw import BoardPainter, build_static_layer
from game.ui.table.board_preview import preview
from game.ui.table.piece_art import PieceArt
from game.ui.table.table_anim import Animator, table_context
from game.ui.table.table_events import EventAnimator
from game.ui.table.table_input import Controller
from game.ui.table.table_inspect import inspect
from game.ui.table.table_layout import TableLayout
from game.ui.table.table_overlay import draw_curtain, draw_game_over_panel, draw_toast, draw_tooltip
from game.ui.table.table_panels import SeatPanels, Spot, draw_top_bar, variants_line
from game.ui.table.table_recap import Move
from game.ui.table.table_side import ButtonSpec, SidePanel, SideSpec
from game.ui.table.table_story import Story
from game.ui.table.table_tray import TrayItem, draw_tray, tray_items, tray_tip
from game.ui.table.table_words import status_line, tray_message, waiting_for

if TYPE_CHECKING:
    from game.ui.app import App

Square = tuple[int, int]
COMPUTER_KINDS = LEVELS
REST_PULSE = math.pi / 8  # a pulse clock at which every outline is near its brightest (sin 4c = 1, sin 3c = .92)
TOAST_SECONDS = 3.5  # how long a refused action's reason stays over the board, in real seconds


class Computers(Protocol):
    """What the scene drives of the computer seats (game.ai.seats.ComputerSeats, handed in by main.py's wiring)."""

    def tick(self, may_act: bool = True) -> int | None: ...
    def thinking(self) -> set[int]: ...
    def close(self) -> None: ...


def seats_from_config(config: dict[str, Any]) -> tuple[list[Seat], dict[int, str]]:
    """The table's seats and the computer levels by seat, from the New-game config."""
    seats, levels = [], {}
    for i, s in enumerate(config["seats"][: config.get("players", len(config["seats"]))]):
        kind = s.get("kind", "human")
        if kind == "computer" or kind in COMPUTER_KINDS:
            level = s.get("level") or (kind if kind in COMPUTER_KINDS else "normal")
            levels[i] = level
            kind = level if level in COMPUTER_KINDS else "normal"
        seats.append(Seat(s["name"], s["dynasty"], kind))
    return seats, levels


class TableScene(Scene):
    """The game screen: `TableScene(app, config, link, computers)`, with what main.py's wiring gives.

    computers plays the computer seats (None when nobody here plays them); journal_path is the saved
    game the results can replay.
    """

    # The link is over for good and nothing can be played here (a LAN player's table once the host closed it:
    # game.ui.lan.lan_table sets it): no seat is shown as moving.
    stopped = False

    def __init__(self, app: App, config: dict[str, Any], link: Link, computers: Computers | None = None,
                 journal_path: Path | None = None) -> None:
        super().__init__(app)
        self.config = config
        seats, levels = seats_from_config(config)
        self.link = link
        self.humans = {i for i in range(len(seats)) if i not in levels}
        self.computers = computers
        self.journal_path = journal_path
        self.views: dict[Any, dict[str, Any]] = {}
        # One human at the screen needs no curtain: nobody else may not look.
        self.revealed: int | None = next(iter(self.humans)) if len(self.humans) == 1 else None
        # The seat this window always shows, whoever is to move (a LAN player's own); None on a hot-seat screen,
        # which shows the seat to move once its player has the mouse.
        self.own_seat: int | None = None
        self.art = PieceArt(app)
        self.painter = BoardPainter(app, self.art)
        self.animator = Animator(app.play)
        self.events = EventAnimator(self.animator)
        self.story = Story(app)
        self.log, self.recap = self.story.log, self.story.recap
        self.panels = SeatPanels(app, self.art)
        self.top_spots: list[Spot] = []  # the top bar's counts and their tooltips, as last drawn
        self.side = SidePanel(app, self.art)
        self.control = Controller(self)
        self.layout_: TableLayout | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._legal: tuple[tuple, list[dict[str, Any]]] = ((), [])
        self.last_move: list[Square] = []
        self.hover_sq: Square | None = None
        self.hover_item: tuple | None = None
        self._toast: tuple[str, float] | None = None  # text and when it came, on `shown_for`
        # Seconds of real time on this screen: a refusal stays up 3.5 s even with animations off (whose
        # animation clock leaps ahead every frame).
        self.shown_for = 0.0
        self._swallow_up = False
        self._log_seat: int | None = None  # whose turn the log was last brought to its newest line for
        self.swap_btn = self.add("swap", Button(tr("table.swap"), self.control.start_swap, style="warm"))
        self.pass_btn = self.add("pass", Button(tr("table.pass"), self.ask_pass, style="quiet"))
        self.undo_btn = self.add("undo", Button(tr("table.undo"), self.undo, style="quiet"))
        self.menu_btn = self.add("menu", Button(tr("game_menu.heading"), self.open_menu, style="dark",
                                                text_size=th.TEXT_SMALL))
        self._confirm_turns()
        self._poll()

    # -- the link ------------------------------------------------------------------------------------
    def _poll(self) -> None:
        told = False   # the story opened from the link's history, which already holds this poll's events
        for update in self.link.poll():
            if update.error:
                # The refusal in this player's language when it came as a key; else the English sent.
                self.toast(shown(update.message, fallback=update.error) if update.message else update.error)
                continue
            self.views.update(update.views)
            public = update.events.get(None, [])
            view = self.views.get(None)
            if view is None:
                continue
            if not self.log.entries:
                told = self.open_story(view)
            if not told:
                self._read(public, view)
            self.control.reset()

    def open_story(self, view: dict[str, Any]) -> bool:
        """Open the log and the recap with the game so far; return whether the link told any of it."""
        history = self._story_so_far()
        self.story.open(view, history, self.animator.clock)
        self.last_move = self.story.last_move
        return bool(history)

    def _story_so_far(self) -> list[dict[str, Any]]:
        """What happened before this screen opened (Continue), as one local seat saw it.

        The log tells only public things (drawn tiles are never described), so any local seat's history
        gives the same sentences and the same recap.
        """
        seats = self.link.local_seats
        # A spectator's link tells the public history (a LAN watcher). A seat's history holds its own drawn
        # tiles: everyone at a hot-seat screen sees the log, so only the public part is read.
        return events_for(self.link.history(min(seats) if seats else None), None)

    def _read(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        """Turn one change's public events into motion, log sentences and recap moves."""
        self.events.animate(events, view["names"], view["dynasties"])
        self.story.read(events, view["names"], self.animator.clock)
        if events:
            self.last_move = self.story.last_move

    def send(self, action: dict[str, Any]) -> None:
        """Hand a choice to the table for the seat deciding at this screen (the only way the UI acts)."""
        seat = self.acting()
        if seat is None:
            return
        self.control.reset()
        self.link.send(seat, action)

    def undo(self) -> None:
        seat = self.acting()
        if seat is not None:
            self.control.reset()
            self.link.undo(seat)

    def legal(self) -> list[dict[str, Any]]:
        """The deciding local player's legal actions (cached per view)."""
        seat = self.acting()
        if seat is None:
            return []
        key = (self.public()["view_id"], seat)
        if self._legal[0] != key:
            self._legal = (key, self.link.legal_actions(seat))
        return self._legal[1]

    # -- whose view ----------------------------------------------------------------------------------
    def public(self) -> dict[str, Any]:
        return self.views[None]

    def decider(self) -> int | None:
        return self.public()["to_move"]

    def curtain_reason(self) -> str:
        """Why the mouse passes now, when it is not simply the next turn: "Bel, to defend the revolt"."""
        view = self.public()
        conflict, seat = view["conflict"], self.decider()
        if not conflict or seat is None or seat != conflict.get("defender") or seat == view["active"]:
            return ""
        kind = "revolt" if conflict.get("kind") == "revolt" else "war"
        return tr(f"curtain.defend.{kind}", name=view["names"][seat])

    def top_line(self) -> str:
        """The top bar's status; a held turn whose Undo is gone offers End turn alone."""
        public = self.public()
        held = self.views.get(self.decider()) if (public["decision"] or {}).get("kind") == "end_turn" else None
        return status_line(public, can_undo=bool(held.get("can_undo", True)) if held is not None else True)

    def curtain_up(self) -> bool:
        seat = self.decider()
        return seat in self.humans and seat != self.revealed and not self.public()["game_over"]

    def me(self) -> int | None:
        """The local human whose hand is shown now, or None (computer, curtain, game over, a watcher).

        A LAN window always shows its own seat; a hot-seat screen the seat to move, once its player took the mouse.
        """
        if self.own_seat is not None and self.own_seat in self.views:
            return self.own_seat
        seat = self.decider()
        if seat is None or seat not in self.humans or self.curtain_up() or seat not in self.views:
            return None
        return seat

    def acting(self) -> int | None:
        """The seat whose choices this screen takes now: the seat shown, while it is the one to move."""
        seat = self.me()
        return seat if seat is not None and seat == self.decider() else None

    def shown(self) -> dict[str, Any]:
        seat = self.me()
        return self.views[seat] if seat is not None else self.public()

    def _confirm_turns(self) -> None:
        """Hot-seat with turn confirmation on (Settings): a human's turn ends when its player says so,
        so the second action can be taken back too. Read every frame: the in-game Settings may change it."""
        table = self._hot_seat_table()
        if table is not None:
            table.confirm_seats = frozenset(self.humans) if self.app.settings.confirm_turn else frozenset()

    def _hot_seat_table(self) -> Table | None:
        """The table in this process when every seat is played at this screen; None otherwise."""
        link = self.link
        if isinstance(link, LocalLink) and link.local_seats == frozenset(range(link.table.players)):
            return link.table
        return None

    def toast(self, text: str) -> None:
        self._toast = (text, self.shown_for)

    # -- buttons -------------------------------------------------------------------------------------
    def ask_pass(self) -> None:
        confirm(self.app, tr("table.pass.title"), tr("table.pass.text"),
                lambda: self.send({"kind": "pass"}), yes=tr("table.pass"), no=tr("table.pass.no"))

    def ask_leave(self) -> None:
        confirm(self.app, tr("game_menu.leave.title"), self.leave_text(), self.leave, yes=tr("game_menu.leave.yes"),
                no=tr("game_menu.leave.no"))

    def leave_text(self) -> str:
        """What leaving this table does, in one true sentence (game.ui.menus.game_menu.leave_words)."""
        from game.ui.menus.game_menu import leave_words

        return leave_words(self.saved(), bool(self.config.get("lan")), self.hosting())

    def hosting(self) -> bool:
        """Whether this screen hosts a LAN game (leaving it then ends the game for everyone)."""
        return False

    def saved(self) -> bool:
        """Whether this game is journalled (then Continue resumes it after leaving)."""
        return self.journal_path is not None or (isinstance(self.link, LocalLink) and self.link.journal is not None)

    def open_menu(self) -> None:
        """The in-game menu (Resume, Rules, Settings, Leave) over the table: its button and ESC."""
        from game.ui.menus.game_menu import GameMenu

        self.control.reset()
        self.app.push(GameMenu(self.app, self.leave, saved=self.saved(), lan=bool(self.config.get("lan")),
                               host=self.hosting(), words=self.leave_text))

    def exit(self) -> None:
        if self.computers is not None:
            self.computers.close()

    def leave(self) -> None:
        from game.ui.menus.title import TitleScene

        self.link.close()
        self.app.reset(TitleScene(self.app))

    def show_results(self) -> None:
        from game.ui.table.results import ResultsScene

        view = self.public()
        # A journalled local game can be watched again from the results.
        self.app.replace(ResultsScene(self.app, view["ranking"], view["names"], view["dynasties"], self.config,
                                      journal_path=self.journal_path, end_reason=view.get("end_reason")))

    # -- the idle loop (game.ui.app) ----------------------------------------------------------------
    # At rest the outlines hold still (`_pulse`); one frame a second keeps a LAN countdown and the link's words
    # current (a frame costs a few ms: an idle table stays far under a tenth of a core).
    ambient_fps = 1

    def animating(self) -> bool:
        """Every frame while pieces move, a toast shows, a sentence fades in, a button eases or the table's
        intro runs; otherwise at rest (outlines held still, a frame a second: `ambient_fps`)."""
        clock = self.animator.clock
        toast = self.toast_showing()
        return (self.animator.busy or toast or self.log.animating(clock) or self.side.animating()
                or super().animating())

    def back(self) -> None:
        """Right click: cancel the half-made choice; never leaves the game by accident."""
        self.control.reset()

    # -- layout --------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        if None not in self.views:  # a LAN link may not have brought the first view yet
            self.layout_ = None
            return
        t = self.theme
        self.layout_ = lay = TableLayout.compute(size, t, self.public()["players"])
        self._static = None
        row = lay.actions
        gap = t.s(12)
        # Undo is a little wider: when it cannot take anything back, its hint says why ("swapped") under it.
        undo_w = (row.width - 2 * gap) * 2 // 5
        w = (row.width - 2 * gap - undo_w) // 2
        for i, b in enumerate((self.swap_btn, self.pass_btn)):
            b.set_rect(pygame.Rect(row.left + i * (w + gap), row.top, w, row.height - t.s(8)))
        self.undo_btn.set_rect(pygame.Rect(row.right - undo_w, row.top, undo_w, row.height - t.s(8)))
        top = lay.top
        self.menu_btn.set_rect(pygame.Rect(top.right - t.s(190), top.top + t.s(10), t.s(172), top.height - t.s(20)))
        self.side.spec = None
        self._warm_art(lay)

    def _warm_art(self, lay: TableLayout) -> None:
        q = lay.square
        colors = COLORS
        dyn = self.public()["dynasties"]
        board_tiles = [f"tile_{c}" for c in colors] + ["tile_down", "catastrophe", "ziggurat_square"]
        self.art.warm(board_tiles, q - max(2, q // 16))
        self.art.warm([f"leader_{d}_{c}" for d in dyn for c in colors], q - 2 * (q // 12))
        self.art.warm([f"monument_{a}_{b}" for a, b in MONUMENTS], round(2 * q * 0.96))

    def laid_out(self) -> TableLayout:
        """The layout, for what runs only once the table is laid out (drawing, pointing at the board)."""
        assert self.layout_ is not None, "the table is laid out before it is drawn or handles the mouse"
        return self.layout_

    def static_layer(self) -> pygame.Surface:
        view = self.public()
        key = (self.app.size, view["board_name"])
        if self._static is None or self._static_key != key:
            lay = self.laid_out()
            self._static = build_static_layer(self.app, lay, view["terrain"], view["priority"])
            # The panels never move: their soft shadows are painted once here, not every frame.
            t = self.theme
            for rect, radius in [*((r, 18) for r in lay.seats), (lay.tray, 18), (lay.side, 20)]:
                draw_shadow(self._static, rect, t.s(radius), t.s(10))
            self._static_key = key
        return self._static

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.layout_ is None:
            return super().handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._swallow_up:
            self._swallow_up = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animator.busy:
                # A click brings in what is moving and still does what it was aimed at (a tray piece,
                # End turn): a click that only skipped felt lost.
                self.animator.skip()
            if self.curtain_up() and not self.menu_btn.contains(event.pos):
                self.revealed = self.decider()
                self.control.reset()
                self._swallow_up = True
                return True
        if self.log.handle(event) or self.side.handle(event) or super().handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.acting() is not None:
            return self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.control.reset()
            return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # A half-made choice is cancelled first (as a right click does); a second Esc opens the menu.
            if self.control.choosing():
                self.control.reset()
            else:
                self.open_menu()
            return True
        return False

    def tray_items(self) -> list[TrayItem]:
        seat = self.me()
        if seat is None or self.layout_ is None:  # no hand to show, or no window to show it in yet
            return []
        return tray_items(self.app, self.layout_.tray, self.shown()["seats"][seat])

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_sq = self.laid_out().square_at(pos)
        item = next((i for i in self.tray_items() if i.rect.collidepoint(pos)), None)
        self.hover_item = (item.kind, item.index, item.color) if item else None

    def _click(self, pos: tuple[int, int]) -> bool:
        sq = self.laid_out().square_at(pos)
        if sq is not None:
            self.control.click_square(sq)
            return True
        item = next((i for i in self.tray_items() if i.rect.collidepoint(pos)), None)
        if item is not None:
            self.control.click_tray(item)
            return True
        return False

    # -- per frame -----------------------------------------------------------------------------------
    def toast_showing(self) -> bool:
        return self._toast is not None and self.shown_for - self._toast[1] < TOAST_SECONDS

    def update(self, dt: float) -> None:
        adt = self.app.anim_dt(dt)
        self.shown_for += dt
        self._confirm_turns()
        self._poll()
        if None not in self.views:
            return
        if self.decider() != self._log_seat:  # the mouse passes on: the next player reads the newest lines
            self._log_seat = self.decider()
            self.log.to_newest()
        if self.layout_ is None:
            self.layout(self.app.size)
        if self.computers is not None:
            self.computers.tick(may_act=not self.animator.busy)
        self.animator.update(adt)
        super().update(dt)
        self._sync_buttons()
        self.side.update(adt)

    def _sync_buttons(self) -> None:
        view = self.shown()
        acting = self.acting() is not None and (view["decision"] or {}).get("kind") == "action"
        swapping = self.control.swap is not None
        self.swap_btn.enabled = acting and not swapping and bool(view["seats"][view["seat"]]["hand"])
        self.pass_btn.enabled = acting
        self.undo_btn.enabled = self.acting() is not None and bool(view.get("can_undo"))
        why = self.control.no_undo() if self.acting() is not None else None
        # Disabled with its reason, so it never looks like an Undo that silently does nothing.
        self.undo_btn.hint = tr(f"table.undo.no.{why[0]}", name=why[1]) if why is not None else ""
        for b in (self.swap_btn, self.pass_btn, self.undo_btn):
            b.visible = not self.public()["game_over"]
        if self.layout_ is not None:
            self.side.sync(self._side_spec(), self.layout_.side)
            # A held turn offers Undo beside End turn in the side panel: one Undo on the screen, not two.
            self.undo_btn.visible = self.undo_btn.visible and "undo_turn" not in self.side.buttons

    def _side_spec(self) -> SideSpec:
        view = self.public()
        vid = view["view_id"]
        if view["game_over"]:
            return SideSpec(("over", vid), tr("replay.over"), [],
                            buttons=[ButtonSpec("results", tr("table.see_results"), self.show_results, "warm")])
        seat = self.decider()
        name = view["names"][seat] if seat is not None else ""
        if self.curtain_up():
            return SideSpec(("curtain", vid, seat), tr("table.next", name=name), [tr("table.pass_mouse")])
        if self.acting() is None:
            conflict = view["conflict"]
            return SideSpec(("watch", vid, seat), waiting_for(view, seat) if seat is not None else name,
                            [] if conflict else [tr("table.watch_board")], conflict=conflict)
        return self.control.side_spec()

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.layout_ is None:
            self.theme.blit_text(surface, tr("table.waiting"), th.TEXT_LARGE, th.CREAM,
                                 center=surface.get_rect().center)
            return
        lay, view, log_clock = self.layout_, self.shown(), self.animator.clock
        clock = self._pulse(log_clock)
        surface.blit(self.static_layer(), (0, 0))
        if self.curtain_up() and not self.animator.busy:
            # Behind the curtain only the board shows through the veil: nothing there is to be read.
            self.painter.draw_pieces(surface, lay, view, set(), view["dynasties"])
            seat = self.decider()
            draw_curtain(self.app, surface, view["names"][seat], view["dynasties"][seat], self.art, clock,
                         reason=self.curtain_reason())
            self.menu_btn.draw(surface, self.theme)  # its spot opens the menu under the curtain too: show it
            return
        thinking = self.computers.thinking() if self.computers is not None else set()
        self.top_spots = []
        draw_top_bar(self.app, surface, lay, view, self.top_line(), self.art, self.top_spots)
        self.panels.draw(surface, lay, view, thinking, clock, mine=self.own_seat, stopped=self.stopped)
        if view["conflict"]:
            self.painter.draw_sides(surface, lay, view["conflict"], view["dynasties"])
        self.painter.draw_pieces(surface, lay, view, self.animator.hidden(), view["dynasties"])
        recap = self.recap_moves()
        if recap:
            self.painter.draw_recap(surface, lay, Story.marks(recap, view["dynasties"]), view["monuments"])
        else:
            self.painter.draw_last_move(surface, lay, self.last_move, clock)
        pending = self.control.pending() if self.acting() is not None else {}
        self.painter.draw_targets(surface, lay, set(pending), self.hover_sq, clock, ghost=self.control.ghost(view))
        inspected = self._inspected(view, pending)
        if inspected is not None:
            self.painter.draw_kingdom(surface, lay, inspected[0])
        if self.control.focus:
            self.painter.draw_targets(surface, lay, set(self.control.focus), None, clock, (255, 255, 255))
        self.animator.draw(surface, table_context(lay, self.panels, self.art, self.painter, self.theme))
        self._draw_tray(surface, view)
        self.side.draw(surface, view)
        if view["game_over"]:
            draw_game_over_panel(self.app, surface, self.side.rect, view)
        self.log.draw(surface, lay.log, log_clock, variants_line(view), Story.log_marks(recap, view["dynasties"]))
        super().draw(surface)
        self._draw_tooltip(surface, view, pending, inspected)
        if self._toast is not None and self.toast_showing():
            draw_toast(self.app, surface, lay.board, self._toast[0])

    def _draw_tooltip(self, surface: pygame.Surface, view: dict[str, Any], pending: dict,
                      inspected: tuple[set[Square], list[str]] | None) -> None:
        """The bubble for what the mouse points at: a place to play, a kingdom, a piece in the tray, an icon.

        None while a dialog or the menu is over the table: the mouse speaks to the dialog then."""
        if self.app.top is not self:
            return
        lay = self.laid_out()
        # Bubbles stay below the top bar: whose turn, the actions left and the bag stay readable.
        below = pygame.Rect(0, lay.top.bottom, surface.get_width(), surface.get_height() - lay.top.bottom)
        if self.hover_sq in pending and not self.animator.busy:
            draw_tooltip(self.app, surface, self.app.mouse_pos, preview(view, pending[self.hover_sq]), below)
        elif inspected is not None:
            kingdom = [lay.square_rect(sq) for sq in inspected[0]]
            draw_tooltip(self.app, surface, self.app.mouse_pos, inspected[1], below, avoid=kingdom)
        else:
            lines = self._piece_tip(view)
            if lines:
                draw_tooltip(self.app, surface, self.app.mouse_pos, lines)

    def _piece_tip(self, view: dict[str, Any]) -> list[str]:
        """What a piece of the tray or an icon of the panels under the mouse is (and what a click on it does)."""
        pos = self.app.mouse_pos
        item = next((i for i in self.tray_items() if i.rect.collidepoint(pos)), None)
        if item is not None:
            return tray_tip(item, (view["decision"] or {}).get("kind"), self.control.swap is not None)
        return next((lines for rect, lines in self.panels.spots + self.top_spots if rect.collidepoint(pos)), [])

    def _pulse(self, clock: float) -> float:
        """The clock the outlines pulse on: held still at rest, so that a frame drawn at rest (a LAN countdown,
        a computer starting to think) is the same picture, and nothing breathes at a cost while nobody plays."""
        return REST_PULSE if self.app.resting() else clock

    def _inspected(self, view: dict[str, Any], pending: dict) -> tuple[set[Square], list[str]] | None:
        """The kingdom under the cursor, when it points at a piece rather than at a place to play."""
        sq = self.hover_sq
        if sq is None or sq in pending or self.animator.busy or self.curtain_up():
            return None
        return inspect(view, sq)

    def recap_moves(self) -> list[Move]:
        """The others' moves since the player holding the mouse last acted (kept until that player acts)."""
        seat = self.me()
        return self.recap.since(seat) if seat is not None else []

    def _draw_tray(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        seat = self.me()
        decision = (view["decision"] or {}).get("kind")
        state: dict[str, Any] = {
            "selected": self.control.selected, "hover": self.hover_item, "usable": self.control.usable,
            "picked": self.control.swap if self.control.swap is not None else self.control.support,
            "pick_style": "swap" if self.control.swap is not None else "support", "hint": self.control.tray_hint()}
        if decision != "support" and self.control.swap is None:
            state["picked"] = set()
        state["hint_wide"] = decision in ("support", "end_turn")
        if seat is not None and self.acting() is None:
            # Another seat decides: this window's hand is there to read, not to play (no dimming, hover or hint).
            state.update(hover=None, usable=lambda _item: True, hint="", hint_wide=False, picked=set())
        owner = view["names"][seat] if seat is not None else ""
        if seat is None:
            state["message"] = tray_message(self.public(), self.curtain_up(), self.humans)
        dynasty = view["dynasties"][seat] if seat is not None else ""
        draw_tray(self.app, surface, self.laid_out().tray, self.art, self.tray_items(), owner, dynasty, state)

"""What a click means at the table: choosing a piece, lighting its squares, sending the action.

Owns: `Controller`, the selection state of the deciding player (the chosen hand tile, leader or
catastrophe; the leader chosen on the board; the tiles picked for a swap or as support), the
squares that light up for it — always taken from the legal actions, never worked out here — and
the action a click on a square, a tray piece or a side-panel button sends. It also describes the
side panel for the current decision (`side_spec`). The UI never changes the game: every choice
leaves through `scene.send(action)`.

Must not import: net, game.rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import name_of
from game.i18n import t as tr
from game.ui.table.board_preview import war_rivals
from game.ui.table.table_side import ButtonSpec, SideSpec
from game.ui.table.table_tray import TrayItem
from game.ui.table.table_words import leaders_word, tile_word

if TYPE_CHECKING:
    from game.ui.table.table_scene import TableScene

Square = tuple[int, int]
# Reminders of the rules (RULES.md sections 6-8) for the piece in hand, for players still learning.
HELP = ("tile", "farm", "leader", "cat")  # the catalogue's help.<piece>


def _sq(at: Any) -> Square:
    return (int(at[0]), int(at[1]))


def block(at: Square) -> list[Square]:
    """The 2x2 squares of a monument whose top-left square is at."""
    return [at, (at[0], at[1] + 1), (at[0] + 1, at[1]), (at[0] + 1, at[1] + 1)]


class Controller:
    """The deciding player's choices between clicks."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.reset()

    def reset(self) -> None:
        """Forget every half-made choice (a new view arrived, or a right click)."""
        self.selected: tuple[str, int, str] | None = None  # (kind, index, colour) of a tray piece
        self.board_leader: str | None = None  # colour of an own leader chosen on the board
        self.swap: set[int] | None = None  # hand indices picked for a swap, when swapping
        self.support: set[int] = set()  # hand indices committed as support
        self.commit = 0
        self.focus: list[Square] = []  # squares a hovered side button points at (a monument's block)

    def choosing(self) -> bool:
        """Whether a choice is half made (a piece, a leader on the board, a swap, support picked): Esc undoes it."""
        return (self.selected is not None or self.board_leader is not None or self.swap is not None
                or bool(self.support))

    # -- what lights up ----------------------------------------------------------------------------
    def pending(self) -> dict[Square, dict[str, Any]]:
        """Square -> the action a click there sends, for the current choice."""
        legal = self.scene.legal()
        decision = self.scene.shown()["decision"] or {}
        kind = decision.get("kind")
        out: dict[Square, dict[str, Any]] = {}
        if kind in ("building", "ziggurat", "treasure"):
            want = {"building": "build_building", "ziggurat": "build_ziggurat", "treasure": "take_treasure"}[kind]
            for a in legal:
                if a["kind"] == want:
                    out[_sq(a["at"])] = a
            if kind == "ziggurat":  # the whole plus lights up, and a click on any of it raises it
                for a in legal:
                    if a["kind"] == want:
                        r, c = _sq(a["at"])
                        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                            out.setdefault(q, a)
        elif kind == "monument":
            for a in legal:
                if a["kind"] == "build_monument":
                    for q in block(_sq(a["at"])):
                        out.setdefault(q, a)
        elif kind == "action" and self.swap is None:
            match = self._matcher()
            if match is not None:
                for a in legal:
                    if match(a):
                        out[_sq(a["to"])] = a
        return out

    def _matcher(self) -> Any:
        if self.board_leader is not None:
            color = self.board_leader
            return lambda a: a["kind"] == "move_leader" and a["leader"] == color
        if self.selected is None:
            return None
        kind, _, color = self.selected
        if kind == "tile":
            return lambda a: a["kind"] == "place_tile" and a["color"] == color
        if kind == "leader":
            return lambda a: a["kind"] == "place_leader" and a["leader"] == color
        return lambda a: a["kind"] == "catastrophe"

    def usable(self, item: TrayItem) -> bool:
        """Whether a tray piece can be chosen now (dimmed otherwise)."""
        decision = self.scene.shown()["decision"] or {}
        if decision.get("kind") == "support":
            return item.kind == "tile" and item.color == (self.scene.shown()["conflict"] or {}).get("support_color")
        if decision.get("kind") != "action":
            return False
        if self.swap is not None:
            return item.kind == "tile"
        want = {"tile": ("place_tile", "color"), "leader": ("place_leader", "leader"), "cat": ("catastrophe", None)}
        action, key = want[item.kind]
        return any(a["kind"] == action and (key is None or a[key] == item.color) for a in self.scene.legal())

    def ghost(self, view: dict[str, Any]) -> str | None:
        """The sprite of the piece about to be placed, shown faintly under the cursor."""
        c = self
        seat = view["seat"]
        if c.board_leader is not None and seat is not None:
            return f"leader_{view['dynasties'][seat]}_{c.board_leader}"
        if c.selected is None or seat is None:
            return None
        kind, _, color = c.selected
        return {"tile": f"tile_{color}", "leader": f"leader_{view['dynasties'][seat]}_{color}",
                "cat": "catastrophe"}[kind]

    # -- clicks ------------------------------------------------------------------------------------
    def click_square(self, sq: Square) -> None:
        action = self.pending().get(sq)
        if action is not None:
            decision = self.scene.shown()["decision"] or {}
            if decision.get("kind") == "monument":
                options = [a for a in self.scene.legal() if a["kind"] == "build_monument" and sq in block(_sq(a["at"]))]
                if len(options) > 1:
                    self.focus = block(_sq(options[0]["at"]))
                    self.scene.toast(tr("input.several_monuments"))
                    return
            self.scene.send(action)
            return
        own = self._own_leader_at(sq)
        if own is not None and self.swap is None:
            self.selected = None
            self.board_leader = None if self.board_leader == own else own
            return
        if self.selected is not None or self.board_leader is not None:
            self.selected = self.board_leader = None

    def _own_leader_at(self, sq: Square) -> str | None:
        view = self.scene.shown()
        if (view["decision"] or {}).get("kind") != "action":
            return None
        for l in view["leaders"]:
            if _sq(l["at"]) == sq and l["seat"] == view["seat"]:
                return l["color"]
        return None

    def click_tray(self, item: TrayItem) -> None:
        if not self.usable(item):
            return
        decision = self.scene.shown()["decision"] or {}
        if decision.get("kind") == "support":
            self.support ^= {item.index}
            self.commit = len(self.support)
            return
        if self.swap is not None:
            self.swap ^= {item.index}
            return
        key = (item.kind, item.index, item.color)
        self.board_leader = None
        self.selected = None if self.selected == key else key

    def set_commit(self, n: int) -> None:
        """The stepper moved: pick that many support tiles in the tray to match."""
        self.commit = n
        color = (self.scene.shown()["conflict"] or {}).get("support_color")
        hand = self.scene.shown()["seats"][self.scene.shown()["seat"]]["hand"] or []
        self.support = set([i for i, c in enumerate(hand) if c == color][:n])

    # -- the side panel ----------------------------------------------------------------------------
    def side_spec(self) -> SideSpec:
        view = self.scene.shown()
        decision = view["decision"] or {}
        kind = decision.get("kind")
        vid = view["view_id"]
        builder = getattr(self, f"_spec_{kind}", None)
        if builder is None:
            return SideSpec(("none", vid), tr("input.waiting"))
        return builder(view, decision, vid)

    def _spec_action(self, view: dict, decision: dict, vid: int) -> SideSpec:
        left = decision.get("actions_left", view["actions_left"])
        head = tr("status.actions_left", n=left)
        if self.swap is not None:
            n = len(self.swap)
            return SideSpec(("swap", vid), tr("input.swap.title"), [tr("input.swap.how")],
                            buttons=[ButtonSpec("cancel_swap", tr("input.cancel"), self.cancel_swap, "quiet"),
                                     ButtonSpec("confirm_swap", tr("input.swap.confirm", n=n), self.confirm_swap,
                                                "warm", enabled=n > 0)])
        if self.board_leader is not None:
            role = name_of("leader", self.board_leader)
            return SideSpec(("leader", vid, self.board_leader), tr("input.your_leader", leader=role),
                            [head, tr("input.leader.how")],
                            buttons=[ButtonSpec("withdraw", tr("input.withdraw", leader=role), self.withdraw, "warm")])
        if self.selected is not None:
            kind, _, color = self.selected
            title = {"tile": lambda: tr("input.place_tile", tile=name_of("tile", color)),
                     "leader": lambda: tr("input.place_leader", leader=name_of("leader", color)),
                     "cat": lambda: tr("input.place_catastrophe")}[kind]()
            hint = tr(f"help.{'farm' if (kind, color) == ('tile', 'blue') else kind}")
            return SideSpec(("chosen", vid), title, [head, tr("input.place.how"), hint])
        lines = [head, tr("input.choose")]
        if self.scene.recap_moves():
            lines.append(tr("input.recap"))
        return SideSpec(("action", vid, len(lines)), tr("input.your_move"), lines)

    def _spec_support(self, view: dict, decision: dict, vid: int) -> SideSpec:
        c = view["conflict"]
        hand = view["seats"][view["seat"]]["hand"] or []
        held = sum(1 for x in hand if x == c["support_color"])
        title = tr("input.revolt_of" if c["kind"] == "revolt" else "input.war_of", leaders=leaders_word(c["color"]))
        return SideSpec(("support", vid), title, [], conflict=c,
                        buttons=[ButtonSpec("commit", tr("input.commit", n=self.commit), self.send_commit, "warm")],
                        stepper=(self.commit, 0, held, self.set_commit), choosing=(view["seat"], self.commit))

    def _spec_choose_war(self, view: dict, decision: dict, vid: int) -> SideSpec:
        buttons = [ButtonSpec(f"war_{c}", leaders_word(c).capitalize(), self._choose_war(c), "warm",
                              hover=self._focus_on(self._rivals(view, c))) for c in decision["colors"]]
        lines = [tr("input.wars.how")]
        return SideSpec(("choose_war", vid), tr("input.wars.title"), lines, buttons=buttons)

    def _spec_monument(self, view: dict, decision: dict, vid: int) -> SideSpec:
        buttons = []
        for i, a in enumerate(a for a in self.scene.legal() if a["kind"] == "build_monument"):
            label = "/".join(name_of("color", c) for c in a["monument"])
            buttons.append(ButtonSpec(f"monument_{i}", label.title(), self._sender(a), "warm",
                                      hover=self._focus_on(block(_sq(a["at"])))))
        buttons.append(self._decline_button())
        return SideSpec(("monument", vid), tr("input.monument.title"), [tr("input.monument.how")], buttons=buttons)

    def _spec_building(self, view: dict, decision: dict, vid: int) -> SideSpec:
        key = "input.building.move" if decision.get("move") else "input.building.build"
        return SideSpec(("building", vid), tr(key, color=name_of("color", decision["color"]),
                                               building=name_of("building", decision["color"])),
                        [tr("input.building.how")],
                        buttons=[self._decline_button()])

    def _decline_button(self) -> ButtonSpec:
        return ButtonSpec("decline", tr("input.decline"), self._sender({"kind": "decline"}), "quiet")

    def _spec_ziggurat(self, view: dict, decision: dict, vid: int) -> SideSpec:
        return SideSpec(("ziggurat", vid), tr("input.ziggurat.title"), [tr("input.ziggurat.how")],
                        buttons=[self._decline_button()])

    def _spec_end_turn(self, view: dict, decision: dict, vid: int) -> SideSpec:
        can_undo = bool(view.get("can_undo"))
        lines = [tr("input.end.look"), tr("input.end.or_undo" if can_undo else "input.end.draw")]
        why = self.no_undo()
        if why is not None:
            lines.append(tr(f"input.end.no_undo.{why[0]}", name=why[1]))
        buttons = [ButtonSpec("end_turn", tr("input.end_turn"), self._sender({"kind": "end_turn"}), "warm")]
        if can_undo:
            buttons.insert(0, ButtonSpec("undo_turn", tr("table.undo"), self.scene.undo, "quiet"))
        return SideSpec(("end_turn", vid, can_undo), tr("input.end.title"), lines, buttons=buttons)

    def _spec_treasure(self, view: dict, decision: dict, vid: int) -> SideSpec:
        n = decision.get("count", 1)
        return SideSpec(("treasure", vid), tr("input.treasure.title"), [tr("input.treasure.how", n=n)])

    def no_undo(self) -> tuple[str, str] | None:
        """Why the active player cannot take back this turn's last decision: ("swap", "") when it drew tiles
        (section 5), ("answered", name) when another player has decided since (a defender's support); None
        when Undo is possible or nothing was done yet this turn. The session decides; this only words it."""
        view = self.scene.shown()
        seat = view["seat"]
        decision = (view["decision"] or {}).get("kind")
        if seat is None or view.get("can_undo") or seat != view["to_move"]:
            return None
        if decision != "end_turn" and not (decision == "action" and view["actions_left"] < 2):
            return None
        recap = self.scene.recap
        others = [m for m in recap.since(seat) if m.decided]
        if others:
            return "answered", view["names"][others[-1].seat]
        own = next((m for m in reversed(recap.moves) if m.seat == seat and m.decided), None)
        return ("swap", "") if own is not None and own.kind == "swap" else None

    def tray_hint(self) -> str:
        """A few words over the hand saying what clicking it does now."""
        view = self.scene.shown()
        decision = view["decision"] or {}
        if view["seat"] is None:
            return ""
        if decision.get("kind") == "support":
            color = view["conflict"]["support_color"]
            hand = view["seats"][view["seat"]]["hand"] or []
            if color not in hand:
                return tr("hint.none_to_commit", tiles=tile_word(color, 2))
            return tr("hint.commit", tiles=tile_word(color, 2))
        if self.swap is not None:
            return tr("hint.swap")
        if decision.get("kind") == "end_turn":
            return tr("hint.end_turn")
        if decision.get("kind") == "action" and self.selected is None and self.board_leader is None:
            return tr("hint.choose")
        return ""

    @staticmethod
    def _rivals(view: dict[str, Any], color: str) -> list[Square]:
        """The leaders of a colour in the kingdom the union tile joined: the two sides of that war."""
        return war_rivals(view, color)

    # -- senders -----------------------------------------------------------------------------------
    def _sender(self, action: dict[str, Any]) -> Any:
        return lambda: self.scene.send(action)

    def _choose_war(self, color: str) -> Any:
        return lambda: self.scene.send({"kind": "choose_war", "color": color})

    def _focus_on(self, squares: list[Square]) -> Any:
        def hover(on: bool) -> None:
            if on:
                self.focus = squares
            elif self.focus == squares:
                self.focus = []
        return hover

    def send_commit(self) -> None:
        self.scene.send({"kind": "commit", "count": self.commit})

    def withdraw(self) -> None:
        if self.board_leader is not None:
            self.scene.send({"kind": "withdraw_leader", "leader": self.board_leader})

    def start_swap(self) -> None:
        self.reset()
        self.swap = set()

    def cancel_swap(self) -> None:
        self.swap = None

    def confirm_swap(self) -> None:
        hand = self.scene.shown()["seats"][self.scene.shown()["seat"]]["hand"] or []
        tiles = [hand[i] for i in sorted(self.swap or ()) if i < len(hand)]
        if tiles:
            self.scene.send({"kind": "swap", "tiles": tiles})

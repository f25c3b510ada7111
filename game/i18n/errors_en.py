"""The catalogue's English words for the rules' refusals (IllegalAction keys), scenario and
saved-game errors (ScenarioError, JournalError keys).

Owns those messages only; game/i18n/catalogue.py merges them with the rest. Keys are dotted
("rules.illegal.*", "scenario.*", "journal.*"); parameters in braces. Word parameters carry wire
names and are shown as the game's words by the screen (`tile` "red" -> "temple", `leader` "red" ->
"priest", `color` "red" -> "red"). The engine's own English messages stay the reference; these say
the same, with plural forms where a number varies. Standard library only.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
    # -- the rules refuse an action (game/rules, game/session.py) ----------------------------------
    "rules.illegal.other": "{text}",  # a refusal raised without a key: its English message
    "rules.illegal.leader_on_board": "Your {leader} is already on the board; move it instead.",
    "rules.illegal.leader_not_on_board": "Your {leader} is not on the board.",
    "rules.illegal.leader_same_square": "A leader cannot move to the square it stands on.",
    "rules.illegal.leader_square_taken": "A leader needs an empty square.",
    "rules.illegal.leader_on_river": "Leaders stand on land, never on the river.",
    "rules.illegal.leader_needs_temple": "A leader must stand next to a temple.",
    "rules.illegal.leader_joins_kingdoms": "A leader may not join two kingdoms.",
    "rules.illegal.no_tile": "You hold no {tile} tile.",
    "rules.illegal.square_taken": "That square is not empty.",
    "rules.illegal.farm_on_land": "Farms (blue) go only on the river.",
    "rules.illegal.land_tile_on_river": "Only farms (blue) go on the river.",
    "rules.illegal.tile_joins_kingdoms": "A tile may not join three kingdoms.",
    "rules.illegal.no_catastrophes": "You have no catastrophe tiles left.",
    "rules.illegal.catastrophe_not_there": ("A catastrophe cannot go there: not on a leader, a treasure, a monument, "
                                            "a ziggurat, a building or another catastrophe."),
    "rules.illegal.swap_count": "Swap between 1 and 6 tiles.",
    "rules.illegal.swap_too_many": {"one": "You do not hold a {tile} tile.",
                                    "other": "You do not hold {n} {tile} tiles."},
    "rules.illegal.support_color": "Support in this conflict must be {color}.",
    "rules.illegal.support_too_many": {"one": "You hold only {n} {color} tile.",
                                       "other": "You hold only {n} {color} tiles."},
    "rules.illegal.no_support_tiles": "You hold no {color} tiles.",
    "rules.illegal.no_war": "There is no {color} war to fight.",
    "rules.illegal.game_over": "The game is over.",
    "rules.illegal.not_your_turn": "It is not your turn: seat {seat} must decide now.",  # seat: counted from 1
    "rules.illegal.waiting_action": ("'{kind}' cannot be played now; the game is waiting for an action "
                                     "(leader, tile, catastrophe, swap or pass)."),
    "rules.illegal.waiting_support": ("'{kind}' cannot be played now; the game is waiting for support for the "
                                      "conflict (commit)."),
    "rules.illegal.waiting_choose_war": ("'{kind}' cannot be played now; the game is waiting for which war is "
                                         "fought next (choose_war)."),
    "rules.illegal.waiting_monument": ("'{kind}' cannot be played now; the game is waiting for whether to build a "
                                       "monument."),
    "rules.illegal.waiting_building": ("'{kind}' cannot be played now; the game is waiting for whether to build a "
                                       "civilization building."),
    "rules.illegal.waiting_ziggurat": ("'{kind}' cannot be played now; the game is waiting for whether to build the "
                                       "ziggurat."),
    "rules.illegal.waiting_treasure": "'{kind}' cannot be played now; the game is waiting for which treasure to take.",
    "rules.illegal.treasure_not_offered": "You cannot take that treasure now.",
    "rules.illegal.monument_colors": "Name a monument by its two colours.",
    "rules.illegal.monument_not_there": "That monument cannot be built there.",
    "rules.illegal.building_not_there": "That building cannot go there.",
    "rules.illegal.ziggurat_not_there": "The ziggurat cannot be built there.",
    "rules.illegal.not_an_action": "An action must be a dict with a 'kind'.",
    "rules.illegal.unknown_kind": "Unknown action kind {kind}.",
    "rules.illegal.not_a_square": "'{field}' must be a square [row, col].",
    "rules.illegal.off_board": "Square [{row}, {col}] is off the board.",
    "rules.illegal.not_a_color": "'{field}' must be one of red, blue, green, black.",
    "rules.illegal.not_a_count": "'{field}' must be a whole number, 0 or more.",
    "rules.illegal.not_a_color_list": "'{field}' must be a list of colours.",
    "rules.illegal.not_only_colors": "'{field}' must list only red, blue, green or black.",
    "rules.illegal.stale_view": "The table changed before this decision arrived; look again.",
    "rules.illegal.not_your_decision": "It is not your decision now.",
    "rules.illegal.turn_done": "Your turn is done: end it, or undo your last action.",
    "rules.illegal.nothing_to_undo": "Nothing to undo: your last action revealed something or others have decided.",
    "rules.illegal.seat_not_here": "That seat is not played on this screen.",
    # -- a scenario (or a guess of a view's hidden tiles) that cannot exist ------------------------
    # Scenario files are written by hand with English field names, so `what` quotes the field.
    "scenario.other": "{text}",
    "scenario.not_a_square": "{what} must be a square [row, col], not {value}.",
    "scenario.off_board": "{what} [{row}, {col}] is off the board.",
    "scenario.not_a_color": "{what} must be red, blue, green or black, not {value}.",
    "scenario.one_per_player": "'{field}' must list one entry per player ({n}).",
    "scenario.not_a_number": "{what} must be a whole number from {low} to {high}, not {value}.",
    "scenario.not_a_number_from": "{what} must be a whole number from {low} or more, not {value}.",
    "scenario.not_a_dict": "A scenario must be a dict.",
    "scenario.variants": "{text}",
    "scenario.seed": "'seed' must be a whole number, not {value}.",
    "scenario.board_shape": "'board' must be {rows} strings of {cols} characters.",
    "scenario.board_row": "Board row {row} must be a string of {cols} characters.",
    "scenario.river_square": "Board square [{row}, {col}] is river on the {board} board; it cannot hold '{char}'.",
    "scenario.land_square": "Board square [{row}, {col}] is land on the {board} board; it cannot hold '{char}'.",
    "scenario.unknown_char": "Board square [{row}, {col}] has an unknown character '{char}'.",
    "scenario.treasures_list": "'treasures' must be a list of squares.",
    "scenario.treasure_off_temple": "The treasure at [{row}, {col}] is not on a temple.",
    "scenario.monuments_list": "'monuments' must be a list.",
    "scenario.monument_fields": "Each monument needs 'colors' (two colours) and 'at'.",
    "scenario.no_such_monument": "There is no {first}/{second} monument.",
    "scenario.monument_twice": "The {first}/{second} monument is listed twice.",
    "scenario.monument_off_board": "The monument at [{row}, {col}] does not fit on the board.",
    "scenario.monument_not_on_down": "The monument at [{row}, {col}] must stand on four face-down tiles (#).",
    "scenario.down_without_monument": "Face-down tiles at {squares} have no monument on them.",
    "scenario.buildings_map": "'buildings' must map a colour to a square.",
    "scenario.buildings_variant": "Buildings need the 'buildings' variant.",
    "scenario.building_not_on_tile": "The {color} building must stand on a face-up {color} tile.",
    "scenario.ziggurat_centre": "Ziggurat squares (z) need a 'ziggurat' centre.",
    "scenario.ziggurat_variant": "The ziggurat needs the 'ziggurat' variant.",
    "scenario.ziggurat_plus": "The ziggurat squares (z) must form one plus around the 'ziggurat' centre.",
    "scenario.leaders_list": "'leaders' must be a list.",
    "scenario.leader_fields": "Each leader needs 'seat', 'color' and 'at'.",
    "scenario.leader_twice": "Seat {seat} has only one {color} leader.",
    "scenario.leader_square": "The leader at [{row}, {col}] must stand on an empty land square.",
    "scenario.leader_no_temple": "The leader at [{row}, {col}] is not next to a temple.",
    "scenario.kingdom_two_leaders": "A kingdom holds two {color} leaders.",
    "scenario.scores_map": "Each score must map colours to points.",
    "scenario.not_a_color_list": "{what} must be a list of colours.",
    "scenario.hand_too_big": "Seat {seat} holds {n} tiles; a hand holds at most {most}.",
    "scenario.too_many_tiles": "There are {n} {color} tiles in this scenario; the game has only {most}.",
    "scenario.not_at_action": "A scenario can only be taken at the start of an action.",
    "scenario.guess_not_dict": "A guess of the hidden tiles must be a dict.",
    "scenario.not_a_view": "Not a view of the game: it lacks {missing}.",
    "scenario.guess_bag": "The view's bag holds {n} tiles; the guess gives {given}.",
    "scenario.guess_monuments": "The guess must name one colour per monument of the view.",
    "scenario.guess_monument_color": "The {first}/{second} monument cannot be built from {color} tiles.",
    "scenario.guess_hands": "The guess must give one hand (or None) per player ({players}).",
    "scenario.guess_hand_count": "Seat {seat} holds {n} tiles; the guess gives {given}.",
    "scenario.guess_too_many_tiles": "The guess puts {n} {color} tiles in play; the game has only {most}.",
    "scenario.guess_scores": "Seat {seat}'s guessed scores must map colours to whole numbers.",
    "scenario.unknown_decision": "Unknown decision {kind} in the view.",
    # -- a saved game (journal) that cannot be read -------------------------------------------------
    "journal.other": "{text}",
    "journal.damaged": "The saved game is damaged ({text}).",
    "journal.line_damaged": "a line is damaged",
    "journal.not_a_record": "a line is not a record",
    "journal.out_of_order": "out of order",
    "journal.empty": "The saved game is empty.",
    "journal.first_line": "The saved game's first line is damaged; it cannot be read.",
    "journal.not_ours": "This file is not a Two Rivers saved game.",
    "journal.other_version": "This saved game was written by another version (format {version}).",
    "journal.options_damaged": "The saved game's options are damaged.",
    "journal.seats_damaged": "The saved game's seats are damaged.",
    "journal.cannot_open": "The saved game cannot be opened: {why}.",
    "journal.options_invalid": "The saved game's options are not valid: {text}",
}

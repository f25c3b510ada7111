"""The catalogue's English words for the LAN host's refusals, errors, notices, closing reasons and console lines.

Owns those messages only; game/i18n/catalogue.py merges them with the rest. Keys are dotted
("rules.illegal.*", "lan.*"); parameters in braces. Standard library only.

lan.refused.*: why the host lets a connection go (or will not seat it); lan.error.*: one action or undo
refused, the game goes on; lan.closing.*: the host's last word; lan.notice.*: news for every player;
lan.link.*: what a client's own link says (no host involved); lan.console.*: the host's console.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
    # -- refusals: a seat, a hello, a connection ------------------------------------------------
    "lan.refused.not_filled": "Some seats are still open.",
    "lan.refused.started": "The game has already started.",
    "lan.refused.no_free_seat_in_game": "The game has started and every seat is taken; you can watch instead.",
    "lan.refused.not_reopened": "Seat {seat} belongs to its player; ask the host to reopen it.",
    "lan.refused.no_such_seat": {"one": "This table has {n} seat; there is no seat {seat}.",
                                 "other": "This table has {n} seats; there is no seat {seat}."},
    "lan.refused.not_lan_seat": "Seat {seat} is not played over the LAN; there is nothing to reopen.",
    "lan.refused.seat_given_away": "The host has given your seat to someone else; choose another.",
    "lan.refused.seat_removed": "The host removed your seat; choose another.",
    "lan.refused.seat_reopened": "The host reopened your seat; join again to take it.",
    "lan.refused.too_many_watchers": "This table has as many watchers as it can take.",
    "lan.refused.token_elsewhere": "Your seat was taken up on another connection with your token; "
                                   "this one is closed.",
    "lan.refused.table_full": "Every seat at this table is taken.",
    "lan.refused.seat_not_free": "Seat {seat} is not free; choose another.",
    "lan.refused.name_taken": "Someone at this table is already called {name}; choose another name.",
    "lan.refused.no_name": "Give a name to sit down.",
    "lan.refused.token_for_other_seat": "Your token is for seat {token_seat}, not seat {seat}.",
    "lan.refused.seat_not_yours": "That seat belongs to someone else; ask the host for a free one.",
    "lan.refused.crowded": "This table has too many connections; try again.",
    "lan.refused.unreadable": "The host could not read your message: {text}",
    "lan.refused.bad_message": "{text}",  # the protocol's own reason, as the checks word it
    "lan.refused.other_game_version": "This host runs Two Rivers {host}; you have {client}.",
    "lan.refused.other_protocol": "This host speaks LAN protocol {host}; your game speaks {client}.",
    "lan.refused.no_hello": "The host did not hear a hello in time.",
    "lan.refused.stalled": "Your message stopped halfway; the host let you go.",
    "lan.refused.flood": "You sent too many messages; the host let you go.",
    "lan.refused.hello_first": "Say hello first.",
    "lan.refused.hello_again": "You have already said hello.",
    "lan.refused.resuming": "The host continues a saved game instead; join it when it starts.",
    # -- one action or undo refused ---------------------------------------------------------------
    "lan.error.spectator_plays": "Spectators watch; they cannot play.",
    "lan.error.not_under_way": "The game is not under way.",
    "lan.error.stale_move": "The table changed before your move arrived; look again.",
    "lan.error.stale_undo": "The table changed before your undo arrived.",
    "lan.error.not_understood": "The host could not understand that action.",
    "lan.error.nothing_to_undo": "There is nothing for you to undo.",
    "lan.error.spectator_confirms": "Spectators have no turns to confirm.",
    "lan.error.not_this_screen": "That seat is not played on this screen.",
    # -- the host's last word and its news ------------------------------------------------------
    "lan.closing.closed": "The host has closed the game.",
    "lan.closing.crashed": "The host ran into an error and closed the game.",
    "lan.closing.left": "The host has left the game.",
    "lan.closing.stopped": "The host has stopped the game.",
    "lan.notice.damaged": "The host's saved game was damaged: play goes on from an earlier position, after "
                          "action {n}. Moves made after it must be made again.",
    # -- a client's own link --------------------------------------------------------------------
    "lan.link.only_host_reopens": "Only the host can reopen a seat.",
    "lan.link.reconnecting": "The connection to the host dropped; getting our seat back…",
    "lan.link.not_started": "The game has not started.",
    "lan.link.you_left": "You left the game.",
    "lan.link.not_connected": "Not connected to the host right now; reconnecting…",
    "lan.link.move_lost": "Your move did not reach the host ({error}).",
    "lan.link.no_game_answers": "No Two Rivers game answers at {address}:{port}.",
    "lan.link.host_gone": "The host is gone.",
    "lan.join.guest": "Guest",  # a joining screen's name while it looks at the seats, until its player names themself
    "lan.link.unreachable": "Could not reach {address}:{port} ({error}).",
    # -- the host's saved games and lobby (the host's own screen and console) -------------------
    "lan.resume.one_screen": "This saved game was played on one screen, not on the LAN.",
    "lan.resume.over": "This game is over; there is nothing to continue.",
    "lan.resume.no_seat": {"one": "This game has {n} seat; there is no seat {seat} to reopen.",
                           "other": "This game has {n} seats; there is no seat {seat} to reopen."},
    "lan.lobby.players": "A game has {low} to {high} players, not {n}.",
    "lan.lobby.plan": "A seat is open, local or computer, not {plan}.",
    "lan.lobby.level": "A computer plays easy, normal or hard, not {level}.",
    "lan.lobby.variant": "There is no variant {variant}.",
    "lan.lobby.computer_n": "Computer {n}",
    "lan.seats_file.missing": "The seats file {path} is missing.",
    "lan.seats_file.unreadable": "The seats file {path} cannot be read ({error}).",
    "lan.seats_file.damaged": "The seats file {path} is damaged.",
    "lan.seats_file.not_saved": "The seats could not be saved: {error}.",
    "lan.journal.not_saved": "The game could not be saved: {error}.",
    # -- the host's console ---------------------------------------------------------------------
    "lan.console.starts": "The game starts: {players}; variants {variants}.",
    "lan.console.seat_of": "{name} ({kind})",
    "lan.console.none": "none",
    "lan.console.kind.remote": "remote",
    "lan.console.kind.human": "human",
    "lan.console.kind.open": "open",
    "lan.console.kind.easy": "easy",
    "lan.console.kind.normal": "normal",
    "lan.console.kind.hard": "hard",
    "lan.console.stand_in": "The computer plays for {name} until they come back.",
    "lan.console.reopened": "Seat {seat} ({name}) is open: the next player to join without a token takes it.",
    "lan.console.watches": "{who} watches.",
    "lan.console.looks_at_seats": "{who} is looking at the seats.",  # a spectator while the table fills
    "lan.console.takes_seat": "{who} takes seat {seat} ({dynasty}).",
    "lan.console.back_at_seat": "{who} is back at seat {seat} ({dynasty}).",
    "lan.console.undo": "{name} takes back their last action.",
    "lan.console.game_over": "The game is over ({reason}); it was seed {seed}.",
    "lan.console.rank": {"one": "{place}. {name}: {n} point  [{colors}]",
                         "other": "{place}. {name}: {n} points  [{colors}]"},
    "lan.console.rank_color": "{color} {n}",
    "lan.console.seat_n": "seat {n}",
    "lan.console.new_connection": "a new connection",
    "lan.console.pushed_out": "{who} is cut: too many connections are opening at once.",
    "lan.console.leaves": "{who} leaves.",
    "lan.console.let_go": "{who} is let go: {reason}",
    "lan.console.why.cut_after_refusal": "was cut off after a refusal",
    "lan.console.why.made_way": "was cut to make way",
    "lan.console.why.went_silent": "went silent",
    "lan.console.why.let_go": "was let go",
    "lan.console.why.closed": "closed the connection",
    "lan.console.why.error": "connection error: {error}",
    "lan.console.why.stopped_reading": "stopped reading",
    "lan.console.disconnected": "{who} {why}.",
    "lan.console.stopped": "The host has stopped.",
    "lan.console.discovery_off": "Discovery is off ({error}); players join by typing this machine's address.",
    "lan.console.listening": "Listening on {address}:{port} (game {game}).",
    "lan.console.seats_not_saved": "The seats could not be saved ({error}); after a restart the host must "
                                   "reopen the seats.",
    "lan.console.unsaved": "{error} The game goes on unsaved.",
    "lan.console.saved_in": "The game is saved in {path}; `--resume` continues it after a crash.",
    "lan.console.resumed": {"one": "The saved game continues after {n} action.",
                            "other": "The saved game continues after {n} actions."},
    "lan.console.resumed_damaged": {
        "one": "The saved game continues after {n} action (the file was damaged; it goes on from its last whole "
               "action, {n}). Every player is told the game may be back at an earlier position.",
        "other": "The saved game continues after {n} actions (the file was damaged; it goes on from its last "
                 "whole action, {n}). Every player is told the game may be back at an earlier position."},
    "lan.console.no_saved_token": "Some seats have no saved token.",
    "lan.console.reopened_free": "{problem} The seats you reopened are free for the next players to join.",
    "lan.console.seats_closed": "{problem} Seats {seats} stay closed: nobody can prove they are theirs, and a "
                                "stranger must not be shown their hands.",
    "lan.console.how_to_reopen": "{why} To let their players back in, reopen them on purpose: main.py --host "
                                 "--resume FILE --reopen-seats {seats} (or \"Reopen seat\" on the host's table); "
                                 "the first player to join each reopened seat takes it.",
    "lan.console.reopen_on_table": "{why} To let a player back in, choose \"Reopen seat\" for their seat on the "
                                   "table: the first player to join a reopened seat takes it.",
    "lan.console.seats_unreadable": "The seats file {path} cannot be read ({error}); it is left as it is, and "
                                    "this game's new tokens are not saved until it can be.",
    "lan.console.seats_not_copied": "The damaged seats file {path} could not be copied aside ({error}); it is "
                                    "left as it is, and this game's new tokens are not saved.",
    "lan.console.seen_again": "Players on the LAN can see this game again.",
    "lan.console.no_network": "No network to announce this game on; players can still join by typing this "
                              "computer's address.",
    "lan.console.unseen": "Players cannot see this game: announcing to {where} failed; players can still join "
                          "by typing this computer's address.",
    "lan.console.partly_unseen": "Some players may not see this game: announcing to {where} failed.",
    "lan.console.computer_range": "--computer must be between 0 and {players}.",
    "lan.console.reopen_seats_list": "--reopen-seats lists seats 1 to 4 separated by commas, not {text}.",
    "lan.console.reopen_needs_resume": "--reopen-seats goes with --resume: a new game's seats are all open anyway.",
    "lan.console.cannot_listen": "Cannot listen on {address}:{port}: {error}",
    "lan.console.waiting_back": "Waiting for the LAN players to come back (seats {seats}) on port {port}. "
                                "Ctrl+C stops.",
    "lan.console.waiting": {"one": "Waiting for {n} LAN player; join at {where}, port {port}. Ctrl+C stops.",
                            "other": "Waiting for {n} LAN players; join at {where}, port {port}. Ctrl+C stops."},
    "lan.console.this_machine": "this machine’s address",
    "lan.console.or": " or ",
    "lan.console.ctrl_c": "Stopped by Ctrl+C.",
    "lan.console.terminated": "Stopped: this computer asked the host to end (SIGTERM).",
    "lan.console.no_unfinished": "There is no unfinished LAN game in {folder}.",
    "lan.console.cannot_continue": "Cannot continue {path}: {error}",
    # -- the host's console: each action in words (net/words.py) ---------------------------------
    "lan.said.action": "{name} {phrase}.",
    "lan.said.where": "row {row}, column {col}",
    "lan.said.somewhere": "somewhere",
    "lan.said.place_leader": "places the {leader} at {where}",
    "lan.said.move_leader": "moves the {leader} to {where}",
    "lan.said.withdraw_leader": "withdraws the {leader}",
    "lan.said.place_tile": "places a {tile} at {where}",
    "lan.said.catastrophe": "lays a catastrophe at {where}",
    "lan.said.swap": {"one": "swaps {n} tile", "other": "swaps {n} tiles"},
    "lan.said.pass": "passes",
    "lan.said.commit": {"one": "commits {n} tile of support", "other": "commits {n} tiles of support"},
    "lan.said.choose_war": "fights the {color} war first",
    "lan.said.build_monument": "builds the {colors} monument at {where}",
    "lan.said.build_building": "builds the {color} building at {where}",
    "lan.said.build_ziggurat": "builds the ziggurat at {where}",
    "lan.said.take_treasure": "takes the treasure at {where}",
    "lan.said.decline": "declines",
    "lan.said.other": "plays {kind}",
}

"""The English words of the in-game rules pages (game/ui/menus/rules_pages.py): key -> message.

A summary of RULES.md for the sofa: each page is `rules.<page>.title`, its bullet lines
`rules.<page>.1` … and an optional `rules.<page>.caption` under its diagram; the diagrams' own labels
follow. Checked against RULES.md (sections 1–16 and 18): change the meaning here and in `rules_zh_tw.py` together.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
    # -- page 1 ---------------------------------------------------------------------------------
    "rules.goal.title": "Goal and turn",
    "rules.goal.1": "Grow kingdoms between the two rivers and score points in four colours.",
    "rules.goal.2": "At the end your score is your WEAKEST colour: keep all four growing.",
    "rules.goal.3": "On your turn take two actions, in any mix: the same one twice is fine.",
    "rules.goal.4": (
        "At the end of the turn, everyone with fewer than six tiles draws back up to six. "
        "Your points stay hidden from the others."
    ),
    "rules.goal.caption": "This player scores {score}: {color} is lowest.",
    # -- page 2 ---------------------------------------------------------------------------------
    "rules.actions.title": "The four actions",
    "rules.actions.1": "1. Leader: place one from your supply, move one on the board, or take one back.",
    "rules.actions.2": "2. Tile: place a tile from your hand on the board.",
    "rules.actions.3": "3. Catastrophe: place one of your two catastrophe tiles.",
    "rules.actions.4": "4. Swap: discard one to six tiles from your hand, out of the game, and draw as many.",
    "rules.actions.5": "You may pass instead: passing your first action passes the second too.",
    "rules.actions.card": "{n}. {action}",
    "rules.actions.leader": "Leader",
    "rules.actions.tile": "Tile",
    "rules.actions.catastrophe": "Catastrophe",
    "rules.actions.swap": "Swap",
    # -- page 3 ---------------------------------------------------------------------------------
    "rules.leaders.title": "Leaders and kingdoms",
    "rules.leaders.1": "Touching tiles and leaders form a group: a region without a leader, a kingdom with one.",
    "rules.leaders.2": "A leader goes on an empty land square next to a temple (a red tile).",
    "rules.leaders.3": "A leader may not join two kingdoms; it may join any number of regions into one kingdom.",
    "rules.leaders.4": "A kingdom holds one leader of each colour at most: placing a second one there starts a revolt.",
    "rules.leaders.5": "A leader left with no temple beside it goes back to its owner at once.",
    "rules.leaders.caption": "Gold: a leader may go here. Crossed: it would join two kingdoms.",
    # -- page 4 ---------------------------------------------------------------------------------
    "rules.tiles.title": "Tiles and points",
    "rules.tiles.1": "A tile goes on an empty square: blue farms only on the river, every other colour only on land.",
    "rules.tiles.2": (
        "A tile may join any number of regions, but a tile may not join three kingdoms. Joining two starts a war."
    ),
    "rules.tiles.3": (
        "A tile placed in a kingdom scores 1 point of its colour "
        "for the owner of the kingdom's leader of that colour."
    ),
    "rules.tiles.4": "No such leader? The king scores the tile's colour for its owner. No king? Nobody scores.",
    "rules.tiles.caption": "No trader here: the king scores 1 green point.",
    # -- page 5 ---------------------------------------------------------------------------------
    "rules.catastrophes.title": "Catastrophes",
    "rules.catastrophes.1": "Each player has two catastrophe tiles for the whole game: they are never refilled.",
    "rules.catastrophes.2": (
        "Place one on an empty square, land or river, or on a face-up tile: "
        "that tile is discarded. The catastrophe stays for good."
    ),
    "rules.catastrophes.3": (
        "Never on a leader, a treasure, a monument's face-down tiles, "
        "the ziggurat, a building or another catastrophe."
    ),
    "rules.catastrophes.4": (
        "Leaders left without a temple go home, and kingdoms may split. No points, no conflict."
    ),
    "rules.catastrophes.caption": "Its only temple is gone, so the trader goes home.",
    # -- page 6 ---------------------------------------------------------------------------------
    "rules.revolt.title": "Revolts (internal conflicts)",
    "rules.revolt.1": (
        "Placing or moving a leader into a kingdom that already has a leader of its colour "
        "starts a revolt. That player attacks."
    ),
    "rules.revolt.2": "Strength: the temples next to your leader, plus the red tiles you commit from your hand.",
    "rules.revolt.3": "The attacker commits first, openly, then the defender. A tie goes to the defender.",
    "rules.revolt.4": "The loser's leader goes home; the winner scores 1 red point.",
    "rules.revolt.5": "Every committed tile is discarded, the winner's too.",
    "rules.revolt.caption": "{dynasty1} priest: 2 temples. {dynasty2} priest: 1 temple.",
    # -- page 7 ---------------------------------------------------------------------------------
    "rules.war.title": "Wars (external conflicts)",
    "rules.war.1": (
        "A tile that joins two kingdoms scores nothing: it starts a war for each colour with a leader in both."
    ),
    "rules.war.2": (
        "Several wars? The active player chooses the order they are fought in, even when not in them."
    ),
    "rules.war.3": (
        "The active player attacks if one leader is theirs; if not, the first of the two clockwise from them."
    ),
    "rules.war.4": (
        "Strength: every face-up tile of that colour on your side "
        "(your kingdom before the join), plus the tiles of it you commit."
    ),
    "rules.war.5": "The attacker commits first, then the defender. A tie goes to the defender.",
    "rules.war.caption": "Two farms a side: a tie, so the defender wins.",
    "rules.war.attacker": "Attacker",
    "rules.war.defender": "Defender",
    # -- page 8 ---------------------------------------------------------------------------------
    "rules.war_end.title": "After a war",
    "rules.war_end.1": (
        "The loser's leader goes home, and every face-up tile of the war's colour "
        "on the loser's side is removed."
    ),
    "rules.war_end.2": "In a red war, temples with a treasure and temples next to another leader stay.",
    "rules.war_end.3": "The winner scores 1 point of that colour for the leader and 1 for each tile removed.",
    "rules.war_end.4": "Every committed tile is discarded, the winner's too: they score nothing.",
    "rules.war_end.5": "Then any colour that still has two leaders in the joined kingdoms is still at war.",
    "rules.war_end.caption": "The defender scores 3: a farmer and 2 farms.",
    # -- page 9 ---------------------------------------------------------------------------------
    "rules.monuments.title": "Monuments",
    "rules.monuments.1": (
        "A tile that completes a square of four face-up tiles of one colour "
        "lets you build a monument with that colour, if one is left."
    ),
    "rules.monuments.2": (
        "The four tiles turn face down: they still connect, but they are no longer temples. "
        "A leader left without a temple goes home."
    ),
    "rules.monuments.3": (
        "At the end of your turn, each of your leaders in the monument's kingdom "
        "scores 1 point if its colour is on the monument."
    ),
    "rules.monuments.4": "Build at once or never. No war or catastrophe removes a monument.",
    "rules.monuments.caption": "Red and green: the trader scores, not the king.",
    # -- page 10 --------------------------------------------------------------------------------
    "rules.treasures.title": "Treasures",
    "rules.treasures.1": (
        "At the end of a turn, in each kingdom with two or more treasures and a trader "
        "(the green leader), the trader's owner takes all but one."
    ),
    "rules.treasures.2": (
        "The four corner treasures (gold-framed) are taken first; "
        "after them, the trader's owner chooses."
    ),
    "rules.treasures.3": "A kingdom without a trader keeps its treasures.",
    "rules.treasures.4": "Each treasure you take is one point of any colour at the end.",
    "rules.treasures.caption": "The corner treasure first (1), then one more (2).",
    # -- page 11 --------------------------------------------------------------------------------
    "rules.end.title": "The end and the final score",
    "rules.end.1": "The game ends at once when the bag cannot supply a draw: nothing more is scored.",
    "rules.end.2": "It also ends at the end of a turn with two or fewer treasures left on the board.",
    "rules.end.3": "Treasures are added one by one to your lowest colour. Your score is then your lowest colour.",
    "rules.end.4": "Highest score wins. Ties: compare the second-lowest colour, then the third, then the highest.",
    "rules.end.caption": "Treasures lift the weakest colour.",
    # -- page 12 --------------------------------------------------------------------------------
    "rules.variants.title": "Variants",
    "rules.variants.1": (
        "Advanced board: other rivers, fourteen treasures; "
        "the eight in the middle, inside the rivers, are taken first."
    ),
    "rules.variants.2": (
        "Ziggurat: five face-up tiles of one colour in a plus can become the ziggurat. "
        "At the end of your turn, if your king is in the ziggurat's kingdom, you score 1 black point."
    ),
    "rules.variants.3": "Open scores: every player's points are shown to everyone.",
    "rules.variants.4": "Civilization buildings: see the next page.",
    "rules.variants.caption": "Choose them on the {screen} screen.",  # screen: the New-game heading
    # -- page 13 --------------------------------------------------------------------------------
    "rules.buildings.title": "Civilization buildings",
    "rules.buildings.1": "Palace (black), market hall (green), library (red), granary (blue).",
    "rules.buildings.2": (
        "Place a tile in a straight line of three or more face-up tiles of its colour: "
        "you may put that colour's building on the line."
    ),
    "rules.buildings.3": (
        "Built: 1 point of its colour for the owner of the same-colour leader "
        "in its kingdom (or else the king's owner)."
    ),
    "rules.buildings.4": "Already built? A new line longer than the one it stands on lets you move it: 2 points.",
    "rules.buildings.5": "The tile under a building is never removed by war and cannot take a catastrophe.",
    "rules.buildings.caption": "Three temples in a line: the library scores 1 red.",
    # -- the frame ------------------------------------------------------------------------------
    "rules.page_of": "{page} / {pages}",
}

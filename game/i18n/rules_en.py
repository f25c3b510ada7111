"""The English words of the in-game rules pages (game/ui/menus/rules_pages.py): key -> message.

A summary of RULES.md for the sofa: each page is `rules.<page>.title`, its bullet lines
`rules.<page>.1` … and an optional `rules.<page>.caption` under its diagram; the diagrams' own labels
follow. Checked against RULES.md (sections 5–16): change the meaning here and in `rules_zh_tw.py` together.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
    # -- page 1 ---------------------------------------------------------------------------------
    "rules.goal.title": "Goal and turn",
    "rules.goal.1": "Grow kingdoms between the two rivers and score points in four colours.",
    "rules.goal.2": "At the end your score is your WEAKEST colour: keep all four growing.",
    "rules.goal.3": "On your turn take two actions (the same one twice is fine), then refill your hand to six tiles.",
    "rules.goal.caption": "This player scores {score}: {color} is lowest.",
    # -- page 2 ---------------------------------------------------------------------------------
    "rules.actions.title": "The four actions",
    "rules.actions.1": "1. Place, move or withdraw a leader. Leaders stand on land, next to a temple (red).",
    "rules.actions.2": "2. Place a tile from your hand. Blue farms only on the river; the rest only on land.",
    "rules.actions.3": "3. Place a catastrophe: it destroys a tile and stays for good.",
    "rules.actions.4": "4. Swap one to six tiles for new ones from the bag. (You may also pass.)",
    "rules.actions.card": "{n}. {action}",
    "rules.actions.leader": "Leader",
    "rules.actions.tile": "Tile",
    "rules.actions.catastrophe": "Catastrophe",
    "rules.actions.swap": "Swap",
    # -- page 3 ---------------------------------------------------------------------------------
    "rules.kingdoms.title": "Kingdoms and leaders",
    "rules.kingdoms.1": "Tiles touching each other form a region; with a leader it is a kingdom.",
    "rules.kingdoms.2": "A tile placed in a kingdom scores 1 point of its colour for the leader of that colour.",
    "rules.kingdoms.3": "No such leader? The king (black) takes it. No king? Nobody scores.",
    "rules.kingdoms.4": "A kingdom holds one leader of each colour at most.",
    "rules.kingdoms.caption": "The new green market scores for the king.",
    # -- page 4 ---------------------------------------------------------------------------------
    "rules.revolt.title": "Revolts",
    "rules.revolt.1": "Put a leader into a kingdom that already has one of its colour: a revolt.",
    "rules.revolt.2": "Strength: the temples next to your leader, plus red tiles you add from your hand.",
    "rules.revolt.3": "The attacker adds first. Ties go to the defender.",
    "rules.revolt.4": "The loser's leader goes home; the winner scores 1 red point.",
    "rules.revolt.caption": "{dynasty1} priest: 2 temples. {dynasty2} priest: 1 temple.",
    # -- page 5 ---------------------------------------------------------------------------------
    "rules.war.title": "Wars",
    "rules.war.1": "A tile that joins two kingdoms starts a war for each colour with a leader on both sides.",
    "rules.war.2": "Strength: all tiles of that colour on your side, plus tiles of it from your hand.",
    "rules.war.3": (
        "The loser loses the leader and those tiles; the "
        "winner scores a point for the leader and each tile."
    ),
    "rules.war.4": "In a war of priests, treasure temples and temples next to other leaders stay.",
    "rules.war.caption": "The unification tile joins them: a war of farmers.",
    # -- page 6 ---------------------------------------------------------------------------------
    "rules.monuments.title": "Monuments and treasures",
    "rules.monuments.1": "Four tiles of one colour in a square may become a monument of that colour and another.",
    "rules.monuments.2": (
        "At the end of your turn, your leaders in its kingdom score 1 each if they match one of its colours."
    ),
    "rules.monuments.3": (
        "At the end of a turn, a kingdom with two or more treasures and a trader (green): "
        "the trader's owner takes all but one."
    ),
    "rules.monuments.4": "Each treasure is one point of any colour at the end.",
    "rules.monuments.caption": "Four tiles turned face down: a monument.",
    # -- page 7 ---------------------------------------------------------------------------------
    "rules.end.title": "The end and the final score",
    "rules.end.1": (
        "The game ends when the bag cannot refill a hand, "
        "or at the end of a turn with two or fewer treasures left on the board."
    ),
    "rules.end.2": "Treasures are added one by one to your lowest colour. Your score is then your lowest colour.",
    "rules.end.3": "Highest score wins. Ties: compare the second-lowest colour, then the third, then the highest.",
    "rules.end.caption": "Treasures lift the weakest colour.",
    # -- page 8 ---------------------------------------------------------------------------------
    "rules.variants.title": "Variants",
    "rules.variants.1": (
        "Advanced board: other rivers, fourteen treasures; "
        "the eight in the middle must be taken first."
    ),
    "rules.variants.2": (
        "Civilization buildings: a line of three tiles "
        "of a colour may hold its building, worth points."
    ),
    "rules.variants.3": (
        "Ziggurat: five tiles of one colour in a plus make it. "
        "At the end of your turn, if your king is in the ziggurat's kingdom, you score 1 black point."
    ),
    "rules.variants.caption": "Choose them on the {screen} screen.",  # screen: the New-game heading
    # -- the frame ------------------------------------------------------------------------------
    "rules.page_of": "{page} / {pages}",
}
